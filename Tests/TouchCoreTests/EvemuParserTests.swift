import TestSupport
import TouchCore
import XCTest

/// The evemu text format: both value styles, headers, `A:` lines with 4 or 5 numbers, errors that
/// name the line, and garbage that never crashes.
final class EvemuParserTests: XCTestCase {
    func testOldValueStyle() throws {
        let r = try EvemuRecording.parse("E: 1299660550.563221 0001 014a 1\nE: 1299660550.563230 0000 0000 0\n")
        XCTAssertNil(r.device)
        XCTAssertEqual(r.events.count, 2)
        XCTAssertEqual(r.events[0].type, EventType.key)
        XCTAssertEqual(r.events[0].code, KeyCode.touch)
        XCTAssertEqual(r.events[0].value, 1)
        XCTAssertEqual(r.events[0].time, 1_299_660_550.563221, accuracy: 1e-6)
        XCTAssertTrue(r.events[1].isReport)
    }

    func testZeroPaddedStyleWithTabComment() throws {
        let text = """
            E: 0.000001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
            E: 0.095573 0003 0035 0340\t# EV_ABS / ABS_MT_POSITION_X    340
            E: 0.095573 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +95ms
            """
        let r = try EvemuRecording.parse(text)
        XCTAssertEqual(r.events.map(\.value), [-1, 340, 0])
        XCTAssertEqual(r.events.map(\.code), [AbsCode.mtTrackingID, AbsCode.mtPositionX, SynCode.report])
        XCTAssertEqual(r.events[0].time, 0.000001, accuracy: 1e-12)
        XCTAssertEqual(r.events[1].time, 0.095573, accuracy: 1e-12)
    }

    func testCommentsBlankLinesAndCRLF() throws {
        let text = "# EVEMU 1.3\r\n\r\n   \n\t# indented comment\nE: 1.5 0000 0000 0\r\n\n"
        let r = try EvemuRecording.parse(text)
        XCTAssertEqual(r.events.count, 1)
        XCTAssertEqual(r.events[0].time, 1.5)
    }

    func testHeaderDescribesTheDeviceLikeADescFile() throws {
        let text = try RecordingLibrary.text("Atmel maXTouch Touchscreen.1-finger-fast-taps.events")
        let r = try EvemuRecording.parse(text)
        let device = try XCTUnwrap(r.device)
        let desc = try DeviceDescription.parse(try RecordingLibrary.text("Atmel maXTouch Touchscreen.desc"))
        XCTAssertEqual(device.name, "Atmel maXTouch Touchscreen")
        XCTAssertEqual(device.bus, 0x18)
        XCTAssertEqual(device.codes, desc.codes)
        XCTAssertEqual(device.properties, [InputProperty.direct])
        XCTAssertEqual(device.touchProtocol, .multitouchB)
        XCTAssertEqual(device.slotCount, 10)
        XCTAssertEqual(r.events.count, 84)
        XCTAssertEqual(device.absInfo[AbsCode.mtPositionX]?.maximum, 799)
        XCTAssertEqual(device.absInfo[AbsCode.mtPositionY]?.maximum, 479)
    }

    func testDescFileBitsAndIDs() throws {
        let atmel = try DeviceDescription.parse(try RecordingLibrary.text("Atmel maXTouch Touchscreen.desc"))
        XCTAssertEqual(atmel.eventTypes, [EventType.syn, EventType.key, EventType.abs])
        XCTAssertEqual(atmel.codes[EventType.key], [KeyCode.touch])
        XCTAssertEqual(
            atmel.codes[EventType.abs],
            [
                AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtToolType,
                AbsCode.mtTrackingID, AbsCode.mtDistance,
            ])

        let ntrig = try DeviceDescription.parse(try RecordingLibrary.text("N-Trig MultiTouch.desc"))
        XCTAssertEqual([ntrig.bus, ntrig.vendor, ntrig.product], [3, 0x1b96, 1])
        XCTAssertEqual(ntrig.touchProtocol, .multitouchA)
        XCTAssertEqual(ntrig.properties, [])
        XCTAssertEqual(ntrig.codes[EventType.key], [KeyCode.touch, KeyCode.toolDoubleTap])
        XCTAssertEqual(ntrig.codes[EventType.msc], [MscCode.scan])
        XCTAssertTrue(ntrig.hasAxis(AbsCode.mtOrientation))

        let egalax = try DeviceDescription.parse(try RecordingLibrary.text("eGalax Inc. USB TouchController.desc"))
        XCTAssertEqual([egalax.vendor, egalax.product, egalax.version], [0x0eef, 0x0001, 0x0210])
        XCTAssertEqual(
            egalax.codes[EventType.key], [KeyCode.buttonLeft, KeyCode.buttonRight, KeyCode.toolPen, KeyCode.touch])
        XCTAssertEqual(egalax.codes[EventType.abs], [AbsCode.x, AbsCode.y, AbsCode.z, AbsCode.rx])
        XCTAssertEqual(egalax.touchProtocol, .singleTouch)
    }

    func testAbsLinesWithFourOrFiveNumbers() throws {
        // N-Trig's old file: min max fuzz flat; Wacom's: + resolution.
        let ntrig = try DeviceDescription.parse(try RecordingLibrary.text("N-Trig MultiTouch.desc"))
        XCTAssertEqual(ntrig.absInfo[AbsCode.mtPositionX], AbsInfo(minimum: 0, maximum: 9600))
        let wacom = try DeviceDescription.parse(try RecordingLibrary.text("Wacom ISDv4 E6 Finger.desc"))
        XCTAssertEqual(
            wacom.absInfo[AbsCode.x], AbsInfo(minimum: 0, maximum: 2776, fuzz: 4, flat: 0, resolution: 0, value: 0))

        let text = "N: t\nI: 0003 0001 0002 0003\nB: 03 03\nA: 00 -5 100 1 2\nA: 01 7 300 3 4 12\n"
        let d = try DeviceDescription.parse(text)
        XCTAssertEqual(d.absInfo[AbsCode.x], AbsInfo(minimum: -5, maximum: 100, fuzz: 1, flat: 2, resolution: 0))
        XCTAssertEqual(d.absInfo[AbsCode.y], AbsInfo(minimum: 7, maximum: 300, fuzz: 3, flat: 4, resolution: 12))
    }

    /// The current slot at open is device state: evemu's header comments carry it.
    func testHeaderCommentsGiveTheCurrentValues() throws {
        let r = try EvemuRecording.parse(
            try RecordingLibrary.text("Atmel maXTouch Touchscreen.4-finger-drag-down.events"))
        let device = try XCTUnwrap(r.device)
        XCTAssertEqual(device.absInfo[AbsCode.mtSlot]?.value, 3)
        XCTAssertEqual(device.absInfo[AbsCode.x]?.value, 133)
        XCTAssertEqual(device.absInfo[AbsCode.y]?.value, 384)
        // .desc files without the comment block have no values.
        let ntrig = try DeviceDescription.parse(try RecordingLibrary.text("N-Trig MultiTouch.desc"))
        XCTAssertNil(ntrig.absInfo[AbsCode.x]?.value)
    }

    func testNameKeepsHashAndSurroundingText() throws {
        let d = try DeviceDescription.parse("N: Panel #2 (rev B)\nI: 0018 0000 0000 0000\n")
        XCTAssertEqual(d.name, "Panel #2 (rev B)")
        XCTAssertEqual(d.touchProtocol, .none)
    }

    func testLedAndSwitchLinesAreAccepted() throws {
        let d = try DeviceDescription.parse("N: k\nI: 0003 0001 0001 0001\nL: 00 1\nS: 00 0\n")
        XCTAssertEqual(d.name, "k")
    }

    func testErrorsNameTheLineAndTheReason() {
        let header = "N: dev\nI: 0003 0001 0002 0003\n"
        let cases: [(text: String, line: Int, reason: String)] = [
            ("E: 1.0 0003 0000\n", 1, "4 fields"),
            ("# c\n\nE: 1.0 0003 0000 5 6\n", 3, "4 fields"),
            ("E: 1.0 0003 0000 5\nE: x 0003 0000 5\n", 2, "bad time"),
            ("E: 1.0.2 0003 0000 5\n", 1, "bad time"),
            ("E: -1.0 0003 0000 5\n", 1, "bad time"),
            ("E: 1.0 0g03 0000 5\n", 1, "bad event type"),
            ("E: 1.0 10000 0000 5\n", 1, "bad event type"),
            ("E: 1.0 0003 0000 5x\n", 1, "bad event value"),
            ("E: 1.0 0003 0000 99999999999\n", 1, "bad event value"),
            ("E: 1.0 0003 0000 --1\n", 1, "bad event value"),
            ("hello\n", 1, "expected 'X: …'"),
            ("Q: 1 2\n", 1, "unknown line kind 'Q:'"),
            (header + "A: 00 0 100 0\n", 3, "4 or 5 numbers"),
            (header + "A: 00 0 100 0 0 0 0\n", 3, "4 or 5 numbers"),
            (header + "A: 40 0 100 0 0\n", 3, "beyond ABS_MAX"),
            (header + "A: 00 0 1e3 0 0\n", 3, "bad maximum"),
            (header + "B: 03\n", 3, "mask bytes"),
            (header + "B: 20 01\n", 3, "beyond EV_MAX"),
            (header + "B: 03 100\n", 3, "bad mask byte"),
            (header + "P: zz\n", 3, "bad property byte"),
            ("N: a\nN: b\n", 2, "second N:"),
            ("N: a\nI: 0003 0001 0002\n", 2, "4 hex fields"),
            ("N: a\nI: 0003 0001 0002 0003\nI: 0003 0001 0002 0003\n", 3, "second I:"),
            ("N: a\n\n", 3, "no I: line"),
            ("I: 0003 0001 0002 0003\n", 2, "no N: line"),
            (header + "E: 1.0 0000 0000 0\nA: 00 0 1 0 0\n", 4, "after the first event"),
            (header + "L: 00\n", 3, "code and a value"),
        ]
        for c in cases {
            XCTAssertThrowsError(try EvemuRecording.parse(c.text), c.text) { error in
                guard let e = error as? EvemuParseError else { return XCTFail("\(error) is not an EvemuParseError") }
                XCTAssertEqual(e.line, c.line, "\(c.text.debugDescription): \(e)")
                XCTAssertTrue(e.reason.contains(c.reason), "\(c.text.debugDescription): \(e)")
                XCTAssertTrue(e.description.hasPrefix("line \(c.line): "))
            }
        }
    }

    func testDescriptionParseNeedsAHeader() {
        XCTAssertThrowsError(try DeviceDescription.parse("E: 1.0 0000 0000 0\n")) { error in
            XCTAssertTrue("\(error)".contains("no device description"), "\(error)")
        }
    }

    /// Random bytes, shuffled real lines and mutated characters: every input parses or throws an
    /// EvemuParseError whose line exists, and nothing crashes.
    func testGarbageNeverCrashes() throws {
        var rng = SplitMix64(seed: 0x5EED)
        let real = try RecordingLibrary.text("Atmel maXTouch Touchscreen.1-finger-fast-taps.events")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let alphabet = Array("EANIPBLS:# \t-+.0123456789abcdefxyz\r\n\u{0}é😀")
        var parsed = 0
        for round in 0..<400 {
            var text: String
            switch round % 4 {
            case 0:  // random bytes, decoded with replacement characters
                let bytes = (0..<Int(rng.next() % 200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                text = String(decoding: bytes, as: UTF8.self)
            case 1:  // characters from the format's own alphabet
                text = String(
                    (0..<Int(rng.next() % 300)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            case 2:  // real lines, shuffled and truncated
                var lines = real.shuffled(using: &rng)
                lines = Array(lines.prefix(Int(rng.next() % 60)))
                text = lines.map { String($0.prefix(Int(rng.next() % 50))) }.joined(separator: "\n")
            default:  // real text with characters replaced
                var chars = Array(real.joined(separator: "\n"))
                for _ in 0..<10 {
                    chars[Int(rng.next() % UInt64(chars.count))] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                }
                text = String(chars)
            }
            let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
                .count
            do {
                _ = try EvemuRecording.parse(text)
                parsed += 1
            } catch let e as EvemuParseError {
                XCTAssertTrue((1...max(1, lineCount)).contains(e.line), "line \(e.line) of \(lineCount): \(e)")
            }
        }
        XCTAssertGreaterThan(parsed, 0, "some inputs (empty, comments only) parse")
    }
}
