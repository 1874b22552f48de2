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
}
