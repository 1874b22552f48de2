/// What fills a shape.
public enum Paint: Sendable {
    case solid(Color)
    case linearGradient(LinearGradient)
    case image(ImagePattern)

    /// The colour when the paint is one colour everywhere.
    var solidColor: Color? {
        if case .solid(let c) = self { return c }
        return nil
    }
}

/// A colour at a position (0…1) along a gradient.
public struct GradientStop: Hashable, Sendable, Codable {
    public var position: Double
    public var color: Color
    public init(_ position: Double, _ color: Color) {
        self.position = position
        self.color = color
    }
}

/// Colours varying along the line from `start` to `end`, constant across it, padded beyond
/// its ends. Interpolation is in premultiplied space (as CSS specifies), so a fade to
/// transparent does not darken.
public struct LinearGradient: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var stops: [GradientStop]

    /// Needs at least two stops; positions are sorted.
    public init(start: Point, end: Point, stops: [GradientStop]) {
        precondition(stops.count >= 2, "a gradient needs at least two stops")
        self.start = start
        self.end = end
        self.stops = stops.sorted { $0.position < $1.position }
    }

    /// A stop as the interpolation uses it: its colour premultiplied (channels 0…255 scaled by
    /// alpha, alpha itself 0…255).
    private struct PremultipliedStop {
        var position: Double
        var red: Double
        var green: Double
        var blue: Double
        var alpha: Double

        init(_ stop: GradientStop) {
            let a = Double(stop.color.alpha) / 255
            position = stop.position
            red = Double(stop.color.red) * a
            green = Double(stop.color.green) * a
            blue = Double(stop.color.blue) * a
            alpha = Double(stop.color.alpha)
        }
    }

    /// Fills `out` with the colours of `count` pixels of row y from x0, sampled at pixel centres.
    func shade(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let len2 = dx * dx + dy * dy
        let py = Double(y) + 0.5 - start.y
        // The stops premultiplied once per run, not once per pixel: re-deriving them from the
        // array of `Color`s for every pixel was about half of a pixel's 186 instructions (the
        // built-in day/night sky's 19,220 pixels: 3.6 M of every start).
        withPremultipliedStops { stops in
            guard dx != 0 else {
                // Along y only: one colour for the whole run.
                out.update(repeating: Self.color(at: len2 > 0 ? py * dy / len2 : 0, stops: stops), count: count)
                return
            }
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5 - start.x
                out[i] = Self.color(at: len2 > 0 ? (px * dx + py * dy) / len2 : 0, stops: stops)
            }
        }
    }

    private func withPremultipliedStops<R>(_ body: (UnsafeBufferPointer<PremultipliedStop>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: PremultipliedStop.self, capacity: stops.count) { buffer in
            for (i, stop) in stops.enumerated() { buffer.initializeElement(at: i, to: PremultipliedStop(stop)) }
            defer { buffer.deinitialize() }
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// The premultiplied colour at parameter t (clamped to 0…1).
    @inline(__always)
    private static func color(at t: Double, stops: UnsafeBufferPointer<PremultipliedStop>) -> UInt32 {
        let t = min(1, max(0, t))
        var i = 0
        while i < stops.count - 2 && t > stops[i + 1].position { i += 1 }
        let a = stops[i]
        let b = stops[i + 1]
        let span = b.position - a.position
        let f = span > 0 ? min(1, max(0, (t - a.position) / span)) : (t >= b.position ? 1 : 0)
        // Each channel is within 0…255 once clamped: the conversion cannot trap.
        func mix(_ x: Double, _ y: Double) -> UInt32 {
            UInt32(truncatingIfNeeded: Int(min(255, max(0, x + (y - x) * f + 0.5))))
        }
        let alpha = mix(a.alpha, b.alpha)
        return alpha << 24 | min(alpha, mix(a.red, b.red)) << 16 | min(alpha, mix(a.green, b.green)) << 8
            | min(alpha, mix(a.blue, b.blue))
    }
}

/// How an image pattern is sampled between pixels.
public enum SamplingFilter: String, Hashable, Sendable, Codable {
    case nearest
    case bilinear
}

/// What an image pattern shows outside the image.
public enum PatternExtend: String, Hashable, Sendable, Codable {
    /// Nothing (transparent).
    case none
    /// The edge pixels, stretched.
    case pad
    /// The image, tiled.
    case `repeat`
}

/// An image placed on the canvas by `transform` (image pixels → canvas pixels).
public struct ImagePattern: @unchecked Sendable {
    public var image: Image
    public var transform: AffineTransform
    public var filter: SamplingFilter
    public var extend: PatternExtend

    public init(
        image: Image, transform: AffineTransform = .identity, filter: SamplingFilter = .bilinear,
        extend: PatternExtend = .none
    ) {
        self.image = image
        self.transform = transform
        self.filter = filter
        self.extend = extend
    }

    /// Integer image coordinates after `extend`: clamped (`.pad`), wrapped (`.repeat`), or nil
    /// outside the image (`.none`). One rule for the sampler and its slow twin.
    @inline(__always)
    static func extended(_ x: Int, _ y: Int, width w: Int, height h: Int, extend: PatternExtend) -> (Int, Int)? {
        switch extend {
        case .none: x < 0 || y < 0 || x >= w || y >= h ? nil : (x, y)
        case .pad: (min(max(x, 0), w - 1), min(max(y, 0), h - 1))
        case .repeat: (((x % w) + w) % w, ((y % h) + h) % h)
        }
    }

    /// The image's pixel at integer coordinates after applying `extend`; nil when outside and
    /// `extend` is `.none`.
    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> UInt32 {
        guard let (x, y) = Self.extended(x, y, width: image.width, height: image.height, extend: extend) else {
            return 0
        }
        let s = image.surface
        let p = s.row(y) + x * s.format.bytesPerPixel
        let raw = s.format.bytesPerPixel == 4 ? p.load(as: UInt32.self) : UInt32(p.load(as: UInt16.self))
        return s.format.decode(raw)
    }

    /// ⌊v⌋ as an image coordinate: clamped to ±2⁴⁰ (far outside any image, where `extend`
    /// decides) and NaN as 0, so that a degenerate transform cannot trap the conversion.
    @inline(__always)
    static func coordinate(_ v: Double) -> Int {
        guard v == v else { return 0 }
        let c = min(1_099_511_627_776, max(-1_099_511_627_776, v))
        // ⌊c⌋ without a call to libm's floor: adding 1.5·2⁵² rounds c to an integer held in the
        // low bits; one step down when that rounded up.
        let r =
            Int(truncatingIfNeeded: (c + 6_755_399_441_055_744.0).bitPattern & 0x000F_FFFF_FFFF_FFFF)
            - 0x0008_0000_0000_0000
        return Double(r) > c ? r - 1 : r
    }

    /// Fills `out` with `count` pixels of row y from x0, sampled at pixel centres.
    ///
    /// The same arithmetic as ``shadeReference(y:x0:count:into:)`` — each coordinate is
    /// a·x + c·y + t evaluated in the same order, weights rounded half away from zero — with
    /// what does not change along the row taken out of the loop: the row's terms, the image's
    /// memory, stride and format, and the four channels interpolated two at a time in packed
    /// 16-bit lanes. (The per-pixel generic calls — a `stride` iterator per channel, libm's
    /// `round`, a format switch per texel — made a panel frame with a sliding track image cost
    /// ~100× what its shapes cost.)
    func shade(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard let inverse = transform.inverted else {
            out.update(repeating: 0, count: count)
            return
        }
        let surface = image.surface
        let w = surface.width
        let h = surface.height
        let base = surface.base
        let stride = surface.stride
        let format = surface.format
        let bpp = format.bytesPerPixel
        let wide = bpp == 4
        let identity = format == .argb8888
        let extend = self.extend
        /// The pixel at (x, y) after `extend` (0 outside for `.none`).
        @inline(__always) func texel(_ x: Int, _ y: Int) -> UInt32 {
            guard let (x, y) = ImagePattern.extended(x, y, width: w, height: h, extend: extend) else { return 0 }
            let p = base + y * stride + x * bpp
            let raw = wide ? p.load(as: UInt32.self) : UInt32(p.load(as: UInt16.self))
            return identity ? raw : format.decode(raw)
        }
        let py = Double(y) + 0.5
        // inverse.apply: (a·px + c·py) + tx and (b·px + d·py) + ty.
        let cy = inverse.c * py
        let dy = inverse.d * py
        if filter == .bilinear, extend == .pad, identity, inverse.b == 0 {
            // The widget's case (a scaled image as a shape's paint): the image row pair and the
            // vertical weight are the row's, each pixel interpolates two adjacent texels per row.
            let fy = (inverse.b * 0 + dy + inverse.ty) - 0.5
            let iy = ImagePattern.coordinate(fy)
            let wy = ImagePattern.weight(fy, iy)
            let row0 = (base + min(max(iy, 0), h - 1) * stride).assumingMemoryBound(to: UInt32.self)
            let row1 = (base + min(max(iy + 1, 0), h - 1) * stride).assumingMemoryBound(to: UInt32.self)
            let last = w - 1
            for i in 0..<count {
                let px = Double(x0 + i) + 0.5
                let fx = (inverse.a * px + cy + inverse.tx) - 0.5
                let ix = ImagePattern.coordinate(fx)
                let wx = ImagePattern.weight(fx, ix)
                let xa = min(max(ix, 0), last)
                let xb = min(max(ix + 1, 0), last)
                let top = packedLerp256(row0[xa], row0[xb], wx)
                let bottom = packedLerp256(row1[xa], row1[xb], wx)
                out[i] = packedLerp256(top, bottom, wy)
            }
            return
        }
        for i in 0..<count {
            let px = Double(x0 + i) + 0.5
            let ux = inverse.a * px + cy + inverse.tx
            let uy = inverse.b * px + dy + inverse.ty
            switch filter {
            case .nearest:
                out[i] = texel(ImagePattern.coordinate(ux), ImagePattern.coordinate(uy))
            case .bilinear:
                let fx = ux - 0.5
                let fy = uy - 0.5
                let ix = ImagePattern.coordinate(fx)
                let iy = ImagePattern.coordinate(fy)
                let wx = ImagePattern.weight(fx, ix)
                let wy = ImagePattern.weight(fy, iy)
                let top = packedLerp256(texel(ix, iy), texel(ix + 1, iy), wx)
                let bottom = packedLerp256(texel(ix, iy + 1), texel(ix + 1, iy + 1), wx)
                out[i] = packedLerp256(top, bottom, wy)
            }
        }
    }

    /// The weight 0…256 of the right (lower) texel for coordinate f with ⌊f⌋ = i: (f − i)·256
    /// rounded half away from zero, 0 when f − i is not in [0, 1) (a clamped or non-finite f).
    @inline(__always)
    static func weight(_ f: Double, _ i: Int) -> UInt32 {
        let w = (f - Double(i)) * 256
        guard w >= 0 && w <= 256 else { return 0 }
        let t = UInt32(w)
        return w - Double(t) >= 0.5 ? t + 1 : t
    }

    /// The slow, obviously-correct twin of ``shade(y:x0:count:into:)``: every pixel through
    /// the full transform, `texel` and `lerp256`. Tests hold the fast one to it bit for bit.
    func shadeReference(y: Int, x0: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard let inverse = transform.inverted else {
            out.update(repeating: 0, count: count)
            return
        }
        for i in 0..<count {
            let u = inverse.apply(Point(Double(x0 + i) + 0.5, Double(y) + 0.5))
            switch filter {
            case .nearest:
                out[i] = texel(ImagePattern.coordinate(u.x), ImagePattern.coordinate(u.y))
            case .bilinear:
                let fx = u.x - 0.5
                let fy = u.y - 0.5
                let ix = ImagePattern.coordinate(fx)
                let iy = ImagePattern.coordinate(fy)
                // Weights 0…256 of the right and lower texels (0 for non-finite or clamped
                // coordinates, where fx − ⌊fx⌋ is not in [0, 1)).
                func weight(_ f: Double, _ i: Int) -> UInt32 {
                    let w = (f - Double(i)) * 256
                    return w >= 0 && w <= 256 ? UInt32(w.rounded()) : 0
                }
                let wx = weight(fx, ix)
                let wy = weight(fy, iy)
                let top = lerp256(texel(ix, iy), texel(ix + 1, iy), wx)
                let bottom = lerp256(texel(ix, iy + 1), texel(ix + 1, iy + 1), wx)
                out[i] = lerp256(top, bottom, wy)
            }
        }
    }
}

/// ``lerp256(_:_:_:)`` with blue/red and green/alpha two at a time in 16-bit lanes: per channel
/// x·(256 − w) + y·w + 128 ≤ 65,408 fits a lane, so the lanes never carry into each other and
/// the result is the same, bit for bit.
@inline(__always)
func packedLerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let m: UInt32 = 0x00FF_00FF
    let v = 256 &- w
    let rb = (((a & m) &* v &+ (b & m) &* w &+ 0x0080_0080) &>> 8) & m
    let ga = ((((a &>> 8) & m) &* v &+ ((b &>> 8) & m) &* w &+ 0x0080_0080) &>> 8) & m
    return rb | ga &<< 8
}

/// Per-channel a + (b − a)·w/256, rounded; w in 0…256. Premultiplied inputs stay premultiplied.
@inline(__always)
func lerp256(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    var out: UInt32 = 0
    for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
        let x = (a >> shift) & 0xFF
        let y = (b >> shift) & 0xFF
        out |= ((x * (256 - w) + y * w + 128) >> 8) << shift
    }
    return out
}
