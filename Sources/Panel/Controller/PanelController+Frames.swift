import Raster
import Widget

/// Frames: what must be repainted since the last frame, and drawing the panel (a page at rest
/// directly, a slide from pictures of its pages).
extension PanelController {
    private var screen: IntRect {
        let size = view.config.display.logicalSize
        return IntRect(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The rectangles (logical pixels) whose look at `now` differs from what was last painted.
    /// Call ``didPaint(at:)`` once they are painted.
    public func damage(at now: Double) -> [IntRect] {
        pager.finish(at: now)
        let position = pager.position(at: now)
        guard showsPageDirectly(at: now) else {
            // Sliding: the whole screen while it moves or a visible switch animates.
            if position != paintedPosition || visiblePages(at: position).contains(where: { pageChanged($0, at: now) }) {
                return [screen]
            }
            return []
        }
        guard position == paintedPosition else { return [screen] }
        var rects: [IntRect] = []
        for i in view.pages[pager.page].switchIndices where painted[i] != view.switches[i].toggle.appearance(at: now) {
            rects.append(switchBounds[i])
        }
        if paintedDot != pager.page { rects.append(view.dotsBounds) }
        // The ring appeared, moved or went: where it was and where it is.
        let ring = drawnRing(at: now)
        if ring != paintedRing { rects += [paintedRing, ring].compactMap { $0 } }
        return rects
    }

    /// Records that the panel was painted as it looks at `now`.
    public func didPaint(at now: Double) {
        let position = pager.position(at: now)
        paintedPosition = position
        paintedDot = pager.page
        paintedRing = drawnRing(at: now)
        if showsPageDirectly(at: now) {
            for i in painted.indices { painted[i] = nil }
            for i in view.pages[pager.page].switchIndices { painted[i] = view.switches[i].toggle.appearance(at: now) }
            // At rest the screen is drawn directly: the slid pictures are freed.
            pageCache.removeAll()
        }
    }

    /// Forgets what was painted, so the next ``damage(at:)`` covers the whole screen (with
    /// `FrameComposer`'s full invalidation after a reload or VT switch).
    public func forgetPainted() {
        for i in painted.indices { painted[i] = nil }
        paintedPosition = nil
        paintedDot = nil
        paintedRing = nil
        pageCache.removeAll()
    }

    /// Whether anything moves at `now` (the loop keeps its frame timer armed only then).
    public func isAnimating(at now: Double) -> Bool {
        if pager.isSettling(at: now) { return true }
        // Switches on pages out of view animate unseen: they ask for no frames.
        let inView = visiblePages(at: pager.position(at: now))
        return inView.contains { page in
            view.pages[page].switchIndices.contains { view.switches[$0].toggle.needsFrame(at: now) }
        }
    }

    /// When the last running animation ends, nil at rest.
    public func restTime(after now: Double) -> Double? {
        (view.switches.compactMap { $0.toggle.restTime(after: now) } + [pager.restTime(after: now)].compactMap { $0 })
            .max()
    }

    /// Draws the panel as it looks at `now` (the canvas's clip limits what is touched): the page
    /// at rest directly; mid-slide, the pictures of the pages in view moved to where they are.
    /// `canvas` holds what was last painted (``damage(at:)`` covers only what changed since), so
    /// the first frame of a slide takes the picture of the page it starts from off the screen.
    public func draw(on canvas: Canvas, at now: Double) {
        let position = pager.position(at: now)
        if showsPageDirectly(at: now) {
            if let picture = pageCache[pager.page], !pageChanged(pager.page, at: now) {
                // The frame a slide comes to rest in: its page's picture is still there and
                // current, and copying it costs a fraction of drawing the page.
                canvas.copy(picture.image, at: 0, 0)
            } else {
                view.draw(page: pager.page, on: canvas, at: now)
            }
            if let f = focus, let ring = drawnRing(at: now), canvas.clip.intersects(ring) {
                view.drawFocusRing(around: f, on: canvas)
            }
        } else {
            let width = Double(screen.width)
            let shown = visiblePages(at: position)
            if canvas.clip == screen, shown.contains(where: { pageCache[$0] == nil }) {
                // The screen's pixels may be the page a slide starts from (see `picture`), until
                // this frame draws over them: the pictures are made first.
                for page in shown { _ = picture(of: page, at: now, cache: canvas.cache, onScreen: canvas.surface) }
            }
            if shown.isEmpty || (!pager.wraps && (position < 0 || position > Double(view.pages.count - 1))) {
                canvas.clear(view.config.theme.background)  // past the first or last page
            }
            // Pages that slid out of view (a jump over several) give their pictures back.
            for page in pageCache.keys where !shown.contains(page) { pageCache[page] = nil }
            let p = pager.normalized(position)
            for page in shown {
                var offset = Double(page) - p
                if pager.wraps, offset < -1 { offset += Double(view.pages.count) }
                if pager.wraps, offset > 1 { offset -= Double(view.pages.count) }
                let picture = picture(of: page, at: now, cache: canvas.cache, onScreen: nil)
                // Rounded down from half a pixel on, the same way for every page: pages a width
                // apart land exactly a width apart (no column left between them at x.5).
                // Right to left, the next page lies to the left.
                if view.config.isRightToLeft { offset = -offset }
                canvas.copy(picture.image, at: Int((offset * width + 0.5).rounded(.down)), 0)
            }
        }
        if !view.dotsBounds.isEmpty, canvas.clip.intersects(view.dotsBounds) {
            view.drawDots(current: pager.page, on: canvas)
        }
    }

    /// Whether the screen shows the current page alone, in its place: at rest, or held by a
    /// finger that has not moved it yet (a drag's first frame changes nothing on screen, so it
    /// neither repaints the screen nor draws pictures the next frame would find already stale).
    private func showsPageDirectly(at now: Double) -> Bool {
        pager.isAtRest(at: now) || pager.position(at: now) == Double(pager.page)
    }

    /// The pages that show (partly) at `position`.
    private func visiblePages(at position: Double) -> [Int] {
        let n = view.pages.count
        let p = pager.normalized(position)
        let left = Int(p.rounded(.down))
        var pages: [Int] = []
        for k in [left, left + 1] {
            let page = pager.wraps ? ((k % n) + n) % n : k
            guard (0..<n).contains(page), abs(Double(k) - p) < 1 else { continue }
            if !pages.contains(page) { pages.append(page) }
        }
        return pages
    }

    /// Whether page `page`'s picture no longer matches its switches at `now`.
    private func pageChanged(_ page: Int, at now: Double) -> Bool {
        guard let picture = pageCache[page] else { return true }
        return view.pages[page].switchIndices.enumerated().contains { k, i in
            picture.painted[k] != view.switches[i].toggle.appearance(at: now)
        }
    }

    /// Page `page` as a picture, drawn whole the first time and then only where a switch changed.
    /// `onScreen`: the pixels on screen before this frame, when the whole of them is repainted
    /// now and nothing of this frame is drawn into them yet.
    private func picture(of page: Int, at now: Double, cache: MaskCache, onScreen: Surface?) -> PagePicture {
        let indices = view.pages[page].switchIndices
        let picture: PagePicture
        if let cached = pageCache[page] {
            picture = cached
            for (k, i) in indices.enumerated() {
                let look = view.switches[i].toggle.appearance(at: now)
                guard picture.painted[k] != look else { continue }
                picture.canvas.withClip(switchBounds[i]) { view.draw(page: page, on: picture.canvas, at: now) }
                picture.painted[k] = look
            }
        } else {
            picture = PagePicture(width: screen.width, height: screen.height, cache: cache)
            let looks = indices.map { view.switches[$0].toggle.appearance(at: now) }
            if let onScreen, showsUnchanged(page, looks: looks) {
                // The page a slide starts from is on screen as it looks now: its picture is the
                // screen without the dots (a copy of the pixels, then the page under the dots).
                Blitter.copy(
                    from: onScreen, rect: screen, to: picture.image.surface, at: (0, 0), rotation: .none)
                picture.canvas.withClip(view.dotsBounds) { view.draw(page: page, on: picture.canvas, at: now) }
            } else {
                view.draw(page: page, on: picture.canvas, at: now)
            }
            picture.painted = looks
            pageCache[page] = picture
        }
        return picture
    }

    /// Whether the screen shows `page` directly, in its place, its switches looking as `looks`
    /// (what was last painted, at rest).
    private func showsUnchanged(_ page: Int, looks: [SwitchAppearance]) -> Bool {
        // The focus ring is not part of a page's picture.
        guard paintedPosition == Double(page), paintedDot == page, paintedRing == nil else { return false }
        return zip(view.pages[page].switchIndices, looks).allSatisfy { painted[$0] == $1 }
    }

    /// Bytes of memory the page pictures hold now (each is a whole screen of ARGB8888).
    public var pagePictureBytes: Int { pageCache.values.reduce(0) { $0 + $1.image.height * $1.image.surface.stride } }
}

/// A page drawn whole, offscreen, with what each of its switches looked like then.
final class PagePicture {
    let image: Image
    let canvas: Canvas
    var painted: [SwitchAppearance?] = []

    init(width: Int, height: Int, cache: MaskCache) {
        image = Image(width: width, height: height, format: .argb8888)
        canvas = Canvas(image: image, cache: cache)
    }
}
