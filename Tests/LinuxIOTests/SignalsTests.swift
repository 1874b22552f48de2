import Glibc
import LinuxIO
import XCTest

final class SignalsTests: XCTestCase {
    func testRaisedSignalIsReadFromTheDescriptor() throws {
        do {
            let signals = try SignalDescriptor(signals: [SIGUSR1])
            XCTAssertEqual(signals.signals, [SIGUSR1])
            XCTAssertNil(signals.received())
            XCTAssertEqual(raise(SIGUSR1), 0)  // blocked, so pending for the descriptor, not fatal
            XCTAssertEqual(try waitForReadable([signals.pollHandle], timeout: 2), [signals.pollHandle])
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
