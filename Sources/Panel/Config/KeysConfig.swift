import ConfigFormat

/// Keyboards, buttons and rotary encoders: which devices move the focus ring through the switches
/// and toggle the one it is on, and how a dial's steps count.
///
/// None unless named: a kiosk's keyboard is usually one plugged in for service, and a panel that
/// took every keyboard it found would let a technician typing in a console (or a barcode scanner,
/// which is a keyboard too) toggle switches unasked. Named devices are matched as
/// ``TouchConfig/devices`` are, without the fallback: a keyboard is never guessed.
public struct KeysConfig: Hashable, Sendable {
    /// Which input devices to read: a path, a name, or "vvvv:pppp"; empty: none.
    public var devices: [String] = []
    /// Steps of a dial that make one detent (one move of the ring): 1 for an encoder whose driver
    /// reports detents (rotary-encoder with the right `steps-per-period`, USB knobs), 2 or 4 for
    /// one that reports every edge of the quadrature.
    public var stepsPerDetent = 1
    /// Whether turning a dial clockwise moves the ring back (an encoder wired the other way round).
    public var reverseDial = false
    /// Seconds the focus ring stays after the last key.
    public var focusTimeout = 5.0

    public init() {}
}

extension KeysConfig {
    var reader: ValueReader<KeysConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["devices", "stepsPerDetent", "reverseDial", "focusTimeout"])
            var k = self
            if let d = o.optional("devices") {
                k.devices = try d.array(maximumCount: TouchConfig.maximumDevices).map { (n) throws(ConfigError) in
                    try n.name()
                }
            }
            // A quadrature encoder has four edges per cycle, and a detent is at most a few cycles.
            k.stepsPerDetent = try o.value("stepsPerDetent", else: stepsPerDetent, .integer(in: 1...16))
            k.reverseDial = try o.value("reverseDial", else: reverseDial, .bool)
            // Long enough to find the ring, short of an hour: a ring that never goes is a stuck key.
            k.focusTimeout = try o.value("focusTimeout", else: focusTimeout, .number(in: 1...3600))
            return k
        }
    }
}
