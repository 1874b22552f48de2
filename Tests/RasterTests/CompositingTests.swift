// Source-over compositing: the SIMD kernels against the scalar twin, and the scalar twin
// against its definition in real arithmetic.

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class CompositingTests: XCTestCase {
    // MARK: Arithmetic

    /// divideBy255 is round(x / 255) on 0…65535+127 (x/255 is never exactly halfway for an
    /// integer x, since 255 is odd, so "round" needs no tie rule).
    func testDivideBy255Exhaustive() {
        var bad = 0
        for x in 0...UInt32(65535 + 127) {
            let expected = (x + 127) / 255
            let got = divideBy255(x)
            if got != expected {
                bad += 1
                if bad <= 5 { XCTFail("divideBy255(\(x)) = \(got), expected \(expected)") }
            }
        }
        // The integer form is the rounding of the real quotient.
        for x in stride(from: 0 as UInt32, through: 65535 + 127, by: 97) {
            XCTAssertEqual(Double(divideBy255(x)), (Double(x) / 255).rounded(), "x = \(x)")
        }
    }

    /// The definition, in real arithmetic: a = round(sa·m/255), then per channel
    /// round((s·m + d·(255 − a)) / 255).
    private func referenceOver(_ dst: UInt32, _ src: UInt32, _ m: UInt32) -> UInt32 {
        let a = (Double(src >> 24) * Double(m) / 255).rounded()
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let s = Double((src >> shift) & 0xFF)
            let d = Double((dst >> shift) & 0xFF)
            out |= UInt32(((s * Double(m) + d * (255 - a)) / 255).rounded()) << shift
        }
        return out
    }

    func testScalarOverMatchesItsDefinition() {
        var rng = SplitMix64(seed: 0xC0_0001)
        for _ in 0..<50_000 {
            let dst = UInt32(truncatingIfNeeded: rng.next())  // any bytes, premultiplied or not
            let src = rng.premultipliedPixel()
            let m = UInt32(rng.byte())
            let got = Composite.scalarOver(dst, src, coverage: m)
            let want = referenceOver(dst, src, m)
            if got != want {
                XCTFail("scalarOver(\(hex(dst)), \(hex(src)), \(m)) = \(hex(got)), definition \(hex(want))")
                return
            }
        }
        // Opaque source: exactly round(s·α + d·(1 − α)), α = m/255, for every (s, d, m) of one channel.
        for m in stride(from: 0 as UInt32, through: 255, by: 1) {
            for s in stride(from: 0 as UInt32, through: 255, by: 5) {
                for d in stride(from: 0 as UInt32, through: 255, by: 3) {
                    let src = 0xFF00_0000 | s
                    let got = Composite.scalarOver(d, src, coverage: m) & 0xFF
                    let alpha = Double(m) / 255
                    let want = UInt32((Double(s) * alpha + Double(d) * (1 - alpha)).rounded())
                    if got != want {
                        XCTFail("opaque over: s \(s) d \(d) m \(m): \(got) vs \(want)")
                        return
                    }
                }
            }
        }
    }

    func testScalarOverLimits() {
        var rng = SplitMix64(seed: 0xC0_0002)
        for _ in 0..<2000 {
            let dst = UInt32(truncatingIfNeeded: rng.next())
            let src = rng.premultipliedPixel()
            XCTAssertEqual(Composite.scalarOver(dst, src, coverage: 0), dst, "coverage 0 leaves the destination")
            // Fully covered opaque source replaces the destination.
            let opaque = src | 0xFF00_0000
            XCTAssertEqual(Composite.scalarOver(dst, opaque, coverage: 255), opaque)
            // A transparent source with full coverage leaves it too.
            XCTAssertEqual(Composite.scalarOver(dst, 0, coverage: 255), dst)
            // Premultiplied in, premultiplied out.
            let d = rng.premultipliedPixel()
            let out = Composite.scalarOver(d, src, coverage: UInt32(rng.byte()))
            let a = out >> 24
            XCTAssertTrue(
                (out >> 16) & 0xFF <= a && (out >> 8) & 0xFF <= a && out & 0xFF <= a,
                "result \(hex(out)) is not premultiplied")
        }
    }

    // MARK: Kernels against the scalar twin

    /// Runs `kernel` on `count` pixels at an arbitrary (often unaligned) offset inside a buffer
    /// with guard pixels on both sides, and checks the result against `expected(i, dst)` and the
    /// guards against change.
    private func checkKernel(
        _ name: String, count: Int, offset: Int, rng: inout SplitMix64,
        kernel: (UnsafeMutablePointer<UInt32>) -> Void, expected: (Int, UInt32) -> UInt32
    ) {
        let total = offset + count + 8
        var buffer = (0..<total).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        let before = buffer
        buffer.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + offset) }
        for i in 0..<total {
            if i < offset || i >= offset + count {
                if buffer[i] != before[i] {
                    XCTFail("\(name) count \(count) offset \(offset): wrote outside its run at \(i - offset)")
                    return
                }
            } else {
                let want = expected(i - offset, before[i])
                if buffer[i] != want {
                    XCTFail(
                        "\(name) count \(count) offset \(offset): pixel \(i - offset) dst \(hex(before[i])) → \(hex(buffer[i])), scalar \(hex(want))"
                    )
                    return
                }
            }
        }
    }

    func testOpaqueThroughMaskMatchesScalar() {
        var rng = SplitMix64(seed: 0xC0_0003)
        for round in 0..<400 {
            let count = round < 280 ? round % 14 : rng.int(14...70)
            let offset = rng.int(0...5)
            let src = rng.premultipliedPixel() | 0xFF00_0000
            var coverage = (0..<count).map { _ in rng.byte() }
            // Exercise the extremes and the zero padding the mask builder adds.
            for i in 0..<count where rng.int(0...4) == 0 { coverage[i] = rng.pick([0, 1, 254, 255]) }
            coverage.withUnsafeBufferPointer { cov in
                checkKernel(
                    "opaqueThroughMask", count: count, offset: offset, rng: &rng,
                    kernel: { Composite.opaqueThroughMask($0, cov.baseAddress!, count, src) },
                    expected: { i, d in Composite.scalarOver(d, src, coverage: UInt32(cov[i])) })
            }
        }
    }

    func testTranslucentThroughMaskMatchesScalar() {
        var rng = SplitMix64(seed: 0xC0_0004)
        for round in 0..<400 {
            let count = round < 280 ? round % 14 : rng.int(14...70)
            let offset = rng.int(0...5)
            let src = rng.premultipliedPixel()
            var coverage = (0..<count).map { _ in rng.byte() }
            for i in 0..<count where rng.int(0...4) == 0 { coverage[i] = rng.pick([0, 1, 254, 255]) }
            coverage.withUnsafeBufferPointer { cov in
                checkKernel(
                    "translucentThroughMask", count: count, offset: offset, rng: &rng,
                    kernel: { Composite.translucentThroughMask($0, cov.baseAddress!, count, src) },
                    expected: { i, d in Composite.scalarOver(d, src, coverage: UInt32(cov[i])) })
            }
        }
    }

    func testUniformMatchesScalar() {
        var rng = SplitMix64(seed: 0xC0_0005)
        for round in 0..<600 {
            let count = round < 420 ? round % 14 : rng.int(14...70)
            let offset = rng.int(0...5)
            var src = rng.premultipliedPixel()
            if round % 3 == 0 { src |= 0xFF00_0000 }  // opaque: with m = 255 this is the fill path
            let m: UInt32 = round % 2 == 0 ? 255 : UInt32(rng.byte())
            checkKernel(
                "uniform(m: \(m), src: \(hex(src)))", count: count, offset: offset, rng: &rng,
                kernel: { Composite.uniform($0, count, src, coverage: m) },
                expected: { _, d in Composite.scalarOver(d, src, coverage: m) })
        }
    }

    func testFillWritesExactlyTheRun() {
        var rng = SplitMix64(seed: 0xC0_0006)
        for count in 0..<70 {
            let pixel = UInt32(truncatingIfNeeded: rng.next())
            checkKernel(
                "fill", count: count, offset: rng.int(0...5), rng: &rng,
                kernel: { Composite.fill($0, count, pixel) }, expected: { _, _ in pixel })
        }
    }

    func testVaryingMatchesScalar() {
        var rng = SplitMix64(seed: 0xC0_0007)
        for round in 0..<200 {
            let count = round % 14 + (round > 150 ? 20 : 0)
            let sources = (0..<count).map { _ in rng.premultipliedPixel() }
            let coverage = (0..<count).map { _ in rng.byte() }
            let useCoverage = round % 2 == 0
            let opacity: UInt32 = round % 3 == 0 ? 255 : UInt32(rng.byte())
            sources.withUnsafeBufferPointer { src in
                coverage.withUnsafeBufferPointer { cov in
                    checkKernel(
                        "varying", count: count, offset: rng.int(0...3), rng: &rng,
                        kernel: {
                            Composite.varying(
                                $0, src.baseAddress!, useCoverage ? cov.baseAddress! : nil, count, opacity: opacity)
                        },
                        expected: { i, d in
                            let m = useCoverage ? UInt32(cov[i]) : 255
                            // Coverage scaled by the opacity, rounded once.
                            let scaled = UInt32((Double(m) * Double(opacity) / 255).rounded())
                            return self.referenceOver(d, src[i], scaled)
                        })
                }
            }
        }
    }

    /// Every (d, m) pair of one channel through the SIMD path of each kernel (four pixels per
    /// step, all channels equal), so the vector division is checked over its whole input range.
    func testKernelsExhaustiveOverDestinationAndCoverage() {
        for sa in [255 as UInt32, 200, 1] {
            let sc = sa * 3 / 5  // a premultiplied channel ≤ alpha
            let src = sa << 24 | sc << 16 | (sa / 2) << 8 | sa
            var dst = [UInt32](repeating: 0, count: 256 * 256)
            var cov = [UInt8](repeating: 0, count: 256 * 256)
            for d in 0..<256 {
                for m in 0..<256 {
                    let v = UInt32(d)
                    dst[d * 256 + m] = v << 24 | (255 - v) << 16 | v << 8 | (v ^ 0x5A)
                    cov[d * 256 + m] = UInt8(m)
                }
            }
            let expected = (0..<dst.count).map { Composite.scalarOver(dst[$0], src, coverage: UInt32(cov[$0])) }
            var out = dst
            out.withUnsafeMutableBufferPointer { p in
                cov.withUnsafeBufferPointer { c in
                    Composite.translucentThroughMask(p.baseAddress!, c.baseAddress!, p.count, src)
                }
            }
            XCTAssertTrue(out == expected, "translucentThroughMask, source alpha \(sa)")
            if sa == 255 {
                out = dst
                out.withUnsafeMutableBufferPointer { p in
                    cov.withUnsafeBufferPointer { c in
                        Composite.opaqueThroughMask(p.baseAddress!, c.baseAddress!, p.count, src)
                    }
                }
                XCTAssertTrue(out == expected, "opaqueThroughMask")
            }
            // uniform: one m per 256-pixel row.
            out = dst
            out.withUnsafeMutableBufferPointer { p in
                for d in 0..<256 {
                    for m in 0..<256 { p[d * 256 + m] = dst[m * 256 + d] }  // row m holds every d
                }
                for m in 0..<256 { Composite.uniform(p.baseAddress! + m * 256, 256, src, coverage: UInt32(m)) }
                var bad = 0
                for m in 0..<256 {
                    for d in 0..<256
                    where p[m * 256 + d] != Composite.scalarOver(dst[d * 256 + m], src, coverage: UInt32(m)) {
                        bad += 1
                    }
                }
                XCTAssertEqual(bad, 0, "uniform, source alpha \(sa)")
            }
        }
    }
}

func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16, uppercase: true) }
