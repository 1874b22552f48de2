import ConfigFormat
import Raster

public struct LayoutConfig: Sendable {
    public var columns = 2
    /// Points around the grid.
    public var margin = 24.0
    /// Points between cells and between sections.
    public var gap = 16.0
    /// Points per grid row.
    public var rowHeight = 64.0
    /// Points above a section for its title.
    public var titleHeight = 40.0
    /// `ltr`, `rtl` or `auto` (by the direction most labels begin in); nil, not given: left to
    /// right, each label in its own direction. See ``BoardConfig/isRightToLeft``.
    public var direction: TextDirection?
}

extension LayoutConfig {
    // Lengths are points (× the display's scale); whether they fit the screen is the layout's
    // check, which names the screen's size.
    var reader: ValueReader<LayoutConfig> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["columns", "margin", "gap", "rowHeight", "titleHeight", "direction"])
            var l = self
            l.columns = try o.value("columns", else: columns, .integer(in: 1...12))
            l.margin = try o.value("margin", else: margin, .number(in: 0...1000))
            l.gap = try o.value("gap", else: gap, .number(in: 0...1000))
            l.rowHeight = try o.value("rowHeight", else: rowHeight, .number(in: 16...1000))
            l.titleHeight = try o.value("titleHeight", else: titleHeight, .number(in: 0...1000))
            l.direction = try o.optional("direction").map { (n) throws(ConfigError) in
                try n.choice(of: TextDirection.self)
            }
            return l
        }
    }
}
