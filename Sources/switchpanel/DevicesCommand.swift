import CommandLineInterface
import ConfigFormat
import DRM
import Evdev
import FoundationEssentials
import LinuxIO
import TouchCore

// `switchpanel devices`, `switchpanel record` and `switchpanel inject`: the live input edge on
// the command line.

/// `switchpanel devices`.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "Touchscreens and displays found, with everything the panel needs to know."
    static let details = """
        Lists the touchscreens and absolute pointers in /dev/input with their axes, ranges,
        resolution, protocol and properties, and the nodes that could not be read and why. Then
        the displays in /dev/dri: every card with its driver and API (atomic or legacy),
        connectors with status and modes, CRTCs and planes with their formats.
        """
    static let all = Flag("--all", help: "list every other input device too")
    static let directory = Option("--dir", "DIR", default: InputDiscovery.defaultDirectory, help: "the input devices")
    static let displayDirectory = Option(
        "--dri", "DIR", default: CardDiscovery.defaultDirectory, help: "the display devices")
    static var options: [any CommandOption] { [all, directory, displayDirectory] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        try runDevicesCommand(
            all: arguments[all], directory: arguments.value(directory),
            displayDirectory: arguments.value(displayDirectory))
    }
}

/// Lists the input devices in `directory` and the displays in `displayDirectory`.
func runDevicesCommand(all: Bool, directory: String, displayDirectory: String) throws -> Int32 {
    // The displays are listed even when the input devices cannot be (a machine without
    // /dev/input still has something to say about its screens, and the other way round).
    var status: Int32 = 0
    do {
        status = try listInputDevices(all: all, directory: directory)
    } catch {
        writeStandardError("switchpanel: \(error)\n")
        status = 1
    }
    print("")
    print("Displays (\(displayDirectory)):")
    let inventory = DisplayInventory.describe(
        DisplayInventory.scan(directory: displayDirectory), directory: displayDirectory)
    print(inventory.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
    return status
}

/// The input half of `switchpanel devices`: touchscreens and absolute pointers, then the rest.
private func listInputDevices(all: Bool, directory: String) throws -> Int32 {
    let found = try InputDiscovery.scan(directory: directory)
    if found.isEmpty {
        print("no input devices in \(directory) (no event* nodes)")
        return 0
    }
    var touchCount = 0
    var others: [(String, DiscoveredDevice.Info)] = []
    var failures: [(String, EvdevError)] = []
    for device in found {
        switch device.outcome {
        case .success(let info) where info.kind.isTouchInput || all:
            if info.kind.isTouchInput { touchCount += 1 }
            print(describe(path: device.path, info))
        case .success(let info): others.append((device.path, info))
        case .failure(let error): failures.append((device.path, error))
        }
    }
    if !others.isEmpty {
        print("other input devices (--all for details):")
        for (path, info) in others { print("  \(path)  \(info.kind.rawValue)  \"\(info.description.name)\"") }
    }
    if !failures.isEmpty {
        print("could not read:")
        for (_, error) in failures { print("  \(error)") }
    }
    if touchCount == 0 {
        print("no touchscreen or absolute pointer found")
    }
    return 0
}

/// A device's listing: the node, kind and name, then ids, protocol, properties, axes and keys.
func describe(path: String, _ info: DiscoveredDevice.Info) -> String {
    let d = info.description
    var lines = ["\(path)  \(info.kind.rawValue)  \"\(d.name)\""]
    lines.append(
        "    bus 0x\(hex4(d.bus)) vendor 0x\(hex4(d.vendor)) product 0x\(hex4(d.product)) version 0x\(hex4(d.version))")
    var proto: String
    switch d.touchProtocol {
    case .multitouchB: proto = "multitouch type B (\(d.slotCount) slots)"
    case .multitouchA: proto = "multitouch type A (anonymous contacts)"
    case .singleTouch: proto = "single touch"
    case .none: proto = "none (no position axes)"
    }
    if let slot = info.currentSlot, d.touchProtocol == .multitouchB { proto += ", current slot \(slot)" }
    if let remap = d.suggestedAxisRemap {
        let pairs = remap.mapping.sorted { $0.key < $1.key }.map { "\(absName($0.key)) → \(absName($0.value))" }
        proto += "; position sent on other axes (\(pairs.joined(separator: ", ")))"
    }
    lines.append("    protocol: \(proto)")
    let properties = d.properties.sorted().map { EventNames.property($0) ?? "property \($0)" }
    lines.append("    properties: \(properties.isEmpty ? "none" : properties.joined(separator: ", "))")
    let axes = (d.codes[EventType.abs] ?? []).sorted()
    if !axes.isEmpty {
        lines.append("    axes:")
        for code in axes {
            var line = "      " + absName(code).rightPadded(to: 20)
            if let a = d.absInfo[code] {
                line += "\(a.minimum) … \(a.maximum)"
                if a.resolution != 0 {
                    let units = code == AbsCode.mtOrientation ? "/rad" : "/mm"
                    line += "  resolution \(a.resolution)\(units)"
                }
                if a.fuzz != 0 { line += "  fuzz \(a.fuzz)" }
                if a.flat != 0 { line += "  flat \(a.flat)" }
            }
            lines.append(line)
        }
    }
    let keys = (d.codes[EventType.key] ?? []).sorted()
    if !keys.isEmpty {
        let names = keys.prefix(12).map { EventNames.name(type: EventType.key, code: $0) ?? "key \($0)" }
        lines.append("    keys: \(names.joined(separator: ", "))\(keys.count > 12 ? ", … (\(keys.count) keys)" : "")")
    }
    return lines.joined(separator: "\n")
}

private func absName(_ code: UInt16) -> String {
    EventNames.name(type: EventType.abs, code: code) ?? "ABS_\(code)"
}

private func hex4(_ v: UInt16) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: max(0, 4 - s.count)) + s
}

// MARK: record

/// `switchpanel record`.
enum RecordCommand: Command {
    static let name = "record"
    static let summary = "A live touch device's events in evemu format (inject plays them back)."
    static let details = """
        Writes a live device's description and events to stdout in evemu format until Ctrl-C
        (or N events). DEVICE is a node path, a name, or vendor:product in hex (0eef:0001);
        without it, the first touchscreen (else absolute pointer).
        """
    static let positionals: Positionals? = .optional("DEVICE")
    static let count = Option(
        "--count", "N", help: "stop after N events", expected: "a positive number",
        convert: { Int($0).flatMap { $0 > 0 ? $0 : nil } })
    static let grab = Flag("--grab", help: "grab the device (EVIOCGRAB): nothing else sees its events")
    static var options: [any CommandOption] { [count, grab, DevicesCommand.directory] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let selector = try arguments.positionals.first.map { word throws(CommandLineError) in
            guard let match = DeviceMatch(word) else { throw .usage("record: empty device name") }
            return match
        }
        return try runRecordCommand(
            selector: selector, count: arguments[count], grab: arguments[grab],
            directory: arguments.value(DevicesCommand.directory))
    }
}

/// Writes the events of the device `selector` picks (else the first touchscreen) to stdout.
func runRecordCommand(selector: DeviceMatch?, count: Int?, grab: Bool, directory: String) throws -> Int32 {
    let path = try recordingDevicePath(selector, directory: directory)
    let device = try InputDevice(path: path)
    // Signals first, so a Ctrl-C during the header still ends the recording cleanly.
    let signals = try SignalDescriptor()
    if grab { try device.grab() }
    writeStandardOutput(EvemuWriter.header(device.description, names: EventNames.name))
    note("recording \(path) (\"\(device.name)\"); Ctrl-C to stop")
    var written = 0
    while true {
        let ready = try waitForReadable([device.pollHandle, signals.pollHandle])
        if ready.contains(signals.pollHandle), signals.received() != nil { break }
        let read = Result { () throws(EvdevError) in try device.readAvailable() }
        if case .failure(let error) = read, error.isDeviceGone {
            note("\(path): the device went away; \(written) events recorded")
            return 1
        }
        let results = try read.get()
        var text = ""
        for result in results {
            switch result {
            case .event(let event):
                text += EvemuWriter.eventLine(event, names: EventNames.name) + "\n"
                written += 1
            case .dropped(_, let syncEvents, let time):
                let drop = InputEvent(time: time, type: EventType.syn, code: SynCode.dropped, value: 0)
                for event in [drop] + syncEvents {
                    text += EvemuWriter.eventLine(event, names: EventNames.name) + "\n"
                    written += 1
                }
            }
            if let count, written >= count { break }
        }
        writeStandardOutput(text)
        if let count, written >= count { break }
    }
    note("\(written) events recorded")
    return 0
}

/// The node to record: the selected device, or the first touchscreen, else absolute pointer.
private func recordingDevicePath(_ selector: DeviceMatch?, directory: String) throws -> String {
    if case .path(let path) = selector { return path }
    let found = try InputDiscovery.scan(directory: directory)
    if let selector {
        guard let device = selector.select(from: found) else {
            throw CommandLineError.failure("no input device matches \(selector) (`switchpanel devices` lists them)")
        }
        return device.path
    }
    let readable = found.compactMap { d in d.info.map { (d.path, $0.kind) } }
    if let touch = readable.first(where: { $0.1 == .touchscreen }) ?? readable.first(where: { $0.1.isTouchInput }) {
        return touch.0
    }
    let denied = found.compactMap(\.error).first { $0.isPermissionDenied }
    throw CommandLineError.failure(
        "no touchscreen or absolute pointer in \(directory)" + (denied.map { " (\($0))" } ?? ""))
}

private func note(_ line: String) {
    writeStandardError("switchpanel: \(line)\n")
}

// MARK: inject

/// `switchpanel inject`.
enum InjectCommand: Command {
    static let name = "inject"
    static let summary = "Plays a recording through a new uinput device (tests on a real kernel)."
    static let details = """
        Creates a uinput device from a recording's description and plays its events with their
        original timing (for testing on a real kernel; needs /dev/uinput). Prints the new node,
        then waits until FILE exists when --start-after is given; with --end-after the device
        stays until that file exists (an unplug at a chosen moment).
        """
    static let positionals: Positionals? = .one("RECORDING.events")
    static let deviceDescription = Option(
        "--desc", "DEVICE.desc", help: "the device's description, when not in the recording")
    static let fast = Flag("--fast", help: "write the events at once, without their timing")
    static let startAfter = Option("--start-after", "FILE", help: "wait for FILE to exist before the first event")
    static let endAfter = Option("--end-after", "FILE", help: "keep the device until FILE exists")
    static var options: [any CommandOption] { [deviceDescription, fast, startAfter, endAfter] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        try runInjectCommand(
            file: arguments.positionals[0], desc: arguments[deviceDescription], fast: arguments[fast],
            startAfter: arguments[startAfter], endAfter: arguments[endAfter])
    }
}

/// Plays the recording `file` through a uinput device made from its description.
func runInjectCommand(file: String, desc: String?, fast: Bool, startAfter: String?, endAfter: String?) throws -> Int32 {
    let (recording, device) = try readRecording(
        try readText(file), named: file, description: try desc.map(readText))
    let virtual = try VirtualInputDevice(device)
    print("created \(virtual.devnode ?? "(unknown node)") \"\(device.name)\"")
    flushStandardOutput()
    if let startAfter {
        while !FileManager.default.fileExists(atPath: startAfter) { sleepFor(0.01) }
    } else {
        sleepFor(0.2)  // let readers find the new node
    }
    let start = Date()
    let first = recording.events.first?.time ?? 0
    for event in recording.events {
        // SYN_DROPPED is the kernel's to send; the frame it spoiled is written as recorded.
        if event.type == EventType.syn && event.code == SynCode.dropped { continue }
        if !fast {
            let wait = (event.time - first) - Date().timeIntervalSince(start)
            if wait > 0.0005 { sleepFor(min(wait, 10)) }
        }
        try virtual.write(event)
    }
    print("injected \(recording.events.count) events")
    flushStandardOutput()
    if let endAfter {
        // The device goes away only when told (an unplug at a chosen moment, mid-touch).
        while !FileManager.default.fileExists(atPath: endAfter) { sleepFor(0.01) }
    } else {
        sleepFor(0.2)  // let readers drain before the device goes away
    }
    return 0
}
