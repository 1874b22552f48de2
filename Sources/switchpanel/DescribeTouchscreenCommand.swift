import CommandLineInterface
import TouchCore

/// `switchpanel describe-touchscreen`: the evemu header of the QEMU harnesses' uinput touchscreen.
enum DescribeTouchscreenCommand: Command {
    static let name = "describe-touchscreen"
    static let summary = "Prints the evemu description of a test touchscreen (recordings for inject)."
    static let details = """
        Prints the evemu header of a direct multitouch (MT-B) touchscreen with UNITS units per axis,
        for recordings that `switchpanel inject` plays on a real kernel (the QEMU harnesses' own).
        """
    static let units = Option(
        "--units", "UNITS", default: "4096", help: "units per axis", expected: "a number from 2 to 65536",
        convert: { Int32($0).flatMap { (2...65536).contains($0) ? $0 : nil } })
    static var options: [any CommandOption] { [units] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        print(EvemuWriter.header(.syntheticTouchscreen(units: arguments.value(units))), terminator: "")
        return 0
    }
}
