import ConfigFormat
import Raster
import Widget

public struct SwitchConfig: Sendable {
    /// The most characters of an id (it names the switch in the state file, the control
    /// protocol and errors).
    public static let maximumIDLength = 64

    public var id: String
    /// The text beside the switch; the id when the config gives none.
    public var label: String
    /// What the label does when it is wider than its space; nil: as the theme says.
    public var labelOverflow: LabelOverflow?
    public var style: SwitchStyle
    public var initial = false
    public var enabled = true
    /// An absolute position (top-left, logical pixels) instead of a grid cell.
    public var origin: Point? = nil
    public var actions: [ActionConfig] = []
    /// Whether a failed action flips the switch back.
    public var revertOnFailure = true
    /// The device on the broker this switch commands and mirrors; nil: none.
    public var mqtt: MQTTBinding?
    /// The Home Assistant entity this switch shows and turns on and off; nil: none.
    public var entity: HomeAssistantEntity?
    /// Whether the config gave a label: a switch bound to an entity without one shows the
    /// entity's friendly name once Home Assistant has said it.
    public var hasOwnLabel = true
    /// The switches this one sets all at once, and when it shows on; nil: an ordinary switch.
    public var group: SwitchGroup?
    /// Where the switch is in the file (`switches[2]`, `sections[1].switches[0]`), for errors
    /// found after parsing (a missing image file).
    public var path: String = ""
}

extension SwitchConfig {
    init(reading node: ConfigNode, theme: ThemeConfig) throws(ConfigError) {
        let o = try node.object(allowed: [
            "id", "label", "labelOverflow", "preset", "style", "initial", "enabled", "position", "actions",
            "revertOnFailure", "mqtt", "entity", "group", "mode",
        ])
        let idNode = try o.required("id")
        let id = try idNode.string(maximumLength: Self.maximumIDLength)
        guard !id.isEmpty else { throw ConfigError(idNode.path, "must not be empty") }
        guard
            id.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
            })
        else { throw ConfigError(idNode.path, "\(idNode.value.shown): use letters, digits, '-', '_' or '.'") }
        // A switch's own preset replaces the theme's (and the theme's style overrides with it).
        var base = theme.style
        if let p = o.optional("preset") {
            base = try p.choice(of: SwitchPreset.self).style
            base.scale = theme.style.scale
        }
        self.init(
            id: id, label: try o.value("label", else: id, .text),
            style: try o.value("style", else: base, ValueReader(base.overridden(by:))))
        labelOverflow = try o.optional("labelOverflow").map { (n) throws(ConfigError) in
            try n.choice(of: LabelOverflow.self)
        }
        initial = try o.value("initial", else: initial, .bool)
        enabled = try o.value("enabled", else: enabled, .bool)
        if let p = o.optional("position") {
            let po = try p.object(allowed: ["x", "y"])
            // Off-screen positions are the layout's error, which names the screen's size.
            origin = Point(
                try po.required("x").number(in: -10000...10000), try po.required("y").number(in: -10000...10000))
        }
        if let a = o.optional("actions") {
            for n in try a.array(maximumCount: ActionConfig.maximumPerSwitch) {
                if let action = try ActionConfig.read(n) { actions.append(action) }
            }
        }
        revertOnFailure = try o.value("revertOnFailure", else: revertOnFailure, .bool)
        mqtt = try o.optional("mqtt").map { (n) throws(ConfigError) in try MQTTBinding.read(n) }
        entity = try o.optional("entity").map { (n) throws(ConfigError) in try HomeAssistantEntity.read(n) }
        hasOwnLabel = o.optional("label") != nil
        path = node.path
        if entity != nil, o.optional("mqtt") != nil {
            throw ConfigError(
                path + ".entity", "a switch follows one device: give \"entity\" (Home Assistant) or \"mqtt\", not both")
        }
        if let g = o.optional("group") {
            // A group's value is its members': it has none of its own to start from, act on or bind.
            for key in ["initial", "actions", "revertOnFailure", "mqtt", "entity"] where o.optional(key) != nil {
                throw ConfigError(
                    path + "." + key,
                    "a group switch has no \(key) of its own: its members' \(key == "mqtt" || key == "entity" ? "bindings" : key) apply"
                )
            }
            let members = try g.array(maximumCount: BoardConfig.maximumSwitches).map { (n) throws(ConfigError) in
                try n.string(maximumLength: Self.maximumIDLength)
            }
            guard !members.isEmpty else { throw ConfigError(g.path, "a group needs at least one member") }
            group = SwitchGroup(members: members, mode: try o.value("mode", else: .any, .choice))
        } else if let m = o.optional("mode") {
            throw ConfigError(m.path, "\"mode\" belongs to a group switch (give \"group\" too)")
        }
    }
}
