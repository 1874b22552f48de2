import ConfigFormat

/// What happens when a switch changes.
public enum ActionConfig: Sendable, Hashable {
    /// Runs a program (argv, never a shell) with SWITCHPANEL_ID and SWITCHPANEL_STATE set.
    case run(argv: [String], timeout: Double)
    /// Writes `on` or `off` to a file (sysfs LED, GPIO, relay).
    case write(path: String, on: String, off: String)
    /// Prints a JSON line to stdout.
    case print

    /// Seconds a `run` action may take before it is killed (and counts as failed).
    public static let defaultTimeout = 10.0
    /// What a `write` action writes.
    public static let defaultOn = "1"
    public static let defaultOff = "0"
    /// The most actions one switch has.
    public static let maximumPerSwitch = 16
}

extension ActionConfig {
    /// Reads one action; nil for `{"print": false}`.
    static func read(_ node: ConfigNode) throws(ConfigError) -> ActionConfig? {
        let o = try node.object(allowed: ["run", "timeout", "write", "on", "off", "print"])
        if let run = o.optional("run") {
            let argv = try run.array().map { (n) throws(ConfigError) in try n.string() }
            guard let first = argv.first, !first.isEmpty else {
                throw ConfigError(
                    run.path,
                    "needs the program and its arguments, e.g. [\"/usr/bin/mosquitto_pub\", \"-t\", \"porch\"]")
            }
            // From a tenth of a second to an hour.
            return .run(argv: argv, timeout: try o.value("timeout", else: defaultTimeout, .number(in: 0.1...3600)))
        }
        if let w = o.optional("write") {
            let path = try w.name()
            guard path.hasPrefix("/") else { throw ConfigError(w.path, "\(w.value.shown) must be an absolute path") }
            return .write(
                path: path, on: try o.value("on", else: defaultOn, .string),
                off: try o.value("off", else: defaultOff, .string))
        }
        if let p = o.optional("print") { return try p.bool() ? .print : nil }
        throw ConfigError(node.path, "an action needs \"run\", \"write\" or \"print\"")
    }
}
