// switchpanel-bench: times the benchmark scene of SCENE.md with the project's renderer and with
// cairo, side by side, on the same buffer size and workloads.

import BenchScene
import Foundation

/// The renderers a run can time.
enum RendererKind: String, CaseIterable {
    case switchpanel
    case cairo

    func make(cold: Bool) -> any SceneRenderer {
        switch self {
        case .switchpanel: SwitchpanelRenderer(cold: cold)
        case .cairo: CairoRenderer()
        }
    }
}

/// A parsed `scene` command line.
struct SceneOptions {
    var workload: BenchScene.Workload
    var frames: Int
    /// In the order they run and print; switchpanel first so the ratio line follows cairo's.
    var renderers: [RendererKind]
    var png: String?
    /// Rebuild every mask every frame, as an animation driven by real time does (its
    /// positions never repeat), instead of the steady state with cached masks.
    var cold = false
}

/// A bad command line: printed on stderr, exit status 2 (the usual "usage" status).
struct UsageError: Error {
    let message: String
}

let usage = """
    usage: switchpanel-bench scene --workload full|partial|anim|realtime|scene [--frames N]
                                   [--renderer switchpanel|cairo] [--png OUT] [--cold]
           switchpanel-bench --help

    Renders one workload of the benchmark scene (800x480, XRGB8888) N times and prints the
    median time per frame, one line per renderer:
        <renderer> <workload>: <median> ms/frame over N frames
    Without --renderer both run, followed by the ratio switchpanel/cairo.

      --workload W    full: clear + 24 switches; partial: switch 5 at mid-travel in its box;
                      anim: switch 5 toggling over 16 eased frames (frame i shows i mod 16);
                      realtime: switch 5 in its box at frac(0.5 + i*phi), positions that never
                      repeat; scene: all 24 switches animating, switch j at frac(j/24 + i*phi)
      --frames N      frames to render, N >= 1 (default 300)
      --renderer R    only time switchpanel or cairo
      --cold          switchpanel builds every mask afresh each frame (no mask cache): the cost
                      of frames whose positions never repeat, as in a real-time animation
      --png OUT       write the last frame as PNG (anim: the last full cycle's 16 boxes side by
                      side, 1888x78; realtime: frames 0..31 side by side, 3776x78; scene: frame
                      7, needs --frames >= 8); with both renderers cairo's goes to OUT-cairo.png
    """

/// Parses the arguments after the program name.
func parseSceneOptions(_ args: [String]) throws(UsageError) -> SceneOptions {
    guard let command = args.first else { throw UsageError(message: "missing command (expected 'scene')") }
    guard command == "scene" else { throw UsageError(message: "unknown command '\(command)' (expected 'scene')") }
    var workload: BenchScene.Workload?
    var frames = 300
    var renderers = RendererKind.allCases
    var png: String?
    var cold = false

    var rest = args.dropFirst()[...]
    while let arg = rest.popFirst() {
        // Accept both `--name value` and `--name=value`.
        var name = arg
        var inlineValue: String?
        if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
            name = String(arg[..<eq])
            inlineValue = String(arg[arg.index(after: eq)...])
        }
        func value() throws(UsageError) -> String {
            if let inlineValue { return inlineValue }
            guard let v = rest.popFirst() else { throw UsageError(message: "\(name) needs a value") }
            return v
        }
        switch name {
        case "--workload":
            let v = try value()
            guard let w = BenchScene.Workload(rawValue: v) else {
                throw UsageError(message: "unknown workload '\(v)' (expected full, partial, anim, realtime or scene)")
            }
            workload = w
        case "--frames":
            let v = try value()
            guard let n = Int(v), n >= 1 else {
                throw UsageError(message: "--frames needs a whole number >= 1, got '\(v)'")
            }
            frames = n
        case "--renderer":
            let v = try value()
            guard let r = RendererKind(rawValue: v) else {
                throw UsageError(message: "unknown renderer '\(v)' (expected switchpanel or cairo)")
            }
            renderers = [r]
        case "--cold":
            cold = true
        case "--png":
            let v = try value()
            guard !v.isEmpty else { throw UsageError(message: "--png needs a file name") }
            png = v
        default:
            throw UsageError(message: "unknown argument '\(arg)'")
        }
    }
    guard let workload else { throw UsageError(message: "missing --workload full|partial|anim|realtime|scene") }
    if workload == .scene, png != nil, frames < 8 {
        throw UsageError(message: "--png with --workload scene writes frame 7: it needs --frames >= 8, got \(frames)")
    }
    return SceneOptions(workload: workload, frames: frames, renderers: renderers, png: png, cold: cold)
}

/// Times one renderer: all frames single-threaded on a renderer created before the loop.
/// Generic so the per-frame call is a direct call, not an existential dispatch.
func timeFrames(_ renderer: some SceneRenderer, _ options: SceneOptions) -> Double {
    let workload = options.workload
    let millis = FrameTimer.measure(frames: options.frames) { i in renderer.draw(workload, frame: i) }
    return FrameTimer.median(millis)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("switchpanel-bench: \(message)\n".utf8))
}

func runScene(_ options: SceneOptions) -> Int32 {
    var medians: [RendererKind: Double] = [:]
    for kind in options.renderers {
        let renderer = kind.make(cold: options.cold)
        let median = timeFrames(renderer, options)
        medians[kind] = median
        print(
            "\(kind.rawValue) \(options.workload.rawValue): \(String(format: "%.4f", median)) ms/frame over \(options.frames) frames"
        )
        if let png = options.png {
            let path = kind == .cairo && options.renderers.count > 1 ? Snapshot.path(png, suffixedWith: "-cairo") : png
            do {
                try Snapshot.write(renderer, workload: options.workload, frames: options.frames, to: path)
            } catch {
                printError("cannot write \(path): \(error)")
                return 1
            }
        }
    }
    if let ours = medians[.switchpanel], let theirs = medians[.cairo], theirs > 0 {
        print("ratio switchpanel/cairo \(options.workload.rawValue): \(String(format: "%.3f", ours / theirs))x")
    }
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
do {
    let options = try parseSceneOptions(arguments)
    exit(runScene(options))
} catch {
    printError(error.message)
    // Just the synopsis: the full help would bury the one line that says what was wrong.
    let synopsis = usage.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).joined(separator: "\n")
    FileHandle.standardError.write(Data("\(synopsis)\n".utf8))
    exit(2)
}
