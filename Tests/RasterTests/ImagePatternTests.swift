// The fast image sampler (`ImagePattern.shade`) against its slow twin (`shadeReference`): bit
// for bit, for every filter and extend mode, random transforms (axis-aligned ones take the
// specialised row loop), every pixel format, and degenerate transforms.

import TestSupport
import XCTest

@testable import Raster

final class ImagePatternTests: XCTestCase {
    func testShadeMatchesReferenceBitForBit() {
        var rng = SplitMix64(seed: 0x1A6E_0001)
        for trial in 0..<400 {
            let format = rng.pick([PixelFormat.argb8888, .xrgb8888, .rgb565, .abgr8888])
            let image = Image(width: rng.int(1...9), height: rng.int(1...7), format: format)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    image.setPixel(x: x, y: y, PremultipliedColor(argb: rng.premultipliedPixel()))
                }
            }
            var t = AffineTransform.scale(rng.uniform(0.3, 12), rng.uniform(0.3, 12))
            if rng.bool() {
                t = AffineTransform(
                    a: rng.uniform(-4, 4), b: rng.uniform(-4, 4), c: rng.uniform(-4, 4), d: rng.uniform(-4, 4), tx: 0,
                    ty: 0)
            }
            t = t.concatenating(.translation(rng.uniform(-20, 40), rng.uniform(-20, 40)))
            if trial % 50 == 0 { t = AffineTransform.scale(1e-300, 1e300) }  // degenerate
            let pattern = ImagePattern(
                image: image, transform: t, filter: rng.pick([.nearest, .bilinear]),
                extend: rng.pick([.none, .pad, .repeat]))
            let count = rng.int(1...70)
            let x0 = rng.int(-30...40)
            let y = rng.int(-30...40)
            var fast = [UInt32](repeating: 0, count: count)
            var slow = [UInt32](repeating: 1, count: count)
            fast.withUnsafeMutableBufferPointer { pattern.shade(y: y, x0: x0, count: count, into: $0.baseAddress!) }
            slow.withUnsafeMutableBufferPointer {
                pattern.shadeReference(y: y, x0: x0, count: count, into: $0.baseAddress!)
            }
            XCTAssertEqual(fast, slow, "trial \(trial): \(pattern.filter) \(pattern.extend) \(format) \(t)")
        }
    }

    /// The packed interpolation equals the per-channel one.
    func testPackedLerpMatchesPerChannel() {
        var rng = SplitMix64(seed: 0x1A6E_0002)
        for _ in 0..<100_000 {
            let a = UInt32(truncatingIfNeeded: rng.next())
            let b = UInt32(truncatingIfNeeded: rng.next())
            let w = UInt32(rng.int(0...256))
            XCTAssertEqual(packedLerp256(a, b, w), lerp256(a, b, w))
        }
    }
}
