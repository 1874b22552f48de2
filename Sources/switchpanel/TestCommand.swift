import CommandLineInterface
import PanelTesting

/// `switchpanel test`: scenario files run headless, in virtual time (module PanelTesting).
enum TestCommand: Command {
    static let name = "test"
    static let summary = "Runs scenario files (touches, time, expected screens and states) headless."
    static let details = """
        Runs each SCENARIO (a scenario file, or a directory of them: docs/scenario-reference.md)
        on its board's panel headless, in virtual time: the same session, loop and display path a
        board runs, without the board's actions. A screen that differs from its golden image
        writes NAME.expected.png, NAME.actual.png and NAME.diff.png beside the golden (or in
        --failures DIR) and prints the first differing pixel, how many differ and the largest
        channel difference. Exit status: 0 every scenario passed, 1 one failed, 2 one is not valid.
        """
    static let positionals: Positionals? = Positionals("SCENARIO...", count: 1...Int.max)
    static let update = Flag("--update", help: "re-record every golden image from the screen; print which changed")
    static let junit = Option("--junit", "OUT.xml", help: "also write a JUnit XML report there (for CI)")
    static let failures = Option(
        "--failures", "DIR", help: "write expected/actual/diff pictures there instead of beside each golden")
    static var options: [any CommandOption] { [update, junit, failures] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let suite = ScenarioSuite.run(
            arguments.positionals,
            options: ScenarioRunner.Options(update: arguments[update], failureDirectory: arguments[failures]),
            report: { print($0) })
        if let junit = arguments[junit] { try suite.writeJUnit(to: junit) }
        return suite.exitStatus
    }
}
