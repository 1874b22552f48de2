import CommandLineInterface
import LinuxIO

exitProcess(
    CommandLineProgram(command: DisplayProbe.self).run(
        Array(CommandLine.arguments.dropFirst()), errors: { writeStandardError($0 + "\n") }))
