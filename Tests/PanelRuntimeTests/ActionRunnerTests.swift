import Foundation
import Panel
import XCTest

@testable import PanelRuntime

/// Actions run for real: programs with the switch's id and state in their environment, files
/// written, JSON lines printed, failures with stderr, timeouts enforced.
final class ActionRunnerTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "switchpanel-actions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// Reaps until every command ended (at most `limit` seconds of real time).
    func finish(_ runner: ActionRunner, start: Date = Date(), limit: Double = 10) -> [ActionOutcome] {
        var outcomes: [ActionOutcome] = []
        while runner.pending > 0 && Date().timeIntervalSince(start) < limit {
            outcomes += runner.reap(now: Date().timeIntervalSince(start))
            usleep(10_000)
        }
        return outcomes
    }

    func testRunPassesIdAndStateInTheEnvironmentNotThroughAShell() throws {
        let out = directory + "/out.txt"
        let runner = ActionRunner()
        // The program is sh here only to observe the environment; the argv is passed as is.
        let argv = [
            "/bin/sh", "-c", "printf '%s %s %s' \"$SWITCHPANEL_ID\" \"$SWITCHPANEL_STATE\" \"$1\" > \"$2\"", "sh",
            "a;b $(x)", out,
        ]
        XCTAssertEqual(runner.start([.run(argv: argv, timeout: 5)], switchID: "porch", isOn: true, now: 0), [])
        let outcomes = finish(runner)
        XCTAssertEqual(outcomes.map(\.succeeded), [true])
        XCTAssertEqual(
            try String(contentsOfFile: out, encoding: .utf8), "porch on a;b $(x)", "arguments arrive verbatim")
    }

    func testFailureCarriesExitStatusAndStderr() {
        let runner = ActionRunner()
        _ = runner.start(
            [.run(argv: ["/bin/sh", "-c", "echo boom >&2; exit 3"], timeout: 5)], switchID: "x", isOn: false, now: 0)
        let outcomes = finish(runner)
        XCTAssertEqual(outcomes.count, 1)
        XCTAssertFalse(outcomes[0].succeeded)
        XCTAssertEqual(outcomes[0].detail, "exit status 3: boom")
    }

    func testMissingProgramFailsAtOnce() throws {
        // glibc's posix_spawn reports a failed exec through memory it shares with the child
        // (CLONE_VM | CLONE_VFORK); qemu-user runs that clone as a fork, so the failure never
        // reaches the parent there (make test ARCH=arm64 sets this).
        try XCTSkipIf(
            getenv("SWITCHPANEL_TEST_UNDER_QEMU_USER") != nil, "qemu-user runs posix_spawn's vfork as a fork")
        let runner = ActionRunner()
        let outcomes = runner.start(
            [.run(argv: ["/nonexistent/program"], timeout: 5)], switchID: "x", isOn: true, now: 0)
        guard outcomes.count == 1 else { return XCTFail("\(outcomes.count) outcomes: \(outcomes)") }
        XCTAssertFalse(outcomes[0].succeeded)
        XCTAssertEqual(outcomes[0].detail, "cannot run /nonexistent/program: No such file or directory")
        XCTAssertEqual(runner.pending, 0)
    }

    func testTimeoutKillsTheCommand() {
        let runner = ActionRunner()
        let start = Date()
        _ = runner.start([.run(argv: ["/bin/sleep", "30"], timeout: 0.2)], switchID: "slow", isOn: true, now: 0)
        XCTAssertEqual(runner.nextDeadline, 0.2)
        let outcomes = finish(runner, start: start)
        XCTAssertEqual(outcomes.map(\.detail), ["timed out"])
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "killed long before it would have ended")
    }

    func testWriteAndPrint() throws {
        let file = directory + "/brightness"
        FileManager.default.createFile(atPath: file, contents: Data("0".utf8))
        var lines: [String] = []
        let runner = ActionRunner(printLine: { lines.append($0) })
        let outcomes = runner.start(
            [
                .write(path: file, on: "255", off: "0"), .print,
                .write(path: directory + "/missing/gpio", on: "1", off: "0"),
            ],
            switchID: "lamp \"1\"", isOn: true, now: 0)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "255")
        XCTAssertEqual(lines, [#"{"id":"lamp \"1\"","state":"on"}"#])
        XCTAssertEqual(outcomes.map(\.succeeded), [true, true, false])
        XCTAssertTrue(outcomes[2].detail.hasSuffix("No such file or directory"), outcomes[2].detail)
    }

    /// Issue 11.8: 500 pipelined toggles started 500 children. Now one command per switch runs
    /// at a time, a waiting one is replaced by the newest change's (coalesced), and at most
    /// `maximumRunning` run in all; every change's command that did run saw its own state.
    func testBurstsOfTogglesAreCoalescedPerSwitchAndCappedInAll() throws {
        let log = directory + "/log.txt"
        let runner = ActionRunner(maximumRunning: 4)
        let action = ActionConfig.run(
            argv: ["/bin/sh", "-c", "echo \"$SWITCHPANEL_ID $SWITCHPANEL_STATE\" >> \"$0\"; sleep 0.05", log],
            timeout: 5)
        for n in 0..<500 {
            XCTAssertEqual(runner.start([action], switchID: "porch", isOn: n % 2 == 0, change: n + 1, now: 0), [])
        }
        XCTAssertEqual(runner.runningCount, 1, "one at a time for a switch")
        XCTAssertEqual(runner.pending, 2, "the first runs; the 499 after it coalesce into the last")
        for n in 0..<10 {
            _ = runner.start([action], switchID: "s\(n)", isOn: true, change: 1, now: 0)
        }
        XCTAssertEqual(runner.runningCount, 4, "the cap")
        XCTAssertEqual(runner.pending, 12)
        let outcomes = finish(runner)
        XCTAssertEqual(outcomes.count, 12)
        XCTAssertTrue(outcomes.allSatisfy(\.succeeded))
        XCTAssertEqual(
            outcomes.filter { $0.switchID == "porch" }.map(\.change), [1, 500], "the first change and the latest")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("porch") }, ["porch on", "porch off"])
        XCTAssertEqual(lines.count, 12)
    }

    /// Issue 11.5: a `write` action to a FIFO nobody reads fails at once (it would block in
    /// `open` until a reader came); to a FIFO with a reader it works.
    func testWriteToAFIFOWithoutAReaderFailsAtOnceInsteadOfBlocking() throws {
        let fifo = directory + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let runner = ActionRunner()
        let outcomes = runner.start(
            [.write(path: fifo, on: "1", off: "0")], switchID: "relay", isOn: true, now: 0)
        XCTAssertEqual(outcomes.map(\.succeeded), [false])
        XCTAssertEqual(outcomes.first?.detail, "open(\(fifo)): No such device or address")
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        XCTAssertEqual(
            runner.start([.write(path: fifo, on: "1", off: "0")], switchID: "relay", isOn: true, now: 0).map(
                \.succeeded),
            [true])
    }
}
