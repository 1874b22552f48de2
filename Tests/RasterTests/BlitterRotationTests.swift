// Rotated blits to portrait-mounted panels, and the point/rect mappings that go with them.

import TestSupport
import XCTest

@testable import Raster

final class BlitterRotationTests: XCTestCase {
    /// A 5×3 image whose every pixel is different (so any misplacement shows).
    private func asymmetricImage(width: Int = 5, height: Int = 3) -> Image {
        let image = Image(width: width, height: height, format: .argb8888)
        for y in 0..<height {
            for x in 0..<width {
                image.setPixel(
                    x: x, y: y,
                    PremultipliedColor(argb: 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 | UInt32(x * 7 + y * 3)))
            }
        }
        return image
    }

    /// An opaque ARGB source reaches an XRGB buffer as a plain row copy (the frame composer's
    /// picture over an opaque background): the same words as the copy that forces the padding
    /// byte, whatever the buffer held.
    func testAnOpaqueSourceCopiesToXRGBAsTheCopyThatForcesTheAlpha() {
        let source = asymmetricImage(width: 37, height: 11)
        let rect = IntRect(x: 3, y: 2, width: 30, height: 8)
        var words: [[UInt32]] = []
        for opaque in [false, true] {
            let target = Image(width: 40, height: 12, format: .xrgb8888)
            for y in 0..<12 {
                let row = target.surface.row32(y)
                for x in 0..<40 { row[x] = 0x1234_5678 &+ UInt32(x * 40 + y) }
            }
            Blitter.copy(
                from: source.surface, rect: rect, to: target.surface, at: (5, 3), rotation: .none,
                sourceIsOpaque: opaque)
            words.append((0..<12).flatMap { y in (0..<40).map { target.surface.row32(y)[$0] } })
            withExtendedLifetime(target) {}
        }
        XCTAssertEqual(words[0], words[1])
        // Inside the copied rectangle every padding byte is 0xFF, and the pixels are the source's.
        for y in 0..<8 {
            for x in 0..<30 {
                XCTAssertEqual(words[1][(y + 3) * 40 + x + 5], source.pixel(x: x + 3, y: y + 2).argb)
            }
        }
    }

    func testEveryPixelLandsWherePhysicalPixelSays() {
        let source = asymmetricImage()
        for rotation in Rotation.allCases {
            let size = rotation.physicalSize(width: 5, height: 3)
            let target = Image(width: size.width, height: size.height, format: .argb8888)
            Blitter.copy(from: source.surface, rect: source.bounds, to: target.surface, at: (0, 0), rotation: rotation)
            var hit = Set<Int>()
            for y in 0..<3 {
                for x in 0..<5 {
                    let p = rotation.physicalPixel(x: x, y: y, width: 5, height: 3)
                    XCTAssertTrue(
                        p.x >= 0 && p.x < size.width && p.y >= 0 && p.y < size.height, "\(rotation) (\(x), \(y)) → \(p)"
                    )
                    XCTAssertEqual(target.pixel(x: p.x, y: p.y), source.pixel(x: x, y: y), "\(rotation) (\(x), \(y))")
                    hit.insert(p.y * size.width + p.x)
                }
            }
            XCTAssertEqual(hit.count, 15, "\(rotation) is a bijection onto the physical buffer")
        }
    }

    /// The mapping is a clockwise turn, by hand: the logical top-left corner goes to the physical
    /// top-right for a quarter turn, bottom-right for a half turn, bottom-left for three quarters.
    func testRotationDirection() {
        let (w, h) = (5, 3)
        XCTAssertTrue(Rotation.none.physicalPixel(x: 0, y: 0, width: w, height: h) == (0, 0))
        XCTAssertTrue(Rotation.quarter.physicalPixel(x: 0, y: 0, width: w, height: h) == (h - 1, 0))
        XCTAssertTrue(Rotation.half.physicalPixel(x: 0, y: 0, width: w, height: h) == (w - 1, h - 1))
        XCTAssertTrue(Rotation.threeQuarters.physicalPixel(x: 0, y: 0, width: w, height: h) == (0, w - 1))
        // The logical top-right corner under a quarter turn lands bottom-right.
        XCTAssertTrue(Rotation.quarter.physicalPixel(x: w - 1, y: 0, width: w, height: h) == (h - 1, w - 1))
    }

    func testFourQuarterTurnsReturnTheOriginal() {
        let original = asymmetricImage(width: 6, height: 4)
        var current = original
        for turn in 1...4 {
            let size = Rotation.quarter.physicalSize(width: current.width, height: current.height)
            let next = Image(width: size.width, height: size.height, format: .argb8888)
            Blitter.copy(from: current.surface, rect: current.bounds, to: next.surface, at: (0, 0), rotation: .quarter)
            current = next
            if turn == 2 {
                // Two quarter turns are a half turn.
                let half = Image(width: 6, height: 4, format: .argb8888)
                Blitter.copy(
                    from: original.surface, rect: original.bounds, to: half.surface, at: (0, 0), rotation: .half)
                XCTAssertEqual(pixelWords(current), pixelWords(half))
            }
        }
        XCTAssertEqual(current.width, 6)
        XCTAssertEqual(pixelWords(current), pixelWords(original))
    }

    func testRotatedBlitOfASubRectangleWritesOnlyItsPixels() {
        let source = asymmetricImage(width: 7, height: 5)
        let rect = IntRect(x: 2, y: 1, width: 3, height: 2)
        for rotation in Rotation.allCases {
            let size = rotation.physicalSize(width: 7, height: 5)
            let target = Image(width: size.width, height: size.height, format: .argb8888)
            // Unrotated, the rectangle lands at `origin`; rotated, origin is ignored.
            Blitter.copy(
                from: source.surface, rect: rect, to: target.surface, at: (rect.minX, rect.minY), rotation: rotation)
            let damage = rotation.physicalRect(rect, width: 7, height: 5)
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let inside = x >= damage.minX && x < damage.maxX && y >= damage.minY && y < damage.maxY
                    XCTAssertEqual(target.pixel(x: x, y: y).alpha, inside ? 255 : 0, "\(rotation) (\(x), \(y))")
                }
            }
        }
    }

    func testUnrotatedBlitWithOriginAndClipping() {
        let source = asymmetricImage(width: 5, height: 3)
        let target = Image(width: 4, height: 4, format: .argb8888)
        // Rect (1,0) 3×3 lands at (2, 2): only its top-left 2×2 fits.
        Blitter.copy(
            from: source.surface, rect: IntRect(x: 1, y: 0, width: 3, height: 3), to: target.surface, at: (2, 2),
            rotation: .none)
        for y in 0..<4 {
            for x in 0..<4 {
                if x >= 2 && y >= 2 {
                    XCTAssertEqual(target.pixel(x: x, y: y), source.pixel(x: x - 2 + 1, y: y - 2))
                } else {
                    XCTAssertEqual(target.pixel(x: x, y: y).argb, 0)
                }
            }
        }
        // A negative origin cuts the other side.
        let t2 = Image(width: 4, height: 4, format: .rgb565)
        Blitter.copy(from: source.surface, rect: source.bounds, to: t2.surface, at: (-3, -1), rotation: .none)
        for y in 0..<4 {
            for x in 0..<4 {
                let want: UInt32 =
                    x < 2 && y < 2
                    ? PixelFormat.rgb565.decode(PixelFormat.rgb565.encode(argb: source.pixel(x: x + 3, y: y + 1).argb))
                    : PixelFormat.rgb565.decode(0)
                XCTAssertEqual(t2.pixel(x: x, y: y).argb, want, "(\(x), \(y))")
            }
        }
    }

    func testPointMappingsAreInverseAndMatchPixels() {
        var rng = SplitMix64(seed: 0xB1_0001)
        let (w, h) = (800.0, 480.0)
        for rotation in Rotation.allCases {
            for _ in 0..<500 {
                let p = Point(rng.uniform(0, w), rng.uniform(0, h))
                let q = rotation.logicalPoint(rotation.physicalPoint(p, width: w, height: h), width: w, height: h)
                XCTAssertEqual(q.x, p.x, accuracy: 1e-12)
                XCTAssertEqual(q.y, p.y, accuracy: 1e-12)
            }
            // Dyadic coordinates are exact.
            let p = Point(12.25, 7.5)
            XCTAssertEqual(
                rotation.logicalPoint(rotation.physicalPoint(p, width: w, height: h), width: w, height: h), p)
            // A pixel's centre maps to the centre of the pixel it is blitted to.
            for _ in 0..<200 {
                let x = rng.int(0...799)
                let y = rng.int(0...479)
                let c = rotation.physicalPoint(Point(Double(x) + 0.5, Double(y) + 0.5), width: w, height: h)
                let px = rotation.physicalPixel(x: x, y: y, width: 800, height: 480)
                XCTAssertEqual(c.x, Double(px.x) + 0.5)
                XCTAssertEqual(c.y, Double(px.y) + 0.5)
            }
            // Sizes swap for quarter turns and back.
            let s = rotation.physicalSize(width: 800, height: 480)
            let l = rotation.logicalSize(width: s.width, height: s.height)
            XCTAssertTrue(l == (800, 480))
        }
    }

    /// physicalRect covers exactly the pixels a rotated rectangle lands on.
    func testPhysicalRectCoversExactlyTheRotatedPixels() {
        var rng = SplitMix64(seed: 0xB1_0002)
        let (w, h) = (11, 7)
        for rotation in Rotation.allCases {
            for _ in 0..<100 {
                let x = rng.int(0...(w - 1))
                let y = rng.int(0...(h - 1))
                let r = IntRect(x: x, y: y, width: rng.int(1...(w - x)), height: rng.int(1...(h - y)))
                let phys = rotation.physicalRect(r, width: w, height: h)
                var landed = Set<Int>()
                for yy in r.minY..<r.maxY {
                    for xx in r.minX..<r.maxX {
                        let p = rotation.physicalPixel(x: xx, y: yy, width: w, height: h)
                        landed.insert(p.y * 1000 + p.x)
                    }
                }
                var covered = Set<Int>()
                for yy in phys.minY..<phys.maxY {
                    for xx in phys.minX..<phys.maxX { covered.insert(yy * 1000 + xx) }
                }
                XCTAssertEqual(landed, covered, "\(rotation) \(r) → \(phys)")
            }
            XCTAssertEqual(rotation.physicalRect(.zero, width: w, height: h), .zero)
        }
    }
}
