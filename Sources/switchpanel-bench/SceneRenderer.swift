import BenchScene
import Raster

/// One way of drawing the benchmark scene into an 800x480 32-bit buffer that lives as long as
/// the renderer.
///
/// Both renderers own their buffer and all drawing state, created once before the timed loop,
/// so a timed frame measures drawing only: no surface, context or canvas set-up per frame.
protocol SceneRenderer: AnyObject {
    /// The name printed in the results (`switchpanel`, `cairo`).
    var name: String { get }
    /// The renderer's pixels as XRGB8888 (cairo's RGB24 is the same layout on little-endian),
    /// for PNG snapshots; valid after `draw` returns.
    var pixels: Surface { get }
    /// Draws frame `frame` of `workload`; the pixels are complete when this returns.
    func draw(_ workload: BenchScene.Workload, frame: Int)
}

/// The project's renderer: BenchScene drawn through Raster's public Canvas API, exactly as a
/// widget would, onto an XRGB8888 image like a DRM dumb buffer.
final class SwitchpanelRenderer: SceneRenderer {
    let name = "switchpanel"
    private let image: Image
    /// Created once, so its mask cache persists between frames the way it does in the app:
    /// a steady-state frame reuses the masks built by the first.
    private let canvas: Canvas

    /// `cold`: a mask cache with no budget, so every draw rebuilds its mask.
    init(cold: Bool = false) {
        image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        canvas = Canvas(image: image, cache: cold ? MaskCache(byteBudget: 0) : MaskCache())
    }

    var pixels: Surface { image.surface }

    func draw(_ workload: BenchScene.Workload, frame: Int) {
        BenchScene.draw(workload, frame: frame, on: canvas)
    }
}
