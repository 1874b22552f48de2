import LinuxIO
import Panel
import Presentation
import Raster
import TextRender
import Widget

/// The switch renderer for a board: the built-in artwork with the config's own images, and the
/// theme's font for labels.
public func panelRenderer(for board: LoadedConfig, log: (LogLevel, String) -> Void) -> SwitchRenderer {
    SwitchRenderer(images: board.allImages, labels: labelRenderer(family: board.config.theme.font, log: log))
}

/// Switch labels are drawn with DejaVu Sans, or the theme's font (a family, or a file by its
/// path); a character it lacks (a CJK label) brings the installed font that has it when a label
/// first needs it. Without the font the panel still runs, with a warning and no labels.
public func labelRenderer(family: String? = nil, log: (LogLevel, String) -> Void) -> LabelRenderer? {
    do {
        let renderer: TextRenderer
        if let family, family.hasPrefix("/") {
            renderer = TextRenderer(primary: try FontFace(path: family))
        } else if family == nil, let dejaVu = try? FontFace(path: debianDejaVuSans) {
            renderer = TextRenderer(primary: dejaVu)
        } else {
            renderer = try TextRenderer.system(family: family ?? "DejaVu Sans")
        }
        renderer.findsFallbacksOnSystem()
        return renderer
    } catch {
        log(.warning, "no fonts for switch labels (\(error)); drawing without labels")
        return nil
    }
}

/// Where Debian's fonts-dejavu-core (a dependency of the package) puts DejaVu Sans, the file
/// fontconfig finds for "DejaVu Sans" there: opened directly, so that a panel whose labels it
/// covers never starts fontconfig (24 M of the 65 M instructions to the demo's first frame, a
/// second of a start under emulation). Elsewhere fontconfig finds the family.
let debianDejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// A board's panel at rest exactly as the display path shows it: the first frame of a headless
/// session, in the display's format and rotation, with the states saved in `stateDirectory`
/// when given (what a board shows after a restart).
public func renderAtRest(
    _ board: LoadedConfig, stateDirectory: String? = nil, log: @escaping (LogLevel, String) -> Void
) throws -> Image {
    let display = headlessDisplay(for: board.config)
    let session = try PanelSession(
        config: board.config, display: display, renderer: panelRenderer(for: board, log: log),
        store: stateDirectory.map(StateStore.init), actions: ActionRunner(), log: log)
    try session.renderFrame(at: 0)
    _ = try display.dispatchEvents(now: 1)
    guard let frame = display.snapshot() else {
        throw DisplayError(call: "present", errno: 0, message: "the headless display presented no frame")
    }
    return frame
}
