import Glibc
import LinuxIO
import XCTest

final class SignalsTests: XCTestCase {
    func testTimerFiresAtItsDeadlineAndNotBefore() throws {
        let timer = try TimerDescriptor()
        XCTAssertNil(timer.deadline)
        let start = monotonicNow()
        try timer.arm(at: start + 0.010)
        XCTAssertEqual(timer.deadline, start + 0.010)
        XCTAssertEqual(try waitForReadable([timer.fileDescriptor], timeoutMilliseconds: 0), [], "not yet")
        XCTAssertEqual(try waitForReadable([timer.fileDescriptor], timeoutMilliseconds: 5000), [timer.fileDescriptor])
        let fired = monotonicNow()
        XCTAssertGreaterThanOrEqual(fired, start + 0.010 - 1e-6)
        XCTAssertLessThan(fired, start + 2, "fired around its deadline, not at the poll timeout")
        timer.acknowledge()
        XCTAssertNil(timer.deadline)
        XCTAssertEqual(try waitForReadable([timer.fileDescriptor], timeoutMilliseconds: 20), [], "one shot")
    }

    func testDisarmedTimerStaysQuietAndPastDeadlineFiresAtOnce() throws {
        let timer = try TimerDescriptor()
        try timer.arm(at: monotonicNow() + 0.005)
        try timer.arm(at: nil)
        XCTAssertNil(timer.deadline)
        XCTAssertEqual(try waitForReadable([timer.fileDescriptor], timeoutMilliseconds: 30), [])

        try timer.arm(at: monotonicNow() - 1)
        XCTAssertEqual(try waitForReadable([timer.fileDescriptor], timeoutMilliseconds: 1000), [timer.fileDescriptor])
        timer.acknowledge()
    }

    func testRaisedSignalIsReadFromTheDescriptor() throws {
        do {
            let signals = try SignalDescriptor(signals: [SIGUSR1])
            XCTAssertEqual(signals.signals, [SIGUSR1])
            XCTAssertNil(signals.received())
            XCTAssertEqual(raise(SIGUSR1), 0)  // blocked, so pending for the descriptor, not fatal
            XCTAssertEqual(
                try waitForReadable([signals.fileDescriptor], timeoutMilliseconds: 2000), [signals.fileDescriptor])
            XCTAssertEqual(signals.received(), SIGUSR1)
            XCTAssertNil(signals.received())

            XCTAssertEqual(raise(SIGUSR1), 0)
            XCTAssertEqual(signals.drain(), [SIGUSR1])
        }
        var mask = sigset_t()
        XCTAssertEqual(pthread_sigmask(SIG_SETMASK, nil, &mask), 0)
        XCTAssertEqual(sigismember(&mask, SIGUSR1), 0, "the mask is restored when the descriptor goes")
    }
}
