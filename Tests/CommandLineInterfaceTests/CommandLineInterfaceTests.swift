import XCTest

@testable import CommandLineInterface

/// A quarter-turn choice, as `--rotation` reads it.
private enum Turn: Int, CaseIterable, Sendable {
    case none = 0
    case quarter = 90
}

/// A command with every kind of option: required, defaulted and converted values, a choice and
/// a flag with a short name. Its exit status is `--scale`, so a test sees what `run` was given.
private enum Draw: Command {
    static let name = "draw"
    static let summary = "Draws a picture."
    static let details = "Draws the picture of FILE."
    static let out = Option("--out", "PNG", required: true, help: "the picture to write")
    static let config = Option("--config", "FILE", help: "the config")
    static let scale = Option(
        "--scale", "N", default: "1", help: "pixels per point", expected: "a positive number",
        convert: { Int($0).flatMap { $0 > 0 ? Int32($0) : nil } })
    static let rotation = Option<Turn>(choosing: "--rotation", "R", help: "turn the picture")
    static let verbose = Flag("--verbose", short: "-v", help: "say more")
    static var options: [any CommandOption] { [out, config, scale, rotation, verbose] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 { arguments.value(scale) }
}

/// A command with one positional word and an option `Draw` does not take.
private enum Show: Command {
    static let name = "show"
    static let summary = "Shows a file.\nOn the screen."
    static let positionals: Positionals? = .one("FILE")
    static let socket = Option("--socket", "PATH", help: "the socket")
    static var options: [any CommandOption] { [socket] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 { Int32(arguments.positionals.count) }
}

/// A command without options that fails: with ``CommandLineError/failure(_:)`` when given a
/// word, with another error when not.
private enum Fail: Command {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "it broke" }
    }

    static let name = "fail"
    static let summary = "Fails."
    static let positionals: Positionals? = .optional("WHY")

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        if let why = arguments.positionals.first { throw CommandLineError.failure(why) }
        throw Broken()
    }
}

final class CommandLineInterfaceTests: XCTestCase {
    private let program = CommandLineProgram(name: "prog", version: "1.2", commands: [Draw.self, Show.self, Fail.self])

    /// Runs `program` on `arguments`; returns the exit status and what went to stdout and stderr.
    private func run(_ arguments: [String], _ program: CommandLineProgram? = nil) -> (Int32, String, String) {
        var output: [String] = []
        var errors: [String] = []
        let status = (program ?? self.program).run(
            arguments, output: { output.append($0) }, errors: { errors.append($0) })
        return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
    }

    /// The usage error `arguments` give `command`, or nil when they parse.
    private func usageError(_ command: any Command.Type, _ arguments: [String]) -> String? {
        do {
            _ = try command.syntax.parse(arguments)
            return nil
        } catch {
            guard case .usage(let message) = error else { return "not a usage error: \(error)" }
            return message
        }
    }

    func testValuesAreConvertedAndDefaultsApplyWhenAbsent() throws {
        let given = try Draw.syntax.parse(["--out", "a.png", "--scale=3", "-v", "--rotation", "90"])
        XCTAssertEqual(given[Draw.out], "a.png")
        XCTAssertEqual(given.value(Draw.scale), 3)
        XCTAssertEqual(given[Draw.rotation], .quarter)
        XCTAssertTrue(given[Draw.verbose])
        XCTAssertNil(given[Draw.config])

        let absent = try Draw.syntax.parse(["--out=b.png"])
        XCTAssertEqual(absent.value(Draw.out), "b.png")
        XCTAssertEqual(absent.value(Draw.scale), 1, "the declared default")
        XCTAssertNil(absent[Draw.rotation])
        XCTAssertFalse(absent[Draw.verbose])
        XCTAssertEqual(absent.positionals, [])
    }

    func testRunGetsTheParsedValues() {
        XCTAssertEqual(run(["draw", "--scale", "7", "--out", "x.png"]).0, 7)
        XCTAssertEqual(run(["show", "file", "--socket", "/s"]).0, 1)
    }

    func testAnOptionOfAnotherCommandIsRefusedNamingTheOptionsThisOneTakes() {
        XCTAssertEqual(
            usageError(Draw.self, ["--out", "a.png", "--socket", "/x"]),
            "unknown option '--socket' for draw (draw takes: --out, --config, --scale, --rotation, --verbose/-v)")
        XCTAssertEqual(
            usageError(Show.self, ["f", "--verbose"]), "unknown option '--verbose' for show (show takes: --socket)")
        XCTAssertEqual(
            usageError(Fail.self, ["--out", "x"]), "unknown option '--out' for fail (fail takes no options)")
        XCTAssertEqual(
            usageError(Draw.self, ["--out=a.png", "--socket=/x"]),
            "unknown option '--socket' for draw (draw takes: --out, --config, --scale, --rotation, --verbose/-v)",
            "named without the attached value")
        XCTAssertEqual(usageError(Draw.self, ["-x"])?.hasPrefix("unknown option '-x' for draw"), true)
    }

    func testMissingAndBadValuesAreUsageErrors() {
        XCTAssertEqual(usageError(Draw.self, ["--out"]), "--out needs a value (--out PNG)")
        XCTAssertEqual(usageError(Draw.self, ["--config", "c.json"]), "draw needs --out PNG")
        XCTAssertEqual(
            usageError(Draw.self, ["--out", "a", "--scale", "0"]), "--scale must be a positive number (got '0')")
        XCTAssertEqual(
            usageError(Draw.self, ["--out", "a", "--rotation", "45"]), "--rotation must be one of 0, 90 (got '45')")
        XCTAssertEqual(usageError(Draw.self, ["--out", "a", "--verbose=yes"]), "--verbose takes no value")
        XCTAssertEqual(usageError(Draw.self, ["--out", "a", "--out", "b"]), "--out is given twice")
        XCTAssertEqual(usageError(Draw.self, ["--out", "a", "-v", "--verbose"]), "--verbose is given twice")
    }

    func testPositionalWords() throws {
        XCTAssertEqual(usageError(Show.self, []), "show needs FILE")
        XCTAssertEqual(usageError(Show.self, ["a", "b"]), "show takes FILE and nothing more (got 'b' too)")
        XCTAssertEqual(usageError(Draw.self, ["--out", "a", "extra"]), "draw takes no arguments (got 'extra')")
        XCTAssertEqual(try Show.syntax.parse(["--socket", "/s", "a"]).positionals, ["a"])
        XCTAssertEqual(try Show.syntax.parse(["-"]).positionals, ["-"], "- is a word (standard input)")
        XCTAssertEqual(try Show.syntax.parse(["--", "--socket"]).positionals, ["--socket"], "after --, only words")
        XCTAssertEqual(try Fail.syntax.parse([]).positionals, [])
        XCTAssertEqual(usageError(Fail.self, ["a", "b"]), "fail takes [WHY] and nothing more (got 'b' too)")
    }

    func testUsageErrorsExitTwoWithTheCommandsUsage() {
        let (status, output, errors) = run(["draw", "--out", "a", "--socket", "/x"])
        XCTAssertEqual(status, 2)
        XCTAssertEqual(output, "")
        XCTAssertEqual(
            errors,
            """
            prog: unknown option '--socket' for draw (draw takes: --out, --config, --scale, --rotation, --verbose/-v)

            usage: prog draw --out PNG [--config FILE] [--scale N] [--rotation R] [--verbose]
            ('prog draw --help' says more)
            """)
    }

    func testFailuresExitOneWithTheirMessage() {
        XCTAssertEqual(run(["fail", "no disk"]).0, 1)
        XCTAssertEqual(run(["fail", "no disk"]).2, "prog: no disk")
        XCTAssertEqual(run(["fail"]).0, 1)
        XCTAssertEqual(run(["fail"]).2, "prog: it broke")
    }

    func testHelpComesFromTheDeclarationsWhateverElseIsThere() {
        let help = """
            usage: prog draw --out PNG [--config FILE] [--scale N] [--rotation R] [--verbose]

            Draws the picture of FILE.

              --out PNG      the picture to write
              --config FILE  the config
              --scale N      pixels per point (default 1)
              --rotation R   turn the picture (one of 0, 90)
              -v, --verbose  say more
              -h, --help     this help
            """
        XCTAssertEqual(run(["draw", "--help"]).1, help)
        XCTAssertEqual(run(["draw", "--bogus", "-h"]).0, 0, "help wins over a bad option")
        XCTAssertEqual(run(["draw", "--bogus", "-h"]).1, help)
        XCTAssertEqual(run(["help", "draw"]).1, help)
        XCTAssertEqual(run(["show", "--", "--help"]).0, 1, "after --, --help is a word: show gets one")
    }

    func testTheProgramsUsageListsEveryCommand() {
        let usage = """
            usage: prog draw --out PNG [--config FILE] [--scale N] [--rotation R] [--verbose]
                   prog show [--socket PATH] FILE
                   prog fail [WHY]
                   prog COMMAND --help | --version

              draw  Draws a picture.
              show  Shows a file.
                    On the screen.
              fail  Fails.
            """
        XCTAssertEqual(run(["--help"]).0, 0)
        XCTAssertEqual(run(["--help"]).1, usage)
        XCTAssertEqual(run(["help"]).1, usage)
        XCTAssertEqual(run([]).0, 2)
        XCTAssertEqual(run([]).2, usage)
        XCTAssertEqual(run(["paint"]).0, 2)
        XCTAssertEqual(run(["paint"]).2, "prog: unknown command 'paint'\n\n" + usage)
        XCTAssertEqual(run(["--version"]).1, "prog 1.2")
    }

    func testASingleCommandProgramTakesItsOptionsDirectly() {
        let single = CommandLineProgram(command: Show.self)
        XCTAssertEqual(run(["a", "--socket", "/s"], single).0, 1)
        XCTAssertEqual(
            run(["--help"], single).1.components(separatedBy: "\n").first, "usage: show [--socket PATH] FILE")
        let (status, _, errors) = run(["show", "a"], single)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(errors.hasPrefix("show: show takes FILE and nothing more (got 'a' too)"), errors)
    }

    func testLongUsageLinesWrapUnderTheFirstOption() {
        let words = (1...8).map { "[--option-\($0) VALUE]" }
        let wrapped = CommandSyntax.wrap(words, after: "usage: prog run", width: 60)
        XCTAssertEqual(
            wrapped,
            """
            usage: prog run [--option-1 VALUE] [--option-2 VALUE]
                            [--option-3 VALUE] [--option-4 VALUE]
                            [--option-5 VALUE] [--option-6 VALUE]
                            [--option-7 VALUE] [--option-8 VALUE]
            """)
        XCTAssertTrue(wrapped.split(separator: "\n").allSatisfy { $0.count <= 60 })
    }
}
