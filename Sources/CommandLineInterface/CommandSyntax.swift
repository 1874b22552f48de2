/// A command's declarations as the parser and the help text read them.
struct CommandSyntax {
    let name: String
    let options: [OptionSpec]
    let positionals: Positionals?

    init(name: String, options: [OptionSpec], positionals: Positionals?) {
        for option in options {
            // `--help` and `-h` are every command's; a declaration may not take them.
            precondition(!Self.helpWords.contains(option.name), "\(name) declares \(option.name)")
            precondition(option.shortName.map { !Self.helpWords.contains($0) } ?? true, "\(name) declares -h")
        }
        let names = options.map(\.name) + options.compactMap(\.shortName)
        precondition(Set(names).count == names.count, "\(name) declares an option twice: \(names)")
        self.name = name
        self.options = options
        self.positionals = positionals
    }

    static let helpWords: Set<String> = ["--help", "-h"]

    /// Whether the arguments ask for help: `--help` or `-h` anywhere before a `--`, whatever
    /// else is there.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains(where: helpWords.contains)
    }

    /// Reads `arguments` (the words after the command) against the declarations: options in
    /// any order as `--name value` or `--name=value`, each at most once; positional words
    /// anywhere, and after `--` only positional words.
    func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var words: [String] = []
        var rest = arguments[...]
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                words.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            // `--name=value`: the value is attached (a short name never takes one this way).
            let equals = argument.hasPrefix("--") ? argument.firstIndex(of: "=") : nil
            let written = equals.map { String(argument[..<$0]) } ?? argument
            guard let option = options.first(where: { $0.name == written || $0.shortName == written }) else {
                throw .usage("unknown option '\(written)' for \(name) (\(takes))")
            }
            if option.isFlag {
                guard equals == nil else { throw .usage("\(option.name) takes no value") }
                guard flags.insert(option.name).inserted else { throw .usage("\(option.name) is given twice") }
                continue
            }
            guard values[option.name] == nil else { throw .usage("\(option.name) is given twice") }
            guard let value = equals.map({ String(argument[argument.index(after: $0)...]) }) ?? rest.popFirst() else {
                throw .usage("\(option.name) needs a value (\(option.synopsis))")
            }
            guard option.accepts(value) else {
                throw .usage("\(option.name) must be \(option.expected) (got '\(value)')")
            }
            values[option.name] = value
        }
        if let missing = options.first(where: { $0.isRequired && values[$0.name] == nil }) {
            throw .usage("\(name) needs \(missing.synopsis)")
        }
        let allowed = positionals?.count ?? 0...0
        if words.count > allowed.upperBound {
            let extra = words[allowed.upperBound]
            throw .usage(
                allowed.upperBound == 0
                    ? "\(name) takes no arguments (got '\(extra)')"
                    : "\(name) takes \(positionals!.name) and nothing more (got '\(extra)' too)")
        }
        if words.count < allowed.lowerBound {
            throw .usage("\(name) needs \(positionals!.name)")
        }
        return ParsedArguments(
            command: name, options: options, values: values, flags: flags, positionals: words)
    }

    /// "render takes: --config, --out" for the error that refuses another option.
    private var takes: String {
        options.isEmpty
            ? "\(name) takes no options"
            : "\(name) takes: "
                + options.map { [$0.name, $0.shortName].compactMap { $0 }.joined(separator: "/") }
                .joined(separator: ", ")
    }

    /// `usage: INVOCATION [--config BOARD.json] --out PNG [--verbose] FILE`, wrapped at
    /// `width` columns with continuation lines under the first option.
    func usage(invokedAs invocation: String, width: Int = 100) -> String {
        let words =
            options.map { $0.isRequired ? $0.synopsis : "[\($0.synopsis)]" } + [positionals?.name].compactMap { $0 }
        return Self.wrap(words, after: "usage: \(invocation)", width: width)
    }

    /// The whole `--help`: the usage line, the details, and one line per option.
    func help(invokedAs invocation: String, details: String) -> String {
        var text = usage(invokedAs: invocation)
        if !details.isEmpty { text += "\n\n" + details }
        let rows = options.map { option in
            let names = ([option.shortName].compactMap { $0 } + [option.synopsis]).joined(separator: ", ")
            let notes = [
                option.choices.map { "one of " + $0.joined(separator: ", ") },
                option.defaultValue.map { "default \($0)" },
            ].compactMap { $0 }
            return (names, option.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"))
        }
        let column = (rows.map(\.0.count) + ["-h, --help".count]).max()! + 2
        // The help column wraps under itself.
        let lines = (rows + [("-h, --help", "this help")]).map { names, help in
            let prefix = "  " + names + String(repeating: " ", count: column - names.count - 1)
            return Self.wrap(help.split(separator: " ").map(String.init), after: prefix, indent: 2 + column, width: 100)
        }
        return text + "\n\n" + lines.joined(separator: "\n")
    }

    /// `words` after `prefix`, space-separated, as many on a line as fit in `width`; later lines
    /// are indented by `indent` columns (by default, under the first word).
    static func wrap(_ words: [String], after prefix: String, indent: Int? = nil, width: Int) -> String {
        let indent = String(repeating: " ", count: indent ?? prefix.count + 1)
        var lines: [String] = []
        var line = prefix
        for word in words {
            if line.count + 1 + word.count > width && line != prefix {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        return (lines + [line]).joined(separator: "\n")
    }
}

/// What a command line said, read through the options the command declared.
public struct ParsedArguments {
    let command: String
    let options: [OptionSpec]
    let values: [String: String]
    let flags: Set<String>
    /// The positional words, in order.
    public let positionals: [String]

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool {
        requireDeclared(flag.spec)
        return flags.contains(flag.spec.name)
    }

    /// The option's value: the one given, else its default, else nil.
    public subscript<Value>(option: Option<Value>) -> Value? {
        requireDeclared(option.spec)
        // The parser let through only values `convert` accepts, and defaults are checked when
        // declared.
        return (values[option.spec.name] ?? option.spec.defaultValue).map { option.convert($0)! }
    }

    /// The value of an option that is required or has a default: there always is one.
    public func value<Value>(_ option: Option<Value>) -> Value {
        precondition(
            option.spec.isRequired || option.spec.defaultValue != nil,
            "\(option.spec.name) is neither required nor defaulted in \(command)")
        return self[option]!
    }

    /// Reading an option the command did not declare is a mistake in the command: it would
    /// always look absent.
    private func requireDeclared(_ spec: OptionSpec) {
        precondition(options.contains { $0.name == spec.name }, "\(command) did not declare \(spec.name)")
    }
}
