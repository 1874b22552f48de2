import Foundation
import Presentation
import Raster
import TouchCore
import XCTest

@testable import Preview

/// The preview's pure rules: who may do what, which request gets what, how pointers become
/// contacts, and what a page is owed — without a socket.
final class PreviewAccessTests: XCTestCase {
    func testLoopbackIsOpenAndTokensGrantViewOrTouch() throws {
        XCTAssertEqual(PreviewAccess.open.grant(for: nil), .touch)
        XCTAssertEqual(PreviewAccess.open.grant(for: "anything"), .touch)
        XCTAssertFalse(PreviewAccess.for(try ListenAddress(parsing: "127.0.0.1:8080")).requiresToken)

        let access = PreviewAccess.for(try ListenAddress(parsing: "0.0.0.0:8080"))
        let view = try XCTUnwrap(access.viewToken)
        let touch = try XCTUnwrap(access.touchToken)
        XCTAssertNotEqual(view, touch)
        for token in [view, touch] {
            XCTAssertEqual(token.count, 32)
            XCTAssertTrue(token.allSatisfy(\.isHexDigit), token)
        }
        XCTAssertEqual(access.grant(for: nil), .none)
        XCTAssertEqual(access.grant(for: ""), .none)
        XCTAssertEqual(access.grant(for: String(touch.dropLast())), .none)
        XCTAssertEqual(access.grant(for: touch + "0"), .none)
        XCTAssertEqual(access.grant(for: view), .view)
        XCTAssertEqual(access.grant(for: touch), .touch)
        XCTAssertNotEqual(PreviewAccess.random().touchToken, touch, "each start draws new tokens")
    }
}

final class PreviewRouterTests: XCTestCase {
    let open = PreviewRouter(access: .open)
    let guarded = PreviewRouter(access: PreviewAccess(viewToken: "v", touchToken: "t"))

    func status(_ response: PreviewResponse) -> Int? {
        if case .content(let status, _, _, _) = response { return status }
        return nil
    }

    func text(_ response: PreviewResponse) -> String {
        if case .content(_, _, let body, _) = response { return String(decoding: body, as: UTF8.self) }
        return ""
    }

    func testRoutesAndMethods() {
        XCTAssertEqual(status(open.route(PreviewRequest(method: "GET", path: "/"))), 200)
        XCTAssertEqual(status(open.route(PreviewRequest(method: "HEAD", path: "/"))), 200)
        XCTAssertEqual(open.route(PreviewRequest(method: "GET", path: "/events")), .events(grant: .touch))
        XCTAssertEqual(open.route(PreviewRequest(method: "GET", path: "/stats")), .stats)
        XCTAssertEqual(open.route(PreviewRequest(method: "GET", path: "/scenario.json")), .scenario)
        XCTAssertEqual(status(open.route(PreviewRequest(method: "POST", path: "/scenario.json"))), 405)
        XCTAssertEqual(status(open.route(PreviewRequest(method: "GET", path: "/index.html"))), 404)
        XCTAssertEqual(status(open.route(PreviewRequest(method: "GET", path: "/events/"))), 404)
        XCTAssertEqual(
            open.route(PreviewRequest(method: "DELETE", path: "/")),
            .content(
                status: 405, type: "text/plain; charset=utf-8", body: Array("/ takes GET only\n".utf8),
                allow: "GET, HEAD"))
        XCTAssertEqual(status(open.route(PreviewRequest(method: "GET", path: "/input"))), 405)
        XCTAssertEqual(status(open.route(PreviewRequest(method: "POST", path: "/events"))), 405)
    }

    func testTokensAreCheckedBeforeAnythingElse() {
        XCTAssertEqual(status(guarded.route(PreviewRequest(method: "GET", path: "/"))), 401)
        XCTAssertEqual(status(guarded.route(PreviewRequest(method: "GET", path: "/", query: ["token": "x"]))), 403)
        XCTAssertEqual(status(guarded.route(PreviewRequest(method: "GET", path: "/", query: ["token": "v"]))), 200)
        XCTAssertEqual(
            guarded.route(PreviewRequest(method: "GET", path: "/events", query: ["token": "v"])), .events(grant: .view))
        XCTAssertEqual(
            guarded.route(PreviewRequest(method: "GET", path: "/events", query: ["token": "t"])), .events(grant: .touch)
        )
        let input = Array(#"[{"pointer":1,"type":"down","x":1,"y":2}]"#.utf8)
        XCTAssertEqual(
            status(guarded.route(PreviewRequest(method: "POST", path: "/input", query: ["client": "1"], body: input))),
            401)
        let viewOnly = guarded.route(
            PreviewRequest(method: "POST", path: "/input", query: ["client": "1", "token": "v"], body: input))
        XCTAssertEqual(status(viewOnly), 403)
        XCTAssertEqual(text(viewOnly), "this token may view the panel, not touch it\n")
        XCTAssertEqual(
            guarded.route(
                PreviewRequest(method: "POST", path: "/input", query: ["client": "1", "token": "t"], body: input)),
            .input(client: 1, events: [PointerEvent(pointer: 1, type: .down, x: 1, y: 2)]))
    }

    func testInputBodiesAreJSONArraysOfPointerEventsOrRefusedSayingWhy() {
        func input(_ body: String, client: String? = "3", tooLarge: Bool = false) -> PreviewResponse {
            open.route(
                PreviewRequest(
                    method: "POST", path: "/input", query: client.map { ["client": $0] } ?? [:], body: Array(body.utf8),
                    bodyTooLarge: tooLarge))
        }
        XCTAssertEqual(
            input(#"[{"pointer":7,"type":"move","x":10.5,"y":-3},{"pointer":7,"type":"up","x":11,"y":0}]"#),
            .input(
                client: 3,
                events: [
                    PointerEvent(pointer: 7, type: .move, x: 10.5, y: -3),
                    PointerEvent(pointer: 7, type: .up, x: 11, y: 0),
                ]))
        XCTAssertEqual(input("[]"), .input(client: 3, events: []))
        XCTAssertEqual(status(input("[]", client: nil)), 400)
        XCTAssertEqual(status(input("[]", client: "one")), 400)
        XCTAssertEqual(status(input("[]", tooLarge: true)), 413)
        XCTAssertEqual(status(input("\u{0}garbage")), 400)
        XCTAssertTrue(text(input(#"[{"pointer":1,"type":"explode","x":1,"y":1}]"#)).contains("[0].type"))
        XCTAssertTrue(text(input(#"[{"pointer":1,"type":"down","x":1}]"#)).contains("[0]"))
        XCTAssertEqual(status(input(#"{"pointer":1}"#)), 400)
        let many =
            "[" + Array(repeating: #"{"pointer":1,"type":"move","x":1,"y":1}"#, count: 257).joined(separator: ",")
            + "]"
        XCTAssertEqual(status(input(many)), 413)
    }
}

final class PointerContactsTests: XCTestCase {
    func testAPointerIsOneContactFromDownToUpOnTheLogicalScreen() {
        var contacts = PointerContacts(rotation: .none, physicalWidth: 800, physicalHeight: 480)
        let frames = contacts.frames(
            for: [
                PointerEvent(pointer: 1, type: .down, x: 100, y: 50),
                PointerEvent(pointer: 1, type: .move, x: 120, y: 52),
                PointerEvent(pointer: 1, type: .up, x: 130, y: 55),
            ], client: 4, time: 2)
        let base = PointerContacts.contactBase
        XCTAssertEqual(
            frames,
            [
                [TouchEvent(contact: base, phase: .began, position: Point(100, 50), time: 2)],
                [TouchEvent(contact: base, phase: .moved, position: Point(120, 52), time: 2)],
                [TouchEvent(contact: base, phase: .ended, position: Point(130, 55), time: 2)],
            ])
        XCTAssertEqual(contacts.liveContacts, 0)
        XCTAssertGreaterThan(base, 1 << 40, "far above every touch device's ids")
    }

    func testEventsThatMakeNoSenseAreDroppedAndPagesAreApart() {
        var contacts = PointerContacts(rotation: .none, physicalWidth: 800, physicalHeight: 480)
        let stray = contacts.frames(
            for: [
                PointerEvent(pointer: 1, type: .move, x: 1, y: 1), PointerEvent(pointer: 1, type: .up, x: 1, y: 1),
                PointerEvent(pointer: 2, type: .down, x: .nan, y: 1),
                PointerEvent(pointer: 2, type: .down, x: .infinity, y: 1),
            ], client: 1, time: 0)
        XCTAssertEqual(stray, [])
        let a = contacts.frames(for: [PointerEvent(pointer: 1, type: .down, x: 5, y: 5)], client: 1, time: 0)
        let again = contacts.frames(for: [PointerEvent(pointer: 1, type: .down, x: 6, y: 6)], client: 1, time: 0)
        let b = contacts.frames(for: [PointerEvent(pointer: 1, type: .down, x: 7, y: 7)], client: 2, time: 0)
        XCTAssertEqual(again, [], "a second down of a pointer that is down")
        XCTAssertNotEqual(a[0][0].contact, b[0][0].contact, "pointer 1 of two pages: two contacts")
        XCTAssertEqual(
            contacts.cancel(client: 1, time: 3),
            [[TouchEvent(contact: a[0][0].contact, phase: .cancelled, position: Point(5, 5), time: 3)]])
        XCTAssertEqual(contacts.liveContacts, 1, "the other page's contact stays")
        XCTAssertEqual(contacts.cancel(client: 1, time: 3), [])
    }

    func testTenFingersAPageAndPositionsClampedToTheScreen() {
        var contacts = PointerContacts(rotation: .none, physicalWidth: 800, physicalHeight: 480)
        let downs = (0..<12).map { PointerEvent(pointer: $0, type: .down, x: -40, y: 900) }
        let frames = contacts.frames(for: downs, client: 1, time: 0)
        XCTAssertEqual(frames.count, 10)
        XCTAssertEqual(frames[0][0].position, Point(0, 480))
    }

    func testRotationPutsTheContactUnderThePointer() {
        // A 720x1280 panel turned a quarter: the logical screen is 1280x720.
        var contacts = PointerContacts(rotation: .quarter, physicalWidth: 720, physicalHeight: 1280)
        let logical = Point(300, 100)
        let physical = Rotation.quarter.physicalPoint(logical, width: 1280, height: 720)
        let frames = contacts.frames(
            for: [PointerEvent(pointer: 1, type: .down, x: physical.x, y: physical.y)], client: 1, time: 0)
        XCTAssertEqual(frames[0][0].position, logical)
    }
}

final class ClientFeedTests: XCTestCase {
    let screen = IntRect(x: 0, y: 0, width: 800, height: 480)

    func entry(_ n: Int) -> PreviewLogEntry {
        PreviewLogEntry(time: Double(n), id: "s\(n)", on: true, source: "touch", actions: [], ran: false)
    }

    func testAPageGetsHelloTheWholeScreenThenStateThenNothing() {
        var feed = ClientFeed()
        feed.addDamage([IntRect(x: 1, y: 1, width: 5, height: 5)])
        XCTAssertEqual(feed.next(screen: screen), .hello)
        XCTAssertEqual(feed.next(screen: screen), .frame(rects: [screen], full: true), "the full frame swallows damage")
        XCTAssertEqual(feed.next(screen: screen), .state)
        XCTAssertEqual(feed.next(screen: screen), nil)
        XCTAssertFalse(feed.hasPending)
    }

    func testDamageOfAPageThatDoesNotReadIsMergedAndBounded() {
        var feed = ClientFeed()
        while feed.next(screen: screen) != nil {}
        var added = DamageRegion(limit: 10_000)
        for i in 0..<500 {
            let rect = IntRect(x: (i * 37) % 760, y: (i * 53) % 440, width: 40, height: 40)
            feed.addDamage([rect])
            added.add(rect)
        }
        XCTAssertLessThanOrEqual(feed.damage.rects.count, ClientFeed.damageLimit)
        guard case .frame(let rects, false) = feed.next(screen: screen) else { return XCTFail("a damage frame") }
        // Everything that changed is covered.
        for rect in added.rects {
            XCTAssertTrue(
                rects.contains { $0.union(rect) == $0 }
                    || rects.reduce(0) { $0 + $1.intersection(rect).area } >= rect.area, "\(rect)")
        }
        XCTAssertEqual(feed.next(screen: screen), nil)
    }

    func testTheLogKeepsItsNewestEntriesAndCountsTheRest() {
        var feed = ClientFeed()
        while feed.next(screen: screen) != nil {}
        for n in 0..<(ClientFeed.logLimit + 10) { feed.append(entry(n)) }
        feed.stateChanged()
        feed.errorChanged()
        XCTAssertEqual(feed.next(screen: screen), .error)
        XCTAssertEqual(feed.next(screen: screen), .state)
        XCTAssertEqual(
            feed.next(screen: screen), .log((10..<(ClientFeed.logLimit + 10)).map(entry), dropped: 10))
        XCTAssertEqual(feed.next(screen: screen), nil)
        feed.requestFullFrame()
        XCTAssertEqual(feed.next(screen: screen), .frame(rects: [screen], full: true))
    }
}

final class PreviewMessageTests: XCTestCase {
    func testAFrameIsOneServerSentEventOfJSON() throws {
        let frame = PreviewMessage.Frame(
            seq: 7, input: 2, full: false,
            tiles: [PreviewMessage.Tile(rect: IntRect(x: 3, y: 4, width: 5, height: 6), png: [0, 1, 254, 255])])
        let text = String(decoding: PreviewMessage.event(frame), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("event: frame\ndata: "))
        XCTAssertTrue(text.hasSuffix("\n\n"))
        let data = text.dropFirst("event: frame\ndata: ".count).dropLast(2)
        XCTAssertFalse(data.contains("\n"))
        XCTAssertEqual(try JSONDecoder().decode(PreviewMessage.Frame.self, from: Data(data.utf8)), frame)
        XCTAssertEqual(frame.tiles[0].png, "AAH+/w==")
    }

    func testEventsEscapeNewlinesInTheirData() {
        let text = String(
            decoding: PreviewMessage.event("problem", PreviewMessage.ConfigProblem(message: "a\nb")), as: UTF8.self)
        XCTAssertEqual(text, "event: problem\ndata: {\"message\":\"a\\nb\"}\n\n")
    }
}

final class ScreenMirrorTests: XCTestCase {
    /// The mirror, fed each frame's damage, holds what the display shows, for every rotation and
    /// a 16-bit format — which is what `render` writes.
    func testTheMirrorIsTheDisplaysPicture() throws {
        for rotation in [Rotation.none, .quarter, .half, .threeQuarters] {
            for format in [PixelFormat.xrgb8888, .rgb565] {
                let physical = rotation.physicalSize(width: 64, height: 40)
                let display = HeadlessDisplay(width: physical.width, height: physical.height, format: format)
                let composer = FrameComposer(display: display, rotation: rotation)
                let mirror = ScreenMirror(width: display.width, height: display.height, format: format)
                var generator = SystemRandomNumberGenerator()
                for frame in 0..<6 {
                    if frame > 0 {
                        composer.invalidate(
                            IntRect(
                                x: Int.random(in: 0..<50, using: &generator),
                                y: Int.random(in: 0..<30, using: &generator),
                                width: 14, height: 9))
                    }
                    let colour = Color(rgb: UInt32.random(in: 0...0xFFFFFF, using: &generator))
                    XCTAssertTrue(
                        try composer.composeFrame(now: Double(frame)) { canvas in
                            canvas.fill(.rect(Rect(x: 0, y: 0, width: 64, height: 40)), colour)
                            canvas.fill(.circle(center: Point(20.5, 13.25), radius: 9), Color(rgb: 0x102030))
                        })
                    _ = try display.dispatchEvents(now: Double(frame) + 0.5)
                    mirror.update(composer.lastFrameDamage, from: composer)
                    let shown = try XCTUnwrap(display.snapshot())
                    func pixels(_ image: Image) -> [UInt32] {
                        (0..<image.height).flatMap { y in (0..<image.width).map { image.pixel(x: $0, y: y).argb } }
                    }
                    XCTAssertEqual(pixels(mirror.image), pixels(shown), "\(rotation) \(format) frame \(frame)")
                }
                let tile = mirror.surface(of: IntRect(x: 2, y: 3, width: 5, height: 4))
                XCTAssertEqual(tile.pixel(x: 1, y: 1), mirror.image.pixel(x: 3, y: 4))
            }
        }
    }
}

final class PointerTimingTests: XCTestCase {
    /// A tap whose up the network delayed by 400 ms is still 50 ms long on the panel's clock.
    func testEventsKeepThePagesTimingNotTheNetworks() {
        var contacts = PointerContacts(rotation: .none, physicalWidth: 800, physicalHeight: 480)
        let down = contacts.frames(
            for: [PointerEvent(pointer: 1, type: .down, x: 9, y: 9, t: 5000)], client: 1, time: 100)
        let up = contacts.frames(
            for: [PointerEvent(pointer: 1, type: .up, x: 9, y: 9, t: 5050)], client: 1, time: 100.45)
        XCTAssertEqual(down[0][0].time, 100)
        XCTAssertEqual(up[0][0].time, 100.05, accuracy: 1e-9)
        // Never later than the arrival, never before the page's previous event.
        let late = contacts.frames(
            for: [PointerEvent(pointer: 2, type: .down, x: 9, y: 9, t: 9000)], client: 1, time: 101)
        XCTAssertEqual(late[0][0].time, 101)
        let early = contacts.frames(for: [PointerEvent(pointer: 2, type: .up, x: 9, y: 9, t: 1)], client: 1, time: 102)
        XCTAssertEqual(early[0][0].time, 101)
        let untimed = contacts.frames(for: [PointerEvent(pointer: 3, type: .down, x: 9, y: 9)], client: 2, time: 103)
        XCTAssertEqual(untimed[0][0].time, 103)
    }
}
