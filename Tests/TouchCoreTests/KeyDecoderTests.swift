import XCTest

@testable import TouchCore

/// Keyboards, push buttons and rotary encoders into panel keys: which keys mean what, auto-repeat,
/// detents, rollover, SYN_DROPPED.
final class KeyDecoderTests: XCTestCase {
    /// An AT keyboard's relevant keys (it declares ~100 more, which the decoder ignores).
    static let keyboard = DeviceDescription(
        name: "AT Translated Set 2 keyboard", bus: 0x11, vendor: 1, product: 1,
        codes: [
            EventType.key: [
                PanelKeyCode.tab, PanelKeyCode.enter, PanelKeyCode.leftShift, PanelKeyCode.rightShift,
                PanelKeyCode.space, PanelKeyCode.keypadEnter, PanelKeyCode.up, PanelKeyCode.left, PanelKeyCode.right,
                PanelKeyCode.down, 30,  // KEY_A
            ],
            EventType.msc: [MscCode.scan],
        ])

    /// Linux's rotary-encoder with `rotary-encoder,relative-axis` on its default axis.
    static let relativeEncoder = DeviceDescription(
        name: "rotary@4", bus: 0x19, codes: [EventType.rel: [RelCode.x]])

    /// rotary-encoder without `relative-axis`: ABS_X from 0 to `steps` (24), rolling over.
    static let absoluteEncoder = DeviceDescription(
        name: "rotary@11", bus: 0x19, codes: [EventType.abs: [AbsCode.x]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 24, flat: 1, value: 22)])

    func key(_ code: UInt16, _ value: Int32, at time: Double) -> [InputEvent] {
        [
            InputEvent(time: time, type: EventType.msc, code: MscCode.scan, value: 0x1c),
            InputEvent(time: time, type: EventType.key, code: code, value: value),
            InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }

    func rel(_ code: UInt16, _ value: Int32, at time: Double) -> [InputEvent] {
        [
            InputEvent(time: time, type: EventType.rel, code: code, value: value),
            InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0),
        ]
    }

    func run(_ decoder: inout KeyDecoder, _ events: [InputEvent]) -> [KeyPress] {
        events.flatMap { decoder.feed($0) }
    }

    func testArrowsTabAndEnterOnPressReleasesNothing() throws {
        var d = try KeyDecoder(device: Self.keyboard)
        var events: [InputEvent] = []
        for (i, code) in [
            PanelKeyCode.down, PanelKeyCode.right, PanelKeyCode.tab, PanelKeyCode.up, PanelKeyCode.left,
            PanelKeyCode.enter, PanelKeyCode.keypadEnter, PanelKeyCode.space, 30,
        ].enumerated() {
            events += key(code, 1, at: Double(i)) + key(code, 0, at: Double(i) + 0.1)
        }
        XCTAssertEqual(
            run(&d, events),
            [
                KeyPress(key: .down, time: 0), KeyPress(key: .right, time: 1), KeyPress(key: .next, time: 2),
                KeyPress(key: .up, time: 3), KeyPress(key: .left, time: 4),
                KeyPress(key: .activate, time: 5), KeyPress(key: .activate, time: 6),
                KeyPress(key: .activate, time: 7),
            ])
    }

    func testShiftTabGoesBackWithEitherShift() throws {
        var d = try KeyDecoder(device: Self.keyboard)
        let keys = run(
            &d,
            key(PanelKeyCode.leftShift, 1, at: 0) + key(PanelKeyCode.tab, 1, at: 0.1)
                + key(PanelKeyCode.rightShift, 1, at: 0.2) + key(PanelKeyCode.leftShift, 0, at: 0.3)
                + key(PanelKeyCode.tab, 1, at: 0.4) + key(PanelKeyCode.rightShift, 0, at: 0.5)
                + key(PanelKeyCode.tab, 1, at: 0.6))
        XCTAssertEqual(keys.map(\.key), [.previous, .previous, .next])
    }

    /// Value 2 is the kernel's auto-repeat: arrows keep moving, Enter toggles once however long
    /// it is held.
    func testAutoRepeatMovesButNeverActivates() throws {
        var d = try KeyDecoder(device: Self.keyboard)
        var events = key(PanelKeyCode.down, 1, at: 0)
        for k in 0..<3 { events += key(PanelKeyCode.down, 2, at: 0.5 + 0.033 * Double(k)) }
        events += key(PanelKeyCode.down, 0, at: 0.7) + key(PanelKeyCode.enter, 1, at: 1)
        for k in 0..<5 { events += key(PanelKeyCode.enter, 2, at: 1.5 + 0.033 * Double(k)) }
        events += key(PanelKeyCode.enter, 0, at: 2)
        let keys = run(&d, events)
        XCTAssertEqual(keys.map(\.key), [.down, .down, .down, .down, .activate])
        XCTAssertEqual(keys.map(\.isRepeat), [false, true, true, true, false])
    }

    func testPushButtonsActivate() throws {
        let button = DeviceDescription(name: "gpio-keys", bus: 0x19, codes: [EventType.key: [PanelKeyCode.button0]])
        var d = try KeyDecoder(device: button)
        XCTAssertEqual(
            run(&d, key(PanelKeyCode.button0, 1, at: 2) + key(PanelKeyCode.button0, 0, at: 2.2)),
            [KeyPress(key: .activate, time: 2)])
    }

    /// One step a detent, clockwise on; `reversed` flips it; a multi-step report moves as many.
    func testRelativeEncoderStepsAreDetents() throws {
        var d = try KeyDecoder(device: Self.relativeEncoder)
        XCTAssertEqual(
            run(&d, rel(RelCode.x, 1, at: 0) + rel(RelCode.x, 1, at: 0.1) + rel(RelCode.x, -1, at: 0.2)).map(\.key),
            [.next, .next, .previous])
        XCTAssertEqual(run(&d, rel(RelCode.x, 3, at: 0.3)).count, 3)
        var reversed = try KeyDecoder(device: Self.relativeEncoder, reversed: true)
        XCTAssertEqual(run(&reversed, rel(RelCode.x, 1, at: 0)).map(\.key), [.previous])
    }

    /// An encoder reporting every quadrature edge: four steps a detent; turning back starts the
    /// count again, so a wobble at a detent never moves the ring.
    func testStepsPerDetentAndWobble() throws {
        var d = try KeyDecoder(device: Self.relativeEncoder, stepsPerDetent: 4)
        var keys: [KeyPress] = []
        for k in 0..<8 { keys += run(&d, rel(RelCode.x, 1, at: Double(k) * 0.01)) }
        XCTAssertEqual(keys, [KeyPress(key: .next, time: 0.03), KeyPress(key: .next, time: 0.07)])
        // Three on, two back, three on: no full detent either way.
        let wobble = [1, 1, 1, -1, -1, 1, 1, 1].flatMap { rel(RelCode.x, Int32($0), at: 1) }
        XCTAssertEqual(run(&d, wobble), [])
        XCTAssertEqual(run(&d, rel(RelCode.x, 1, at: 2)).map(\.key), [.next])
    }

    /// A USB knob: REL_DIAL turns, BTN_0 pushes; a wheel's high-resolution twin is not counted twice.
    func testDialWheelAndHighResolutionWheel() throws {
        let knob = DeviceDescription(
            name: "Griffin PowerMate", bus: 3, vendor: 0x077d, product: 0x0410,
            codes: [EventType.rel: [RelCode.dial], EventType.key: [PanelKeyCode.button0]])
        var d = try KeyDecoder(device: knob)
        XCTAssertEqual(
            run(&d, rel(RelCode.dial, -1, at: 0) + key(PanelKeyCode.button0, 1, at: 1)).map(\.key),
            [.previous, .activate])
        let mouse = DeviceDescription(
            name: "wheel", codes: [EventType.rel: [RelCode.wheel, RelCode.wheelHiRes]])
        var m = try KeyDecoder(device: mouse)
        let events = [
            InputEvent(time: 0, type: EventType.rel, code: RelCode.wheel, value: 1),
            InputEvent(time: 0, type: EventType.rel, code: RelCode.wheelHiRes, value: 120),
            InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0),
        ]
        XCTAssertEqual(run(&m, events).map(\.key), [.next])
    }

    /// rotary-encoder's absolute mode: the position's change is the step, and the rollover from
    /// the top of the range to 0 is one step on, not 23 back.
    func testAbsoluteEncoderWithRollover() throws {
        var d = try KeyDecoder(device: Self.absoluteEncoder)
        func abs(_ v: Int32, _ t: Double) -> [InputEvent] {
            [
                InputEvent(time: t, type: EventType.abs, code: AbsCode.x, value: v),
                InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0),
            ]
        }
        // From 22 (the value at open): 23, 0 (rolled over), 1, then back 0, 23.
        let keys = run(&d, abs(23, 0) + abs(0, 1) + abs(1, 2) + abs(0, 3) + abs(23, 4))
        XCTAssertEqual(keys.map(\.key), [.next, .next, .next, .previous, .previous])
        // A touchscreen's axes are never a dial.
        XCTAssertFalse(
            KeyDecoder.readsKeys(
                DeviceDescription(
                    name: "ts", codes: [EventType.abs: [AbsCode.x, AbsCode.y], EventType.key: [KeyCode.touch]])))
    }

    /// After SYN_DROPPED nothing counts until the next SYN_REPORT; libevdev's resync says which
    /// Shift is held.
    func testDroppedEventsAndResync() throws {
        var d = try KeyDecoder(device: Self.keyboard)
        let dropped = [
            InputEvent(time: 0, type: EventType.syn, code: SynCode.dropped, value: 0),
            InputEvent(time: 0, type: EventType.key, code: PanelKeyCode.enter, value: 1),
            InputEvent(time: 0, type: EventType.syn, code: SynCode.report, value: 0),
        ]
        XCTAssertEqual(run(&d, dropped), [])
        d.resync(keysDown: [PanelKeyCode.leftShift], absValues: [:])
        XCTAssertEqual(run(&d, key(PanelKeyCode.tab, 1, at: 1)).map(\.key), [.previous])
    }

    func testDevicesWithoutKeysOrDialsAreRefusedAndUndeclaredCodesIgnored() throws {
        let mouse = DeviceDescription(name: "Logitech mouse", codes: [EventType.key: [KeyCode.buttonLeft]])
        XCTAssertThrowsError(try KeyDecoder(device: mouse)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\"Logitech mouse\" has none of the keys or dials"), "\(error)")
        }
        // The encoder declares REL_X only: a stray REL_DIAL or key is not its.
        var d = try KeyDecoder(device: Self.relativeEncoder)
        XCTAssertEqual(run(&d, rel(RelCode.dial, 1, at: 0) + key(PanelKeyCode.enter, 1, at: 0)), [])
    }
}
