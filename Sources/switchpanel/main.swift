import CLinux
import Foundation
import LinuxIO
import Panel
import PanelRuntime
import Raster
import RasterPNG
import TextRender
import Widget

/// The `switchpanel` command line. Each subcommand parses its own options; errors go to
/// stderr with exit status 2 for bad usage and 1 for failures.
let version = "0.1.0"

struct UsageError: Error {
    let message: String
}

let usage = """
    usage: switchpanel run [--config BOARD.json] [--headless] [--state-dir DIR] [--socket PATH] [--verbose]
           switchpanel replay RECORDING.events [--config BOARD.json] [--desc DEVICE.desc] [--frames DIR] [--out PNG]
           switchpanel render [--config BOARD.json] --out PNG [--state-dir DIR] [--rotation R] [--format F]
           switchpanel check-config BOARD.json
           switchpanel calibrate [--config BOARD.json] [--device DEVICE] [--write]
           switchpanel ctl [--socket PATH] list | get ID | set ID on|off|toggle [--no-actions] | subscribe
           switchpanel devices | record [DEVICE] | inject RECORDING.events
           switchpanel presets [--out PNG]
           switchpanel bench [--config BOARD.json] [--switch ID | --all] [--cycles N]
           switchpanel COMMAND --help | --version

    run           The panel: a board config (default: the built-in demo) on the DRM display, live
                  touch, actions, saved states, the control socket; until SIGTERM. Without a
                  display it says so and replays a bundled recording of nine real taps instead.
    replay        Plays an evemu recording against a panel, headless, on its own timestamps.
    render        Draws a panel at rest as the display would show it, into a PNG.
    check-config  Validates a board config and prints its layout (exit 2 naming the bad field).
    calibrate     Five touch targets → the touchscreen's calibration matrix.
    ctl           Lists, reads, sets and watches the switches of a running panel.
    devices       Touchscreens and displays found, with everything the panel needs to know.
    record        A live touch device's events in evemu format; inject plays one through uinput.
    presets       Every switch preset in every state (docs/presets.png).
    bench         The cost of the frames real toggles make, through the whole panel (headless).
    """

/// Each command's `--help`.
let commandHelp: [String: String] = [
    "bench": benchHelp,
    "run": """
    usage: switchpanel run [--config BOARD.json] [--headless] [--state-dir DIR] [--socket PATH]
                           [--verbose] [--out PNG] [--rotation R] [--format F]

    Runs the panel of BOARD.json (without it, the built-in demo panel) until SIGINT or
    SIGTERM: the display of the config's display section (DRM/KMS, double-buffered, page
    flips), every touchscreen it names (else every one found; hot-plugged ones too), the
    switches' actions, their states saved in DIR (default $STATE_DIRECTORY, else not saved),
    and the control socket (default $RUNTIME_DIRECTORY/control.sock, else
    /run/switchpanel/control.sock). SIGHUP re-reads the config, keeping the states. Under
    systemd it reports READY=1 once the first frame is on screen and pings the watchdog.

    Where there is no display at all (no /dev/dri), it says so and runs headless instead:
    it replays a bundled recording of nine real taps against the panel, prints every value
    change and writes the final frame to PNG (--out, default out/panel.png).

      --headless    run the live panel on an in-memory display (real touch, socket, actions)
      --verbose     debug lines: every frame's touch-to-glass latency, idle, device details
      --rotation R  turn the picture R degrees (0, 90, 180, 270) onto the display
      --format F    framebuffer format (\(PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")))
    """,
    "replay": """
    usage: switchpanel replay RECORDING.events [--config BOARD.json] [--desc DEVICE.desc]
                              [--frames DIR] [--out PNG]

    Plays an evemu recording (evemu-record's format; the device from its header or --desc)
    against the panel of BOARD.json (default: the demo panel), headless, on the recording's
    own timestamps: every event through the touch state machine a live device uses, every
    change through the panel's session (actions included). Prints each value change; --frames
    writes every presented frame as PNG; --out the final one (default out/replay.png).
    """,
    "render": """
    usage: switchpanel render [--config BOARD.json] --out PNG [--state-dir DIR] [--rotation R] [--format F]

    Draws the panel of BOARD.json (default: the demo panel) at rest, exactly as the display
    path shows it (the first frame of a headless session, in the display's format and
    rotation), with the states saved in DIR when given.
    """,
    "check-config": """
    usage: switchpanel check-config BOARD.json

    Validates a board config and prints the resolved layout. Any error — syntax, types,
    unknown keys, ranges, duplicate ids, overlapping frames — exits 2 with the field's path
    and the reason.
    """,
    "presets": """
    usage: switchpanel presets [--out PNG]

    Renders every switch preset in every state (default docs/presets.png).
    """,
]

/// The value after `option`, taken from `rest`: every command reads its options through this.
func optionValue(_ option: String, _ rest: inout ArraySlice<String>) throws(UsageError) -> String {
    guard let v = rest.popFirst() else { throw UsageError(message: "\(option) needs a value") }
    return v
}

struct RenderOptions {
    var out: String?
    var config: String?
    /// Overrides of the config's display (nil: as configured).
    var rotation: Rotation?
    var format: PixelFormat?
    var headless = false
    var verbose = false
    var stateDirectory: String?
    var socket: String?
}

func parseRenderOptions(_ args: ArraySlice<String>) throws(UsageError) -> RenderOptions {
    var options = RenderOptions()
    var rest = args
    while let arg = rest.popFirst() {
        func value() throws(UsageError) -> String { try optionValue(arg, &rest) }
        switch arg {
        case "--out": options.out = try value()
        case "--headless": options.headless = true
        case "--verbose", "-v": options.verbose = true
        case "--state-dir": options.stateDirectory = try value()
        case "--socket": options.socket = try value()
        case "--rotation":
            let v = try value()
            guard let degrees = Int(v), let r = Rotation(rawValue: degrees) else {
                throw UsageError(message: "--rotation must be 0, 90, 180 or 270 (got '\(v)')")
            }
            options.rotation = r
        case "--config": options.config = try value()
        case "--format":
            let v = try value()
            guard let f = PixelFormat(rawValue: v.uppercased()) else {
                throw UsageError(
                    message:
                        "unknown --format '\(v)' (expected one of \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            options.format = f
        default: throw UsageError(message: "unknown option '\(arg)'")
        }
    }
    return options
}

/// The board config of `--config` with the files it names, or the built-in demo panel.
func loadBoard(_ path: String?) throws -> LoadedConfig {
    if let path { return try LoadedConfig.read(path: path) }
    return LoadedConfig(config: try DemoPanel.config())
}

/// The program's log (stderr; systemd's `<N>` prefixes under the journal). The program is one
/// thread, so the shared logger needs no lock.
nonisolated(unsafe) let logger = Log()

/// ``logger`` as the plain function the panel's modules take.
func logLine(_ level: LogLevel, _ message: String) { logger.log(level, message) }

/// A text file's contents, or an error naming the file.
func readText(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw ReplayError("\(path): cannot read (missing or unreadable)")
    }
    return String(decoding: data, as: UTF8.self)
}

func writePNG(_ image: Image, to path: String) throws {
    let dir = (path as NSString).deletingLastPathComponent
    if !dir.isEmpty { try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
    try PNG.write(image, to: path)
}

/// Switch labels are drawn with DejaVu Sans (any sans-serif if it is missing) with a CJK
/// fallback; without fonts the panel still runs, with a warning and no labels.
func labelRenderer(family: String? = nil) -> LabelRenderer? {
    do {
        if let family, family.hasPrefix("/") {
            return TextRenderer(primary: try FontFace(path: family))
        }
        // The CJK fallback is optional: a board without one still gets its (Latin) labels.
        let name = family ?? "DejaVu Sans"
        return try (try? TextRenderer.system(family: name, covering: "开关")) ?? TextRenderer.system(family: name)
    } catch {
        logger.warning("no fonts for switch labels (\(error)); drawing without labels")
        return nil
    }
}

func main() -> Int32 {
    // Line-buffered stdout: replays, `print` actions and `record` go through a pipe in order,
    // each line as it happens.
    clinux_line_buffer_stdout()
    var args = CommandLine.arguments.dropFirst()
    guard let command = args.popFirst() else {
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        return 2
    }
    if let help = commandHelp[command], args.contains("--help") || args.contains("-h") {
        print(help)
        return 0
    }
    do {
        switch command {
        case "--version":
            print("switchpanel \(version)")
        case "--help", "-h", "help":
            print(usage)
        case "run":
            return try runPanel(try parseRenderOptions(args))
        case "replay":
            logger.threshold = .notice  // the replay prints each change itself
            var rest = args
            var desc: String?
            var frames: String?
            var configPath: String?
            var out = "out/replay.png"
            var file: String?
            while let arg = rest.popFirst() {
                func value() throws(UsageError) -> String { try optionValue(arg, &rest) }
                switch arg {
                case "--desc": desc = try value()
                case "--frames": frames = try value()
                case "--out": out = try value()
                case "--config": configPath = try value()
                default:
                    guard !arg.hasPrefix("--"), file == nil else {
                        throw UsageError(message: "unknown option '\(arg)'")
                    }
                    file = arg
                }
            }
            guard let file else { throw UsageError(message: "replay needs a recording file (evemu .events)") }
            let text = try readText(file)
            let descText = try desc.map(readText)
            if let frames { try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true) }
            let replay = try Replay(
                name: (file as NSString).lastPathComponent, recordingText: text, descriptionText: descText)
            try replay.run(board: try loadBoard(configPath), framesDirectory: frames, out: out)
        case "bench": return try runBenchCommand(args)
        case "calibrate": return try runCalibrateCommand(args)
        case "devices": return try runDevicesCommand(args)
        case "record": return try runRecordCommand(args)
        case "inject": return try runInjectCommand(args)
        case "display-probe": return try runDisplayProbeCommand(args)
        case "ctl": return try runControlCommand(args)
        case "presets":
            let options = try parseRenderOptions(args)
            let out = options.out ?? "docs/presets.png"
            let sheet = PresetContactSheet.render(renderer: SwitchRenderer(labels: labelRenderer()))
            try writePNG(sheet, to: out)
            print("rendered every switch preset in every state (\(sheet.width)x\(sheet.height)) to \(out)")
        case "render":
            logger.threshold = .notice
            let options = try parseRenderOptions(args)
            guard let out = options.out else { throw UsageError(message: "render needs --out PNG") }
            var board = try loadBoard(options.config)
            board.config.display.override(rotation: options.rotation, format: options.format)
            let config = board.config
            let frame = try renderConfig(board, stateDirectory: options.stateDirectory)
            try writePNG(frame, to: out)
            print("rendered \(config.name) (\(frame.width)x\(frame.height) \(frame.format.rawValue)) to \(out)")
        case "check-config":
            guard let path = args.first, args.count == 1 else {
                throw UsageError(message: "check-config needs one FILE")
            }
            do {
                let config = try LoadedConfig.read(path: path).config
                print("\(path): OK — \(config.name)")
                print(try PanelLayout(config: config).summary)
            } catch {  // a ConfigError: everything in the block throws only that
                FileHandle.standardError.write(Data("\(path): \(error)\n".utf8))
                return 2
            }
        default:
            throw UsageError(message: "unknown command '\(command)'")
        }
    } catch let error as UsageError {
        FileHandle.standardError.write(Data("switchpanel: \(error.message)\n\n\(usage)\n".utf8))
        return 2
    } catch {
        FileHandle.standardError.write(Data("switchpanel: \(error)\n".utf8))
        return 1
    }
    return 0
}

exit(main())
