import Panel
import XCTest

/// The control socket's framing and output queue, without a socket.
final class ControlConnectionTests: XCTestCase {
    func commands(_ results: [Result<ControlRequest, ControlProtocolError>]) -> [String] {
        results.map { result in
            switch result {
            case .success(let request): "\(request.command)"
            case .failure(let error): "error: \(error)"
            }
        }
    }

    func testLinesSplitAnywhereComeOutWholeAndInOrder() {
        var connection = ControlConnection(outputLimit: 1024)
        let text = Array((#"{"cmd":"list"}"# + "\n" + #"{"cmd":"get","id":"porch"}"# + "\n").utf8)
        // Every split point of the two lines gives the same two requests.
        for split in 0...text.count {
            var requests = connection.receive(text[..<split])
            requests += connection.receive(text[split...])
            XCTAssertEqual(commands(requests), ["list", #"get(id: "porch")"#], "split at \(split)")
        }
    }

    func testAnOverlongLineGivesOneErrorAndIsSkippedToItsNewline() {
        var connection = ControlConnection(outputLimit: 1024)
        let long = [UInt8](repeating: 0x78, count: ControlProtocol.maximumLineBytes)
        XCTAssertEqual(commands(connection.receive(long)), [], "exactly the limit may still end")
        XCTAssertEqual(commands(connection.receive([0x78])), ["error: line too long (more than 65536 bytes)"])
        XCTAssertEqual(commands(connection.receive(long)), [], "skipped, no second error")
        XCTAssertEqual(commands(connection.receive(Array(("x\n" + #"{"cmd":"list"}"# + "\n").utf8))), ["list"])
    }

    func testALineCutOffByTheEndOfInputIsDropped() {
        var connection = ControlConnection(outputLimit: 1024)
        XCTAssertEqual(commands(connection.receive(Array(#"{"cmd":"set","id":"a","state":"on"}"#.utf8))), [])
        XCTAssertFalse(connection.inputEnded)
        connection.endInput()
        XCTAssertTrue(connection.inputEnded)
        XCTAssertTrue(connection.isFinished, "nothing owed: done")
        XCTAssertTrue(connection.wantsInput, "read once more, to see the hang-up")
    }

    func testOutputQueuesUntilSentAndOverflowsPastTheLimit() {
        var connection = ControlConnection(outputLimit: 10)
        XCTAssertTrue(connection.enqueue("abcd"))
        XCTAssertEqual(connection.pendingByteCount, 5)
        XCTAssertEqual(connection.withPendingBytes { Array($0) }, Array("abcd\n".utf8))
        connection.didSend(2)
        XCTAssertEqual(connection.withPendingBytes { Array($0) }, Array("cd\n".utf8))
        connection.endInput()
        XCTAssertFalse(connection.isFinished, "a reply is still owed")
        XCTAssertFalse(connection.wantsInput, "kept while replies are owed")
        XCTAssertTrue(connection.enqueue("efgh"), "8 bytes pending")
        XCTAssertFalse(connection.enqueue("ij"), "11 bytes: over the limit")
        connection.didSend(connection.pendingByteCount)
        XCTAssertEqual(connection.pendingByteCount, 0)
        XCTAssertTrue(connection.isFinished)
    }

    func testASubscriberIsNeverFinished() {
        var connection = ControlConnection(outputLimit: 10)
        connection.isSubscribed = true
        connection.endInput()
        XCTAssertFalse(connection.isFinished)
        XCTAssertFalse(connection.wantsInput)
    }

    /// The tail of an overlong line, its newline, a request and the end of input, all in one
    /// read: the tail is still skipped — one error for the long line, one reply for the request.
    func testTheTailOfAnOverlongLineArrivingWithTheEndIsStillSkipped() {
        var connection = ControlConnection(outputLimit: 1024)
        connection.buffer([UInt8](repeating: 0x78, count: ControlProtocol.maximumLineBytes + 10))
        XCTAssertEqual(commands(connection.nextRequests(limit: 64)), ["error: line too long (more than 65536 bytes)"])
        connection.buffer(Array(("x".utf8) + [0x0A] + Array(#"{"cmd":"list"}"#.utf8) + [0x0A]))
        connection.endInput()
        XCTAssertEqual(commands(connection.nextRequests(limit: 64)), ["list"])
        XCTAssertTrue(connection.isFinished)
    }

    /// A client that reset the connection: what it sent is still taken, the replies dropped.
    func testAClientWhoseOutputClosedStillHasItsRequestsTaken() {
        var connection = ControlConnection(outputLimit: 1024)
        connection.isSubscribed = true
        connection.buffer(Array((#"{"cmd":"list"}"# + "\n").utf8))
        connection.endInput()
        connection.closeOutput()
        XCTAssertFalse(connection.isFinished, "a request is still to be taken")
        XCTAssertEqual(commands(connection.nextRequests(limit: 64)), ["list"])
        XCTAssertTrue(connection.enqueue("reply"), "dropped, not an overflow")
        XCTAssertEqual(connection.pendingByteCount, 0)
        XCTAssertTrue(connection.isFinished, "a subscriber whose output closed is done too")
    }
}
