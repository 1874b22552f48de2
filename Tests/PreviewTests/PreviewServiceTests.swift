import Foundation
import Glibc
import LinuxIO
import Panel
import PanelRuntime
import PanelTesting
import Raster
import RasterPNG
import XCTest

@testable import Preview
@testable import PreviewServer

/// The preview's server on a whole panel in virtual time (``EmbeddedPanel``), over real TCP
/// sockets on loopback: libmicrohttpd answers from the loop's turns, frames arrive as PNG
/// tiles equal to the screen, a page's pointer events toggle switches through the touch path.
final class PreviewServiceTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "preview-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func panel(runsActions: Bool = false, boardPath: String? = nil) throws -> (EmbeddedPanel, PreviewService) {
        try previewPanel(directory: directory, runsActions: runsActions, boardPath: boardPath)
    }

    func centre(of id: String, in panel: EmbeddedPanel) throws -> Point {
        let item = try XCTUnwrap(panel.session.controller.view.item(id: id))
        return Point(item.switchFrame.midX, item.switchFrame.y + item.switchFrame.height / 2)
    }

    func testAnswersPageAndErrorsFromTheLoop() throws {
        let (panel, preview) = try panel()
        let page = try TestHTTPClient(port: preview.port).exchange("GET / HTTP/1.1\r\nHost: t\r\n\r\n", on: panel)
        XCTAssertTrue(page.hasPrefix("HTTP/1.1 200"), page)
        XCTAssertTrue(page.contains("<canvas id=\"panel\""))
        let missing = try TestHTTPClient(port: preview.port).exchange("GET /x HTTP/1.1\r\nHost: t\r\n\r\n", on: panel)
        XCTAssertTrue(missing.hasPrefix("HTTP/1.1 404"), missing)
        let huge = "GET / HTTP/1.1\r\nHost: t\r\nX-Huge: \(String(repeating: "a", count: 40_000))\r\n\r\n"
        let refused = try TestHTTPClient(port: preview.port).exchange(huge, on: panel)
        XCTAssertTrue(refused.hasPrefix("HTTP/1.1 431"), String(refused.prefix(40)))
    }

    func testATakenPortIsAnErrorThatSaysSo() throws {
        let (_, preview) = try panel()
        XCTAssertThrowsError(
            try PreviewService(
                address: ListenAddress(host: "127.0.0.1", port: UInt16(preview.port)), access: .open,
                runsActions: false, log: { _, _ in })
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot listen on 127.0.0.1:\(preview.port): Address already in use "
                    + "(another program has the port: --listen HOST:PORT picks another)")
            // Our own bind said so, not whatever errno this libmicrohttpd left behind.
            let system = (error as? HTTPServerError)?.system
            XCTAssertEqual(system?.call, "bind")
            XCTAssertEqual(system?.errno, SystemErrno(EADDRINUSE))
        }
    }

    /// The descriptors this process has open.
    func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// The listening socket is bound here and handed to MHD, which closes it: a server that
    /// started and stopped, and one refused a taken port, leave no descriptor behind, and the
    /// port is free again once the server is gone.
    func testAServerStartedStoppedOrRefusedLeavesNoSocketBehind() throws {
        // Loaded once, and a first server's one-time allocations made, before counting.
        var warmUp: HTTPServer? = try HTTPServer(host: "127.0.0.1", port: 0, bodyLimit: 1024) { _ in
            .content(status: 204, headers: [], body: [])
        }
        warmUp = nil
        let before = try openDescriptors()
        for _ in 0..<3 {
            var server: HTTPServer? = try HTTPServer(host: "127.0.0.1", port: 0, bodyLimit: 1024) { _ in
                .content(status: 204, headers: [], body: [])
            }
            let port = try XCTUnwrap(server?.port)
            XCTAssertNotEqual(port, 0)
            XCTAssertThrowsError(
                try HTTPServer(host: "127.0.0.1", port: UInt16(port), bodyLimit: 1024) { _ in
                    .content(status: 204, headers: [], body: [])
                })
            XCTAssertGreaterThan(try openDescriptors(), before, "the server holds its socket and epoll descriptor")
            server = nil
            XCTAssertEqual(try openDescriptors(), before, "after a stop and a refused start")
            // Closed, not merely unused: the port can be bound again.
            XCTAssertNoThrow(try TCPSocket.listen(host: "127.0.0.1", port: UInt16(port)).close())
        }
        XCTAssertNil(warmUp)
    }

    func testAStreamSendsTheScreenAndAPagesTapTogglesThroughTheTouchPath() throws {
        let (panel, preview) = try panel()
        let stream = try TestHTTPClient(port: preview.port)
        try stream.send("GET /events HTTP/1.0\r\nHost: t\r\n\r\n")
        XCTAssertTrue(try panel.run(untilReal: { stream.received().contains("event: state") }))
        let hello = try XCTUnwrap(stream.events(named: "hello").first)
        XCTAssertEqual(hello["width"] as? Int, panel.display.width)
        let client = try XCTUnwrap(hello["client"] as? Int)

        // The whole screen as one tile, equal to what the display shows.
        let frame = try XCTUnwrap(stream.events(named: "frame").first)
        let tiles = try XCTUnwrap(frame["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.count, 1)
        let png = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(tiles[0]["png"] as? String)))
        let decoded = try PNG.decode(Array(png))
        let screen = try XCTUnwrap(panel.screen)
        XCTAssertEqual(pixels(decoded), pixels(screen))

        // A tap from the page: down, 80 ms, up.
        let point = try centre(of: "porch", in: panel)
        let input = { (type: String) in
            "POST /input?client=\(client) HTTP/1.1\r\nHost: t\r\nContent-Length: LEN\r\n\r\n"
                + #"[{"pointer":1,"type":"\#(type)","x":\#(point.x),"y":\#(point.y)}]"#
        }
        for type in ["down", "up"] {
            let request = input(type)
            let body = request.components(separatedBy: "\r\n\r\n")[1]
            let reply = try TestHTTPClient(port: preview.port).exchange(
                request.replacingOccurrences(of: "LEN", with: "\(body.utf8.count)"), on: panel)
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 204"), reply)
            try panel.advance(by: 0.08)
        }
        try panel.advance(by: 1)
        XCTAssertEqual(panel.session.controller.states["porch"], true)
        XCTAssertTrue(try panel.run(untilReal: { stream.received().contains("event: log") }))
        let log = try XCTUnwrap(stream.events(named: "log").first?["entries"] as? [[String: Any]])
        XCTAssertEqual(log.first?["id"] as? String, "porch")
        XCTAssertEqual(log.first?["source"] as? String, "touch")
        XCTAssertEqual(log.first?["actions"] as? [String], ["print"])
        XCTAssertEqual(log.first?["ran"] as? Bool, false)

        // Damage tiles only, and together they leave the page with the screen as it is now.
        var picture = decoded
        XCTAssertTrue(
            try panel.run(untilReal: {
                stream.events(named: "frame").last?["seq"] as? Int == panel.session.framesPresented
            }))
        let frames = stream.events(named: "frame")
        XCTAssertGreaterThan(frames.count, 3)
        for frame in frames.dropFirst() {
            for tile in try XCTUnwrap(frame["tiles"] as? [[String: Any]]) {
                let (x, y, w, h) = (tile["x"] as! Int, tile["y"] as! Int, tile["w"] as! Int, tile["h"] as! Int)
                XCTAssertLessThan(w * h, screen.width * screen.height / 4)
                let image = try PNG.decode(Array(Data(base64Encoded: tile["png"] as! String)!))
                picture = paste(image, into: picture, x: x, y: y)
            }
        }
        XCTAssertEqual(pixels(picture), pixels(try XCTUnwrap(panel.screen)))
    }

    func testAPageThatGoesAwayMidTouchTogglesNothing() throws {
        let (panel, preview) = try panel()
        var stream: TestHTTPClient? = try TestHTTPClient(port: preview.port)
        try stream!.send("GET /events HTTP/1.0\r\nHost: t\r\n\r\n")
        XCTAssertTrue(try panel.run(untilReal: { stream!.received().contains("event: state") }))
        let client = try XCTUnwrap(stream!.events(named: "hello").first?["client"] as? Int)
        let point = try centre(of: "fan", in: panel)
        let body = #"[{"pointer":1,"type":"down","x":\#(point.x),"y":\#(point.y)}]"#
        let reply = try TestHTTPClient(port: preview.port).exchange(
            "POST /input?client=\(client) HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body,
            on: panel)
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 204"), reply)
        try panel.advance(by: 0.05)
        XCTAssertEqual(panel.session.controller.liveContacts, 1)
        stream = nil  // closed
        // The next keep-alive finds the stream gone; its contact is cancelled.
        for _ in 0..<3 {
            try panel.advance(by: PreviewService.keepAliveInterval + 0.1)
            _ = try panel.run(untilReal: { panel.session.controller.liveContacts == 0 }, realTimeout: 0.3)
        }
        XCTAssertEqual(panel.session.controller.liveContacts, 0)
        try panel.advance(by: 1)
        XCTAssertEqual(panel.session.controller.states["fan"], true, "a cancelled contact toggles nothing")
    }

    /// A page's taps, a drag and a control-socket set, saved as a scenario: the file
    /// `switchpanel test` reads, which after `--update` recorded its golden passes, expecting
    /// the states the preview shows.
    func testWhatWasDoneSavesAsAScenarioThatSwitchpanelTestPasses() throws {
        let (panel, preview) = try panel(boardPath: directory + "/hall.json")
        let stream = try TestHTTPClient(port: preview.port)
        try stream.send("GET /events HTTP/1.0\r\nHost: t\r\n\r\n")
        XCTAssertTrue(try panel.run(untilReal: { stream.received().contains("event: state") }))
        let client = try XCTUnwrap(stream.events(named: "hello").first?["client"] as? Int)
        func post(_ events: [(Int, String, Point)]) throws {
            let body =
                "["
                + events.map { #"{"pointer":\#($0.0),"type":"\#($0.1)","x":\#($0.2.x),"y":\#($0.2.y)}"# }
                .joined(separator: ",") + "]"
            let reply = try TestHTTPClient(port: preview.port).exchange(
                "POST /input?client=\(client) HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                    + body, on: panel)
            XCTAssertTrue(reply.hasPrefix("HTTP/1.1 204"), reply)
        }
        let porch = try centre(of: "porch", in: panel)
        let fan = try centre(of: "fan", in: panel)
        try panel.advance(by: 0.5)
        try post([(1, "down", porch)])
        try panel.advance(by: 0.07)
        try post([(1, "up", porch)])
        try panel.advance(by: 0.6)
        // Two fingers: one held on the fan and dragged off it, one tapping the porch again.
        try post([(2, "down", fan)])
        for step in 1...8 {
            try panel.advance(by: 0.01)
            try post([(2, "move", Point(fan.x - Double(step) * 6, fan.y))])
        }
        try post([(3, "down", porch)])
        try panel.advance(by: 0.05)
        try post([(3, "up", porch), (2, "up", Point(fan.x - 48, fan.y))])
        try panel.advance(by: 0.4)
        _ = panel.session.answer(
            [ControlRequest(.set(id: "fan", state: .toggle, runActions: false))], now: panel.clock.now)
        try panel.advance(by: 1)

        let reply = try TestHTTPClient(port: preview.port).exchange(
            "GET /scenario.json HTTP/1.1\r\nHost: t\r\n\r\n", on: panel)
        XCTAssertTrue(reply.hasPrefix("HTTP/1.1 200"), reply)
        XCTAssertTrue(reply.contains("Content-Disposition: attachment; filename=\"hall-preview.json\""), reply)
        let json = String(try XCTUnwrap(reply.components(separatedBy: "\r\n\r\n").last))
        let scenario = try Scenario.parse(json)
        XCTAssertEqual(scenario.board, directory + "/hall.json")
        let kinds = scenario.steps.map { step -> String in
            switch step.action {
            case .tap: "tap"
            case .press: "press"
            case .move: "move"
            case .release: "release"
            case .set: "set"
            case .expect: "expect"
            default: "wait"
            }
        }.filter { $0 != "wait" }
        XCTAssertEqual(kinds.filter { $0 == "tap" }.count, 2, json)
        XCTAssertEqual(kinds.filter { $0 == "press" }.count, 1, json)
        XCTAssertEqual(kinds.filter { $0 == "release" }.count, 1, json)
        XCTAssertEqual(kinds.filter { $0 == "set" }.count, 1, json)
        XCTAssertEqual(kinds.last, "expect")
        guard case .expect(let screen, let expected, _) = scenario.steps.last?.action else { return XCTFail(json) }
        XCTAssertEqual(screen?.golden, "goldens/hall-preview.png")
        let states = panel.session.controller.states
        XCTAssertEqual(expected.map { "\($0.id)=\($0.value)" }, ["porch", "fan"].map { "\($0)=\(states[$0]!)" })

        let file = directory + "/hall-preview.json"
        try json.write(toFile: file, atomically: true, encoding: .utf8)
        let recorded = ScenarioSuite.run([file], options: .init(update: true))
        XCTAssertEqual(
            recorded.exitStatus, 0, recorded.results.flatMap(ScenarioSuite.lines(for:)).joined(separator: "\n"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory + "/goldens/hall-preview.png"))
        let checked = ScenarioSuite.run([file])
        XCTAssertEqual(
            checked.exitStatus, 0, checked.results.flatMap(ScenarioSuite.lines(for:)).joined(separator: "\n"))
    }

    func pixels(_ image: Image) -> [UInt32] {
        (0..<image.height).flatMap { y in (0..<image.width).map { image.pixel(x: $0, y: y).argb | 0xFF00_0000 } }
    }

    func paste(_ tile: Image, into picture: Image, x: Int, y: Int) -> Image {
        for ty in 0..<tile.height {
            for tx in 0..<tile.width { picture.setPixel(x: x + tx, y: y + ty, tile.pixel(x: tx, y: ty)) }
        }
        return picture
    }
}
