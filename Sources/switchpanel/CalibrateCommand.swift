import CommandLineInterface
import ConfigFormat
import Evdev
import LinuxIO
import Panel
import PanelDevices
import PanelRuntime

/// `switchpanel calibrate`.
enum CalibrateCommand: Command {
    static let name = "calibrate"
    static let summary = "Five touch targets → the touchscreen's calibration matrix."
    static let details = """
        Shows five targets (four corners and the centre); touch each with a finger or
        stylus. Prints the fitted matrix as the config's "calibration" line; --write
        stores it in the config file instead (the rest of the file kept, re-indented).
        """
    static let device = Option(
        "--device", "PATH|NAME|VVVV:PPPP", help: "the touch device (default: the config's, else the first touchscreen)")
    static let write = Flag("--write", help: "store the matrix in the --config file")
    static let headless = Flag("--headless", help: "draw the targets on an in-memory display (for tests)")
    static var options: [any CommandOption] { [SharedOptions.config, device, write, headless] }

    /// Calibrates the board's touch device on its display (``CalibrationSession``, on the
    /// panel's loop) and prints the matrix — or, with --write, stores it in the config
    /// (`touch.calibration`, the file replaced atomically).
    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let (configPath, deviceName) = (arguments[SharedOptions.config], arguments[device])
        if arguments[write] && configPath == nil {
            throw CommandLineError.usage("--write needs --config FILE to write to")
        }
        let config = try LoadedConfig.boardOrDemo(configPath).config
        if config.touch.pointercal != nil {
            // Checked before any touch: --write would make a config with both, which is refused.
            throw CommandLineError.usage(
                "the config calibrates through touch.pointercal; remove it to calibrate with a matrix instead")
        }
        let chosen = try CalibrationSession.chooseDevice(named: deviceName, config: config, log: logLine)
        let device = try InputDevice(path: chosen.path)
        try? device.grab()
        // Signals blocked first and kept until the display is restored (declared before its
        // cleanup, this object outlives it): a Ctrl-C at any point restores the screen, and one
        // before the loop starts waits for it.
        let signals = try SignalDescriptor()
        defer { withExtendedLifetime(signals) {} }
        let display = try openDisplay(config, headless: arguments[headless])
        defer { display.close() }
        let calibration = try CalibrationSession(
            config: config, display: display, device: device.description, initialSlot: device.currentSlot,
            reading: device, log: logLine)
        print(
            "calibrating \(chosen.path) (\"\(device.name)\") on \(display.width)x\(display.height); touch each target")
        guard let matrix = try calibration.run() else {
            logger.log(.notice, "calibration interrupted; nothing written")
            return 1
        }
        let numbers = matrix.values.map { $0.significant(6) }.joined(separator: ", ")
        guard arguments[write], let path = configPath else {
            print("\"calibration\": [\(numbers)]")
            return 0
        }
        let text = try BoardConfig.settingCalibration(matrix.values, in: try readConfigFile(path))
        try writeFileDurably(Array(text.utf8), to: path)
        print("wrote \"calibration\": [\(numbers)] to \(path)")
        return 0
    }
}
