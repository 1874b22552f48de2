/// A program's front door: picks the command, answers `--help` and `--version`, parses the
/// command's options and turns what it throws into a message and an exit status.
///
/// Exit statuses: 0 and whatever a command returns; 2 for a usage error (the message, then the
/// command's usage); 1 for any other error.
public struct CommandLineProgram {
    private enum Shape {
        /// `program COMMAND ...`.
        case commands([any Command.Type])
        /// `program ...`: the program is one command.
        case single(any Command.Type)
    }

    public let name: String
    public let version: String?
    private let shape: Shape

    /// A program of several commands, selected by the first word.
    public init(name: String, version: String? = nil, commands: [any Command.Type]) {
        precondition(Set(commands.map { $0.name }).count == commands.count, "two commands have one name")
        self.name = name
        self.version = version
        shape = .commands(commands)
    }

    /// A program that is one command (its name is the program's).
    public init(command: any Command.Type) {
        name = command.name
        version = nil
        shape = .single(command)
    }

    /// Runs the command line `arguments` (without the program's path); returns the exit status.
    /// Help and version go to `output`, errors (each without its newline) to `errors`; the
    /// commands print for themselves.
    public func run(
        _ arguments: [String], output: (String) -> Void = { print($0) }, errors: (String) -> Void
    ) -> Int32 {
        switch shape {
        case .single(let command):
            return run(command, arguments, invokedAs: name, output: output, errors: errors)
        case .commands(let commands):
            guard let word = arguments.first else {
                errors(usage)
                return 2
            }
            let rest = Array(arguments.dropFirst())
            switch word {
            case "--help", "-h", "help":
                // `help COMMAND` is `COMMAND --help`.
                if let topic = rest.first, let command = commands.first(where: { $0.name == topic }) {
                    output(command.syntax.help(invokedAs: "\(name) \(command.name)", details: command.details))
                } else {
                    output(usage)
                }
                return 0
            case "--version" where version != nil:
                output("\(name) \(version!)")
                return 0
            default:
                guard let command = commands.first(where: { $0.name == word }) else {
                    errors("\(name): unknown command '\(word)'\n\n\(usage)")
                    return 2
                }
                return run(command, rest, invokedAs: "\(name) \(command.name)", output: output, errors: errors)
            }
        }
    }

    private func run(
        _ command: any Command.Type, _ arguments: [String], invokedAs invocation: String, output: (String) -> Void,
        errors: (String) -> Void
    ) -> Int32 {
        let syntax = command.syntax
        if CommandSyntax.asksForHelp(arguments) {
            output(syntax.help(invokedAs: invocation, details: command.details))
            return 0
        }
        do {
            return try command.run(try syntax.parse(arguments))
        } catch let error as CommandLineError {
            switch error {
            case .usage(let message):
                errors(
                    "\(name): \(message)\n\n\(syntax.usage(invokedAs: invocation))\n"
                        + "('\(invocation) --help' says more)")
            case .failure(let message):
                errors("\(name): \(message)")
            }
            return error.exitStatus
        } catch {
            errors("\(name): \(error)")
            return 1
        }
    }

    /// Every command's usage line, then a line on each command (for a single-command program,
    /// its usage line).
    public var usage: String {
        switch shape {
        case .single(let command):
            return command.syntax.usage(invokedAs: name)
        case .commands(let commands):
            // Each command's usage line (wrapped lines keep their indentation), the word
            // "usage:" only on the first.
            let margin = String(repeating: " ", count: "usage: ".count)
            let synopses = commands.enumerated().map { index, command in
                let synopsis = command.syntax.usage(invokedAs: "\(name) \(command.name)")
                return index == 0 ? synopsis : margin + synopsis.dropFirst(margin.count)
            }
            let column = commands.map { $0.name.count }.max()! + 2
            let summaries = commands.map { command in
                "  " + command.name + String(repeating: " ", count: column - command.name.count)
                    + command.summary.replacing("\n", with: "\n  " + String(repeating: " ", count: column))
            }
            return (synopses + [margin + "\(name) COMMAND --help" + (version == nil ? "" : " | --version")])
                .joined(separator: "\n") + "\n\n" + summaries.joined(separator: "\n")
        }
    }
}
