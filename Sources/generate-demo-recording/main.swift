// The build tool behind Plugins/DemoRecordingPlugin: writes `DemoRecording.swift`, the demo
// recording as Swift string literals, from the repository's one copy of its two files.
//
// usage: generate-demo-recording DEVICE.desc RECORDING.events OUTPUT.swift

import Foundation

/// `text` as a one-line Swift string literal that evaluates to exactly `text`: quotes,
/// backslashes and control characters escaped (a multi-line literal would normalise line
/// endings and strip indentation).
func stringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        case "\t": literal += "\\t"
        case "\r": literal += "\\r"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            literal += "\\u{" + String(scalar.value, radix: 16) + "}"
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}

/// A file's contents as UTF-8 text; exits naming the file when it cannot be read.
func contents(of path: String) -> String {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else {
        print("generate-demo-recording: cannot read \(path)")
        exit(1)
    }
    return String(decoding: data, as: UTF8.self)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
    print("usage: generate-demo-recording DEVICE.desc RECORDING.events OUTPUT.swift")
    exit(2)
}
let (descriptionPath, eventsPath, outputPath) = (arguments[0], arguments[1], arguments[2])
let source = """
    // Generated at build time by Plugins/DemoRecordingPlugin from Tests/TouchCoreTests/Recordings;
    // not checked in, so it cannot drift from the recording.

    /// The touch recording `switchpanel run` replays against the demo panel when there is no
    /// display: nine fast taps on a real Atmel maXTouch panel (800×480 axes), unchanged from
    /// whot/evemu-devices (MIT licence: Tests/TouchCoreTests/Recordings/LICENSE), compiled in so
    /// the program needs no data files at run time.
    enum DemoRecording {
        /// The recording's file name.
        static let name = \(stringLiteral(eventsPath.split(separator: "/").last.map(String.init) ?? eventsPath))
        /// The device's description (evemu `.desc`).
        static let description = \(stringLiteral(contents(of: descriptionPath)))
        /// The events (evemu `.events`).
        static let events = \(stringLiteral(contents(of: eventsPath)))
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: outputPath))
} catch {
    print("generate-demo-recording: cannot write \(outputPath): \(error)")
    exit(1)
}
