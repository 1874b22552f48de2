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

    /// Lists the input devices, then the displays, even when the input devices cannot be (a
    /// machine without /dev/input still has something to say about its screens, and the other
    /// way round).
    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let (directory, displayDirectory) = (arguments.value(directory), arguments.value(displayDirectory))
        var status: Int32 = 0
        do {
            let found = try InputDiscovery.scan(directory: directory)
            print(DeviceReport.text(of: found, directory: directory, all: arguments[all]))
        } catch {
            writeStandardError("switchpanel: \(error)\n")
            status = 1
        }
        print("\nDisplays (\(displayDirectory)):")
        let inventory = DisplayInventory.describe(
            DisplayInventory.scan(directory: displayDirectory), directory: displayDirectory)
        print(
            inventory.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        )
        return status
    }
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
        let path = try EvemuRecorder.devicePath(selector, directory: arguments.value(DevicesCommand.directory))
        let device = try InputDevice(path: path)
        // Signals first, so a Ctrl-C during the header still ends the recording cleanly.
        let signals = try SignalDescriptor()
        if arguments[grab] { try device.grab() }
        var started = false
        let ending = try EvemuRecorder.record(device, count: arguments[count], signals: signals) { text in
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

    /// Plays the recording through a uinput device made from its description.
    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let file = arguments.positionals[0]
        let replay = try readRecording(
            try readText(file), named: file, description: try arguments[deviceDescription].map(readText))
        let virtual = try VirtualInputDevice(replay.device)
        print("created \(virtual.devnode ?? "(unknown node)") \"\(replay.device.name)\"")
        flushStandardOutput()
        // Without --start-after, a moment for readers to find the new node.
        waitForFile(arguments[startAfter], orSleep: 0.2)
        try RecordingPlayback.play(replay.recording.events, through: virtual, timed: !arguments[fast])
        print("injected \(replay.recording.events.count) events")
        flushStandardOutput()
        // The device goes away only when told (an unplug at a chosen moment, mid-touch), else
        // once readers have had a moment to drain it.
        waitForFile(arguments[endAfter], orSleep: 0.2)
        return 0
    }
}

/// Waits until the file at `path` exists, or, without one, `seconds`.
private func waitForFile(_ path: String?, orSleep seconds: Double) {
    guard let path else { return sleepFor(seconds) }
    while !FileManager.default.fileExists(atPath: path) { sleepFor(0.01) }
}
