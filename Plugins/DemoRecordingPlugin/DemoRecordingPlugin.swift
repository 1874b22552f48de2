import Foundation
import PackagePlugin

/// Compiles the demo recording into the `switchpanel` target: at build time,
/// `generate-demo-recording` turns the repository's one copy of the recording (in
/// Tests/TouchCoreTests/Recordings, where the tests replay it too) into `DemoRecording.swift`.
///
/// Generated source rather than a SwiftPM resource: the program is installed by `make install`
/// as a single file and built fully static for the QEMU guests, and a resource bundle would have
/// to travel beside the binary (and `Bundle.module` finds it by a build-time path). The build
/// re-runs the generator whenever either file changes.
@main
struct DemoRecordingPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let recordings = context.package.directoryURL.appending(path: "Tests/TouchCoreTests/Recordings")
        let description = recordings.appending(path: "Atmel maXTouch Touchscreen.desc")
        let events = recordings.appending(path: "Atmel maXTouch Touchscreen.1-finger-fast-taps.events")
        let output = context.pluginWorkDirectoryURL.appending(path: "DemoRecording.swift")
        return [
            .buildCommand(
                displayName: "Generating DemoRecording.swift from \(events.lastPathComponent)",
                executable: try context.tool(named: "generate-demo-recording").url,
                arguments: [description.path, events.path, output.path],
                inputFiles: [description, events],
                outputFiles: [output])
        ]
    }
}
