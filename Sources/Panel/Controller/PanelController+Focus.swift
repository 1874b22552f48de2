import Raster
import TouchCore
import Widget

/// Keys and the focus ring: a key or a dial moves the ring through the switches, across pages,
/// and activates the switch it is on.
extension PanelController {
    /// Seconds the ring stays after the last key.
    public var focusTimeout: Double { view.config.keys.focusTimeout }

    /// Handles a key or a dial's detent at `now`; returns the value changes it made.
    ///
    /// A key while the ring is hidden only shows it — on the switch it was on if that switch is
    /// on the page in view, else on the page's first enabled switch — so a user who cannot see
    /// where the focus is never toggles a switch blind. With the ring showing, `PanelKey.next`
    /// and `PanelKey.previous` (Tab, Shift+Tab, a dial) move it through the enabled switches in
    /// config order (disabled ones are skipped), across pages: past the last switch of a page it
    /// goes to the next page's first and the page slides there; at the board's ends it stops, or
    /// wraps round on a one-page board and with `wrapPages`. The arrows move it to the switch next
    /// to it on screen (``arrowTarget(_:from:)``). `PanelKey.activate` toggles the focused switch as
    /// a tap would (a group sets its members), with source ``ChangeSource/key``.
    public func handle(key: PanelKey, now: Double) -> [SwitchChange] {
        noteInteraction(at: now)
        pager.finish(at: now)
        let wasVisible = isFocusVisible(at: now)
        focusVisibleUntil = now + focusTimeout
        // Where the ring is, even on a switch disabled since: the arrows move from there.
        let ring = focus.flatMap { view.pageOfSwitch[$0] == pager.page ? $0 : nil }
        if let f = focus, view.pageOfSwitch[f] == pager.page, canFocus(f) {
            // Stays where it was.
        } else {
            focus = view.pages[pager.page].switchIndices.first(where: canFocus)
        }
        guard wasVisible else { return [] }
        switch key {
        case .next, .previous:
            let order = view.switches.indices.filter(canFocus)
            guard !order.isEmpty else { return [] }
            let wraps = view.pages.count == 1 || view.config.wrapPages
            let target: Int?
            if let f = focus, let k = order.firstIndex(of: f) {
                let step = key == .next ? k + 1 : k - 1
                target =
                    order.indices.contains(step)
                    ? order[step] : (wraps ? order[(step + order.count) % order.count] : nil)
            } else {
                // No switch of this page can take the focus: the nearest page's that can.
                let page = pager.page
                target =
                    key == .next
                    ? (order.first { view.pageOfSwitch[$0] > page } ?? (wraps ? order.first : nil))
                    : (order.last { view.pageOfSwitch[$0] < page } ?? (wraps ? order.last : nil))
            }
            guard let target else { return [] }
            moveFocus(to: target, towards: key == .next ? 1 : -1, now: now)
            return []
        case .up, .down, .left, .right:
            if let target = arrowTarget(key, from: ring ?? focus) {
                moveFocus(to: target, towards: key == .right ? 1 : key == .left ? -1 : nil, now: now)
            }
            return []
        case .activate:
            guard let f = focus else { return [] }
            let (id, toggle) = view.switches[f]
            // A mixed group shows off: like a tap, activating it turns every member on.
            return set(id, isOn: !toggle.isOn, source: .key, now: now)
        }
    }

    /// Puts the ring on `target`; its page slides in when it is another, from the side `towards`
    /// (+1 the next page's, −1 the previous's) names.
    private func moveFocus(to target: Int, towards: Int?, now: Double) {
        focus = target
        if view.pageOfSwitch[target] != pager.page {
            show(page: view.pageOfSwitch[target], animated: true, now: now, towards: towards)
        }
    }

    /// Where an arrow moves the ring from switch `from`. On its page, to a switch that can take
    /// the focus whose cell shares rows (Left, Right) or columns (Up, Down) with `from`'s cell and
    /// lies that way, the nearest; Up and Down, when none does, go to the nearest switch that way
    /// at all (to a row of fewer switches), by the distance along the arrow plus twice the
    /// distance across it. Left and Right move along the row only: with nothing more on it they
    /// go on to the previous or next page that has a switch (round the ends with `wrapPages`),
    /// to its switch nearest the edge they enter by at the ring's height, and the page slides
    /// there; Up and Down stop at the edge. Ties (within half a pixel) go to config order. Nil:
    /// nowhere to go.
    func arrowTarget(_ key: PanelKey, from: Int?) -> Int? {
        let (dx, dy): (Double, Double) =
            switch key {
            case .up: (0, -1)
            case .down: (0, 1)
            case .left: (-1, 0)
            default: (1, 0)
            }
        // Scores closer than this are a tie: a layout's fractional cell widths must not decide.
        let tie = 0.5
        let page = pager.page
        let origin = from.flatMap(cell)
        if let from, let origin {
            var inBeam: (along: Double, index: Int)?
            var anywhere: (score: Double, index: Int)?
            for i in view.pages[page].switchIndices where i != from && canFocus(i) {
                guard let c = cell(i) else { continue }
                let along = (c.midX - origin.midX) * dx + (c.midY - origin.midY) * dy
                // A cell level with the ring's along the arrow (one above it, for Left) is not
                // that way.
                guard along > tie else { continue }
                let shares =
                    dx != 0
                    ? c.minY < origin.maxY && c.maxY > origin.minY : c.minX < origin.maxX && c.maxX > origin.minX
                if shares {
                    if inBeam.map({ along < $0.along - tie }) ?? true { inBeam = (along, i) }
                } else if dy != 0 {
                    let score = along + 2 * abs((c.midX - origin.midX) * dy - (c.midY - origin.midY) * dx)
                    if anywhere.map({ score < $0.score - tie }) ?? true { anywhere = (score, i) }
                }
            }
            if let target = inBeam?.index ?? anywhere?.index { return target }
        }
        guard dx != 0, view.pages.count > 1 else { return nil }
        let count = view.pages.count
        let height = origin?.midY ?? 0
        var p = page
        // The page beyond the edge: the next one to the right, or, right to left, to the left.
        let step = Int(dx) * (view.config.isRightToLeft ? -1 : 1)
        for _ in 1..<count {
            p += step
            if !(0..<count).contains(p) {
                guard view.config.wrapPages else { return nil }
                p = (p + count) % count
            }
            var nearest: (score: Double, index: Int)?
            for i in view.pages[p].switchIndices where canFocus(i) {
                guard let c = cell(i) else { continue }
                let score = c.midX * dx + 2 * abs(c.midY - height)
                if nearest.map({ score < $0.score - tie }) ?? true { nearest = (score, i) }
            }
            if let nearest { return nearest.index }
        }
        return nil
    }

    /// Switch `index`'s cell (its switch and label) on its page.
    private func cell(_ index: Int) -> Rect? { view.item(id: view.switches[index].id)?.cell }

    /// Whether switch `index` can take the focus (a disabled one cannot).
    private func canFocus(_ index: Int) -> Bool { view.switches[index].toggle.isEnabled }

    /// Whether the ring shows at `now`: a key came within ``focusTimeout``, no touch since, and
    /// its switch is on the page in view.
    public func isFocusVisible(at now: Double) -> Bool {
        guard let f = focus, let until = focusVisibleUntil, now < until else { return false }
        return view.pageOfSwitch[f] == pager.page
    }

    /// When the ring hides if no key comes (the loop repaints then); nil when it is hidden.
    public func focusDeadline(after now: Double) -> Double? {
        guard isFocusVisible(at: now), let until = focusVisibleUntil else { return nil }
        return until
    }

    /// The ring as it is drawn at `now`: the pixels it covers, nil when it is not drawn (hidden,
    /// or the page is sliding — the ring comes back when the page rests).
    func drawnRing(at now: Double) -> IntRect? {
        guard let f = focus, isFocusVisible(at: now), pager.isAtRest(at: now) else { return nil }
        return view.focusRingBounds(of: f)
    }
}
