// Source-over compositing of premultiplied ARGB8888 pixels, the hot loops of every frame.
//
// For a premultiplied source channel s with alpha sa, coverage m (0…255) and destination d:
//     a = round(sa·m / 255),   d' = round((s·m + d·(255 − a)) / 255)
// one rounding per result, so an opaque source is exactly round(s·α + d·(1 − α)) with
// α = m/255. Every intermediate fits 16 bits (s·m + d·(255 − a) ≤ 65152), so four pixels go
// through one SIMD16<UInt16>; `Composite.scalar…` is the obviously-correct twin that the tests
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

    /// Stores `pixel` into `count` pixels.
    @inline(__always)
    static func fill(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ pixel: UInt32) {
        var i = 0
        let wide = SIMD4<UInt32>(repeating: pixel)
        let raw = UnsafeMutableRawPointer(p)
        while i + 8 <= count {
            raw.storeBytes(of: wide, toByteOffset: i * 4, as: SIMD4<UInt32>.self)
            raw.storeBytes(of: wide, toByteOffset: i * 4 + 16, as: SIMD4<UInt32>.self)
            i += 8
        }
        while i < count {
            p[i] = pixel
            i += 1
        }
    }

    @inline(__always)
    static func divide255(_ x: SIMD16<UInt16>) -> SIMD16<UInt16> {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    static func load4(_ p: UnsafeMutablePointer<UInt32>) -> SIMD16<UInt16> {
        SIMD16<UInt16>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self))
    }

    @inline(__always)
    static func store4(_ p: UnsafeMutablePointer<UInt32>, _ v: SIMD16<UInt16>) {
        UnsafeMutableRawPointer(p).storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: v), as: SIMD16<UInt8>.self)
    }

    /// Four coverage bytes, each repeated for the four channels of its pixel.
    @inline(__always)
    static func spread4(_ c: UnsafePointer<UInt8>) -> SIMD16<UInt16> {
        let v = SIMD16<UInt16>(
            UInt16(c[0]), UInt16(c[0]), UInt16(c[0]), UInt16(c[0]),
            UInt16(c[1]), UInt16(c[1]), UInt16(c[1]), UInt16(c[1]),
            UInt16(c[2]), UInt16(c[2]), UInt16(c[2]), UInt16(c[2]),
            UInt16(c[3]), UInt16(c[3]), UInt16(c[3]), UInt16(c[3]))
        return v
    }

    /// Composites an opaque source (alpha 255) through per-pixel coverage.
    static func opaqueThroughMask(
        _ p: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ count: Int, _ src: UInt32
    ) {
        let s = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD4<UInt32>(repeating: src), to: SIMD16<UInt8>.self))
        var i = 0
        while i + 4 <= count {
            let m = spread4(coverage + i)
            let d = load4(p + i)
            store4(p + i, divide255(s &* m &+ d &* (255 &- m)))
            i += 4
        }
        while i < count {
            p[i] = scalarOver(p[i], src, coverage: UInt32(coverage[i]))
            i += 1
        }
    }

    /// Composites any premultiplied source through per-pixel coverage.
    static func translucentThroughMask(
        _ p: UnsafeMutablePointer<UInt32>, _ coverage: UnsafePointer<UInt8>, _ count: Int, _ src: UInt32
    ) {
        let s = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD4<UInt32>(repeating: src), to: SIMD16<UInt8>.self))
        let sa = SIMD16<UInt16>(repeating: UInt16(src >> 24))
        var i = 0
        while i + 4 <= count {
            let m = spread4(coverage + i)
            let a = divide255(sa &* m)
            let d = load4(p + i)
            store4(p + i, divide255(s &* m &+ d &* (255 &- a)))
            i += 4
        }
        while i < count {
            p[i] = scalarOver(p[i], src, coverage: UInt32(coverage[i]))
            i += 1
        }
    }

    /// Composites a source with the same coverage `m` on every pixel (m = 255 for opaque runs).
    static func uniform(_ p: UnsafeMutablePointer<UInt32>, _ count: Int, _ src: UInt32, coverage m: UInt32) {
        if m == 255 && src >> 24 == 255 {
            fill(p, count, src)
            return
        }
        let s = SIMD16<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD4<UInt32>(repeating: src), to: SIMD16<UInt8>.self))
        let mm = SIMD16<UInt16>(repeating: UInt16(m))
        let sm = s &* mm
        let inv = 255 &- divide255(SIMD16<UInt16>(repeating: UInt16(src >> 24)) &* mm)
        var i = 0
        while i + 4 <= count {
            store4(p + i, divide255(sm &+ load4(p + i) &* inv))
            i += 4
        }
        while i < count {
            p[i] = scalarOver(p[i], src, coverage: m)
            i += 1
        }
    }

    /// Composites a row of per-pixel premultiplied sources (gradients, images) through
    /// coverage (`nil`: full) scaled by `opacity` (0…255).
    static func varying(
        _ p: UnsafeMutablePointer<UInt32>, _ sources: UnsafePointer<UInt32>, _ coverage: UnsafePointer<UInt8>?,
        _ count: Int, opacity: UInt32
    ) {
        for i in 0..<count {
            var m = coverage.map { UInt32($0[i]) } ?? 255
            if opacity != 255 { m = divideBy255(m * opacity) }
            p[i] = scalarOver(p[i], sources[i], coverage: m)
        }
    }
}
