import LinuxIO
import XCTest

@testable import PreviewServer

/// Which connection makes room for a newcomer, and which took too long over its request.
final class ConnectionTableTests: XCTestCase {
    let (a, b, c, d) = (
        OpaquePointer(bitPattern: 0x10)!, OpaquePointer(bitPattern: 0x20)!, OpaquePointer(bitPattern: 0x30)!,
        OpaquePointer(bitPattern: 0x40)!
    )

    func testWaitingForARequestGoesFirstThenTheOldestStreamNeverOneBeingAnswered() {
        var table = ConnectionTable()
        for (n, connection) in [a, b, c, d].enumerated() {
            table.opened(connection, socket: ForeignSocket(Int32(n)), now: Double(n))
        }
        table.set(a, .streaming, now: 5)
        table.set(b, .streaming, now: 4)
        table.set(c, .answering, now: 6)
        XCTAssertEqual(table.victim, d, "waiting for its request, though the newest")
        XCTAssertEqual(table.shed(d), ForeignSocket(3))
        XCTAssertEqual(table.victim, b, "then the oldest stream")
        _ = table.shed(b)
        XCTAssertEqual(table.victim, a)
        _ = table.shed(a)
        XCTAssertNil(table.victim, "a request being answered is never closed for a newcomer")
        table.set(c, .awaitingRequest, now: 7)
        XCTAssertEqual(table.victim, c, "answered: waiting for its next request")
    }

    func testARequestHasItsDeadlineFromTheAcceptOrTheLastAnswer() {
        var table = ConnectionTable()
        table.opened(a, socket: ForeignSocket(1), now: 100)
        table.opened(b, socket: ForeignSocket(2), now: 103)
        XCTAssertEqual(table.nextDeadline, 100 + ConnectionTable.requestDeadline)
        XCTAssertEqual(table.overdue(now: 109.9), [])
        XCTAssertEqual(table.overdue(now: 110), [a])
        table.set(a, .answering, now: 104)
        XCTAssertEqual(table.nextDeadline, 103 + ConnectionTable.requestDeadline)
        table.set(a, .awaitingRequest, now: 105)
        XCTAssertEqual(table.overdue(now: 114), [b])
        table.closed(b)
        XCTAssertEqual(table.nextDeadline, 115)
    }
}
