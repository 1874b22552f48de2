import CommandLineInterface
import LinuxIO
import PanelRuntime

// Line-buffered stdout: replays, `print` actions and `record` go through a pipe in order, each
// line as it happens.
lineBufferStandardOutput()

/// The `switchpanel` program. Each command declares its own options, positional words and help
/// in its own file; `CommandLineProgram` parses them, prints `--help` and the errors, and sets
/// the exit status (2 for bad usage, 1 for failures).
let program = CommandLineProgram(
    name: "switchpanel", version: SwitchPanelVersion.current,
    commands: [
        RunCommand.self, ReplayCommand.self, RenderCommand.self, CheckConfigCommand.self, CalibrateCommand.self,
        ControlCommand.self, DevicesCommand.self, RecordCommand.self, InjectCommand.self, PresetsCommand.self,
        BenchCommand.self, TestCommand.self, PreviewCommand.self, HomeAssistantEntitiesCommand.self,
        DescribeTouchscreenCommand.self,
    ]
)
exitProcess(program.run(Array(CommandLine.arguments.dropFirst()), errors: { writeStandardError($0 + "\n") }))
