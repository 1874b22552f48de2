import ConfigFormat
import Raster
import Widget

/// Where everything goes on the logical screen: section titles, and per switch its cell, its
/// label's box and its frame. Grid cells hold a label at the left and the switch at the right;
/// switches with a position sit exactly there, their label to their right.
public struct PanelLayout: Sendable {
    public struct Title: Sendable {
        public var text: String
        public var frame: Rect
    }

    public struct Item: Sendable {
        public var id: String
        public var label: String
        public var cell: Rect
        public var labelFrame: Rect
        public var switchFrame: Rect
    }

    public var width: Int
    public var height: Int
    public var titles: [Title] = []
    public var items: [Item] = []

    /// Lays out page `page` of `config`; a layout taller than the screen, or switches whose
    /// frames overlap, is an error. On a board of several pages the page dots sit in the bottom
    /// margin.
    public init(config: BoardConfig, page: Int = 0) throws(ConfigError) {
        let sections = config.pages[page].sections
        // Errors name the page on a board of several.
        let place = config.pages.count > 1 ? "pages[\(page)]." : ""
        let size = config.display.logicalSize
        width = size.width
        height = size.height
        let l = config.layout
        let scale = config.display.scale
        let margin = l.margin * scale
        let gap = l.gap * scale
        let rowHeight = l.rowHeight * scale
        let columns = l.columns
        let cellWidth = (Double(width) - 2 * margin - Double(columns - 1) * gap) / Double(columns)
        guard cellWidth > 0 else {
            throw ConfigError("layout", "\(columns) columns do not fit in \(width) px with these margins and gaps")
        }
        var y = margin
        var index = 0
        for (s, section) in sections.enumerated() {
            if let title = section.title {
                // As wide as the grid, so the same mirrored (a title's text is aligned by the view).
                titles.append(
                    Title(
                        text: title,
                        frame: Rect(x: margin, y: y, width: Double(width) - 2 * margin, height: l.titleHeight * scale)))
                y += l.titleHeight * scale
            }
            var column = 0
            for sw in section.switches {
                let w = sw.style.size.width * sw.style.scale
                let h = sw.style.size.height * sw.style.scale
                let cell: Rect
                let switchFrame: Rect
                let labelFrame: Rect
                if let origin = sw.origin {
                    switchFrame = Rect(x: origin.x, y: origin.y, width: w, height: h)
                    labelFrame = Rect(
                        x: origin.x + w + gap / 2, y: origin.y, width: max(0, cellWidth - w - gap / 2), height: h)
                    cell = switchFrame
                } else {
                    cell = Rect(
                        x: margin + Double(column) * (cellWidth + gap), y: y, width: cellWidth, height: rowHeight)
                    guard w <= cell.width, h <= cell.height else {
                        throw ConfigError(
                            sw.path.isEmpty ? "switches[\(index)]" : sw.path,
                            "the switch (\(w.configText)×\(h.configText) px) does not fit its cell (\(cell.width.rounded(.down).configText)×\(cell.height.configText) px): use fewer columns or a larger rowHeight"
                        )
                    }
                    switchFrame = Rect(x: cell.maxX - w, y: cell.midY - h / 2, width: w, height: h)
                    labelFrame = Rect(
                        x: cell.minX, y: cell.minY, width: max(0, cell.width - w - gap / 2), height: cell.height)
                    column += 1
                    if column == columns {
                        column = 0
                        y += rowHeight + gap
                    }
                }
                var item = Item(
                    id: sw.id, label: sw.label, cell: cell, labelFrame: labelFrame, switchFrame: switchFrame)
                if config.isRightToLeft {
                    if sw.origin == nil {
                        // The grid read from the right: the cell, its switch and label mirrored.
                        item.cell = mirrored(cell)
                        item.switchFrame = mirrored(switchFrame)
                        item.labelFrame = mirrored(labelFrame)
                    } else {
                        // A switch placed by the config stays where it is; its label goes to its left.
                        item.labelFrame.x = switchFrame.minX - gap / 2 - labelFrame.width
                    }
                }
                items.append(item)
                index += 1
            }
            if column > 0 { y += rowHeight + gap }
            if s < sections.count - 1 { y += gap }
        }
        if y - gap > Double(height) - margin + 0.5 {
            throw ConfigError(
                place + "layout",
                "the switches need \((y - gap + margin).rounded(.up).configText) px of height but the screen is \(height) px high: use more columns, a smaller rowHeight or fewer switches"
            )
        }
        let paths = sections.flatMap(\.switches).enumerated().map { i, sw in
            sw.path.isEmpty ? "switches[\(i)]" : sw.path
        }
        for i in items.indices {
            let a = items[i].switchFrame
            guard a.minX >= 0, a.minY >= 0, a.maxX <= Double(width), a.maxY <= Double(height) else {
                throw ConfigError(paths[i], "\"\(items[i].id)\" lies outside the \(width)×\(height) screen")
            }
            for j in 0..<i {
                let b = items[j].switchFrame
                if a.minX < b.maxX, b.minX < a.maxX, a.minY < b.maxY, b.minY < a.maxY {
                    throw ConfigError(paths[i], "\"\(items[i].id)\" overlaps \"\(items[j].id)\"")
                }
            }
        }
    }

    /// `r` reflected about the screen's vertical centre line.
    private func mirrored(_ r: Rect) -> Rect {
        Rect(x: Double(width) - r.maxX, y: r.y, width: r.width, height: r.height)
    }

    /// A readable listing for `check-config`.
    public var summary: String {
        var lines = ["screen \(width)x\(height)"]
        for t in titles { lines.append("title  \"\(t.text)\" at \(t.frame.x.configText),\(t.frame.y.configText)") }
        for i in items {
            let f = i.switchFrame
            lines.append(
                "switch \(i.id): \(f.width.configText)x\(f.height.configText) at \(f.x.configText),\(f.y.configText)  label \"\(i.label)\""
            )
        }
        return lines.joined(separator: "\n")
    }
}
