import ConfigFormat
import XCTest

@testable import Panel

/// The one reader of the control socket's replies (``ControlReply``, used by `switchpanel ctl`
/// and PanelTesting's `HeadlessPanel`) against the lines the panel writes (``ControlProtocol``),
/// and `ctl`'s words read into requests.
final class ControlReplyTests: XCTestCase {
    func refusal(_ line: String) -> ControlReplyError? {
        do {
            _ = try ControlReply(line)
            return nil
        } catch {
            return error
        }
    }

    /// A refusal is an error carrying the panel's reason, whatever reply it comes in (a plain
    /// error, a `set` that did not stick, a `screen` that failed part-way); every client gets
    /// the same words.
    func testRefusalsCarryThePanelsReason() {
        let disabled = ControlProtocol.errorReply(.disabled("spare"))
        XCTAssertEqual(refusal(disabled)?.description, "switch \"spare\" is disabled")
        XCTAssertEqual(ControlReply.refusal(in: disabled), "switch \"spare\" is disabled")
        let notSaved = ControlProtocol.setFailedReply(id: "porch", isOn: false, reason: "not saved: disk full")
        XCTAssertEqual(refusal(notSaved), .refused(reason: "not saved: disk full", line: notSaved))
        let screen = ScreenStatus(blank: false, brightness: nil, page: 0, pages: ["Home"])
        let dark = ControlProtocol.screenFailedReply(screen, reason: "cannot turn the screen off")
        XCTAssertEqual(ControlReply.refusal(in: dark), "cannot turn the screen off")
    }

    /// A refusal without an `error` still refuses: `ctl` quotes the line, HeadlessPanel gives it
    /// whole as the reason. Garbage is no refusal but a malformed line, said with the line.
    func testARefusalWithoutAReasonAndALineThatIsNoObject() {
        let bare = #"{"ok":false}"#
        XCTAssertEqual(refusal(bare)?.description, #"the panel refused the request: {"ok":false}"#)
        XCTAssertEqual(ControlReply.refusal(in: bare), bare)
        for garbage in ["", "[1,2]", "{\"ok\":", "ok"] {
            XCTAssertEqual(
                refusal(garbage), .malformed("the panel sent a line that is not a JSON object: \(garbage)"), garbage)
            XCTAssertNil(ControlReply.refusal(in: garbage), garbage)
        }
        XCTAssertNil(
            ControlReply.refusal(in: ControlProtocol.setReply(id: "a", isOn: true, changed: true, actionsRun: true)))
    }

    /// The replies and events the panel writes read back into what `ctl` prints.
    func testRepliesAndEventsReadBackAsCtlPrintsThem() throws {
        let states: [ControlSwitchStatus] = [("porch", "Porch light", true, true), ("spare", "Spare", false, false)]
        let list = try ControlReply(ControlProtocol.listReply(states: states))
        XCTAssertEqual(
            ControlReply.listing(try list.switches()), "porch  on   Porch light\nspare  off  Spare (disabled)\n")
        XCTAssertEqual(ControlReply.listing([]), "(the panel has no switches)\n")
        XCTAssertEqual(try ControlReply(ControlProtocol.getReply(states[0])).string("state"), "on")
        let screen = ScreenStatus(blank: false, brightness: 80, page: 1, pages: ["Home", "Upstairs"])
        XCTAssertEqual(
            try ControlReply(ControlProtocol.screenReply(screen)).screenLine(),
            #"lit, brightness 80 %, page 1 "Upstairs" of 2"#)
        let noBacklight = ScreenStatus(blank: true, brightness: nil, page: 0, pages: ["Home"])
        XCTAssertEqual(
            try ControlReply(ControlProtocol.screenReply(noBacklight)).screenLine(),
            #"blank, no brightness, page 0 "Home" of 1"#)
        XCTAssertEqual(
            try ControlReply(ControlProtocol.event(id: "porch", isOn: true, source: .touch)).eventLine(),
            "porch on (touch)")
        XCTAssertEqual(
            try ControlReply(ControlProtocol.pageEvent(page: 1, title: "Upstairs")).eventLine(), #"page 1 "Upstairs""#)
        XCTAssertEqual(
            try ControlReply(ControlProtocol.screenEvent(blank: true, brightness: 80, source: .idle)).eventLine(),
            "screen blank, brightness 80 % (idle)")
    }

    /// A reply without the member a command needs says which member is missing.
    func testAReplyMissingAMemberSaysWhich() throws {
        let ok = try ControlReply(#"{"ok":true}"#)
        XCTAssertThrowsError(try ok.string("state")) {
            XCTAssertEqual("\($0)", #"the panel's reply has no "state""#)
        }
        XCTAssertThrowsError(try ok.switches()) { XCTAssertEqual("\($0)", #"the panel's reply has no "switches""#) }
        XCTAssertThrowsError(try ok.screenLine()) {
            XCTAssertEqual("\($0)", #"the panel's reply has no "blank", "page" or "pages""#)
        }
        XCTAssertThrowsError(try ControlReply(#"{"ok":true,"switches":[3]}"#).switches()) {
            XCTAssertEqual("\($0)", "the panel's reply lists a number as a switch")
        }
        XCTAssertThrowsError(try ControlReply(#"{"event":"page"}"#).eventLine()) {
            XCTAssertEqual("\($0)", #"the panel's page event has no "page""#)
        }
    }

    /// `ctl`'s words: each command's request, written as the line the panel parses back, and
    /// the usage errors that name what was expected.
    func testCtlWordsBecomeTheRequestsThePanelParses() throws {
        func request(_ words: String, runActions: Bool = true) throws -> ControlRequest.Command {
            try ControlRequest.Command(words: words.split(separator: " ").map(String.init), runActions: runActions)
        }
        let cases: [(String, ControlRequest.Command)] = [
            ("list", .list), ("get porch", .get(id: "porch")),
            ("set porch toggle", .set(id: "porch", state: .toggle, runActions: true)),
            ("subscribe", .subscribe), ("screen", .screen(blank: nil, brightness: nil)),
            ("blank", .screen(blank: true, brightness: nil)), ("wake", .screen(blank: false, brightness: nil)),
            ("brightness 40", .screen(blank: nil, brightness: 40)), ("page", .page(nil)),
            ("page 1", .page(.index(1))), ("page Upstairs", .page(.title("Upstairs"))),
        ]
        for (words, expected) in cases {
            let command = try request(words)
            XCTAssertEqual(command, expected, words)
            XCTAssertEqual(try ControlRequest.parse(ControlRequest(command).text).get().command, expected, words)
        }
        XCTAssertEqual(
            try request("set porch off", runActions: false), .set(id: "porch", state: .off, runActions: false))
        let refused: [(String, Bool, String)] = [
            ("get", true, "ctl get needs one switch ID"),
            ("set porch maybe", true, "ctl set: the state must be on, off or toggle (got 'maybe')"),
            ("list all", true, "ctl list takes no arguments"),
            (
                "brightness 0", true,
                "ctl brightness: a percentage from 1 to 100 (got '0'); 'ctl blank' turns the screen dark"
            ),
            ("page 1 2", true, "ctl page takes one page number or title"),
            (
                "dance", true,
                "ctl: unknown command 'dance' (expected list, get, set, subscribe, screen, blank, wake, brightness or page)"
            ),
            ("list", false, "ctl: --no-actions goes with set"),
        ]
        for (words, runActions, message) in refused {
            XCTAssertThrowsError(try request(words, runActions: runActions), words) {
                XCTAssertEqual("\($0)", message, words)
            }
        }
    }
}
