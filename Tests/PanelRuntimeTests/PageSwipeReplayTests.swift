import Foundation
import Panel
import PanelRuntime
import Presentation
import Raster
import TouchCore
import Widget
import XCTest

/// The real touchscreen recordings (Tests/TouchCoreTests/Recordings) replayed on a board of
/// three pages that starts on the middle one, through the touch state machine, the panel
/// session and its frames, on the recordings' own timestamps (``RecordingPlayer``): a drag that
/// begins on a switch belongs to that switch and never moves the page; the recorded swipes
/// across the screen (the Wacom top swipes, one and two fingers, and N-Trig's one-finger drag
/// from the top-left corner to the bottom-right, 31° from the horizontal) turn the page when
/// they begin in a gap, and do not when a switch sits where they begin.
final class PageSwipeReplayTests: XCTestCase {
    static let recordings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TouchCoreTests/Recordings")

    /// The recordings that swipe across the screen from a corner (every one moves rightwards:
    /// the page before comes in, page 1 → 0).
    static let swipes = [
        "Wacom ISDv4 E6 Finger.single-top-swipe", "Wacom ISDv4 E6 Finger.double-top-swipe",
        "N-Trig MultiTouch.1-finger-drag-NW-SE",
    ]

    /// A recording and its device (from its header, or the `.desc` beside it).
    func load(_ name: String) throws -> (EvemuRecording, DeviceDescription) {
        let text = try String(contentsOf: Self.recordings.appendingPathComponent("\(name).events"), encoding: .utf8)
        let descName = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path).first {
            $0.hasSuffix(".desc") && name.hasPrefix(String($0.dropLast(5)))
        }
        let desc = try descName.map {
            try String(contentsOf: Self.recordings.appendingPathComponent($0), encoding: .utf8)
        }
        return try parseRecording(text, named: name, description: desc)
    }

    /// A board of three 800×480 pages starting on page 1; page 1's switches are `page1` (JSON
    /// switch objects).
    func board(page1: String) throws -> BoardConfig {
        try BoardConfig.parse(
            #"""
            {"version": 1, "homePage": 1,
             "pages": [
              {"title": "Left", "switches": [{"id": "a"}, {"id": "b"}]},
              {"title": "Middle", "switches": [\#(page1)]},
              {"title": "Right", "switches": [{"id": "c"}]}
             ]}
            """#)
    }

    /// What a replay did: the page changes (in order), the value changes, the page it ended on,
    /// and where each contact began (logical pixels).
    struct Outcome {
        var pages: [Int] = []
        var changes: [SwitchChange] = []
        var page = 0
        var starts: [Point] = []
    }

    func replay(_ name: String, on config: BoardConfig) throws -> Outcome {
        let (recording, device) = try load(name)
        let session = try PanelSession(
            config: config, display: HeadlessDisplay(width: config.display.width, height: config.display.height),
            renderer: SwitchRenderer(), store: nil, actions: ActionRunner(printLine: { _ in }), log: { _, _ in })
        var outcome = Outcome()
        session.onChange = { outcome.changes.append($0) }
        let previous = session.onPageChanged
        session.onPageChanged = { page, title in
            outcome.pages.append(page)
            previous?(page, title)
        }
        var player = try RecordingPlayer(recording: recording, device: device, config: config)
        // Where the contacts begin, through a copy of the same state machine.
        var probe = player
        for event in recording.events {
            for frame in probe.take(event).frames {
                outcome.starts += frame.filter { $0.phase == .began }.map(\.position)
            }
        }
        _ = try player.play(into: session)
        outcome.page = session.controller.page
        XCTAssertEqual(session.controller.liveContacts, 0, name)
        XCTAssertEqual(session.framesPresented > 1, true, "\(name): frames were painted")
        return outcome
    }

    /// Each swipe begins in the top-left margin, a gap on a page whose switches are in the grid:
    /// the page follows the finger and settles on page 0, and no switch changes.
    func testARecordedSwipeFromAGapTurnsThePage() throws {
        let config = try board(page1: #"{"id": "m1"}, {"id": "m2"}, {"id": "m3"}"#)
        for name in Self.swipes {
            let r = try replay(name, on: config)
            let start = try XCTUnwrap(r.starts.first, name)
            let view = try PanelView(config: config, renderer: SwitchRenderer())
            XCTAssertFalse(
                view.pages[1].switchIndices.contains { view.switches[$0].toggle.hitTest(start) },
                "\(name): begins at \(start), in a gap")
            XCTAssertEqual(r.pages, [0], "\(name): one page turn, to the page on the left")
            XCTAssertEqual(r.page, 0, name)
            XCTAssertEqual(r.changes, [], "\(name): no switch changed")
        }
    }

    /// The same swipes with a switch placed where each begins: the contact is the switch's for
    /// its whole life (its drag carries the thumb to the right, on), the page never moves — and
    /// the second finger of the two-finger swipe, which begins in a gap, does not take the page
    /// while the first holds the switch.
    func testARecordedSwipeThatBeginsOnASwitchNeverTurnsThePage() throws {
        for name in Self.swipes {
            let probe = try replay(name, on: try board(page1: #"{"id": "m1"}"#))
            let start = try XCTUnwrap(probe.starts.first, name)
            // The switch's frame around the start, kept on the screen (its hit area is taller
            // than the frame, so a start near the top edge is still on it).
            let style = try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "x"}]}"#).switches[0].style
            let x = max(0, start.x - style.size.width * style.scale / 2)
            let y = max(0, start.y - style.size.height * style.scale / 2)
            let config = try board(
                page1: #"{"id": "under", "position": {"x": \#(x), "y": \#(y)}}, {"id": "m1"}"#)
            let view = try PanelView(config: config, renderer: SwitchRenderer())
            XCTAssertTrue(try XCTUnwrap(view.toggle(id: "under")).hitTest(start), "\(name): begins on the switch")
            let r = try replay(name, on: config)
            XCTAssertEqual(r.pages, [], "\(name): the page never moved")
            XCTAssertEqual(r.page, 1, name)
            XCTAssertEqual(r.changes.map(\.id), ["under"], "\(name): only the switch it began on changed")
            XCTAssertEqual(r.changes.first?.isOn, true, "\(name): dragged to the right, on")
        }
    }

    /// Every recording, on a page tiled with switches (the gesture replays' 4×6 grid of hit
    /// areas, x −4…756 and y 13…469): a recording whose contacts all begin on switches never
    /// moves the page, whatever its fingers do afterwards (scrolls, circles, four-finger drags).
    func testDragsThatBeginOnSwitchesNeverChangeThePage() throws {
        var page1: [String] = []
        for i in 0..<24 {
            let x = 40 + (i % 4) * 190
            let y = 20 + (i / 4) * 76
            page1.append(
                #"{"id": "g\#(i)", "position": {"x": \#(x), "y": \#(y)}, "style": {"size": {"width": 102, "height": 62}, "minimumTouchTarget": {"width": 190, "height": 76}}}"#
            )
        }
        let config = try board(page1: page1.joined(separator: ", "))
        let view = try PanelView(config: config, renderer: SwitchRenderer())
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.recordings.path).filter {
            $0.hasSuffix(".events")
        }.map { String($0.dropLast(7)) }.sorted()
        var checked = 0
        for name in names {
            // The controller alone (no frames to paint: 25 recordings): the same touch state
            // machine and arbitration the session runs.
            let (recording, device) = try load(name)
            let controller = PanelController(view: try PanelView(config: config, renderer: SwitchRenderer()))
            var pages: [Int] = []
            controller.onPageChanged = { pages.append($0) }
            var player = try RecordingPlayer(recording: recording, device: device, config: config)
            var starts: [Point] = []
            for event in recording.events {
                for frame in player.take(event).frames {
                    starts += frame.filter { $0.phase == .began }.map(\.position)
                    _ = controller.handle(frame)
                }
            }
            let onSwitches = starts.allSatisfy { p in
                view.pages[1].switchIndices.contains { view.switches[$0].toggle.hitTest(p) }
            }
            guard onSwitches else { continue }
            checked += 1
            XCTAssertEqual(pages, [], "\(name): the page never moved")
            XCTAssertEqual(controller.page, 1, name)
            XCTAssertEqual(controller.liveContacts, 0, name)
        }
        // All but the N-Trig drag, which begins at the very top edge (y 12), above the grid.
        XCTAssertEqual(checked, names.count - 1)
    }
}
