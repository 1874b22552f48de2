import Glibc
import LinuxIO
import XCTest

/// The two pollers: the real one sleeps until its deadline (and not before), the embedded one
/// moves virtual time instead and stops at the test's horizon.
final class PollerTests: XCTestCase {
    func testSystemPollerWakesAtItsDeadlineAndNotBefore() throws {
        let pipe = try PipeEnds()
        let poller = SystemPoller()
        let start = poller.clock.now
        let ready = try poller.wait(for: [PollInterest(pipe.reading.pollHandle)], until: start + 0.010)
        let woke = poller.clock.now
        XCTAssertEqual(ready?.isEmpty, true)
        XCTAssertGreaterThanOrEqual(woke, start + 0.010, "never before the deadline")
        XCTAssertLessThan(woke, start + 2)
        // A deadline in the past returns at once.
        XCTAssertEqual(try poller.wait(for: [PollInterest(pipe.reading.pollHandle)], until: start - 1), [])
    }

    func testSystemPollerReportsReadableAndWritableOnceEach() throws {
        let pair = try UnixSocket.pair()
        let first = pair.first
        let second = pair.second
        let poller = SystemPoller()
        let handle = first.pollHandle
        let interest = PollInterest(handle, readable: true, writable: true)
        XCTAssertEqual(
            try poller.wait(for: [interest], until: nil), [PollEvent(handle, readable: false, writable: true)])
        try second.sendAll([1, 2, 3])
        XCTAssertEqual(
            try poller.wait(for: [interest], until: nil), [PollEvent(handle, readable: true, writable: true)])
        // A peer that hung up makes a read interest ready, so the next read says why.
        try second.close()
        let events = try XCTUnwrap(try poller.wait(for: [PollInterest(handle)], until: nil))
        XCTAssertEqual(events, [PollEvent(handle, readable: true, writable: false)])
        var bytes: [UInt8] = []
        XCTAssertEqual(try first.read(appendingTo: &bytes), 3)
        XCTAssertEqual(try first.read(appendingTo: &bytes), 0, "end of file")
        XCTAssertEqual(bytes, [1, 2, 3])
    }

    func testEmbeddedPollerMovesVirtualTimeToTheDeadlineUpToItsHorizon() throws {
        let clock = VirtualClock(now: 100)
        let poller = EmbeddedPoller(clock: clock)
        let pipe = try PipeEnds()
        let interests = [PollInterest(pipe.reading.pollHandle)]
        let realStart = monotonicNow()
        XCTAssertNil(try poller.wait(for: interests, until: 400), "past the horizon: back to the test")
        XCTAssertNil(try poller.wait(for: interests, until: nil), "no deadline: back to the test")
        XCTAssertEqual(clock.now, 100)
        poller.horizon = 500
        XCTAssertEqual(try poller.wait(for: interests, until: 400), [])
        XCTAssertEqual(clock.now, 400, "five virtual minutes")
        XCTAssertLessThan(monotonicNow() - realStart, 1, "in no real time")
        // A ready descriptor wins over the deadline, and time stands still.
        try pipe.writing.writeAll([7])
        XCTAssertEqual(
            try poller.wait(for: interests, until: 450),
            [PollEvent(pipe.reading.pollHandle, readable: true, writable: false)])
        XCTAssertEqual(clock.now, 400)
    }
}

/// Owned descriptors, pipes and child processes.
final class FileDescriptorTests: XCTestCase {
    func testAnOwnedDescriptorIsClosedWhenItsOwnerGoes() throws {
        var raw: Int32 = -1
        do {
            let file = try FileDescriptor.open("/dev/null", .readOnly)
            raw = file.rawValue
            XCTAssertNotEqual(fcntl(raw, F_GETFD), -1, "open while owned")
        }
        XCTAssertEqual(fcntl(raw, F_GETFD), -1, "closed by its deinit")
        XCTAssertEqual(errno, EBADF)
    }

    func testConsumingCloseReportsAndOpenNamesThePath() throws {
        let file = try FileDescriptor.open("/dev/null", .writeOnly)
        XCTAssertEqual(fcntl(file.rawValue, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC, "close-on-exec always")
        try file.close()
        XCTAssertThrowsError(try { _ = try FileDescriptor.open("/nonexistent/x", .readOnly) }()) { error in
            XCTAssertEqual("\(error)", "open(/nonexistent/x) failed: No such file or directory (ENOENT)")
        }
    }

    func testChildRunsInItsOwnProcessGroupAndTheGroupIsKilled() throws {
        let pipe = try PipeEnds()
        let reading = pipe.reading
        try reading.setNonBlocking()
        // The shell starts a grandchild and prints its pid; killing the group must end both.
        let child = try spawnProcess(
            ["/bin/sh", "-c", "sleep 30 & echo $! >&2; wait"], environment: ["PATH": "/usr/bin:/bin"],
            standardError: pipe.writing)
        let writing = pipe.writing
        try writing.close()
        XCTAssertEqual(getpgid(child.id), child.id, "leads its own group")
        var output: [UInt8] = []
        let deadline = monotonicNow() + 10
        while !output.contains(0x0A), monotonicNow() < deadline {
            _ = try waitForReadable([reading.pollHandle], timeout: 1)
            _ = try reading.read(appendingTo: &output)
        }
        let grandchild = try XCTUnwrap(
            Int32(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertNil(try child.exitStatus(), "still running")
        child.signalGroup(SIGKILL)
        var status: ExitStatus?
        while status == nil, monotonicNow() < deadline {
            status = try child.exitStatus()
            usleep(1000)
        }
        XCTAssertEqual(status, .killed(signal: SIGKILL))
        // The grandchild got the same signal (it is reparented, so poll for it to be gone).
        var gone = false
        while !gone, monotonicNow() < deadline {
            gone = kill(grandchild, 0) != 0
            if !gone { usleep(1000) }
        }
        XCTAssertTrue(gone, "the grandchild \(grandchild) outlived its group's kill")
    }

    /// What a command leaves running in its group is killed when the command ends.
    func testLeftoversOfAFinishedCommandAreKilled() throws {
        let pipe = try PipeEnds()
        let reading = pipe.reading
        let child = try spawnProcess(
            ["/bin/sh", "-c", "sleep 30 & echo $! >&2"], environment: ["PATH": "/usr/bin:/bin"],
            standardError: pipe.writing)
        let writing = pipe.writing
        try writing.close()
        var output: [UInt8] = []
        while try reading.read(appendingTo: &output) ?? 1 > 0 {}
        let leftover = try XCTUnwrap(
            Int32(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        let deadline = monotonicNow() + 10
        var status: ExitStatus?
        while status == nil, monotonicNow() < deadline {
            status = try child.exitStatus()
            usleep(1000)
        }
        XCTAssertEqual(status, .exited(code: 0))
        var gone = false
        while !gone, monotonicNow() < deadline {
            gone = kill(leftover, 0) != 0
            if !gone { usleep(1000) }
        }
        XCTAssertTrue(gone, "the background job \(leftover) outlived its command")
    }

    func testExitStatusOfAProgramAndAMissingOne() throws {
        let pipe = try PipeEnds()
        let child = try spawnProcess(["/bin/sh", "-c", "exit 3"], environment: [:], standardError: pipe.writing)
        var status: ExitStatus?
        let deadline = monotonicNow() + 10
        while status == nil, monotonicNow() < deadline {
            status = try child.exitStatus()
            usleep(1000)
        }
        XCTAssertEqual(status, .exited(code: 3))
        // qemu-user runs posix_spawn's CLONE_VM | CLONE_VFORK as a fork, so the failed exec never
        // reaches the parent there (make test ARCH=arm64 sets this).
        try XCTSkipIf(
            getenv("SWITCHPANEL_TEST_UNDER_QEMU_USER") != nil, "qemu-user runs posix_spawn's vfork as a fork")
        XCTAssertThrowsError(
            try spawnProcess(["/nonexistent/program"], environment: [:], standardError: pipe.writing)
        ) { error in
            XCTAssertEqual("\(error)", "posix_spawnp(/nonexistent/program) failed: No such file or directory (ENOENT)")
        }
    }
}

/// Issue 11.5: `switchpanel run | sleep 1000` blocked in `write` after 64 KB of print lines.
final class LineOutputTests: XCTestCase {
    func testAReaderThatStopsReadingNeverBlocksTheWriterAndLinesAreDroppedWithOneWarning() throws {
        let pipe = try PipeEnds()
        var warnings: [String] = []
        let output = LineOutput(descriptor: pipe.writing.rawValue, queueLimit: 1000, warn: { warnings.append($0) })
        // The pipe is reopened as a description of its own: the inherited one (which stderr may
        // share) stays blocking.
        XCTAssertEqual(fcntl(pipe.writing.rawValue, F_GETFL) & O_NONBLOCK, 0)
        let line = String(repeating: "x", count: 99)  // 100 bytes with its newline
        // The pipe holds 64 KiB, the queue 1000 bytes; the rest is dropped — and nothing blocks.
        for _ in 0..<2000 { output.write(line) }
        let dropped = output.droppedLines
        // Accepted: what the pipe took (its 16 pages hold 40 of these lines each) and the queue.
        XCTAssertEqual(2000 - dropped, 16 * (4096 / 100) + 1000 / 100)
        XCTAssertEqual(warnings.count, 1, "one warning, not one per line")
        XCTAssertNotNil(output.pollInterest, "lines wait for the reader")
        // The reader catches up: the queue drains, and the writer says how much was lost.
        var taken: [UInt8] = []
        while let n = try pipe.reading.readNonBlocking(appendingTo: &taken), n > 0 {}
        output.flush()
        while let n = try pipe.reading.readNonBlocking(appendingTo: &taken), n > 0 {}
        XCTAssertNil(output.pollInterest)
        XCTAssertEqual(warnings.last, "standard output is read again; \(dropped) print lines were dropped")
        // Whole lines only: every line that was not dropped arrived intact.
        let lines = taken.split(separator: 0x0A, omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, [], "ends with a newline")
        XCTAssertEqual(lines.count - 1, 2000 - dropped)
        XCTAssertTrue(lines.dropLast().allSatisfy { String(decoding: $0, as: UTF8.self) == line })
    }
}

extension FileDescriptor {
    /// Reads what is there without waiting (the descriptor is switched to non-blocking first).
    fileprivate func readNonBlocking(appendingTo bytes: inout [UInt8]) throws -> Int? {
        try setNonBlocking()
        return try read(appendingTo: &bytes)
    }
}
