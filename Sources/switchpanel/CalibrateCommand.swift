import CommandLineInterface
import ConfigFormat
import Evdev
import FoundationEssentials
import LinuxIO
import Panel
import PanelDevices
import PanelRuntime
import Presentation
import Raster
import TouchCore
import Widget

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

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        try runCalibrateCommand(
            configPath: arguments[SharedOptions.config], deviceName: arguments[device], write: arguments[write],
            headless: arguments[headless])
    }
}

/// Draws five targets on the display, one after the other, takes a touch on each from the
/// board's touch device, fits libinput's six-number matrix by least squares and prints it — or,
/// with `write`, stores it in the config (`touch.calibration`, the file replaced atomically).
/// The config's swap, invert and rotation stay as they are; the matrix corrects what remains.
func runCalibrateCommand(configPath: String?, deviceName: String?, write: Bool, headless: Bool) throws -> Int32 {
    if write && configPath == nil { throw CommandLineError.usage("--write needs --config FILE to write to") }
    let config = try loadBoard(configPath).config
    if config.touch.pointercal != nil {
        // Checked before any touch: --write would make a config with both, which is refused.
        throw CommandLineError.usage(
            "the config calibrates through touch.pointercal; remove it to calibrate with a matrix instead")
    }

    // The device: the one named, else the config's (or the only touchscreen when none of those is
    // present, as `run` does), else the first touchscreen.
    let wanted = (deviceName.map { [$0] } ?? config.touch.devices).compactMap(DeviceMatch.init)
    let found = try InputDiscovery.scan()
    let selection = InputDiscovery.select(wanted, among: found)
    guard let chosen = selection.devices.first else {
        throw CommandLineError.failure(InputDiscovery.noneWanted(wanted, among: found))
    }
    if let fallback = selection.fallback { logLine(.warning, InputDiscovery.fallbackWarning(wanted, taken: fallback)) }
    let device = try InputDevice(path: chosen.path)
    var description = device.description
    if let remap = description.suggestedAxisRemap { description = description.remappingAxes(remap) }
    let base = try config.touch.calibration(for: description, display: config.display)
    var machine = try TouchStateMachine(
        device: description, calibration: CalibrationProcedure.rawCalibration(for: base), filters: config.touch.filters,
        initialSlot: device.currentSlot)
    try? device.grab()
    var procedure = CalibrationProcedure(base: base)

    // Signals first and kept until the display is restored (declared before its cleanup, this
    // object outlives it): a Ctrl-C at any point restores the screen.
    let signals = try SignalDescriptor()
    defer { withExtendedLifetime(signals) {} }
    let display = try openDisplay(config, headless: headless)
    defer { display.close() }
    let composer = FrameComposer(display: display, rotation: config.display.rotation)
    let labels = labelRenderer(family: config.theme.font, log: logLine)
    func draw(_ canvas: Canvas) {
        canvas.clear(config.theme.background)
        guard let target = procedure.currentTarget else { return }
        let ink = config.theme.textColor
        canvas.stroke(.circle(center: target, radius: 14), width: 2, alignment: .center, .solid(ink))
        canvas.fill(.rect(Rect(x: target.x - 22, y: target.y - 1, width: 44, height: 2)), ink)
        canvas.fill(.rect(Rect(x: target.x - 1, y: target.y - 22, width: 2, height: 44)), ink)
        if let labels {
            let text = "Touch the target (\(procedure.samples.count + 1) of \(procedure.targets.count))"
            let m = labels.measure(text, pixelSize: 20)
            labels.draw(
                text, pixelSize: 20, color: ink,
                baselineAt: Point((Double(composer.logicalWidth) - m.width) / 2, Double(composer.logicalHeight) * 0.3),
                on: canvas)
        }
    }
    print("calibrating \(chosen.path) (\"\(device.name)\") on \(display.width)x\(display.height); touch each target")
    composer.invalidateAll()
    while !procedure.isComplete {
        try composer.composeFrame(now: monotonicNow(), draw: draw)
        var handles = [device.pollHandle, signals.pollHandle]
        if let fd = display.pollDescriptor { handles.append(PollHandle(fd)) }
        let timeout = display.nextEventDeadline.map { max(0, $0 - monotonicNow()) }
        let ready = try waitForReadable(handles, timeout: timeout)
        if ready.contains(signals.pollHandle) {
            logger.log(.notice, "calibration interrupted; nothing written")
            return 1
        }
        _ = try display.dispatchEvents(now: monotonicNow())
        if ready.contains(device.pollHandle) {
            for frame in machine.take(try device.readAvailable()) where procedure.handle(frame) {
                logger.log(.info, "target \(procedure.samples.count) of \(procedure.targets.count) taken")
                composer.invalidateAll()
            }
        }
    }
    let matrix = try procedure.result()
    let numbers = matrix.values.map { $0.significant(6) }.joined(separator: ", ")
    guard write, let path = configPath else {
        print("\"calibration\": [\(numbers)]")
        return 0
    }
    let text = try BoardConfig.settingCalibration(
        matrix.values, in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    try writeFileDurably(Array(text.utf8), to: path)
    print("wrote \"calibration\": [\(numbers)] to \(path)")
    return 0
}
