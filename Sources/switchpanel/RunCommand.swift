import Foundation
import Glibc
import LinuxIO
import Panel
import PanelRuntime
import Presentation

/// `switchpanel run`: the panel on the display, or — where there is none — headless.
///
/// With a display (or `--headless`), the live event loop runs until SIGTERM: touches from the
/// board's devices, state under `--state-dir` (systemd's $STATE_DIRECTORY), actions, SIGHUP
/// reload. Without a display, and not asked for `--headless`, it says so and replays the bundled
/// touch recording against the panel instead, prints the value changes and writes the final frame
/// to PNG: what a fresh clone on a laptop or CI can show.
func runPanel(_ options: RenderOptions) throws -> Int32 {
    var config = try configOrDemo(options.config)
    config.display.override(rotation: options.rotation, format: options.format)
    if !options.headless || options.replayDemo {
        report(
            .notice,
            "no display backend here: running headless, replaying the bundled recording \(DemoRecording.name)")
        let replay = try Replay(
            name: DemoRecording.name, recordingText: DemoRecording.events, descriptionText: DemoRecording.description)
        try replay.run(config: config, framesDirectory: nil, out: options.out ?? "out/panel.png")
        return 0
    }
    let log: (LogPriority, String) -> Void = { priority, message in
        if priority <= .info || options.verbose { report(priority, message) }
    }
    let stateDirectory = options.stateDirectory ?? ProcessInfo.processInfo.environment["STATE_DIRECTORY"]
    if stateDirectory == nil { log(.notice, "no --state-dir: switch states will not survive a restart") }
    let display = try openDisplay(config, headless: true)
    log(.notice, "running headless on an in-memory \(display.width)x\(display.height) display")
    let session = try PanelSession(
        config: config, display: display, renderer: panelRenderer(config),
        store: stateDirectory.map(StateStore.init),
        actions: ActionRunner(), log: log)
    let inputs = TouchInputs(touch: config.touch, display: config.display, log: log)
    let loop = try PanelLoop(
        session: session, display: display, inputs: inputs,
        reloadConfig: options.config.map { path in { try loadConfig(path) } }, log: log)
    loop.logsFrames = options.verbose
    defer {
        inputs.closeAll()
        display.close()
    }
    let signal = try loop.run()
    if let summary = loop.latencySummary { log(.info, summary) }
    if let out = options.out, let image = (display as? HeadlessDisplay)?.snapshot() { try writePNG(image, to: out) }
    return signal == SIGINT || signal == SIGTERM ? 0 : 1
}

/// The display of `config`: the in-memory one for `--headless`.
func openDisplay(_ config: BoardConfig, headless: Bool) throws -> DisplayOutput & DisplaySession {
    HeadlessDisplay(
        width: config.display.width, height: config.display.height, format: config.display.format,
        refreshRate: config.display.refreshRate ?? 60)
}
