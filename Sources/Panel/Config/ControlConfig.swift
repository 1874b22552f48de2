import ConfigFormat

/// The control socket: whether the panel may run without it.
public struct ControlConfig: Hashable, Sendable {
    /// Whether a socket that cannot be set up (a symlink or a file at its path, no runtime
    /// directory, another panel listening) only warns. False: the panel does not start, since a
    /// panel nobody can control is a silent failure under systemd.
    public var optional: Bool

    public init(optional: Bool = false) { self.optional = optional }
}

extension ControlConfig {
    var reader: ValueReader<ControlConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["optional"])
            var c = self
            c.optional = try o.value("optional", else: optional, .bool)
            return c
        }
    }
}
