// Damage tracking: merging, the rectangle limit, bounds, area and coverage of all added rects.

import TestSupport
import XCTest

@testable import Raster

final class DamageRegionTests: XCTestCase {
    func testEmpty() {
        var d = DamageRegion()
        XCTAssertTrue(d.isEmpty)
        XCTAssertEqual(d.area, 0)
        XCTAssertEqual(d.bounds, .zero)
        d.add(IntRect(x: 3, y: 3, width: 0, height: 5))
        d.add(IntRect(x: 3, y: 3, width: 5, height: -1))
        XCTAssertTrue(d.isEmpty, "empty rectangles are no damage")
        XCTAssertEqual(DamageRegion(limit: 0).limit, 1)
    }

    func testOverlappingRectanglesMerge() {
        var d = DamageRegion()
        d.add(IntRect(x: 0, y: 0, width: 10, height: 10))
        d.add(IntRect(x: 5, y: 5, width: 10, height: 10))
        XCTAssertEqual(d.rects, [IntRect(x: 0, y: 0, width: 15, height: 15)])
        // Contained: nothing changes.
        d.add(IntRect(x: 2, y: 2, width: 3, height: 3))
        XCTAssertEqual(d.rects, [IntRect(x: 0, y: 0, width: 15, height: 15)])
        // Adjacent and aligned: the union wastes nothing, so they merge.
        d.add(IntRect(x: 15, y: 0, width: 5, height: 15))
        XCTAssertEqual(d.rects, [IntRect(x: 0, y: 0, width: 20, height: 15)])
        // Far apart: kept separate.
        d.add(IntRect(x: 100, y: 100, width: 4, height: 4))
        XCTAssertEqual(d.rects.count, 2)
        XCTAssertEqual(d.area, 20 * 15 + 16)
        XCTAssertEqual(d.bounds, IntRect(x: 0, y: 0, width: 104, height: 104))
        // A rectangle bridging both absorbs them (merging cascades).
        d.add(IntRect(x: 10, y: 10, width: 92, height: 92))
        XCTAssertEqual(d.rects, [IntRect(x: 0, y: 0, width: 104, height: 104)])
    }

    func testAddingARegionAndClipping() {
        var a = DamageRegion(IntRect(x: -10, y: -10, width: 20, height: 20))
        var b = DamageRegion()
        b.add(IntRect(x: 790, y: 470, width: 30, height: 30))
        a.add(b)
        XCTAssertEqual(a.rects.count, 2)
        a.clip(to: IntRect(x: 0, y: 0, width: 800, height: 480))
        XCTAssertEqual(
            Set(a.rects), [IntRect(x: 0, y: 0, width: 10, height: 10), IntRect(x: 790, y: 470, width: 10, height: 10)])
        a.clip(to: IntRect(x: 100, y: 100, width: 10, height: 10))
        XCTAssertTrue(a.isEmpty)
        a.add(IntRect(x: 1, y: 1, width: 1, height: 1))
        a.removeAll()
        XCTAssertTrue(a.isEmpty)
    }

    /// Random damage: at most `limit` rectangles, pairwise disjoint, covering every pixel that
    /// was added; bounds is the union of everything added; area counts each pixel once.
    func testRandomDamageInvariants() {
        var rng = SplitMix64(seed: 0xDA_0001)
        for trial in 0..<150 {
            let limit = rng.int(1...8)
            var d = DamageRegion(limit: limit)
            var added: [IntRect] = []
            var union = IntRect.zero
            for _ in 0..<rng.int(1...30) {
                let r = IntRect(x: rng.int(0...60), y: rng.int(0...40), width: rng.int(1...12), height: rng.int(1...12))
                d.add(r)
                added.append(r)
                union = union.union(r)
                XCTAssertLessThanOrEqual(d.rects.count, limit)
            }
            XCTAssertEqual(d.bounds, union, "trial \(trial)")
            // Disjoint.
            for i in 0..<d.rects.count {
                for j in (i + 1)..<d.rects.count {
                    XCTAssertFalse(
                        d.rects[i].intersects(d.rects[j]), "trial \(trial): \(d.rects[i]) overlaps \(d.rects[j])")
                }
            }
            // Every added pixel is covered; the area is the number of pixels in the rects.
            var covered = Set<Int>()
            for r in d.rects {
                XCTAssertFalse(r.isEmpty)
                for y in r.minY..<r.maxY { for x in r.minX..<r.maxX { covered.insert(y * 1000 + x) } }
            }
            XCTAssertEqual(d.area, covered.count, "trial \(trial): rectangles overlap")
            for r in added {
                for y in r.minY..<r.maxY {
                    for x in r.minX..<r.maxX where !covered.contains(y * 1000 + x) {
                        XCTFail("trial \(trial): pixel (\(x), \(y)) of \(r) lost")
                        return
                    }
                }
            }
            // Nothing outside the union of what was added's bounds, and never more than it.
            XCTAssertLessThanOrEqual(d.area, union.area)
        }
    }

    func testLimitOneIsTheBoundingBox() {
        var d = DamageRegion(limit: 1)
        d.add(IntRect(x: 0, y: 0, width: 2, height: 2))
        d.add(IntRect(x: 50, y: 60, width: 3, height: 3))
        d.add(IntRect(x: 20, y: -5, width: 1, height: 1))
        XCTAssertEqual(d.rects, [IntRect(x: 0, y: -5, width: 53, height: 68)])
    }

    /// The merge that must happen to respect the limit joins the pair that wastes least.
    func testCheapestPairIsMerged() {
        var d = DamageRegion(limit: 2)
        d.add(IntRect(x: 0, y: 0, width: 4, height: 4))
        d.add(IntRect(x: 100, y: 0, width: 4, height: 4))
        d.add(IntRect(x: 6, y: 0, width: 4, height: 4))  // close to the first
        XCTAssertEqual(
            Set(d.rects), [IntRect(x: 0, y: 0, width: 10, height: 4), IntRect(x: 100, y: 0, width: 4, height: 4)])
    }
}
