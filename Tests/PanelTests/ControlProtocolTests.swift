import ConfigFormat
import XCTest

@testable import Panel

/// The control socket's protocol: requests parsed from lines, a corpus of garbage with the exact
/// error each gets, random garbage that never crashes, and the reply and event lines.
final class ControlProtocolTests: XCTestCase {
    func request(_ line: String) throws -> ControlRequest { try ControlRequest.parse(line).get() }

    func testEveryCommandParses() throws {
        XCTAssertEqual(try request(#"{"cmd":"list"}"#), ControlRequest(.list))
        XCTAssertEqual(try request(#"{"cmd":"subscribe"}"#), ControlRequest(.subscribe))
        XCTAssertEqual(try request(#"{"cmd":"get","id":"porch"}"#), ControlRequest(.get(id: "porch")))
        XCTAssertEqual(
            try request(#"{"cmd":"set","id":"porch","state":true}"#),
            ControlRequest(.set(id: "porch", state: .on, runActions: true)), "actions run by default")
        XCTAssertEqual(
            try request(#"{"cmd":"set","id":"porch","state":false,"actions":false}"#),
            ControlRequest(.set(id: "porch", state: .off, runActions: false)))
        XCTAssertEqual(
            try request(#"{"cmd":"set","id":"a","state":"on","actions":true}"#),
            ControlRequest(.set(id: "a", state: .on, runActions: true)))
        XCTAssertEqual(
            try request(#"{"cmd":"set","id":"a","state":"off"}"#),
            ControlRequest(.set(id: "a", state: .off, runActions: true)))
        XCTAssertEqual(
            try request(#"{"cmd":"set","id":"a","state":"toggle"}"#),
            ControlRequest(.set(id: "a", state: .toggle, runActions: true)))
    }

    func testScreenAndPageRequestsParse() throws {
        XCTAssertEqual(try request(#"{"cmd":"screen"}"#), ControlRequest(.screen(blank: nil, brightness: nil)))
        XCTAssertEqual(
            try request(#"{"cmd":"screen","blank":true,"tag":2}"#),
            ControlRequest(.screen(blank: true, brightness: nil), tag: .number(2)))
        XCTAssertEqual(
            try request(#"{"cmd":"screen","brightness":100,"blank":false}"#),
            ControlRequest(.screen(blank: false, brightness: 100)))
        XCTAssertEqual(try request(#"{"cmd":"screen","brightness":1}"#).command, .screen(blank: nil, brightness: 1))
        XCTAssertEqual(try request(#"{"cmd":"screen","brightness":4e1}"#).command, .screen(blank: nil, brightness: 40))
        XCTAssertEqual(try request(#"{"cmd":"page"}"#), ControlRequest(.page(nil)))
        XCTAssertEqual(try request(#"{"cmd":"page","page":0}"#).command, .page(.index(0)))
        XCTAssertEqual(try request(#"{"cmd":"page","page":"Upstairs"}"#).command, .page(.title("Upstairs")))
        XCTAssertEqual(try request(#"{"cmd":"page","page":"2"}"#).command, .page(.title("2")), "a string is a title")
    }

    func testPageTargetsResolveAgainstTheTitles() {
        let titles = ["Downstairs", "Upstairs", "Lights", "Lights"]
        XCTAssertEqual(ControlPageTarget.index(1).resolved(in: titles), 1)
        XCTAssertNil(ControlPageTarget.index(4).resolved(in: titles))
        XCTAssertEqual(ControlPageTarget.title("Upstairs").resolved(in: titles), 1)
        XCTAssertNil(ControlPageTarget.title("upstairs").resolved(in: titles), "titles match exactly")
        XCTAssertNil(ControlPageTarget.title("Lights").resolved(in: titles), "two pages have it")
        XCTAssertEqual(
            ControlProtocolError.unknownPage(.index(4), titles: titles).reason,
            #"no page 4 (pages: 0 "Downstairs", 1 "Upstairs", 2 "Lights", 3 "Lights")"#)
        XCTAssertEqual(
            ControlProtocolError.unknownPage(.title("Attic"), titles: ["A"], tag: .number(1)),
            ControlProtocolError(#"no page titled "Attic" (pages: 0 "A")"#, tag: .number(1)))
        XCTAssertEqual(
            ControlProtocolError.unknownPage(.title("Lights"), titles: titles).reason,
            #"pages 2 and 3 are both titled "Lights"; name the page by its number"#)
    }

    func testBrightnessPercentagesAgainstRawLevels() {
        XCTAssertEqual(BrightnessScale.level(percent: 100, maximum: 255), 255)
        XCTAssertEqual(BrightnessScale.level(percent: 40, maximum: 255), 102)
        XCTAssertEqual(BrightnessScale.level(percent: 1, maximum: 255), 3, "2.55 rounds to 3")
        XCTAssertEqual(BrightnessScale.level(percent: 1, maximum: 7), 1, "0.07 is still the dimmest lit level, not 0")
        XCTAssertEqual(BrightnessScale.level(percent: 50, maximum: 1), 1)
        XCTAssertEqual(BrightnessScale.level(percent: 1, maximum: 100_000), 1000)
        XCTAssertEqual(BrightnessScale.level(percent: 0, maximum: 255), 3, "out of range is clamped to 1 %")
        XCTAssertEqual(BrightnessScale.level(percent: 150, maximum: 255), 255, "and to 100 %")
        XCTAssertEqual(BrightnessScale.percent(level: 255, maximum: 255), 100)
        XCTAssertEqual(BrightnessScale.percent(level: 200, maximum: 255), 78)
        XCTAssertEqual(BrightnessScale.percent(level: 1, maximum: 255), 1, "lit is at least 1 %")
        XCTAssertEqual(BrightnessScale.percent(level: 0, maximum: 255), 0, "only level 0 is 0 %")
        XCTAssertEqual(BrightnessScale.percent(level: 300, maximum: 255), 100, "a level past the maximum")
        for maximum in [1, 7, 100, 255, 1023, 4095] {
            for percent in BrightnessScale.range {
                let level = BrightnessScale.level(percent: percent, maximum: maximum)
                XCTAssertTrue((1...maximum).contains(level), "\(percent) % of \(maximum)")
            }
        }
    }

    func testTagsAreKeptAndKeysMayComeInAnyOrderWithWhitespace() throws {
        XCTAssertEqual(try request(#"{"tag":"q1","cmd":"list"}"#), ControlRequest(.list, tag: .string("q1")))
        XCTAssertEqual(
            try request(" { \"id\" : \"开关\" , \"tag\": 7, \"cmd\":\"get\" }\r"),
            ControlRequest(.get(id: "开关"), tag: .number(7)), "a CRLF line ending is whitespace")
        XCTAssertEqual(try request("\u{FEFF}{\"cmd\":\"list\"}").command, .list, "a byte-order mark is skipped")
    }

    func testRequestsWriteLinesThatParseBack() throws {
        let requests = [
            ControlRequest(.list), ControlRequest(.subscribe, tag: .string("s")), ControlRequest(.get(id: "开关")),
            ControlRequest(.set(id: "a\"b", state: .toggle, runActions: false), tag: .number(3)),
            ControlRequest(.set(id: "a", state: .on, runActions: true)),
            ControlRequest(.screen(blank: nil, brightness: nil)),
            ControlRequest(.screen(blank: true, brightness: 5), tag: .string("s")),
            ControlRequest(.screen(blank: false, brightness: nil)), ControlRequest(.page(nil)),
            ControlRequest(.page(.index(3))), ControlRequest(.page(.title("开关 \"x\"")), tag: .number(1)),
        ]
        for r in requests { XCTAssertEqual(try request(r.text), r, r.text) }
        XCTAssertEqual(
            ControlRequest(.set(id: "porch", state: .off, runActions: false), tag: .number(9)).text,
            #"{"cmd":"set","id":"porch","state":"off","actions":false,"tag":9}"#)
        XCTAssertEqual(
            ControlRequest(.set(id: "porch", state: .on, runActions: true)).text,
            #"{"cmd":"set","id":"porch","state":"on"}"#)
    }

    func testTargetStatesResolveAgainstTheCurrentValue() {
        XCTAssertTrue(ControlTargetState.on.resolved(current: false))
        XCTAssertTrue(ControlTargetState.on.resolved(current: true))
        XCTAssertFalse(ControlTargetState.off.resolved(current: true))
        XCTAssertTrue(ControlTargetState.toggle.resolved(current: false))
        XCTAssertFalse(ControlTargetState.toggle.resolved(current: true))
    }

    /// The corpus: each malformed line and the exact error it gets (and the tag it echoes).
    func testGarbageGetsExactErrors() {
        let commands = "list, get, set, subscribe, screen, page"
        let states = #"true, false, "on", "off" or "toggle""#
        func brightness(_ got: String) -> String {
            #""brightness" must be a whole number from 1 to 100 (percent; to turn the screen dark, "blank":true), got "#
                + got
        }
        func page(_ got: String) -> String { #""page" must be a page number (from 0) or a page title, got "# + got }
        let cases: [(String, String, JSONValue?)] = [
            ("", #"empty line (expected a JSON object such as {"cmd":"list"})"#, nil),
            (" \t\r", #"empty line (expected a JSON object such as {"cmd":"list"})"#, nil),
            ("list", "not valid JSON at column 1: unexpected 'l' (expected a value)", nil),
            ("{", "not valid JSON at column 2: unexpected end of line (an object is not closed)", nil),
            (#"{"cmd":"list""#, "not valid JSON at column 14: unexpected end of line (an object is not closed)", nil),
            (#"{"cmd":"li"#, "not valid JSON at column 11: unexpected end of line (a string is not closed)", nil),
            (#"{"cmd":'list'}"#, "not valid JSON at column 8: unexpected ''' (expected a value)", nil),
            (#"{cmd:"list"}"#, "not valid JSON at column 2: expected a key in quotes", nil),
            (#"{"cmd":"list",}"#, "not valid JSON at column 15: expected a key in quotes", nil),
            (
                #"{"cmd":"list"}{"cmd":"list"}"#, "not valid JSON at column 15: unexpected text after the JSON value",
                nil
            ),
            (#"{"cmd":"list","cmd":"get"}"#, #"not valid JSON at column 15: the key "cmd" appears twice"#, nil),
            ("\u{0}\u{1}\u{2}", "not valid JSON at column 1: unexpected byte 0x0 (expected a value)", nil),
            (
                "{\"cmd\":\"li\u{1}st\"}", "not valid JSON at column 12: a control character in a string (escape it)",
                nil
            ),
            (#"{"cmd":"\x"}"#, #"not valid JSON at column 11: unknown escape \x"#, nil),
            (String(repeating: "[", count: 100), "not valid JSON at column 65: nested deeper than 64 levels", nil),
            (#"{"cmd":"list"} x"#, "not valid JSON at column 16: unexpected text after the JSON value", nil),
            ("[]", #"expected a JSON object such as {"cmd":"list"}, got an array"#, nil),
            (#""list""#, #"expected a JSON object such as {"cmd":"list"}, got a string"#, nil),
            ("42", #"expected a JSON object such as {"cmd":"list"}, got a number"#, nil),
            ("null", #"expected a JSON object such as {"cmd":"list"}, got null"#, nil),
            ("true", #"expected a JSON object such as {"cmd":"list"}, got a boolean"#, nil),
            ("{}", "missing \"cmd\" (one of: \(commands))", nil),
            (#"{"tag":"t"}"#, "missing \"cmd\" (one of: \(commands))", .string("t")),
            (#"{"command":"list"}"#, "missing \"cmd\" (one of: \(commands))", nil),
            (#"{"cmd":1}"#, "\"cmd\" must be a string (one of: \(commands)), got 1", nil),
            (#"{"cmd":null}"#, "\"cmd\" must be a string (one of: \(commands)), got null", nil),
            (#"{"cmd":["list"]}"#, "\"cmd\" must be a string (one of: \(commands)), got [\"list\"]", nil),
            (#"{"cmd":"lst"}"#, "unknown cmd \"lst\" (expected one of: \(commands))", nil),
            (#"{"cmd":"LIST"}"#, "unknown cmd \"LIST\" (expected one of: \(commands))", nil),
            (#"{"cmd":""}"#, "unknown cmd \"\" (expected one of: \(commands))", nil),
            (#"{"cmd":"list","tag":3}"#, "", .number(3)),  // valid: no error
            (#"{"cmd":"list","tag":{}}"#, #""tag" must be a string or a number, got {}"#, nil),
            (#"{"cmd":"list","tag":true}"#, #""tag" must be a string or a number, got true"#, nil),
            (#"{"cmd":"list","tag":null}"#, #""tag" must be a string or a number, got null"#, nil),
            (#"{"cmd":"list","id":"a"}"#, #"unknown key "id" for list (expected: cmd, tag)"#, nil),
            (
                #"{"cmd":"subscribe","x":1,"y":2,"tag":"s"}"#,
                #"unknown keys "x", "y" for subscribe (expected: cmd, tag)"#,
                .string("s")
            ),
            (#"{"cmd":"get","ids":["a"]}"#, #"unknown key "ids" for get (expected: cmd, id, tag)"#, nil),
            (
                #"{"cmd":"set","id":"a","state":"on","action":false}"#,
                #"unknown key "action" for set (expected: cmd, id, state, actions, tag)"#, nil
            ),
            (#"{"cmd":"get"}"#, #"get needs "id" (a switch id; {"cmd":"list"} shows them)"#, nil),
            (
                #"{"cmd":"screen","id":"a"}"#, #"unknown key "id" for screen (expected: cmd, blank, brightness, tag)"#,
                nil
            ),
            (#"{"cmd":"page","title":"a"}"#, #"unknown key "title" for page (expected: cmd, page, tag)"#, nil),
            (#"{"cmd":"screen","blank":"yes","tag":"s"}"#, #""blank" must be true or false, got "yes""#, .string("s")),
            (#"{"cmd":"screen","blank":null}"#, #""blank" must be true or false, got null"#, nil),
            (#"{"cmd":"screen","brightness":0}"#, brightness("0"), nil),
            (#"{"cmd":"screen","brightness":101}"#, brightness("101"), nil),
            (#"{"cmd":"screen","brightness":40.5}"#, brightness("40.5"), nil),
            (#"{"cmd":"screen","brightness":-1}"#, brightness("-1"), nil),
            (#"{"cmd":"screen","brightness":"40"}"#, brightness(#""40""#), nil),
            (#"{"cmd":"screen","brightness":1e400}"#, "not valid JSON at column 35: a number out of range", nil),
            (#"{"cmd":"page","page":-1}"#, page("-1"), nil),
            (#"{"cmd":"page","page":1.5}"#, page("1.5"), nil),
            (#"{"cmd":"page","page":1e12}"#, page("1000000000000"), nil),
            (#"{"cmd":"page","page":""}"#, page(#""""#), nil),
            (#"{"cmd":"page","page":null}"#, page("null"), nil),
            (#"{"cmd":"page","page":[1]}"#, page("[1]"), nil),
            (#"{"cmd":"set","state":"on"}"#, #"set needs "id" (a switch id; {"cmd":"list"} shows them)"#, nil),
            (#"{"cmd":"get","id":5}"#, #""id" must be a string, got 5"#, nil),
            (#"{"cmd":"get","id":null,"tag":"n"}"#, #""id" must be a string, got null"#, .string("n")),
            (#"{"cmd":"get","id":""}"#, #""id" must not be empty"#, nil),
            (#"{"cmd":"set","id":"a"}"#, "set needs \"state\" (\(states))", nil),
            (#"{"cmd":"set","id":"a","state":"ON"}"#, "\"state\" must be \(states), got \"ON\"", nil),
            (#"{"cmd":"set","id":"a","state":1}"#, "\"state\" must be \(states), got 1", nil),
            (#"{"cmd":"set","id":"a","state":null}"#, "\"state\" must be \(states), got null", nil),
            (
                #"{"cmd":"set","id":"a","state":"flip","tag":-2.5}"#, "\"state\" must be \(states), got \"flip\"",
                .number(-2.5)
            ),
            (
                #"{"cmd":"set","id":"a","state":"\#(String(repeating: "x", count: 100))"}"#,
                "\"state\" must be \(states), got \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…", nil
            ),
            (
                #"{"cmd":"set","id":"a","state":"on","actions":"no"}"#, #""actions" must be true or false, got "no""#,
                nil
            ),
            (#"{"cmd":"set","id":"a","state":"on","actions":0}"#, #""actions" must be true or false, got 0"#, nil),
        ]
        for (line, expected, tag) in cases {
            switch ControlRequest.parse(line) {
            case .success(let request):
                XCTAssertEqual(expected, "", "\(line) was accepted")
                XCTAssertEqual(request.tag, tag, line)
            case .failure(let error):
                XCTAssertEqual(error.reason, expected, line)
                XCTAssertEqual(error.tag, tag, line)
                XCTAssertEqual("\(error)", expected, line)
            }
        }
    }

    func testInvalidUTF8AndLongLinesAreRefused() {
        let invalid: [UInt8] = Array(#"{"cmd":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
        XCTAssertEqual(
            ControlRequest.parse(invalid),
            .failure(ControlProtocolError("not valid JSON at column 12: invalid UTF-8 in a string")))
        XCTAssertEqual(
            ControlRequest.parse([0xC3]),
            .failure(ControlProtocolError("not valid JSON at column 1: unexpected byte 0xc3 (expected a value)")))
        let padding = String(repeating: " ", count: ControlProtocol.maximumLineBytes - 14)
        XCTAssertEqual(try request(#"{"cmd":"list"}"# + padding).command, .list, "a line of exactly the limit is fine")
        XCTAssertEqual(ControlRequest.parse(#"{"cmd":"list"}"# + padding + " "), .failure(.lineTooLong))
        XCTAssertEqual(ControlProtocolError.lineTooLong.reason, "line too long (more than 65536 bytes)")
    }

    func testErrorsTheLoopReports() {
        XCTAssertEqual(
            ControlProtocolError.unknownID("prch", known: ["porch", "pump"], tag: .string("x")),
            ControlProtocolError(#"unknown id "prch" (known: porch, pump)"#, tag: .string("x")))
        XCTAssertEqual(
            ControlProtocolError.unknownID("a", known: []).reason, #"unknown id "a" (this panel has no switches)"#)
        XCTAssertEqual(ControlProtocolError.disabled("pump").reason, #"switch "pump" is disabled"#)
        XCTAssertEqual(
            ControlProtocolError.tooManyClients(limit: 32).reason, "too many clients (at most 32); try again later")
    }

    func testRepliesAndEvents() {
        let states: [ControlSwitchStatus] = [
            (id: "porch", label: "Porch \"light\"", isOn: true, enabled: true),
            (id: "pump", label: "开关", isOn: false, enabled: false),
        ]
        XCTAssertEqual(
            ControlProtocol.listReply(states: states),
            #"{"ok":true,"switches":[{"id":"porch","label":"Porch \"light\"","state":"on","enabled":true},"#
                + #"{"id":"pump","label":"开关","state":"off","enabled":false}]}"#)
        XCTAssertEqual(ControlProtocol.listReply(states: [], tag: .number(1)), #"{"ok":true,"tag":1,"switches":[]}"#)
        XCTAssertEqual(
            ControlProtocol.getReply(states[1], tag: .string("g")),
            #"{"ok":true,"tag":"g","id":"pump","label":"开关","state":"off","enabled":false}"#)
        XCTAssertEqual(
            ControlProtocol.setReply(id: "porch", isOn: true, changed: false, actionsRun: false),
            #"{"ok":true,"id":"porch","state":"on","changed":false,"actions":false}"#)
        XCTAssertEqual(
            ControlProtocol.subscribeReply(states: [states[0]], tag: .string("s")),
            #"{"ok":true,"tag":"s","subscribed":true,"switches":[{"id":"porch","label":"Porch \"light\"","state":"on","enabled":true}]}"#
        )
        XCTAssertEqual(
            ControlProtocol.errorReply(ControlProtocolError("bad\nthing", tag: .number(2))),
            #"{"ok":false,"tag":2,"error":"bad\nthing"}"#)
        XCTAssertEqual(
            ControlProtocol.errorReply(.lineTooLong), #"{"ok":false,"error":"line too long (more than 65536 bytes)"}"#)
        for source in ChangeSource.allCases {
            XCTAssertEqual(
                ControlProtocol.event(id: "porch", isOn: source != .revert, source: source),
                #"{"event":"changed","id":"porch","state":"\#(source == .revert ? "off" : "on")","source":"\#(source.rawValue)"}"#
            )
        }
        let screen = ScreenStatus(blank: false, brightness: 80, page: 1, pages: ["Downstairs", "Up\nstairs"])
        XCTAssertEqual(
            ControlProtocol.screenReply(screen, tag: .string("q")),
            #"{"ok":true,"tag":"q","blank":false,"brightness":80,"page":1,"title":"Up\nstairs","pages":["Downstairs","Up\nstairs"]}"#
        )
        XCTAssertEqual(
            ControlProtocol.screenReply(ScreenStatus(blank: true, brightness: nil, page: 0, pages: ["Page 1"])),
            #"{"ok":true,"blank":true,"brightness":null,"page":0,"title":"Page 1","pages":["Page 1"]}"#)
        XCTAssertEqual(
            ControlProtocol.screenFailedReply(screen, reason: "cannot blank the screen: EIO", tag: .number(3)),
            #"{"ok":false,"tag":3,"error":"cannot blank the screen: EIO","blank":false,"brightness":80,"page":1,"#
                + #""title":"Up\nstairs","pages":["Downstairs","Up\nstairs"]}"#)
        XCTAssertEqual(
            ControlProtocol.subscribeReply(states: [], screen: screen),
            #"{"ok":true,"subscribed":true,"switches":[],"screen":{"blank":false,"brightness":80,"page":1,"#
                + #""title":"Up\nstairs","pages":["Downstairs","Up\nstairs"]}}"#)
        for source in ScreenChangeSource.allCases {
            XCTAssertEqual(
                ControlProtocol.screenEvent(blank: true, brightness: 55, source: source),
                #"{"event":"screen","blank":true,"brightness":55,"source":"\#(source.rawValue)"}"#)
        }
        XCTAssertEqual(
            ControlProtocol.screenEvent(blank: false, brightness: nil, source: .touch),
            #"{"event":"screen","blank":false,"brightness":null,"source":"touch"}"#)
        XCTAssertEqual(
            ControlProtocolError.noBrightness(tag: .number(1)).reason,
            #"this screen has no brightness to set (the board config's screen.backlight names none, "#
                + #"or the backlight has no max_brightness); "blank" still works"#)
        // Every line is one line, and valid JSON.
        let lines = [
            ControlProtocol.listReply(states: states), ControlProtocol.errorReply(ControlProtocolError("a\nb\r\u{0}")),
            ControlProtocol.event(id: "x\ny", isOn: true, source: .touch),
        ]
        for line in lines {
            XCTAssertFalse(line.contains("\n"), line)
            XCTAssertNoThrow(try JSONParser.parse(line), line)
        }
    }

    func testErrorRepliesEchoTheTagOfAnyParsedRequest() throws {
        guard case .failure(let error) = ControlRequest.parse(#"{"cmd":"get","tag":"abc"}"#) else {
            return XCTFail("accepted")
        }
        XCTAssertEqual(
            ControlProtocol.errorReply(error),
            #"{"ok":false,"tag":"abc","error":"get needs \"id\" (a switch id; {\"cmd\":\"list\"} shows them)"}"#)
    }

    /// Random bytes, random mixes of protocol tokens, and randomly damaged valid requests: always
    /// a request or an error with a reason, and the reply line is always one valid JSON line.
    func testRandomGarbageNeverCrashes() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 17
        }
        let valid = [
            #"{"cmd":"list"}"#, #"{"cmd":"get","id":"porch","tag":"q"}"#,
            #"{"cmd":"set","id":"porch","state":"toggle","actions":false,"tag":12}"#, #"{"cmd":"subscribe"}"#,
        ]
        let tokens = [
            "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "d83d", "cmd", "\"cmd\"", "\"set\"", "\"id\"", "\"state\"",
            "true", "false", "null", "-", "0", "1e999", "\"on\"", "\"tag\"", " ", "\u{0}", "\u{FF}", "é", "\r",
        ]
        var accepted = 0
        var refused = 0
        for round in 0..<3000 {
            var bytes: [UInt8]
            switch round % 3 {
            case 0: bytes = (0..<Int(next() % 80)).map { _ in UInt8(truncatingIfNeeded: next()) }
            case 1:
                bytes = Array(
                    (0..<Int(next() % 24)).map { _ in tokens[Int(next() % UInt64(tokens.count))] }.joined().utf8)
            default:
                bytes = Array(valid[Int(next() % UInt64(valid.count))].utf8)
                for _ in 0..<(1 + Int(next() % 3)) {
                    let i = Int(next() % UInt64(bytes.count))
                    switch next() % 3 {
                    case 0: bytes[i] = UInt8(truncatingIfNeeded: next())
                    case 1: bytes.remove(at: i)
                    default: bytes.insert(UInt8(truncatingIfNeeded: next()), at: i)
                    }
                }
            }
            bytes.removeAll { $0 == 0x0A }  // one line
            switch ControlRequest.parse(bytes) {
            case .success: accepted += 1
            case .failure(let error):
                refused += 1
                XCTAssertFalse(error.reason.isEmpty)
                let reply = ControlProtocol.errorReply(error)
                XCTAssertFalse(reply.contains("\n"))
                XCTAssertNoThrow(try JSONParser.parse(reply))
            }
        }
        XCTAssertGreaterThan(refused, 2500)
        XCTAssertGreaterThan(accepted, 10, "some damage leaves a valid request")
    }
}
