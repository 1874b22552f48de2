/// The words after a command that are not options (a file, a device, `get ID`).
public struct Positionals: Sendable {
    /// How usage lines and errors name them: `RECORDING.events`, `[DEVICE]`.
    public let name: String
    /// How many the command takes.
    public let count: ClosedRange<Int>

    /// `count` words shown as `name` (written as the usage line should show it).
    public init(_ name: String, count: ClosedRange<Int>) {
        self.name = name
        self.count = count
    }

    /// Exactly one word.
    public static func one(_ name: String) -> Positionals { Positionals(name, count: 1...1) }

    /// One word or none, shown in brackets.
    public static func optional(_ name: String) -> Positionals { Positionals("[\(name)]", count: 0...1) }
}

/// One command of a program (`switchpanel render`), or a whole single-command program: its
/// options, its positional words and its help, declared once, and what it does.
public protocol Command {
    /// The word that selects it (`render`), or the program's name for a single-command program.
    static var name: String { get }
    /// One line (or a few) for the program's list of commands.
    static var summary: String { get }
    /// Paragraphs for `--help`, between the usage line and the options.
    static var details: String { get }
    static var options: [any CommandOption] { get }
    /// The words it takes besides options; nil for none.
    static var positionals: Positionals? { get }

    /// Does the work; returns the exit status. Throws ``CommandLineError`` (or any error, a
    /// failure) when it cannot.
    static func run(_ arguments: ParsedArguments) throws -> Int32
}

extension Command {
    public static var details: String { "" }
    public static var options: [any CommandOption] { [] }
    public static var positionals: Positionals? { nil }

    /// The declarations the parser reads.
    static var syntax: CommandSyntax {
        CommandSyntax(name: name, options: options.map(\.spec), positionals: positionals)
    }
}
