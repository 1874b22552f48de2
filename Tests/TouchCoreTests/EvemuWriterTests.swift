import TouchCore
import XCTest

/// The evemu writer: what it writes, `EvemuRecording.parse` reads back unchanged.
final class EvemuWriterTests: XCTestCase {
    func testEveryRecordingRoundTripsThroughTheWriter() throws {
        let recordings = try RecordingLibrary.all()
        XCTAssertFalse(recordings.isEmpty)
        for recording in recordings {
            let original = EvemuRecording(device: recording.device, events: recording.events)
            let text = EvemuWriter.recording(original)
            let parsed = try EvemuRecording.parse(text)
            XCTAssertEqual(parsed.device, recording.device, recording.name)
            XCTAssertEqual(parsed.events.count, recording.events.count, recording.name)
            XCTAssertEqual(parsed.events, recording.events, recording.name)
        }
    }

    func testEveryDescFileRoundTrips() throws {
        for file in try RecordingLibrary.files(ending: ".desc") {
            let device = try DeviceDescription.parse(try RecordingLibrary.text(file))
            XCTAssertEqual(try DeviceDescription.parse(EvemuWriter.header(device)), device, file)
        }
    }

    func testNamedCommentsDoNotChangeWhatIsRead() throws {
        let recording = try XCTUnwrap(RecordingLibrary.all().first)
        let names: EvemuWriter.Names = { type, code in code.map { "CODE_\(type)_\($0)" } ?? "TYPE_\(type)" }
        let text = EvemuWriter.recording(
            EvemuRecording(device: recording.device, events: recording.events), names: names)
        XCTAssertTrue(text.contains("# TYPE_3 / CODE_3_"))
        XCTAssertTrue(text.contains("#   Event type 3 (TYPE_3)"))
        let parsed = try EvemuRecording.parse(text)
        XCTAssertEqual(parsed.device, recording.device)
        XCTAssertEqual(parsed.events, recording.events)
    }

    func testCurrentSlotAndAxisValuesSurviveInTheHeaderComments() throws {
        let device = DeviceDescription(
            name: "Slot 3 # not a comment", bus: 0x18, vendor: 0x0eef, product: 0x0001, version: 0x0100,
            codes: [
                EventType.key: [KeyCode.touch],
                EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID],
            ],
            absInfo: [
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9, value: 3),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4095, fuzz: 4, flat: 1, resolution: 12, value: 17),
                AbsCode.mtPositionY: AbsInfo(minimum: -5, maximum: 4095, resolution: 12),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535, value: -1),
            ],
            properties: [InputProperty.direct])
        let parsed = try DeviceDescription.parse(EvemuWriter.header(device))
        XCTAssertEqual(parsed, device)
        XCTAssertEqual(parsed.absInfo[AbsCode.mtSlot]?.value, 3)
        let calibration = try TouchCalibration(device: parsed, screenWidth: 800, screenHeight: 480)
        XCTAssertEqual(try TouchStateMachine(device: parsed, calibration: calibration).liveContacts, 0)
    }

    func testEventLines() {
        XCTAssertEqual(
            EvemuWriter.eventLine(
                InputEvent(seconds: 1_330_523_780, microseconds: 970_485, type: 3, code: 0x35, value: -1)),
            "E: 1330523780.970485 0003 0035 -1")
        XCTAssertEqual(
            EvemuWriter.eventLine(InputEvent(time: 0.0000004, type: 0, code: 0, value: 0)), "E: 0.000000 0000 0000 0")
        XCTAssertEqual(
            EvemuWriter.eventLine(InputEvent(time: 2.9999996, type: 0, code: 0, value: 0)), "E: 3.000000 0000 0000 0")
        XCTAssertEqual(
            EvemuWriter.eventLine(InputEvent(time: -1, type: 1, code: 0x14a, value: 1)), "E: 0.000000 0001 014a 1")
        XCTAssertEqual(
            EvemuWriter.eventLine(InputEvent(time: .nan, type: 1, code: 0x14a, value: 1)), "E: 0.000000 0001 014a 1")
    }

    func testLargeCodesWidenTheMask() throws {
        let device = DeviceDescription(name: "keys", codes: [EventType.key: [KeyCode.max], EventType.sw: [0x10]])
        XCTAssertEqual(try DeviceDescription.parse(EvemuWriter.header(device)), device)
    }
}
