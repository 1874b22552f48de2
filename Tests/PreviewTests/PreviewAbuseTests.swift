import Foundation
import Glibc
import LinuxIO
import PanelRuntime
import XCTest

@testable import Preview
@testable import PreviewServer

/// The preview's server under abuse on loopback (issue 25 §4), bounded: bursts of dropped
/// connections, event streams that are never read, half-sent headers. Each measures how long a
/// fresh request takes to be answered and asserts the bound on it.
final class PreviewAbuseTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "preview-abuse-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    static let fetchPage = "GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"

    /// Seconds a fresh GET of / took to be answered 200, nil when it was not within `bound`.
    func fetchLatency(_ preview: PreviewService, on panel: EmbeddedPanel, bound: Double) throws -> Double? {
        let began = monotonicNow()
        let page = try TestHTTPClient(port: preview.port).exchange(Self.fetchPage, on: panel, realTimeout: bound)
        let took = monotonicNow() - began
        return page.hasPrefix("HTTP/1.1 200") && took <= bound ? took : nil
    }

    /// Runs the loop for `seconds` of real time.
    func serve(_ panel: EmbeddedPanel, for seconds: Double) throws {
        _ = try panel.run(untilReal: { false }, realTimeout: seconds)
    }

    /// 300 connections opened at once and dropped: at the connection limit libmicrohttpd takes
    /// its listening socket out of its epoll set and puts it back only in a later `MHD_run`;
    /// when the connections then close, nothing was due, so no later run came and every
    /// connection after the burst sat in the backlog for good (the CLOSE-WAIT of the issue).
    func testABurstOfDroppedConnectionsLeavesThePreviewServing() throws {
        let (panel, preview) = try previewPanel(directory: directory)
        for round in 1...3 {
            var burst = try (0..<300).map { _ in try TestHTTPClient(port: preview.port) }
            try serve(panel, for: 0.2)
            burst.removeAll()  // dropped at once
            try serve(panel, for: 0.2)
            var answered = 0
            for _ in 0..<5 where try fetchLatency(preview, on: panel, bound: 1) != nil { answered += 1 }
            XCTAssertEqual(answered, 5, "fresh requests answered after burst \(round)")
        }
    }

    /// The latencies of five fresh GETs of /, each asserted within 1 s (the bound).
    func fiveFetches(_ preview: PreviewService, on panel: EmbeddedPanel, under what: String) throws -> [Double] {
        var latencies: [Double] = []
        for attempt in 1...5 {
            let took = try fetchLatency(preview, on: panel, bound: 1)
            XCTAssertNotNil(took, "fresh GET \(attempt) not answered within 1 s under \(what)")
            if let took { latencies.append(took) }
        }
        print(
            "fresh GET under \(what): " + latencies.map { String(format: "%.1f ms", $0 * 1000) }.joined(separator: ", ")
        )
        return latencies
    }

    /// 500 pages that open an event stream and never read it: the first 64 took every slot
    /// and, never blocking (loopback buffers take the few frames of a still panel), were never
    /// timed out. A newcomer is served by closing the oldest stream; a fresh page gets its
    /// stream too.
    func testFiveHundredEventStreamsNeverReadLeaveAFreshRequestAnswered() throws {
        let (panel, preview) = try previewPanel(directory: directory)
        let held = try (0..<500).map { _ in
            let client = try TestHTTPClient(port: preview.port)
            try client.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            return client
        }
        try serve(panel, for: 1)
        _ = try fiveFetches(preview, on: panel, under: "500 unread event streams")
        let page = try TestHTTPClient(port: preview.port)
        try page.send("GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertTrue(try panel.run(untilReal: { page.received().contains("event: hello") }, realTimeout: 1))
        withExtendedLifetime(held) {}
    }

    /// Slowloris: 300 connections that send half a request and then a byte now and then, so
    /// that no inactivity timeout ever ends them. A newcomer is served by closing the oldest
    /// connection whose request has not arrived.
    func testThreeHundredHalfSentRequestsLeaveAFreshRequestAnswered() throws {
        var logged: [String] = []
        let (panel, preview) = try previewPanel(directory: directory, log: { logged.append($1) })
        let held = try (0..<300).map { _ in
            let client = try TestHTTPClient(port: preview.port)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            return client
        }
        for _ in 0..<3 {
            try serve(panel, for: 0.4)
            for client in held { try? client.send("a") }
        }
        _ = try fiveFetches(preview, on: panel, under: "300 half-sent requests")
        // One line for the flood so far (a line a connection would flood the journal).
        XCTAssertEqual(logged.filter { $0.contains("to make room for newcomers") }.count, 1, "\(logged)")
        XCTAssertGreaterThanOrEqual(preview.shedCount, 236)
    }

    /// A request trickled a byte at a time, with nobody else waiting: MHD's inactivity timeout
    /// never fires on it, the request deadline (10 s from the accept) does.
    func testARequestNotSentWithinTheDeadlineIsClosed() throws {
        let (panel, preview) = try previewPanel(directory: directory)
        let slow = try TestHTTPClient(port: preview.port)
        try slow.send("GET / HTTP/1.1\r\nHost: t\r\nX-Slow: ")
        for _ in 0..<4 {
            try panel.advance(by: 2)
            XCTAssertTrue(try panel.run(untilReal: { !slow.closedByServer() }, realTimeout: 0.1))
            try slow.send("a")
        }
        try panel.advance(by: ConnectionTable.requestDeadline - 8 + 0.1)
        XCTAssertTrue(try panel.run(untilReal: { slow.closedByServer() }, realTimeout: 2), "closed at its deadline")
        XCTAssertEqual(preview.shedCount, 1)
    }
}
