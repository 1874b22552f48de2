import Raster
import TestSupport
import TouchCore
import Widget
import XCTest

@testable import Panel

/// Pages and group switches in virtual time: who a contact belongs to (a switch, the page, a
/// dot, nothing), when a drag turns the page, the settle and its interruption, going home, and
/// groups setting their members.
final class PagesTests: XCTestCase {
    /// The three-page board (``BoardFixtures/threePages(top:)``) going home after 60 s; `wrap`
    /// adds `"wrapPages": true`.
    static func config(wrap: Bool = false, extra: String = "") -> String {
        BoardFixtures.threePages(top: #", "wrapPages": \#(wrap), "homeAfter": 60\#(extra)"#)
    }

    func makeController(wrap: Bool = false, restored: [String: Bool] = [:]) throws -> PanelController {
        let view = try PanelView(
            config: try BoardConfig.parse(Self.config(wrap: wrap)), renderer: SwitchRenderer(images: [:]))
        return PanelController(view: view, restored: restored)
    }

    func centre(_ c: PanelController, _ id: String) throws -> Point {
        let f = try XCTUnwrap(c.view.toggle(id: id)).frame
        return Point(f.midX, f.midY)
    }

    /// A gap on every page: below the switches, above the dots.
    let gap = Point(400, 330)

    /// A straight horizontal stroke from `start` by `dx` pixels over `duration` seconds, in
    /// 60 Hz frames, from time `t0`; returns the events frame by frame.
    func stroke(
        from start: Point, dx: Double, dy: Double = 0, duration: Double, t0: Double, contact: Int = 1,
        lift: Bool = true
    ) -> [[TouchEvent]] {
        let steps = max(1, Int((duration * 60).rounded()))
        var frames: [[TouchEvent]] = [[TouchEvent(contact: contact, phase: .began, position: start, time: t0)]]
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            let p = Point(start.x + dx * f, start.y + dy * f)
            frames.append([TouchEvent(contact: contact, phase: .moved, position: p, time: t0 + duration * f)])
        }
        if lift {
            let end = Point(start.x + dx, start.y + dy)
            frames.append([TouchEvent(contact: contact, phase: .ended, position: end, time: t0 + duration + 0.001)])
        }
        return frames
    }

    func run(_ c: PanelController, _ frames: [[TouchEvent]]) -> [SwitchChange] {
        frames.flatMap { c.handle($0) }
    }

    // MARK: Config

    func testPagesParseWithIDsUniqueAcrossPagesAndGroupsChecked() throws {
        let config = try BoardConfig.parse(Self.config())
        XCTAssertEqual(config.pages.map(\.title), ["Downstairs", "Upstairs", nil])
        XCTAssertEqual(config.switches.map(\.id), ["porch", "hall", "all", "any", "bed", "bath", "garden"])
        XCTAssertEqual(config.switches[2].group, SwitchGroup(members: ["porch", "hall", "bed"], mode: .all))
        XCTAssertEqual(config.switches[3].group?.mode, .any)
        XCTAssertEqual(config.homeAfter, 60)
        let layout = try PanelLayout.summary(of: config)
        XCTAssertTrue(layout.contains("page 1 \"Upstairs\"\nscreen 800x480\nswitch bed:"), layout)
        XCTAssertTrue(layout.contains("page 2 \"Page 3\""), layout)

        let broken: [(String, String)] = [
            (
                #"{"version": 1, "pages": [{"switches": [{"id": "a"}]}, {"switches": [{"id": "a"}]}]}"#,
                #"pages[1].switches[0].id: duplicate id "a" (switches 1 and 2 of the board)"#
            ),
            (
                #"{"version": 1, "switches": [{"id": "b"}], "pages": [{"switches": [{"id": "a"}]}]}"#,
                #"switches: give the switches inside "pages", or drop "pages" for a one-page board"#
            ),
            (#"{"version": 1, "pages": []}"#, "pages: needs at least one page"),
            (
                #"{"version": 1, "pages": [{"title": "x"}]}"#,
                #"pages[0]: the page has no switches (give "switches" or "sections")"#
            ),
            (
                #"{"version": 1, "homePage": 1, "switches": [{"id": "a"}]}"#,
                "homePage: 1 is out of range (0…0)"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": ["a", "b"]}]}"#,
                #"switches[1].group[1]: "b" is not a switch of this board"#
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": ["a", "g"]}]}"#,
                "switches[1].group[1]: a group cannot contain itself"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": ["a"]}, {"id": "h", "group": ["g"]}]}"#,
                #"switches[2].group[0]: "g" is a group: groups hold switches, not other groups"#
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": ["a", "a"]}]}"#,
                #"switches[1].group[1]: "a" is listed twice"#
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": []}]}"#,
                "switches[1].group: a group needs at least one member"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": ["a"], "actions": []}]}"#,
                "switches[1].actions: a group switch has no actions of its own: its members' actions apply"
            ),
            (
                #"{"version": 1, "switches": [{"id": "a", "mode": "all"}]}"#,
                #"switches[0].mode: "mode" belongs to a group switch (give "group" too)"#
            ),
            (
                #"{"version": 1, "switches": [{"id": "a"}, {"id": "g", "group": ["a"], "mode": "most"}]}"#,
                #"switches[1].mode: "most" is not one of: any, all"#
            ),
        ]
        for (text, message) in broken {
            XCTAssertThrowsError(try BoardConfig.parse(text), text) { XCTAssertEqual("\($0)", message, text) }
        }
    }

    // MARK: Who a contact belongs to

    func testADragThatStartsOnASwitchMovesItsThumbNeverThePage() throws {
        let c = try makeController()
        let p = try centre(c, "porch")
        // Far to the left and fast: a page swipe's gesture, but it began on the switch.
        let changes = run(c, stroke(from: p, dx: -300, duration: 0.1, t0: 1, lift: false))
        XCTAssertEqual(changes, [])
        XCTAssertEqual(c.pager.position(at: 1.1), 0, "the page did not move")
        let frames = stroke(from: Point(p.x - 300, p.y), dx: 400, duration: 0.1, t0: 1.1)
        XCTAssertEqual(
            run(c, Array(frames.dropFirst())),
            [
                SwitchChange(id: "porch", isOn: true, source: .touch, time: 1.201),
                SwitchChange(id: "any", isOn: true, source: .touch, time: 1.201),
            ], "dragged across to the on side, the switch turned on")
        XCTAssertEqual(c.page, 0)
        XCTAssertEqual(c.pager.position(at: 3), 0)
    }

    func testAHorizontalDragFromAGapMovesThePageOneToOneAndTurnsItPastThirtyPercent() throws {
        let c = try makeController()
        var pages: [Int] = []
        c.onPageChanged = { pages.append($0) }
        // Past the slop (10 px) the page follows the finger from where it crossed, 1:1.
        let frames = stroke(from: gap, dx: -300, duration: 1.0, t0: 1, lift: false)
        _ = run(c, frames)
        let crossing = frames.dropFirst().first { abs($0[0].position.x - gap.x) > 10 }![0].position.x
        XCTAssertEqual(c.pager.position(at: 2), (crossing - (gap.x - 300)) / 800, accuracy: 1e-9)
        XCTAssertTrue(c.pager.isDragging)
        // Still: the finger rests, then lifts — slow, so travel decides: ≥ 30 % turns.
        _ = c.handle([TouchEvent(contact: 1, phase: .ended, position: Point(gap.x - 300, gap.y), time: 2.5)])
        XCTAssertEqual(c.page, 1)
        XCTAssertEqual(pages, [1])
        XCTAssertTrue(c.isAnimating(at: 2.6), "the settle animates")
        let end = try XCTUnwrap(c.restTime(after: 2.5))
        XCTAssertEqual(c.pager.position(at: end), 1)
        XCTAssertFalse(c.isAnimating(at: end))
    }

    func testAShortSlowDragSpringsBackAndAFlickTurnsThePage() throws {
        let c = try makeController()
        // 200 px (25 %) over a second, held, lifted: back to page 0.
        _ = run(c, stroke(from: gap, dx: -200, duration: 1, t0: 1))
        XCTAssertEqual(c.page, 0)
        XCTAssertNotEqual(c.pager.position(at: 2.01), 0, "springs back, animated")
        XCTAssertEqual(c.pager.position(at: 3), 0)
        // The same 25 % in 0.1 s (2000 px/s) is a flick: the page turns.
        _ = run(c, stroke(from: gap, dx: -200, duration: 0.1, t0: 4))
        XCTAssertEqual(c.page, 1)
        // A flick just under the threshold does not: 100 px in 0.25 s is 400 px/s (< 500).
        _ = run(c, stroke(from: gap, dx: 100, duration: 0.25, t0: 6))
        XCTAssertEqual(c.page, 1)
        // The other way at 600 px/s it does: back to page 0.
        _ = run(c, stroke(from: gap, dx: 150, duration: 0.25, t0: 8))
        XCTAssertEqual(c.page, 0)
    }

    func testAVerticalMoveDoesNothingEvenIfItTurnsSidewaysLater() throws {
        let c = try makeController()
        var frames = stroke(from: gap, dx: 5, dy: 60, duration: 0.2, t0: 1, lift: false)
        frames += Array(stroke(from: Point(gap.x + 5, gap.y + 60), dx: -400, duration: 0.1, t0: 1.2).dropFirst())
        XCTAssertEqual(run(c, frames), [])
        XCTAssertEqual(c.page, 0)
        XCTAssertEqual(c.pager.position(at: 1.3), 0)
        XCTAssertEqual(c.liveContacts, 0)
    }

    func testASecondFingerDoesNotDisturbTheFirstsDrag() throws {
        let c = try makeController()
        _ = run(c, stroke(from: gap, dx: -100, duration: 0.5, t0: 1, lift: false))
        let dragged = c.pager.position(at: 1.5)
        XCTAssertGreaterThan(dragged, 0.1)
        // A second finger lands on a switch and taps it, and another swipes: nothing happens.
        let porch = try centre(c, "porch")
        XCTAssertEqual(
            run(
                c,
                [
                    [TouchEvent(contact: 2, phase: .began, position: porch, time: 1.6)],
                    [TouchEvent(contact: 2, phase: .ended, position: porch, time: 1.65)],
                ]), [])
        _ = run(c, stroke(from: Point(100, 330), dx: 300, duration: 0.1, t0: 1.7, contact: 3))
        XCTAssertEqual(c.pager.position(at: 1.9), dragged, "the page stays under the first finger")
        XCTAssertEqual(c.states["porch"], false)
        // The first finger goes on dragging and turns the page.
        _ = run(c, Array(stroke(from: Point(gap.x - 100, gap.y), dx: -200, duration: 0.5, t0: 2).dropFirst()))
        XCTAssertEqual(c.page, 1)
    }

    func testThePageDoesNotWrapUnlessTheConfigSaysSo() throws {
        let c = try makeController()
        // Flicking right on the first page: it gives a little and springs back.
        _ = run(c, stroke(from: gap, dx: 300, duration: 0.5, t0: 1, lift: false))
        XCTAssertLessThan(c.pager.position(at: 1.5), 0)
        XCTAssertGreaterThan(c.pager.position(at: 1.5), -0.3, "resisted at the edge")
        _ = c.handle([TouchEvent(contact: 1, phase: .ended, position: Point(gap.x + 300, gap.y), time: 1.51)])
        XCTAssertEqual(c.page, 0)
        XCTAssertEqual(c.pager.position(at: 3), 0)

        let w = try makeController(wrap: true)
        var pages: [Int] = []
        w.onPageChanged = { pages.append($0) }
        _ = run(w, stroke(from: gap, dx: 300, duration: 0.5, t0: 1))
        XCTAssertEqual(w.page, 2, "wrapped to the last page")
        _ = run(w, stroke(from: gap, dx: -300, duration: 0.5, t0: 3))
        XCTAssertEqual(w.page, 0, "and on to the first")
        XCTAssertEqual(pages, [2, 0])
        XCTAssertEqual(w.pager.normalized(w.pager.position(at: 5)), 0)
    }

    func testATapOnADotGoesThereAndATouchDuringTheSettleCatchesThePage() throws {
        let c = try makeController()
        let dots = c.view.dotCentres
        XCTAssertEqual(dots.count, 3)
        XCTAssertEqual(c.view.dot(at: Point(dots[2].x + 9, dots[2].y + 12)), 2, "the strip is generous")
        XCTAssertNil(c.view.dot(at: Point(dots[2].x + 11, dots[2].y)), "but stops halfway to the next")
        _ = run(
            c,
            [
                [TouchEvent(contact: 1, phase: .began, position: dots[2], time: 1)],
                [TouchEvent(contact: 1, phase: .ended, position: dots[2], time: 1.05)],
            ])
        XCTAssertEqual(c.page, 2)
        let mid = c.pager.position(at: 1.15)
        XCTAssertGreaterThan(mid, 0)
        XCTAssertLessThan(mid, 2)
        // A finger on the moving page stops it where it is (no switch takes the touch) ...
        let porch = try centre(c, "porch")
        _ = c.handle([TouchEvent(contact: 2, phase: .began, position: porch, time: 1.15)])
        XCTAssertTrue(c.pager.isDragging)
        XCTAssertEqual(c.pager.position(at: 1.5), mid, accuracy: 1e-9, "held")
        // ... and lifting it without moving settles on the nearer page.
        _ = c.handle([TouchEvent(contact: 2, phase: .ended, position: porch, time: 1.5)])
        XCTAssertEqual(c.page, mid - 1 >= 0.3 ? 2 : 1)
        XCTAssertEqual(c.states["porch"], false, "the catching touch toggled nothing")
    }

    func testTheSwitchesOfAnotherPageTakeNoTouches() throws {
        let c = try makeController()
        // "bed" (page 1) sits where "porch" sits on page 0.
        XCTAssertEqual(try centre(c, "bed"), try centre(c, "porch"))
        let p = try centre(c, "porch")
        XCTAssertEqual(
            run(
                c,
                [
                    [TouchEvent(contact: 1, phase: .began, position: p, time: 1)],
                    [TouchEvent(contact: 1, phase: .ended, position: p, time: 1.05)],
                ]
            ).map(\.id), ["porch", "any"])
        c.show(page: 1, animated: false, now: 2)
        XCTAssertEqual(
            run(
                c,
                [
                    [TouchEvent(contact: 1, phase: .began, position: p, time: 3)],
                    [TouchEvent(contact: 1, phase: .ended, position: p, time: 3.05)],
                ]
            ).map(\.id), ["bed"],
            "(\"any\" was on already)")
    }

    // MARK: Home

    func testThePanelGoesHomeAfterIdlingButNotWhileAFingerIsDown() throws {
        let c = try makeController()
        XCTAssertNil(c.homeDeadline, "already home")
        _ = run(c, stroke(from: gap, dx: -400, duration: 0.5, t0: 1))
        XCTAssertEqual(c.page, 1)
        let deadline = try XCTUnwrap(c.homeDeadline)
        XCTAssertEqual(deadline, 1.501 + 60, accuracy: 1e-9)
        XCTAssertFalse(c.returnHomeIfIdle(now: deadline - 0.01))
        // A finger resting on the glass is not idleness.
        _ = c.handle([TouchEvent(contact: 4, phase: .began, position: gap, time: 30)])
        XCTAssertNil(c.homeDeadline)
        _ = c.handle([TouchEvent(contact: 4, phase: .ended, position: gap, time: 40)])
        XCTAssertFalse(c.returnHomeIfIdle(now: deadline))
        XCTAssertTrue(c.returnHomeIfIdle(now: 100))
        XCTAssertEqual(c.page, 0)
        XCTAssertTrue(c.isAnimating(at: 100.1), "animated home")
        c.show(page: 2, animated: false, now: 200)
        c.returnHome(now: 201)
        XCTAssertEqual(c.pager.position(at: 201), 0, "at once (the screen blanked)")
    }

    // MARK: Groups

    func testAGroupShowsItsMembersAndSetsThemAll() throws {
        let c = try makeController(restored: ["porch": true, "all": true])
        let all = try XCTUnwrap(c.view.toggle(id: "all"))
        let any = try XCTUnwrap(c.view.toggle(id: "any"))
        XCTAssertTrue(all.isMixed, "members disagree: mixed")
        XCTAssertFalse(all.isOn)
        XCTAssertEqual(all.appearance(at: 0).position, 0.5, "the thumb halfway")
        XCTAssertTrue(any.isOn)
        XCTAssertEqual(c.savedStates.keys.sorted(), ["bath", "bed", "garden", "hall", "porch"], "groups are not saved")

        // A tap on the mixed "all" group turns every member on, across pages; then the groups.
        let changes = run(
            c,
            [
                [TouchEvent(contact: 1, phase: .began, position: try centre(c, "all"), time: 1)],
                [TouchEvent(contact: 1, phase: .ended, position: try centre(c, "all"), time: 1.05)],
            ])
        XCTAssertEqual(changes.map(\.id), ["hall", "bed", "all"])
        XCTAssertTrue(changes.allSatisfy { $0.isOn && $0.source == .touch && $0.time == 1.05 })
        XCTAssertEqual(c.states["bed"], true)
        XCTAssertFalse(all.isMixed)
        // From code, the "any" group turns them all off; both groups follow.
        XCTAssertEqual(
            c.set("any", isOn: false, source: .socket, now: 2).map { "\($0.id) \($0.isOn)" },
            ["porch false", "hall false", "bed false", "all false", "any false"])
        // A member alone moves its groups.
        XCTAssertEqual(
            c.set("bed", isOn: true, source: .mqtt, now: 3).map { "\($0.id) \($0.isOn)" }, ["bed true", "any true"])
        XCTAssertTrue(all.isMixed)
        XCTAssertEqual(all.appearance(at: 10).position, 0.5)
        // "On" to an any-group that shows on still turns on the members that are off (Home
        // Assistant's "turn on" of "all lights" means all of them); a mixed all-group set off
        // turns the on ones off; a group whose members are all there already changes nothing.
        XCTAssertEqual(c.set("any", isOn: true, source: .socket, now: 11).map(\.id), ["porch", "hall", "all", "any"])
        XCTAssertFalse(all.isMixed)
        XCTAssertEqual(c.set("any", isOn: true, source: .socket, now: 12), [])
        XCTAssertEqual(c.set("bed", isOn: false, source: .socket, now: 13).map(\.id), ["bed", "all"])
        XCTAssertEqual(c.set("all", isOn: false, source: .socket, now: 14).map(\.id), ["porch", "hall", "all", "any"])
        XCTAssertFalse(all.isMixed)
        XCTAssertEqual(c.set("all", isOn: false, source: .socket, now: 15), [])
    }

    // MARK: Review findings

    /// A touch during a slide across the wrap point settles on the nearest page, not two pages
    /// back; a flick after a catch goes on in its direction.
    func testACatchAcrossTheWrapPointSettlesOnTheNearestPage() throws {
        var pager = Pager(count: 3, page: 2, wraps: true, width: 800)
        pager.show(0, animated: true, now: 0)  // the short way: 2 → 3 (≡ 0)
        XCTAssertEqual(pager.page, 0)
        let caught = pager.position(at: 0.1)
        XCTAssertGreaterThan(caught, 2)
        pager.beginDrag(contact: 1, x: 400, now: 0.1)
        pager.endDrag(contact: 1, x: 400, now: 0.3)
        XCTAssertEqual(pager.page, caught.rounded() == 3 ? 0 : 2)
        XCTAssertLessThanOrEqual(abs(pager.position(at: 5) - caught.rounded()), 1e-9, "the nearest copy, unwrapped")
        // Caught mid-slide from 0 to 2 (a dot), lifted still: the nearest page, not the one after.
        var jump = Pager(count: 5, page: 0, wraps: false, width: 800)
        jump.show(4, animated: true, now: 0)
        let mid = jump.position(at: 0.08)
        jump.beginDrag(contact: 1, x: 400, now: 0.08)
        jump.endDrag(contact: 1, x: 400, now: 0.5)
        XCTAssertEqual(jump.page, Int(mid.rounded()))
        // Cancelled mid-catch: on to where it was heading.
        var cancelled = Pager(count: 3, page: 2, wraps: true, width: 800)
        cancelled.show(0, animated: true, now: 0)
        cancelled.beginDrag(contact: 1, x: 400, now: 0.1)
        cancelled.cancelDrag(now: 0.2)
        XCTAssertEqual(cancelled.page, 0)
        XCTAssertEqual(cancelled.position(at: 5), 3, "forward across the wrap point, not back through page 1")
    }

    /// With two wrapping pages, the next page comes in from the right and the previous from the left.
    func testTwoWrappingPagesSlideTheWayTheirNumbersLie() throws {
        var pager = Pager(count: 2, page: 0, wraps: true, width: 800)
        pager.show(1, animated: true, now: 0)
        XCTAssertGreaterThan(pager.position(at: 0.1), 0, "0 → 1 slides forward")
        pager.finish(at: 1)
        pager.show(0, animated: true, now: 1)
        XCTAssertLessThan(pager.position(at: 1.1), 1, "1 → 0 slides back")
    }

    /// Catching the spring-back past the first page takes it where it shows.
    func testCatchingTheSpringBackAtAnEdgeMakesNoJump() throws {
        var pager = Pager(count: 3, page: 0, wraps: false, width: 800)
        pager.beginDrag(contact: 1, x: 100, now: 0)
        pager.drag(contact: 1, x: 400, now: 1)
        pager.endDrag(contact: 1, x: 400, now: 1)
        let shown = pager.position(at: 1.05)
        XCTAssertLessThan(shown, 0)
        pager.beginDrag(contact: 2, x: 300, now: 1.05)
        XCTAssertEqual(pager.position(at: 1.05), shown, accuracy: 1e-12)
    }

    func testAGroupLeavesItsDisabledMembersAlone() throws {
        let config = try BoardConfig.parse(
            #"{"version": 1, "switches": [{"id": "a"}, {"id": "b", "enabled": false}, {"id": "g", "group": ["a", "b"], "mode": "all"}]}"#
        )
        let c = PanelController(view: try PanelView(config: config, renderer: SwitchRenderer(images: [:])))
        XCTAssertEqual(
            c.set("g", isOn: true, source: .socket, now: 1).map { "\($0.id) \($0.isOn)" }, ["a true", "g false"])
        XCTAssertTrue(try XCTUnwrap(c.view.toggle(id: "g")).isMixed, "b stayed off: the group shows that")
    }

    // MARK: Pictures

    /// Frames painted on one canvas from frame to frame, as the frame composer paints them: the
    /// first frame of a slide — whose picture of the page it leaves is taken off the screen, not
    /// drawn — is exactly both pages drawn afresh, moved, with the dots on top; a finger that has
    /// not moved the page yet repaints nothing; and the frame that comes to rest, copied from
    /// the page's picture, is exactly the page drawn afresh with its dots.
    func testSlideFramesOnTheScreenCanvasAreThePagesDrawnAfresh() throws {
        let c = try makeController()
        let size = IntRect(x: 0, y: 0, width: 800, height: 480)
        func fresh(_ page: Int) -> Image {
            let image = Image(width: 800, height: 480, format: .argb8888)
            c.view.draw(page: page, on: Canvas(image: image), at: 0)
            return image
        }
        func composed(_ pages: [(Image, Int)], dot: Int) -> Image {
            let image = Image(width: 800, height: 480, format: .argb8888)
            let canvas = Canvas(image: image)
            for (page, x) in pages { canvas.copy(page, at: x, 0) }
            c.view.drawDots(current: dot, on: canvas)
            return image
        }
        func differing(_ a: Image, _ b: Image) -> Int {
            var n = 0
            for y in 0..<480 { for x in 0..<800 where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
            return n
        }
        let screen = Image(width: 800, height: 480, format: .argb8888)
        let canvas = Canvas(image: screen)
        func paint(at now: Double) {
            for rect in c.damage(at: now) { canvas.withClip(rect) { c.draw(on: canvas, at: now) } }
            c.didPaint(at: now)
        }
        paint(at: 0)
        XCTAssertEqual(differing(screen, composed([(fresh(0), 0)], dot: 0)), 0, "at rest")

        _ = c.handle([TouchEvent(contact: 1, phase: .began, position: gap, time: 1)])
        _ = c.handle([TouchEvent(contact: 1, phase: .moved, position: Point(gap.x - 20, gap.y), time: 1.016)])
        XCTAssertTrue(c.pager.isDragging)
        XCTAssertEqual(c.damage(at: 1.016), [], "the drag has not moved the page: nothing to repaint")
        _ = c.handle([TouchEvent(contact: 1, phase: .moved, position: Point(gap.x - 130, gap.y), time: 1.033)])
        XCTAssertEqual(c.damage(at: 1.033), [size])
        XCTAssertEqual(c.pagePictureBytes, 0)
        paint(at: 1.033)
        XCTAssertEqual(c.pagePictureBytes, 2 * 800 * 480 * 4, "both pictures made in the first frame")
        XCTAssertEqual(differing(screen, composed([(fresh(0), -110), (fresh(1), 690)], dot: 0)), 0, "first frame")

        _ = c.handle([TouchEvent(contact: 1, phase: .ended, position: Point(gap.x - 130, gap.y), time: 1.05)])
        let end = try XCTUnwrap(c.restTime(after: 1.05))
        paint(at: (1.05 + end) / 2)
        paint(at: end)
        XCTAssertEqual(c.page, 1)
        XCTAssertEqual(c.pagePictureBytes, 0, "pictures freed at rest")
        XCTAssertEqual(differing(screen, composed([(fresh(1), 0)], dot: 1)), 0, "at rest on page 1")
    }

    /// Mid-slide the frame is exactly the two pages as drawn at rest, moved by the page's offset
    /// (rounded to whole pixels), with the dots on top.
    func testAFrameMidSlideIsThePagesAtRestMovedToWhereTheyAre() throws {
        let c = try makeController()
        func atRest(_ page: Int) -> Image {
            let image = Image(width: 800, height: 480, format: .argb8888)
            c.view.draw(page: page, on: Canvas(image: image), at: 0)
            return image
        }
        let page0 = atRest(0)
        let page1 = atRest(1)
        _ = run(c, stroke(from: gap, dx: -250, duration: 0.5, t0: 1, lift: false))
        let position = c.pager.position(at: 1.5)
        XCTAssertEqual(c.damage(at: 1.5), [IntRect(x: 0, y: 0, width: 800, height: 480)])
        let frame = Image(width: 800, height: 480, format: .argb8888)
        c.draw(on: Canvas(image: frame), at: 1.5)
        c.didPaint(at: 1.5)
        XCTAssertEqual(c.damage(at: 1.6), [], "the finger holds still: nothing to paint")
        XCTAssertEqual(c.pagePictureBytes, 2 * 800 * 480 * 4, "two pages in pictures while sliding")
        let shift = -Int((-position * 800 + 0.5).rounded(.down))  // where page 0 lands, as drawn
        let dots = c.view.dotsBounds
        var mismatches = 0
        for y in 0..<480 {
            for x in 0..<800 where !dots.contains(IntRect(x: x, y: y, width: 1, height: 1)) {
                let expected = x + shift < 800 ? page0.pixel(x: x + shift, y: y) : page1.pixel(x: x + shift - 800, y: y)
                if frame.pixel(x: x, y: y) != expected { mismatches += 1 }
            }
        }
        XCTAssertEqual(mismatches, 0)
        // Lifted and settled, the pictures are freed and the page is drawn directly.
        _ = c.handle([TouchEvent(contact: 1, phase: .ended, position: Point(gap.x - 250, gap.y), time: 1.7)])
        let end = try XCTUnwrap(c.restTime(after: 1.7))
        c.draw(on: Canvas(image: frame), at: end)
        c.didPaint(at: end)
        XCTAssertEqual(c.pagePictureBytes, 0)
        for y in stride(from: 0, to: 480, by: 7) where !dots.contains(IntRect(x: 10, y: y, width: 1, height: 1)) {
            XCTAssertEqual(frame.pixel(x: 10, y: y), page1.pixel(x: 10, y: y))
        }
    }
}
