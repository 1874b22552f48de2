import CEvdev
import LinuxIO
import TouchCore

/// Capability and state queries on a libevdev handle, in TouchCore's terms.
struct LibevdevQueries {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }

    /// Declared event types, `EV_SYN` included.
    var eventTypes: Set<UInt16> {
        Set((0...EventType.max).filter { libevdev_has_event_type(handle, UInt32($0)) != 0 })
    }

    /// The codes declared for `type`.
    func codes(_ type: UInt16) -> Set<UInt16> {
        let max = libevdev_event_type_get_max(UInt32(type))
        guard max >= 0 else { return [] }
        return Set((0...UInt16(max)).filter { libevdev_has_event_code(handle, UInt32(type), UInt32($0)) != 0 })
    }

    var properties: Set<UInt16> {
        Set((0...InputProperty.max).filter { libevdev_has_property(handle, UInt32($0)) != 0 })
    }

    /// Range, filtering, resolution and current value of an axis the device declares.
    func absInfo(_ code: UInt16) -> AbsInfo? {
        guard let info = libevdev_get_abs_info(handle, UInt32(code))?.pointee else { return nil }
        return AbsInfo(
            minimum: info.minimum, maximum: info.maximum, fuzz: info.fuzz, flat: info.flat,
            resolution: info.resolution, value: info.value)
    }
}

extension DeviceDescription {
    /// The description of a libevdev device: name, ids, event types and codes, axes (range,
    /// fuzz, flat, resolution and current value; `ABS_MT_SLOT`'s value is the current slot) and
    /// properties. Works on a handle made with `libevdev_new()` and filled by hand, too.
    init(libevdev handle: OpaquePointer) {
        let query = LibevdevQueries(handle)
        let types = query.eventTypes
        var codes: [UInt16: Set<UInt16>] = [:]
        for type in types where type != EventType.syn { codes[type] = query.codes(type) }
        var absInfo: [UInt16: AbsInfo] = [:]
        for code in codes[EventType.abs] ?? [] {
            guard var info = query.absInfo(code) else { continue }
            if code == AbsCode.mtSlot {
                let slot = libevdev_get_current_slot(handle)
                info.value = slot >= 0 ? slot : nil
            }
            absInfo[code] = info
        }
        self.init(
            name: libevdev_get_name(handle).map { String(cString: $0) } ?? "",
            bus: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(handle)),
            vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(handle)),
            product: UInt16(truncatingIfNeeded: libevdev_get_id_product(handle)),
            version: UInt16(truncatingIfNeeded: libevdev_get_id_version(handle)),
            eventTypes: types, codes: codes, absInfo: absInfo, properties: query.properties)
    }
}

extension DeviceState {
    /// The state libevdev holds for a device (after a sync it is the kernel's): every slot's
    /// tracking id, position and pressure, the current slot, the keys down and the values of the
    /// axes below `ABS_MT_SLOT`.
    init(libevdev handle: OpaquePointer) {
        let query = LibevdevQueries(handle)
        let axes = query.codes(EventType.abs)
        let slotCount = max(0, Int(libevdev_get_num_slots(handle)))
        func slotValue(_ slot: Int, _ code: UInt16, absent: Int32) -> Int32 {
            axes.contains(code) ? libevdev_get_slot_value(handle, UInt32(slot), UInt32(code)) : absent
        }
        let slots = (0..<slotCount).map { i in
            Slot(
                trackingID: slotValue(i, AbsCode.mtTrackingID, absent: -1),
                x: slotValue(i, AbsCode.mtPositionX, absent: 0),
                y: slotValue(i, AbsCode.mtPositionY, absent: 0),
                pressure: slotValue(i, AbsCode.mtPressure, absent: 0))
        }
        let keys = query.codes(EventType.key).filter {
            libevdev_get_event_value(handle, UInt32(EventType.key), UInt32($0)) != 0
        }
        var values: [UInt16: Int32] = [:]
        for code in axes where code < AbsCode.mtSlot {
            values[code] = libevdev_get_event_value(handle, UInt32(EventType.abs), UInt32(code))
        }
        self.init(
            currentSlot: max(0, Int(libevdev_get_current_slot(handle))), slots: slots, keysDown: keys,
            absValues: values)
    }
}
