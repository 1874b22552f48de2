import CommandLineInterface
import PanelBenchmarks
import PanelRuntime

/// `switchpanel bench`: the frames real toggles and swipes make, through the whole panel
/// (module PanelBenchmarks; `scripts/instruction-counts.sh --panel` counts them under callgrind).
enum BenchCommand: Command {
    static let name = "bench"
    static let summary = "The cost of the frames real toggles make, through the whole panel (headless)."
    static let details = """
        Toggles a switch of BOARD.json's panel (default: the demo panel) N times on the in-memory
        display, through the touch path (a tap at its centre) or, with --all, every enabled switch
        at once, and runs frames until each toggle has settled. Prints the frames presented and the
        median and largest time per frame (painting, copying, presenting; the first frame, drawn
        before the first toggle, is not counted). Actions are not run.

        With --swipe, N swipes between pages instead: a finger goes down in a gap between the
        switches and drags the page across at 60 frames a second, lifts, and the page settles;
        the next swipe goes back. The frames while the page slides are timed apart from the first
        of each slide (it draws the pages' pictures) and from the frame at rest after it. A board
        of one page gets a second for this: a copy of its page, each id suffixed "-2".
        """
    static let switchID = Option("--switch", "ID", help: "the switch to tap (default: the first enabled one)")
    static let all = Flag("--all", help: "set every enabled switch to its opposite at once instead of tapping one")
    static let swipe = Flag("--swipe", help: "swipe between pages instead of toggling (a one-page board gets a copy)")
    static let cycles = Option<Int>(
        "--cycles", "N", default: "10", help: "toggles (swipes with --swipe)", expected: "a whole number >= 1",
        convert: { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
    static var options: [any CommandOption] { [SharedOptions.config, switchID, all, swipe, cycles] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let (switchID, cycles) = (arguments[switchID], arguments.value(cycles))
        if arguments[all], switchID != nil { throw CommandLineError.usage("--switch and --all exclude each other") }
        if arguments[swipe], arguments[all] || switchID != nil {
            throw CommandLineError.usage("--swipe excludes --switch and --all")
        }
        logger.threshold = .notice
        let board = try LoadedConfig.boardOrDemo(arguments[SharedOptions.config])
        do {
            print(
                arguments[swipe]
                    ? try SwipeBench.run(board: board, swipes: cycles, log: logLine)
                    : try ToggleBench.run(
                        board: board, switchID: switchID, all: arguments[all], cycles: cycles, log: logLine))
        } catch BenchmarkError.unmeetable(let message) {
            throw CommandLineError.usage(message)
        }
        return 0
    }
}
