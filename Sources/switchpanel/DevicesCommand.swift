import CommandLineInterface
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
        print(DeviceReport.text(of: try InputDiscovery.scan(directory: directory), directory: directory, all: all))
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
    let path: String
    do {
        path = try EvemuRecorder.devicePath(selector, directory: directory)
    } catch let error as DeviceChoiceError {
        throw CommandLineError.failure(error.description)
    }
    let device = try InputDevice(path: path)
    // Signals first, so a Ctrl-C during the header still ends the recording cleanly.
    let signals = try SignalDescriptor()
    if grab { try device.grab() }
    var started = false
    let ending = try EvemuRecorder.record(device, count: count, signals: signals) { text in
        writeStandardOutput(text)
        if !started { note("recording \(path) (\"\(device.name)\"); Ctrl-C to stop") }
        started = true
    }
    switch ending {
    case .deviceGone(let written):
        note("\(path): the device went away; \(written) events recorded")
        return 1
    case .stopped(let written):
        note("\(written) events recorded")
        return 0
    }
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
    let replay = try readRecording(try readText(file), named: file, description: try desc.map(readText))
    let virtual = try VirtualInputDevice(replay.device)
    print("created \(virtual.devnode ?? "(unknown node)") \"\(replay.device.name)\"")
    flushStandardOutput()
    if let startAfter {
        while !FileManager.default.fileExists(atPath: startAfter) { sleepFor(0.01) }
    } else {
        sleepFor(0.2)  // let readers find the new node
    }
    try RecordingPlayback.play(replay.recording.events, through: virtual, timed: !fast)
    print("injected \(replay.recording.events.count) events")
    flushStandardOutput()
    if let endAfter {
        // The device goes away only when told (an unplug at a chosen moment, mid-touch).
        while !FileManager.default.fileExists(atPath: endAfter) { sleepFor(0.01) }
    } else {
        sleepFor(0.2)  // let readers drain before the device goes away
    }
    return 0
}
