/// Draws anti-aliased shapes, paths, shadows and images into 32-bit premultiplied pixels with
/// source-over compositing, a clip rectangle and a global opacity.
///
/// The canvas paints XRGB8888 or ARGB8888 memory directly (an mmap'd dumb buffer, an
/// ``Image``); other formats and rotated outputs are reached by ``Blitter`` from an ARGB8888
/// canvas. Coverage comes from ``MaskCache``, so a steady-state frame allocates nothing.
public final class Canvas {
    public let surface: Surface
    public let cache: MaskCache

    /// Drawing is limited to this rectangle (always inside the surface).
    /// (A canvas belongs to one thread; `unchecked` drops the per-draw dynamic exclusivity check.)
    @exclusivity(unchecked) public var clip: IntRect {
        didSet { clip = clip.intersection(surface.bounds) }
    }

    /// Multiplies the alpha of everything drawn (0…1).
    @exclusivity(unchecked) public var opacity: Double = 1

    /// Where masks are built and drawn from; the cache keeps copies of the ones it keeps.
    private let writer = MaskWriter()

    /// Scratch row for gradient and image paints, grown once and reused.
    private var shadeRow: UnsafeMutablePointer<UInt32>
    private var shadeCapacity: Int

    public init(surface: Surface, cache: MaskCache = MaskCache()) {
        precondition(
            surface.format == .argb8888 || surface.format == .xrgb8888,
            "the canvas paints 32-bit ARGB/XRGB; convert other formats with Blitter")
        self.surface = surface
        self.cache = cache
        clip = surface.bounds
        shadeCapacity = surface.width
        shadeRow = .allocate(capacity: surface.width)
    }

    /// A canvas on an image, which it keeps alive.
    public convenience init(image: Image, cache: MaskCache = MaskCache()) {
        self.init(surface: image.surface, cache: cache)
        owner = image
    }

    /// The owner of the surface's memory when the canvas was made from an ``Image``.
    private var owner: AnyObject?

    deinit { shadeRow.deallocate() }

    /// Runs `body` with the clip narrowed to `rect`, then restores it.
    public func withClip<T>(_ rect: IntRect, _ body: () throws -> T) rethrows -> T {
        let saved = clip
        clip = clip.intersection(rect)
        defer { clip = saved }
        return try body()
    }

    /// Runs `body` with the global opacity multiplied by `opacity`, then restores it.
    public func withOpacity<T>(_ opacity: Double, _ body: () throws -> T) rethrows -> T {
        let saved = self.opacity
        self.opacity *= opacity
        defer { self.opacity = saved }
        return try body()
    }

    private var opacityByte: UInt32 { UInt32(min(255, max(0, opacity * 255 + 0.5))) }

    /// Sets every pixel of the clip (intersected with `rect`) to `color`, replacing what was there.
    public func clear(_ color: Color, in rect: IntRect? = nil) {
        let r = rect.map { $0.intersection(clip) } ?? clip
        guard !r.isEmpty else { return }
        let pixel = surface.format.encode(argb: color.premultiplied.argb)
        if r.minX == 0, r.width == surface.width, surface.stride == surface.width * 4 {
            // Whole rows without padding are one contiguous run.
            Composite.fill(surface.row32(r.minY), r.width * r.height, pixel)
            return
        }
        for y in r.minY..<r.maxY { Composite.fill(surface.row32(y) + r.minX, r.width, pixel) }
    }

    // MARK: Shapes

    /// Fills `shape` with `paint`, after its `shadow` if one is given.
    public func fill(_ shape: Shape, _ paint: Paint, shadow: Shadow? = nil) {
        if let shadow {
            let opaque = paint.solidColor?.alpha == 255 && opacityByte == 255
            drawShadow(of: shape, shadow, occludedByShape: opaque)
        }
        switch placement(of: shape.bounds, reach: 0) {
        case nil: return
        case .cached(let dx, let dy):
            let local = shape.offsetBy(dx: Double(-dx), dy: Double(-dy)).quantizedPosition()
            let key = MaskCache.Key.fill(local)
            if let mask = cache.lookup(key) {
                draw(mask, dx: dx, dy: dy, paint)
                return
            }
            writer.reset()
            local.rasterize(in: local.bounds.enclosingIntRect, into: writer)
            cache.insert(key, from: writer)
            draw(writer.view, dx: dx, dy: dy, paint)
        case .visibleOnly(let region):
            writer.reset()
            shape.rasterize(in: region, into: writer)
            draw(writer.view, dx: 0, dy: 0, paint)
        }
    }

    /// Fills `shape` in a solid colour.
    public func fill(_ shape: Shape, _ color: Color, shadow: Shadow? = nil) {
        fill(shape, .solid(color), shadow: shadow)
    }

    /// Strokes `shape`'s outline: a band of `width` pixels placed per `alignment`.
    public func stroke(_ shape: Shape, width: Double, alignment: StrokeAlignment = .inside, _ paint: Paint) {
        guard width > 0 else { return }
        fill(shape.stroke(width: width, alignment: alignment), paint)
    }

    /// Draws the gaussian shadow of `shape` alone.
    public func drawShadow(of shape: Shape, _ shadow: Shadow) {
        drawShadow(of: shape, shadow, occludedByShape: false)
    }

    /// Fills a path under `rule`. Paths with non-finite points draw nothing.
    public func fill(_ path: Path, rule: FillRule = .nonZero, _ paint: Paint) {
        guard path.isFinite else { return }
        switch placement(of: path.bounds, reach: 0) {
        case nil: return
        case .cached(let dx, let dy):
            let local = path.offsetBy(dx: Double(-dx), dy: Double(-dy))
            let mask = cache.mask(.path(local, rule)) {
                var r = PathRasterizer(region: local.bounds.enclosingIntRect)
                r.add(contours: local.flattened())
                return r.mask(rule: rule)
            }
            draw(mask, dx: dx, dy: dy, paint)
        case .visibleOnly(let region):
            var r = PathRasterizer(region: region)
            r.add(contours: path.flattened())
            draw(r.mask(rule: rule), dx: 0, dy: 0, paint)
        }
    }

    /// Replaces the pixels of the clip with `image`'s, its top-left at whole pixel (`x`, `y`):
    /// no scaling, no blending — a row copy. What moves a picture drawn once (a page sliding in)
    /// without drawing it again. `image` must be ARGB8888 or XRGB8888 like the canvas.
    public func copy(_ image: Image, at x: Int, _ y: Int) {
        let target = IntRect(x: x, y: y, width: image.width, height: image.height).intersection(clip)
        guard !target.isEmpty else { return }
        Blitter.copy(
            from: image.surface, rect: target.offsetBy(dx: -x, dy: -y), to: surface, at: (target.minX, target.minY),
            rotation: .none)
    }

    /// Draws `image` scaled into `rect`.
    public func draw(_ image: Image, in rect: Rect, filter: SamplingFilter = .bilinear) {
        let t = AffineTransform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .concatenating(.translation(rect.minX, rect.minY))
        fill(.rect(rect), .image(ImagePattern(image: image, transform: t, filter: filter, extend: .pad)))
    }

    // MARK: Masks

    /// How a shape or path is rasterised: normally once, relative to the whole pixel at its
    /// top-left, and cached; a shape far larger than the surface (or far outside it) is
    /// rasterised only where it can show, in surface coordinates, and not cached.
    private enum Placement {
        case cached(dx: Int, dy: Int)
        case visibleOnly(region: IntRect)
    }

    /// Where an outline with `bounds` goes, its effect reaching `reach` pixels further (a
    /// shadow's blur); nil when nothing of it can show or its bounds are not finite.
    private func placement(of bounds: Rect, reach: Double) -> Placement? {
        guard bounds.minX.isFinite, bounds.minY.isFinite, bounds.maxX.isFinite, bounds.maxY.isFinite,
            bounds.width >= 0, bounds.height >= 0
        else { return nil }
        let grown = bounds.insetBy(-(reach + 1))
        let c = clip.rect
        guard !clip.isEmpty, grown.maxX > c.minX, grown.minX < c.maxX, grown.maxY > c.minY, grown.minY < c.maxY else {
            return nil
        }
        let limit = 1 << 24
        let surfaceArea = Double(surface.bounds.area)
        if grown.width * grown.height <= 4 * surfaceArea, abs(grown.minX) < Double(limit),
            abs(grown.minY) < Double(limit),
            abs(grown.maxX) < Double(limit), abs(grown.maxY) < Double(limit)
        {
            return .cached(dx: Int(bounds.minX.rounded(.down)), dy: Int(bounds.minY.rounded(.down)))
        }
        // Intersect in floating point first, so no huge coordinate is ever converted to Int.
        let x0 = max(grown.minX, c.minX)
        let y0 = max(grown.minY, c.minY)
        let x1 = min(grown.maxX, c.maxX)
        let y1 = min(grown.maxY, c.maxY)
        return .visibleOnly(region: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).enclosingIntRect)
    }

    private func drawShadow(of shape: Shape, _ shadow: Shadow, occludedByShape: Bool) {
        let alpha = shadow.opacity * Double(shadow.color.alpha) / 255
        guard alpha > 0, shadow.sigma.isFinite, shadow.offset.x.isFinite, shadow.offset.y.isFinite else { return }
        let moved = shape.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y)
        let sigma = shadow.effectiveSigma
        let reach = shadow.reach
        let occluderOffset = occludedByShape ? Point(-shadow.offset.x, -shadow.offset.y) : nil
        var color = shadow.color
        color.alpha = 255
        let paint = Paint.solid(color)
        // A disc's shadow is evaluated per pixel from its radial profile; other shapes blur
        // their exact coverage (`shadowMask`).
        let disc = sigma >= DiscShadowProfile.minimumSigma ? moved.disc : nil
        // A pressed (stretched) round thumb: the capsule's tables.
        let capsule = disc == nil && sigma >= DiscShadowProfile.minimumSigma ? moved.horizontalCapsule : nil
        switch placement(of: moved.bounds, reach: reach) {
        case nil: return
        case .cached(let dx, let dy):
            let local = moved.offsetBy(dx: Double(-dx), dy: Double(-dy)).quantizedPosition()
            let key = MaskCache.Key.shadow(local, sigma: sigma, alpha: alpha, occluderOffset: occluderOffset)
            if let mask = cache.lookup(key) {
                draw(mask, dx: dx, dy: dy, paint)
                return
            }
            let occluder = occluderOffset.map { local.offsetBy(dx: $0.x, dy: $0.y) }
            let region = local.shadowRegion(sigma: sigma)
            if let disc, let d = local.disc {
                writer.reset()
                cache.profiles.profile(radius: disc.radius, sigma: sigma).rasterize(
                    cx: d.center.x, cy: d.center.y, alpha: alpha, region: region,
                    occluder: occluder?.disc?.center, into: writer)
                cache.insert(key, from: writer)
                draw(writer.view, dx: dx, dy: dy, paint)
            } else if let capsule, let c = local.horizontalCapsule {
                writer.reset()
                cache.profiles.capsule(radius: capsule.radius, sigma: sigma).rasterize(
                    cx1: c.cx1, cx2: c.cx2, cy: c.cy, alpha: alpha, region: region,
                    occluder: occluder?.horizontalCapsule.map { ($0.cx1, $0.cx2, $0.cy) }, into: writer)
                cache.insert(key, from: writer)
                draw(writer.view, dx: dx, dy: dy, paint)
            } else {
                let mask = local.shadowMask(sigma: sigma, alpha: alpha, region: region, occluder: occluder)
                cache.insert(key, mask)
                draw(mask, dx: dx, dy: dy, paint)
            }
        case .visibleOnly(let region):
            let occluder = occluderOffset.map { moved.offsetBy(dx: $0.x, dy: $0.y) }
            if let disc {
                writer.reset()
                cache.profiles.profile(radius: disc.radius, sigma: sigma).rasterize(
                    cx: disc.center.x, cy: disc.center.y, alpha: alpha, region: region,
                    occluder: occluder?.disc?.center, into: writer)
                draw(writer.view, dx: 0, dy: 0, paint)
            } else if let capsule {
                writer.reset()
                cache.profiles.capsule(radius: capsule.radius, sigma: sigma).rasterize(
                    cx1: capsule.cx1, cx2: capsule.cx2, cy: capsule.cy, alpha: alpha, region: region,
                    occluder: occluder?.horizontalCapsule.map { ($0.cx1, $0.cx2, $0.cy) }, into: writer)
                draw(writer.view, dx: 0, dy: 0, paint)
            } else {
                // The blur at the region's edge depends on the shape up to its reach beyond it
                // (the coarse path for large σ reaches out by itself).
                let context = sigma >= Shape.coarseShadowSigma ? region : region.insetBy(-Int(reach) - 1)
                let mask = moved.shadowMask(sigma: sigma, alpha: alpha, region: context, occluder: occluder)
                draw(mask, dx: 0, dy: 0, paint)
            }
        }
    }

    /// Draws a coverage mask, moved by whole pixels, with `paint`.
    public func draw(_ mask: CoverageMask, dx: Int, dy: Int, _ paint: Paint) {
        // The view borrows the mask's memory: keep the mask alive until drawing is done (ARC
        // may otherwise release a temporary right after `.view` is read).
        withExtendedLifetime(mask) { draw(mask.view, dx: dx, dy: dy, paint) }
    }

    private func draw(_ mask: MaskView, dx: Int, dy: Int, _ paint: Paint) {
        let placed = mask.bounds.offsetBy(dx: dx, dy: dy)
        let visible = placed.intersection(clip)
        guard !visible.isEmpty, mask.spanCount > 0 else { return }
        let inside = visible == placed
        let opacity = opacityByte
        if let color = paint.solidColor {
            let src = color.withOpacity(Double(opacity) / 255).premultiplied.argb
            guard src >> 24 != 0 else { return }
            drawSolid(mask, dx: dx, dy: dy, src: src, clipped: !inside)
            return
        }
        guard opacity > 0 else { return }
        let coverage = mask.coverage
        if case .linearGradient(let g) = paint, g.start.y == g.end.y {
            // A gradient along x is the same in every row: shaded once for the visible columns,
            // each run reads its part (bit for bit what shading each row gives).
            reserveShadeRow(visible.width)
            g.shade(y: visible.minY, x0: visible.minX, count: visible.width, into: shadeRow)
            forEachSpan(mask, dx: dx, dy: dy, clipped: !inside) { row, x, n, offset in
                Composite.varying(
                    surface.row32(row) + x, shadeRow + (x - visible.minX), offset < 0 ? nil : coverage + offset, n,
                    opacity: opacity)
            }
            return
        }
        forEachSpan(mask, dx: dx, dy: dy, clipped: !inside) { row, x, n, offset in
            let y = row
            reserveShadeRow(n)
            switch paint {
            case .solid: break
            case .linearGradient(let g): g.shade(y: y, x0: x, count: n, into: shadeRow)
            case .image(let pattern): pattern.shade(y: y, x0: x, count: n, into: shadeRow)
            }
            Composite.varying(
                surface.row32(y) + x, shadeRow, offset < 0 ? nil : coverage + offset, n, opacity: opacity)
        }
    }

    private func reserveShadeRow(_ n: Int) {
        guard n > shadeCapacity else { return }
        shadeRow.deallocate()
        shadeRow = .allocate(capacity: n)
        shadeCapacity = n
    }

    /// The hot loop: one pass over the mask's runs with a solid premultiplied colour.
    private func drawSolid(_ mask: MaskView, dx: Int, dy: Int, src: UInt32, clipped: Bool) {
        let coverage = mask.coverage
        let base = surface.base
        let stride = surface.stride
        let opaque = src >> 24 == 255
        if !clipped {
            let spans = mask.spans
            // Unclipped: the mask lies inside the clip, which lies inside the surface, so no
            // run needs checking and the address arithmetic cannot overflow.
            let origin = base + (dy &* stride &+ dx &* 4)
            // One loop per kind of source: LLVM kept the opacity test inside a single loop,
            // reloading it for every run.
            if opaque {
                for i in 0..<mask.spanCount {
                    let s = spans[i]
                    let p = (origin + (Int(s.y) &* stride &+ Int(s.x) &* 4)).assumingMemoryBound(to: UInt32.self)
                    let n = Int(s.length)
                    if s.coverageOffset < 0 {
                        Composite.fill(p, n, src)
                    } else {
                        Composite.opaqueThroughMask(p, coverage + Int(s.coverageOffset), n, src)
                    }
                }
                return
            }
            for i in 0..<mask.spanCount {
                let s = spans[i]
                let p = (origin + (Int(s.y) &* stride &+ Int(s.x) &* 4)).assumingMemoryBound(to: UInt32.self)
                let n = Int(s.length)
                if s.coverageOffset < 0 {
                    Composite.uniform(p, n, src, coverage: 255)
                } else {
                    Composite.translucentThroughMask(p, coverage + Int(s.coverageOffset), n, src)
                }
            }
            return
        }
        forEachSpan(mask, dx: dx, dy: dy, clipped: true) { y, x, n, offset in
            let p = surface.row32(y) + x
            if offset < 0 {
                Composite.uniform(p, n, src, coverage: 255)
            } else if opaque {
                Composite.opaqueThroughMask(p, coverage + offset, n, src)
            } else {
                Composite.translucentThroughMask(p, coverage + offset, n, src)
            }
        }
    }

    /// Calls `body(y, x, count, coverageOffset)` for each run moved by (dx, dy) and cut to the
    /// clip; `coverageOffset` < 0 marks a fully covered run.
    @inline(__always)
    private func forEachSpan(
        _ mask: MaskView, dx: Int, dy: Int, clipped: Bool, _ body: (Int, Int, Int, Int) -> Void
    ) {
        let clip = self.clip
        for i in 0..<mask.spanCount {
            let s = mask.spans[i]
            let y = Int(s.y) + dy
            var x = Int(s.x) + dx
            var end = x + Int(s.length)
            var offset = Int(s.coverageOffset)
            if clipped {
                guard y >= clip.minY && y < clip.maxY else { continue }
                if x < clip.minX {
                    if offset >= 0 { offset += clip.minX - x }
                    x = clip.minX
                }
                end = min(end, clip.maxX)
                guard x < end else { continue }
            }
            body(y, x, end - x, offset)
        }
    }
}
