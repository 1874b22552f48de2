/// What the parser and the help text need to know about one option, whatever its value's type:
/// a command declares each option once and its parsing, its errors and its `--help` line all
/// come from that declaration.
public struct OptionSpec: Sendable {
    /// The long name with its dashes: `--config`.
    public let name: String
    /// A one-letter alias with its dash (`-v`), if any.
    public let shortName: String?
    /// The placeholder for the value in usage lines (`BOARD.json`); nil for a flag.
    public let valueName: String?
    /// One line for `--help`.
    public let help: String
    /// Whether the command refuses to run without it.
    public let isRequired: Bool
    /// The value used when the option is not given, shown in `--help`.
    public let defaultValue: String?
    /// The only values accepted, when there is such a list (shown in `--help`).
    public let choices: [String]?
    /// What a valid value is, for the error that refuses another: "a positive number".
    let expected: String
    let accepts: @Sendable (String) -> Bool

    /// A flag takes no value.
    public var isFlag: Bool { valueName == nil }

    /// `--config BOARD.json`, `--verbose`.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// An option as a command declares and reads it.
public protocol CommandOption: Sendable {
    var spec: OptionSpec { get }
}

/// An option without a value: given or not.
public struct Flag: CommandOption {
    public let spec: OptionSpec

    /// A flag `name` (`--write`), with a one-letter alias (`-v`) if given.
    public init(_ name: String, short: String? = nil, help: String) {
        spec = OptionSpec(
            name: name, shortName: short, valueName: nil, help: help, isRequired: false, defaultValue: nil,
            choices: nil, expected: "", accepts: { _ in true })
    }
}

/// An option with a value of type `Value`, converted from the word that follows it (or from
/// `--name=value`). A value that does not convert is a usage error naming what was expected.
public struct Option<Value>: CommandOption {
    public let spec: OptionSpec
    let convert: @Sendable (String) -> Value?

    /// An option `name` whose value, shown as `valueName`, is converted by `convert`; `expected`
    /// says what a valid one is ("a positive number"). `defaultValue` (a value as it would be
    /// typed) is what the command gets when the option is not given.
    public init(
        _ name: String, _ valueName: String, required: Bool = false, default defaultValue: String? = nil,
        help: String, expected: String, convert: @escaping @Sendable (String) -> Value?
    ) {
        self.init(
            name, valueName, required: required, default: defaultValue, help: help, choices: nil,
            expected: expected, convert: convert)
    }

    private init(
        _ name: String, _ valueName: String, required: Bool, default defaultValue: String?, help: String,
        choices: [String]?, expected: String, convert: @escaping @Sendable (String) -> Value?
    ) {
        precondition(name.hasPrefix("--"), "an option's name starts with --: \(name)")
        precondition(defaultValue.map { convert($0) != nil } ?? true, "\(name)'s default does not convert")
        precondition(!(required && defaultValue != nil), "\(name) is required and has a default")
        spec = OptionSpec(
            name: name, shortName: nil, valueName: valueName, help: help, isRequired: required,
            defaultValue: defaultValue, choices: choices, expected: expected, accepts: { convert($0) != nil })
        self.convert = convert
    }
}

extension Option where Value == String {
    /// An option whose value is taken as it is (a path, a name).
    public init(
        _ name: String, _ valueName: String, required: Bool = false, default defaultValue: String? = nil, help: String
    ) {
        self.init(
            name, valueName, required: required, default: defaultValue, help: help, choices: nil, expected: "",
            convert: { $0 })
    }
}

extension Option where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue: LosslessStringConvertible {
    /// An option whose value is one of `Value`'s cases, named by its raw value (any letter case).
    public init(choosing name: String, _ valueName: String, default defaultValue: Value? = nil, help: String) {
        let cases = Array(Value.allCases)
        let choices = cases.map { String($0.rawValue) }
        self.init(
            name, valueName, required: false, default: defaultValue.map { String($0.rawValue) }, help: help,
            choices: choices, expected: "one of " + choices.joined(separator: ", "),
            convert: { word in cases.first { String($0.rawValue).lowercased() == word.lowercased() } })
    }
}
