import Foundation
import Glibc
import LinuxIO
import PanelRuntime
import XCTest

@testable import Preview
@testable import PreviewServer

/// What held when the preview was tried under abuse and must keep holding (issue 25 §4), over
/// real sockets: malformed HTTP gets its status, no path leaves the routes, the program binds
/// loopback unless told otherwise, and from another host the tokens are asked for.
final class PreviewEdgeTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "preview-edge-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func status(of request: String, _ preview: PreviewService, on panel: EmbeddedPanel) throws -> String {
        let reply = try TestHTTPClient(port: preview.port).exchange(request, on: panel, realTimeout: 3)
        return reply.components(separatedBy: "\r\n").first ?? ""
    }

    func testMalformedRequestsGetTheirStatusAndNoPathLeavesTheRoutes() throws {
        let (panel, preview) = try previewPanel(directory: directory)
        let states = panel.session.controller.states
        let oversized = String(repeating: "x", count: PreviewRouter.bodyLimit + 1)
        let cases: [(String, String)] = [
            ("GET / HTTP/1.1\r\nHost: t\r\nNo colon here\r\n\r\n", "400 Bad Request"),
            ("POST /input?client=1 HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n", "400 Bad Request"),
            ("DELETE / HTTP/1.1\r\nHost: t\r\n\r\n", "405 Method Not Allowed"),
            (
                "POST /input?client=1 HTTP/1.1\r\nHost: t\r\nContent-Length: \(oversized.utf8.count)\r\n\r\n"
                    + oversized, "413 Content Too Large"
            ),
            ("GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: t\r\n\r\n", "414 URI Too Long"),
            (
                "GET / HTTP/1.1\r\nHost: t\r\nX-Huge: \(String(repeating: "a", count: 40_000))\r\n\r\n",
                "431 Request Header Fields Too Large"
            ),
        ]
        for (request, expected) in cases {
            XCTAssertEqual(
                try status(of: request, preview, on: panel), "HTTP/1.1 " + expected, String(request.prefix(60)))
        }
        for path in [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/..\\..\\etc\\passwd",
            "//etc/passwd", "/./", "/events/../stats",
        ] {
            XCTAssertEqual(
                try status(of: "GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n", preview, on: panel), "HTTP/1.1 404 Not Found",
                path)
        }
        XCTAssertEqual(panel.session.controller.states, states, "nothing changed")
        XCTAssertEqual(try status(of: "GET / HTTP/1.1\r\nHost: t\r\n\r\n", preview, on: panel), "HTTP/1.1 200 OK")
    }

    /// `switchpanel preview` without --listen serves 127.0.0.1:8080 (or says that 8080 is taken
    /// there): this machine only, with no token.
    func testTheProgramListensOnLoopbackUnlessToldOtherwise() throws {
        let program = try XCTUnwrap(Self.switchpanelProgram(), "the switchpanel program is built with the tests")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["preview", "--state-dir", directory]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        var text = ""
        let giveUp = Date().addingTimeInterval(10)
        let handle = output.fileHandleForReading
        while Date() < giveUp, !text.contains("127.0.0.1:8080") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        XCTAssertTrue(
            text.contains("preview (view and touch): http://127.0.0.1:8080/")
                || text.contains("cannot listen on 127.0.0.1:8080: Address already in use"), text)
        XCTAssertFalse(text.contains("token="), text)
    }

    /// From another host (a network namespace joined by a veth pair, made here) the preview on
    /// a non-loopback address asks for its tokens: 401 without one, 403 with a wrong one or with
    /// the view token for touching, 200 with the right one. (127.0.0.2 would not do: all of
    /// 127/8 is loopback to ListenAddress, and the preview on it is open.)
    func testFromAnotherHostTheTokensAreAskedFor() throws {
        XCTAssertTrue(try ListenAddress(parsing: "127.0.0.2:80").isLoopback)
        let network = try TestNetworkNamespace.make()
        defer { network.remove() }
        let address = try ListenAddress(parsing: "\(network.hostAddress):0")
        XCTAssertFalse(address.isLoopback)
        let (panel, preview) = try previewPanel(
            directory: directory, address: "\(address)", access: PreviewAccess.for(address))
        let view = try XCTUnwrap(preview.access.viewToken)
        let touch = try XCTUnwrap(preview.access.touchToken)
        let base = "http://\(network.hostAddress):\(preview.port)"
        func code(_ path: String, post: Bool = false) throws -> String {
            try network.curlStatus(base + path, post: post, serving: panel)
        }
        XCTAssertEqual(try code("/"), "401")
        XCTAssertEqual(try code("/events"), "401")
        XCTAssertEqual(try code("/?token=" + String(repeating: "0", count: 32)), "403")
        XCTAssertEqual(try code("/stats?token=" + touch.dropLast()), "403")
        XCTAssertEqual(try code("/input?client=1", post: true), "401")
        XCTAssertEqual(try code("/input?client=1&token=\(view)", post: true), "403")
        XCTAssertEqual(try code("/?token=\(view)"), "200")
        XCTAssertEqual(try code("/stats?token=\(touch)"), "200")
    }

    /// The `switchpanel` program next to the test bundle (SwiftPM builds it with the tests).
    static func switchpanelProgram() -> String? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("switchpanel").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }
}

/// A network namespace joined to this one by a veth pair, for a peer that is another host as
/// far as the preview can tell. Needs root and iproute2; the test is skipped, saying so,
/// without them.
struct TestNetworkNamespace {
    let name: String
    let hostLink: String
    let hostAddress: String

    static func make() throws -> TestNetworkNamespace {
        let id = getpid() % 10_000
        let octet = 1 + Int(getpid()) % 250
        let network = TestNetworkNamespace(
            name: "sp-preview-\(id)", hostLink: "sppv\(id)a", hostAddress: "10.231.\(octet).1")
        let peer = "sppv\(id)b"
        let steps = [
            ["ip", "netns", "add", network.name],
            ["ip", "link", "add", network.hostLink, "type", "veth", "peer", "name", peer],
            ["ip", "link", "set", peer, "netns", network.name],
            ["ip", "addr", "add", "\(network.hostAddress)/30", "dev", network.hostLink],
            ["ip", "link", "set", network.hostLink, "up"],
            ["ip", "netns", "exec", network.name, "ip", "addr", "add", "10.231.\(octet).2/30", "dev", peer],
            ["ip", "netns", "exec", network.name, "ip", "link", "set", peer, "up"],
        ]
        for step in steps {
            let (status, output) = run(step)
            if status != 0 {
                network.remove()
                throw XCTSkip(
                    "cannot make a network namespace (`\(step.joined(separator: " "))`: \(output)); "
                        + "this test needs root and iproute2")
            }
        }
        guard run(["ip", "netns", "exec", network.name, "curl", "--version"]).status == 0 else {
            network.remove()
            throw XCTSkip("curl is not installed; this test asks from the namespace with it")
        }
        return network
    }

    func remove() {
        _ = Self.run(["ip", "link", "del", hostLink])
        _ = Self.run(["ip", "netns", "del", name])
    }

    /// The HTTP status curl gets for `url` from inside the namespace, the loop serving meanwhile.
    func curlStatus(_ url: String, post: Bool, serving panel: EmbeddedPanel) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["ip", "netns", "exec", name, "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "5"]
            + (post ? ["-X", "POST", "--data-binary", "[]"] : []) + [url]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        _ = try panel.run(untilReal: { !process.isRunning }, realTimeout: 8)
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    static func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return (-1, "\(error)") }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
