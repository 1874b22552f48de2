import ConfigFormat
import Raster
import Widget

/// The switches of a board config, laid out page by page, and how to draw a page, the page dots
/// and the focus ring.
public final class PanelView {
    /// One screen of switches.
    public struct Page {
        public var title: String
        public var layout: PanelLayout
        /// Indices into ``PanelView/switches``, in config order.
        public var switchIndices: [Int]
        /// Each item's label and each section title fitted into its space (by the label
        /// renderer's shaped widths; empty without one), in the layout's order.
        public var labels: [LabelFit] = []
        public var titles: [LabelFit] = []
    }

    public let config: BoardConfig
    public private(set) var pages: [Page]
    /// Every switch of every page in config order, with its id.
    public let switches: [(id: String, toggle: ToggleSwitch)]
    /// The page each switch (by index into ``switches``) is on.
    public let pageOfSwitch: [Int]
    public let renderer: SwitchRenderer
    private let indexByID: [String: Int]

    public init(config: BoardConfig, renderer: SwitchRenderer) throws(ConfigError) {
        self.config = config
        self.renderer = renderer
        var built: [(id: String, toggle: ToggleSwitch)] = []
        var pages: [Page] = []
        var pageOfSwitch: [Int] = []
        for (p, page) in config.pages.enumerated() {
            let layout = try PanelLayout(config: config, page: p)
            var indices: [Int] = []
            for (item, sw) in zip(layout.items, page.switches) {
                let toggle = ToggleSwitch(
                    style: sw.style, origin: Point(item.switchFrame.x, item.switchFrame.y), isOn: sw.initial)
                toggle.isEnabled = sw.enabled
                indices.append(built.count)
                built.append((sw.id, toggle))
                pageOfSwitch.append(p)
            }
            var shown = Page(title: page.shownTitle(index: p), layout: layout, switchIndices: indices)
            if renderer.labels != nil {
                shown.labels = zip(layout.items, page.switches).map { item, sw in
                    Self.fit(item.label, in: item.labelFrame, overflow: sw.labelOverflow, config: config, renderer)!
                }
                shown.titles = layout.titles.map {
                    Self.fit($0.text.uppercased(), in: $0.frame, overflow: nil, config: config, renderer, title: true)!
                }
            }
            pages.append(shown)
        }
        switches = built
        self.pages = pages
        self.pageOfSwitch = pageOfSwitch
        indexByID = Dictionary(uniqueKeysWithValues: built.enumerated().map { ($1.id, $0) })
    }

    /// Section titles are set at this fraction of the label size, in capitals.
    static let titleScale = 0.8

    /// A line for every label and title that does not show as written — truncated, wrapped or
    /// shrunk — naming the switch or section and the widths (what `check-config` warns about).
    public var fitWarnings: [String] {
        var lines: [String] = []
        func px(_ x: Double) -> String { ((x * 10).rounded() / 10).configText }
        func describe(_ fit: LabelFit) -> String {
            var done: [String] = []
            if fit.wasShrunk {
                done.append("shrunk to \(px(fit.pixelSize)) px")
            }
            if fit.wasWrapped { done.append("wrapped onto two lines") }
            if fit.wasTruncated { done.append("cut to \"\(fit.lines.joined(separator: " / "))\"") }
            return "is \(px(fit.naturalWidth)) px wide in \(px(fit.availableWidth)) px: "
                + done.joined(separator: ", ")
        }
        let onPages = pages.count > 1
        for (p, page) in pages.enumerated() {
            let place = onPages ? " (page \(p))" : ""
            for (title, fit) in zip(page.layout.titles, page.titles) where !fit.fits {
                lines.append("warning: section \"\(title.text)\"\(place): its title \(describe(fit))")
            }
            for (item, fit) in zip(page.layout.items, page.labels) where !fit.fits {
                lines.append("warning: switch \(item.id)\(place): its label \"\(item.label)\" \(describe(fit))")
            }
        }
        return lines
    }

    /// The index into ``switches`` of the switch `id`.
    public func index(of id: String) -> Int? { indexByID[id] }

    public func toggle(id: String) -> ToggleSwitch? { indexByID[id].map { switches[$0].toggle } }

    /// The laid-out item of the switch `id` (its cell, label and frame on its page).
    public func item(id: String) -> PanelLayout.Item? {
        guard let i = indexByID[id] else { return nil }
        return pages[pageOfSwitch[i]].layout.items.first { $0.id == id }
    }

    /// Shows `label` beside the switch `id` (a Home Assistant entity's friendly name); the
    /// caller repaints.
    public func setLabel(_ label: String, of id: String) {
        guard let i = indexByID[id], let item = pages[pageOfSwitch[i]].layout.items.firstIndex(where: { $0.id == id })
        else { return }
        let p = pageOfSwitch[i]
        pages[p].layout.items[item].label = label
        if let fit = Self.fit(
            label, in: pages[p].layout.items[item].labelFrame,
            overflow: config.pages[p].switches[item].labelOverflow, config: config, renderer)
        {
            pages[p].labels[item] = fit
        }
    }

    /// `text` fitted into `box`'s width as the board draws labels (or, `title`, section titles);
    /// nil without a label renderer.
    private static func fit(
        _ text: String, in box: Rect, overflow: LabelOverflow?, config: BoardConfig, _ renderer: SwitchRenderer,
        title: Bool = false
    ) -> LabelFit? {
        guard let labels = renderer.labels else { return nil }
        let direction = config.textDirection
        let size = config.theme.labelSize * config.display.scale * (title ? titleScale : 1)
        return LabelFit(text, pixelSize: size, width: box.width, overflow: overflow ?? config.theme.labelOverflow) {
            labels.measure($0, pixelSize: $1, direction: direction).width
        }
    }

    /// Draws page `page` as it looks at `now`, filling the canvas's clip (no dots or focus).
    public func draw(page: Int, on canvas: Canvas, at now: Double) {
        canvas.clear(config.theme.background)
        let scale = config.display.scale
        let layout = pages[page].layout
        if let labels = renderer.labels {
            // Right to left, text is aligned to the right of its box.
            let direction = config.textDirection
            let rightAligned = config.isRightToLeft
            func x(_ box: Rect, _ width: Double) -> Double { rightAligned ? box.maxX - width : box.minX }
            for (t, fit) in zip(layout.titles, pages[page].titles)
            where canvas.clip.intersects(t.frame.enclosingIntRect) {
                let m = labels.measure(fit.lines[0], pixelSize: fit.pixelSize, direction: direction)
                canvas.withClip(t.frame.enclosingIntRect) {
                    labels.draw(
                        fit.lines[0], pixelSize: fit.pixelSize, direction: direction,
                        color: config.theme.sectionTitleColor,
                        baselineAt: Point(x(t.frame, m.width), t.frame.maxY - 10 * scale - m.descent), on: canvas)
                }
            }
            for (item, fit) in zip(layout.items, pages[page].labels)
            where canvas.clip.intersects(item.labelFrame.enclosingIntRect) {
                // The lines centred, as a block, on the switch's middle.
                let metrics = fit.lines.map { labels.measure($0, pixelSize: fit.pixelSize, direction: direction) }
                let lineHeight = metrics.map { $0.ascent + $0.descent }.max() ?? 0
                var baseline =
                    fit.lines.count == 1
                    ? item.switchFrame.midY + (metrics[0].ascent - metrics[0].descent) / 2
                    : item.switchFrame.midY - lineHeight + metrics[0].ascent
                canvas.withClip(item.labelFrame.enclosingIntRect) {
                    for (line, m) in zip(fit.lines, metrics) {
                        labels.draw(
                            line, pixelSize: fit.pixelSize, direction: direction, color: config.theme.textColor,
                            baselineAt: Point(x(item.labelFrame, m.width), baseline), on: canvas)
                        baseline += lineHeight
                    }
                }
            }
        }
        for i in pages[page].switchIndices { renderer.draw(switches[i].toggle, at: now, on: canvas) }
    }

    // MARK: Page dots

    /// Diameter of a page dot, spacing between dot centres, and the height of the strip that
    /// takes taps on them (points).
    static let dotDiameter = 8.0
    static let dotSpacing = 20.0
    static let dotStripHeight = 32.0

    /// The centre of each page's dot (none on a one-page board): a row centred at the bottom,
    /// in the middle of the layout's bottom margin, the first page's at the left (at the right
    /// on a right-to-left board).
    public var dotCentres: [Point] {
        guard pages.count > 1 else { return [] }
        let scale = config.display.scale
        let size = config.display.logicalSize
        let spacing = Self.dotSpacing * scale
        let y = Double(size.height) - max(config.layout.margin * scale / 2, Self.dotDiameter * scale)
        let x0 = Double(size.width) / 2 - spacing * Double(pages.count - 1) / 2
        let last = pages.count - 1
        return (0..<pages.count).map { Point(x0 + spacing * Double(config.isRightToLeft ? last - $0 : $0), y) }
    }

    /// The rectangle the dots are drawn in (empty on a one-page board).
    public var dotsBounds: IntRect {
        // The leftmost and rightmost dots (the first page's is the rightmost right to left).
        let xs = dotCentres.map(\.x)
        guard let left = xs.min(), let right = xs.max(), let y = dotCentres.first?.y else {
            return IntRect(x: 0, y: 0, width: 0, height: 0)
        }
        let r = Self.dotDiameter * config.display.scale / 2 + 1
        return Rect(x: left - r, y: y - r, width: right - left + 2 * r, height: 2 * r).enclosingIntRect
    }

    /// The page whose dot a touch at `point` lands on: the strip along the dots, split halfway
    /// between neighbours, so the dots are easy to hit though small.
    public func dot(at point: Point) -> Int? {
        let centres = dotCentres
        guard let first = centres.first else { return nil }
        let scale = config.display.scale
        let half = Self.dotSpacing * scale / 2
        guard abs(point.y - first.y) <= Self.dotStripHeight * scale / 2 else { return nil }
        return centres.firstIndex { abs(point.x - $0.x) <= half }
    }

    /// Draws the dots, `current`'s solid and the others faint.
    public func drawDots(current: Int, on canvas: Canvas) {
        let r = Self.dotDiameter * config.display.scale / 2
        for (i, c) in dotCentres.enumerated() {
            let color = config.theme.textColor.withOpacity(i == current ? 0.8 : 0.25)
            canvas.fill(.ellipse(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)), color)
        }
    }
}

extension PanelView {
    // MARK: Focus ring

    /// Points between a switch's track and its focus ring, and the ring's width: iOS's and the
    /// web's focus rings sit a few points out, thick enough to see at arm's length.
    static let focusGap = 3.0
    static let focusWidth = 3.0

    /// The focus ring around switch `index` (an index into ``switches``): a rounded rectangle
    /// following the track's corners, ``focusGap`` outside it.
    public func focusRing(of index: Int) -> Shape {
        let (track, radius) = switches[index].toggle.trackOutline
        let out = (Self.focusGap + Self.focusWidth) * config.display.scale
        return .roundedRect(track.insetBy(-out), CornerRadii(radius + out))
    }

    /// The pixels the focus ring of switch `index` touches (its anti-aliased edge included).
    public func focusRingBounds(of index: Int) -> IntRect {
        focusRing(of: index).bounds.enclosingIntRect.insetBy(-1)
    }

    /// The colour of the focus ring: the theme's, else the tint of the theme's switches.
    public var focusColor: Color { config.theme.focusColor ?? config.theme.style.trackColorOn }

    /// Draws the focus ring around switch `index`.
    public func drawFocusRing(around index: Int, on canvas: Canvas) {
        canvas.stroke(focusRing(of: index), width: Self.focusWidth * config.display.scale, .solid(focusColor))
    }
}

extension PanelLayout {
    /// Every page's layout for `check-config`.
    public static func summary(of config: BoardConfig) throws(ConfigError) -> String {
        var parts: [String] = []
        for (p, page) in config.pages.enumerated() {
            let layout = try PanelLayout(config: config, page: p)
            if config.pages.count == 1 {
                parts.append(layout.summary)
            } else {
                let home = p == config.homePage ? " (home)" : ""
                parts.append("page \(p) \"\(page.shownTitle(index: p))\"\(home)\n" + layout.summary)
            }
        }
        return parts.joined(separator: "\n")
    }
}
