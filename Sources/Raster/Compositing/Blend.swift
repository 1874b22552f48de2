// Source-over compositing of premultiplied ARGB8888 pixels, the hot loops of every frame.
//
// For a premultiplied source channel s with alpha sa, coverage m (0…255) and destination d:
//     a = round(sa·m / 255),   d' = round((s·m + d·(255 − a)) / 255)
// one rounding per result, so an opaque source is exactly round(s·α + d·(1 − α)) with
// α = m/255. Every intermediate fits 16 bits (s·m + d·(255 − a) ≤ 65152), so four pixels go
// through two SIMD8<UInt16>; `Composite.scalar…` is the obviously-correct twin that the tests
// compare against.

/// Source-over compositing kernels over rows of premultiplied 32-bit pixels.
public enum Composite {
    /// One pixel, the definition: `dst` under premultiplied `src` with coverage `m`.
    @inline(__always)
    public static func scalarOver(_ dst: UInt32, _ src: UInt32, coverage m: UInt32) -> UInt32 {
        let a = divideBy255((src >> 24) * m)
        let inv = 255 - a
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
            let s = (src >> shift) & 0xFF
            let d = (dst >> shift) & 0xFF
            out |= divideBy255(s * m + d * inv) << shift
        }
        return out
    }

    /// One pixel through the same arithmetic as the SIMD kernels, with blue/red and green/alpha
    /// packed two to a 32-bit word; used for the few pixels at the end of a clipped run.
    @inline(__always)
    static func over(_ dst: UInt32, rb srb: UInt32, ga sga: UInt32, coverage m: UInt32, inverse inv: UInt32) -> UInt32 {
        @inline(__always) func divide(_ x: UInt32) -> UInt32 {
            let t = x &+ 0x0080_0080
            return ((t &+ ((t &>> 8) & 0x00FF_00FF)) &>> 8) & 0x00FF_00FF
        }
        let rb = divide(srb &* m &+ (dst & 0x00FF_00FF) &* inv)
        let ga = divide(sga &* m &+ ((dst &>> 8) & 0x00FF_00FF) &* inv)
        return rb | ga &<< 8
    }

    /// Stores `pixel` into `count` pixels: 256 bytes per step, and the last few pixels by one
    /// overlapping 16-byte store rather than a scalar loop.
    @inline(__always)
    static func fill(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ pixel: UInt32) {
        let wide = SIMD4<UInt32>(repeating: pixel)
        let raw = UnsafeMutableRawPointer(p)
        guard count >= 4 else {
            for i in 0..<count { p[i] = pixel }
            return
        }
        var i = 0
        while i &+ 64 <= count {
            let q = raw + i &* 4
            for k in 0..<16 { q.storeBytes(of: wide, toByteOffset: k &* 16, as: SIMD4<UInt32>.self) }
            i &+= 64
        }
        while i &+ 16 <= count {
            let q = raw + i &* 4
            for k in 0..<4 { q.storeBytes(of: wide, toByteOffset: k &* 16, as: SIMD4<UInt32>.self) }
            i &+= 16
        }
        while i &+ 4 <= count {
            raw.storeBytes(of: wide, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
            i &+= 4
        }
        if i < count {
            raw.storeBytes(of: wide, toByteOffset: (count &- 4) &* 4, as: SIMD4<UInt32>.self)
        }
    }

    // Four pixels as two vectors of 16-bit lanes without a widening conversion: the "rb" half
    // holds blue and red of each pixel (bits 0–7 and 16–23), the "ga" half green and alpha.
    // Masking and shifting whole 32-bit lanes does the split in two instructions each.

    @inline(__always)
    static func halves(_ v: SIMD4<UInt32>) -> (rb: SIMD8<UInt16>, ga: SIMD8<UInt16>) {
        let mask = SIMD4<UInt32>(repeating: 0x00FF_00FF)
        return (
            unsafeBitCast(v & mask, to: SIMD8<UInt16>.self),
            unsafeBitCast((v &>> 8) & mask, to: SIMD8<UInt16>.self)
        )
    }

    @inline(__always)
    static func join(_ rb: SIMD8<UInt16>, _ ga: SIMD8<UInt16>) -> SIMD4<UInt32> {
        unsafeBitCast(rb, to: SIMD4<UInt32>.self) | (unsafeBitCast(ga, to: SIMD4<UInt32>.self) &<< 8)
    }

    /// round(x / 255) per lane as ((x + 128) · 257) >> 16, the same value as the scalar
    /// `divideBy255`; written with a widening multiply so that it compiles to one
    /// multiply-high instruction (SSE2 `pmulhuw`, NEON `umull` + narrow).
    @inline(__always)
    static func divide255(_ x: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let t = SIMD8<UInt32>(truncatingIfNeeded: x &+ 128) &* 257
        return SIMD8<UInt16>(truncatingIfNeeded: t &>> 16)
    }

    @inline(__always)
    static func load4(_ p: UnsafeMutablePointer<UInt32>) -> SIMD4<UInt32> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self)
    }

    @inline(__always)
    static func store4(_ p: UnsafeMutablePointer<UInt32>, _ v: SIMD4<UInt32>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD4<UInt32>.self)
    }

    /// Four coverage bytes, each in both 16-bit lanes of its pixel.
    @inline(__always)
    static func spread4(_ c: UnsafePointer<UInt8>) -> SIMD8<UInt16> {
        let a = UInt16(c[0])
        let b = UInt16(c[1])
        let d = UInt16(c[2])
        let e = UInt16(c[3])
        return SIMD8<UInt16>(a, a, b, b, d, d, e, e)
    }

    /// Composites an opaque source (alpha 255) through per-pixel coverage.
    @inline(__always)
    static func opaqueThroughMask(
        _ p: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ count: Int, _ src: UInt32
    ) {
        let (srb, sga) = halves(SIMD4<UInt32>(repeating: src))
        var i = 0
        while i &+ 4 <= count {
            let m = spread4(coverage + i)
            let inv = 255 &- m
            let (drb, dga) = halves(load4(p + i))
            let rb = divide255(srb &* m &+ drb &* inv)
            let ga = divide255(sga &* m &+ dga &* inv)
            store4(p + i, join(rb, ga))
            i &+= 4
        }
        while i < count {
            let m = UInt32(coverage[i])
            p[i] = over(p[i], rb: src & 0x00FF_00FF, ga: (src &>> 8) & 0x00FF_00FF, coverage: m, inverse: 255 &- m)
            i &+= 1
        }
    }

    /// Composites any premultiplied source through per-pixel coverage.
    @inline(__always)
    static func translucentThroughMask(
        _ p: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ count: Int, _ src: UInt32
    ) {
        let (srb, sga) = halves(SIMD4<UInt32>(repeating: src))
        let sa = SIMD8<UInt16>(repeating: UInt16(src >> 24))
        var i = 0
        while i &+ 4 <= count {
            let m = spread4(coverage + i)
            let inv = 255 &- divide255(sa &* m)
            let (drb, dga) = halves(load4(p + i))
            let rb = divide255(srb &* m &+ drb &* inv)
            let ga = divide255(sga &* m &+ dga &* inv)
            store4(p + i, join(rb, ga))
            i &+= 4
        }
        while i < count {
            let m = UInt32(coverage[i])
            let inv = 255 &- divideBy255((src &>> 24) &* m)
            p[i] = over(p[i], rb: src & 0x00FF_00FF, ga: (src &>> 8) & 0x00FF_00FF, coverage: m, inverse: inv)
            i &+= 1
        }
    }

    /// Composites a source with the same coverage `m` on every pixel (m = 255 for opaque runs).
    @inline(__always)
    static func uniform(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, coverage m: UInt32) {
        if m == 255 && src >> 24 == 255 {
            fill(p, count, src)
            return
        }
        let (srb, sga) = halves(SIMD4<UInt32>(repeating: src))
        let mm = SIMD8<UInt16>(repeating: UInt16(m))
        let smrb = srb &* mm
        let smga = sga &* mm
        let inv = 255 &- divide255(SIMD8<UInt16>(repeating: UInt16(src >> 24)) &* mm)
        var i = 0
        while i &+ 4 <= count {
            let (drb, dga) = halves(load4(p + i))
            store4(p + i, join(divide255(smrb &+ drb &* inv), divide255(smga &+ dga &* inv)))
            i &+= 4
        }
        let scalarInverse = 255 &- divideBy255((src &>> 24) &* m)
        while i < count {
            p[i] = over(p[i], rb: src & 0x00FF_00FF, ga: (src &>> 8) & 0x00FF_00FF, coverage: m, inverse: scalarInverse)
            i &+= 1
        }
    }

    /// Composites a row of per-pixel premultiplied sources (gradients, images) through
    /// coverage (`nil`: full) scaled by `opacity` (0…255): each pixel as
    /// ``scalarOver(_:_:coverage:)`` computes it (its twin in the tests), in the packed
    /// two-channels-a-lane form.
    static func varying(
        _ p: UnsafeMutablePointer<UInt32>, _ sources: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?,
        _ count: Int, opacity: UInt32
    ) {
        for i in 0..<count {
            var m: UInt32 = coverage.map { UInt32($0[i]) } ?? 255
            if opacity != 255 { m = divideBy255(m &* opacity) }
            let src = sources[i]
            let inv = 255 &- divideBy255((src &>> 24) &* m)
            p[i] = over(p[i], rb: src & 0x00FF_00FF, ga: (src &>> 8) & 0x00FF_00FF, coverage: m, inverse: inv)
        }
    }
}
