import Glibc
import LinuxIO
import XCTest

final class LogTests: XCTestCase {
    /// Collects what a logger writes.
    private final class Lines {
        var written: [String] = []
    }

    private func logger(verbose: Bool = false, format: Log.Format) -> (Log, Lines) {
        let lines = Lines()
        return (Log(verbose: verbose, format: format, sink: { lines.written.append($0) }), lines)
    }

    func testLevelsAreTheSyslogPriorities() {
        XCTAssertEqual(
            LogLevel.allCases.map(\.rawValue),
            [LOG_EMERG, LOG_ALERT, LOG_CRIT, LOG_ERR, LOG_WARNING, LOG_NOTICE, LOG_INFO, LOG_DEBUG])
        XCTAssertLessThan(LogLevel.error, LogLevel.warning)
    }

    func testJournalLinesCarryThePriorityPrefix() {
        let (log, lines) = logger(verbose: true, format: .journal)
        log.emergency("e")
        log.alert("a")
        log.critical("c")
        log.error("open(/dev/dri/card0) failed: Permission denied (EACCES)")
        log.warning("w")
        log.notice("started")
        log.info("kitchen: on")
        log.debug("frame 12")
        XCTAssertEqual(
            lines.written,
            [
                "<0>e\n", "<1>a\n", "<2>c\n", "<3>open(/dev/dri/card0) failed: Permission denied (EACCES)\n", "<4>w\n",
                "<5>started\n", "<6>kitchen: on\n", "<7>frame 12\n",
            ])
    }

    func testPlainLinesNameTheProgramAndTheLevel() {
        let (log, lines) = logger(verbose: true, format: .plain)
        log.error("boom")
        log.warning("odd")
        log.notice("started")
        log.info("kitchen: on")
        log.debug("frame 12")
        XCTAssertEqual(
            lines.written,
            [
                "switchpanel: error: boom\n", "switchpanel: warning: odd\n", "switchpanel: started\n",
                "switchpanel: kitchen: on\n", "switchpanel: debug: frame 12\n",
            ])
        let other = Log(programName: "tool", format: .plain, sink: { lines.written.append($0) })
        other.critical("x")
        XCTAssertEqual(lines.written.last, "tool: critical: x\n")
    }

    func testEveryLineOfAMessageIsPrefixedInOneWrite() {
        let (journal, journalLines) = logger(format: .journal)
        journal.error("board.json: 2 errors\nswitches[0].lable: unknown key\n")
        XCTAssertEqual(journalLines.written, ["<3>board.json: 2 errors\n<3>switches[0].lable: unknown key\n"])
        let (plain, plainLines) = logger(format: .plain)
        plain.warning("a\n\nb")
        XCTAssertEqual(
            plainLines.written, ["switchpanel: warning: a\nswitchpanel: warning: \nswitchpanel: warning: b\n"])
        plain.info("")
        XCTAssertEqual(plainLines.written.last, "switchpanel: \n")
    }

    func testDebugOnlyWhenVerboseAndFilteredMessagesAreNotBuilt() {
        let (log, lines) = logger(format: .journal)
        XCTAssertFalse(log.isVerbose)
        XCTAssertEqual(log.threshold, .info)
        var built = 0
        func expensive() -> String {
            built += 1
            return "detail"
        }
        log.debug(expensive())
        XCTAssertEqual(lines.written, [])
        XCTAssertEqual(built, 0)
        log.isVerbose = true
        log.debug(expensive())
        XCTAssertEqual(lines.written, ["<7>detail\n"])
        XCTAssertEqual(built, 1)

        log.threshold = .warning
        log.info("quiet")
        log.notice("quiet")
        log.warning("loud")
        XCTAssertEqual(lines.written.last, "<4>loud\n")
        XCTAssertEqual(lines.written.count, 2)
    }

    func testJournalStreamMustNameTheDescriptorsDeviceAndInode() throws {
        var template = Array("/tmp/switchpanel-log-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        XCTAssertGreaterThanOrEqual(fd, 0)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(fd) }
        var status = stat()
        XCTAssertEqual(fstat(fd, &status), 0)
        let value = "\(status.st_dev):\(status.st_ino)"

        XCTAssertTrue(Log.isJournalStream(value, fileDescriptor: fd))
        XCTAssertFalse(Log.isJournalStream(nil, fileDescriptor: fd))
        XCTAssertFalse(Log.isJournalStream("\(status.st_dev):\(status.st_ino + 1)", fileDescriptor: fd))
        XCTAssertFalse(Log.isJournalStream("\(status.st_dev + 1):\(status.st_ino)", fileDescriptor: fd))
        for malformed in [
            "", ":", "\(status.st_dev)", "\(status.st_dev):", "\(value):1", "x:\(status.st_ino)", " \(value)",
        ] {
            XCTAssertFalse(Log.isJournalStream(malformed, fileDescriptor: fd), malformed)
        }
        XCTAssertFalse(Log.isJournalStream(value, fileDescriptor: 9999), "a closed descriptor")
    }

    func testAutomaticFormatFollowsJournalStream() {
        let saved = getenv("JOURNAL_STREAM").map { String(cString: $0) }
        defer { if let saved { setenv("JOURNAL_STREAM", saved, 1) } else { unsetenv("JOURNAL_STREAM") } }
        var status = stat()
        XCTAssertEqual(fstat(STDERR_FILENO, &status), 0)

        setenv("JOURNAL_STREAM", "\(status.st_dev):\(status.st_ino)", 1)
        XCTAssertTrue(Log.stderrIsJournal())
        XCTAssertEqual(Log(sink: { _ in }).format, .journal)
        XCTAssertEqual(Log(format: .plain, sink: { _ in }).format, .plain, "forced")

        setenv("JOURNAL_STREAM", "\(status.st_dev):\(status.st_ino &+ 1)", 1)
        XCTAssertFalse(Log.stderrIsJournal(), "inherited by a process whose stderr went elsewhere")
        XCTAssertEqual(Log(sink: { _ in }).format, .plain)
        XCTAssertEqual(Log(format: .journal, sink: { _ in }).format, .journal, "forced")

        unsetenv("JOURNAL_STREAM")
        XCTAssertEqual(Log(sink: { _ in }).format, .plain)
    }
}
