/// The touchscreen the QEMU harnesses create through uinput (`switchpanel inject`): a direct
/// multitouch device of protocol B — slots, tracking ids, `BTN_TOUCH`, and `ABS_X`/`ABS_Y`
/// beside the `ABS_MT_*` positions, as most real panels report — whose axes run 0…units − 1.
/// Its evemu header (``EvemuWriter/header(_:names:)``, `switchpanel describe-touchscreen`) is
/// the one the harnesses' recordings start with, so the device is described in one place.
extension DeviceDescription {
    /// The name the harnesses look for in the panel's log.
    public static let syntheticTouchscreenName = "SwitchPanel test touchscreen"

    /// A direct MT-B touchscreen named `name` with `units` units per axis and `slots` slots, on
    /// USB (bus 3) with the ids 1d50:6150 version 1 (an open-hardware vendor id: no real
    /// device's quirks apply to it).
    public static func syntheticTouchscreen(
        name: String = syntheticTouchscreenName, units: Int32 = 4096, slots: Int32 = 10
    ) -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: units - 1)
        return DeviceDescription(
            name: name, bus: 0x0003, vendor: 0x1d50, product: 0x6150, version: 0x0001,
            codes: [
                EventType.key: [KeyCode.touch],
                EventType.abs: [
                    AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
                    AbsCode.mtTrackingID,
                ],
            ],
            absInfo: [
                AbsCode.x: axis, AbsCode.y: axis, AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: slots - 1),
                AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis,
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ],
            properties: [InputProperty.direct])
    }
}
