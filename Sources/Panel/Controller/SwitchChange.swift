/// Where a switch's change came from: a finger, a key or dial on the focused switch, the control
/// socket, the state restored at start, an action that failed and flipped it back, or the network
/// (an MQTT device, a Home Assistant entity).
public enum ChangeSource: String, Hashable, Sendable, CaseIterable {
    case touch, key, socket, restore, revert, mqtt, homeAssistant
}

/// One switch changing its value.
public struct SwitchChange: Hashable, Sendable {
    public var id: String
    public var isOn: Bool
    public var source: ChangeSource
    public var time: Double

    public init(id: String, isOn: Bool, source: ChangeSource, time: Double) {
        self.id = id
        self.isOn = isOn
        self.source = source
        self.time = time
    }
}
