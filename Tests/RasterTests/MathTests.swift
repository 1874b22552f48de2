// The raster module's own transcendental functions against libm (through Foundation).

import Foundation
import TestSupport
import XCTest

@testable import Raster

final class MathTests: XCTestCase {
    /// |ours − libm| ≤ tol·|libm| (plus a tiny absolute floor for results near 0).
    private func assertClose(
        _ ours: Double, _ libm: Double, relative tol: Double, _ what: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Double {
        let err = abs(ours - libm) / max(abs(libm), Double.leastNormalMagnitude)
        if !(err <= tol) {
            XCTFail("\(what()): \(ours) vs libm \(libm) (relative error \(err))", file: file, line: line)
        }
        return err
    }

    func testAtan() {
        var rng = SplitMix64(seed: 0xA7A_0001)
        var worst = 0.0
        var values: [Double] = [
            0, -0.0, 1, -1, 0.2679491924311227, 0.26794919243112275, 0.5773502691896258,
            1e-300, 1e-8, 1e8, 1e300, 0.9999999999999999, 1.0000000000000002,
        ]
        for _ in 0..<20000 { values.append(rng.uniform(-4, 4)) }
        for _ in 0..<5000 { values.append((rng.bool() ? 1 : -1) * pow(10, rng.uniform(-12, 12))) }
        for x in values { worst = max(worst, assertClose(Math.atan(x), atan(x), relative: 1e-14, "atan(\(x))")) }
        XCTAssertEqual(Math.atan(.infinity), Double.pi / 2, accuracy: 1e-15)
        XCTAssertEqual(Math.atan(-.infinity), -Double.pi / 2, accuracy: 1e-15)
        XCTAssertTrue(Math.atan(.nan).isNaN)
        print("Math.atan: worst relative error \(worst)")
    }

    func testAtan2() {
        var rng = SplitMix64(seed: 0xA7A_0002)
        var worst = 0.0
        for _ in 0..<20000 {
            let x = rng.uniform(-10, 10)
            let y = rng.uniform(-10, 10)
            worst = max(worst, assertClose(Math.atan2(y, x), atan2(y, x), relative: 1e-14, "atan2(\(y), \(x))"))
        }
        // Axes and the quadrant boundaries.
        for (y, x) in [
            (0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (1.0, 1.0), (-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0),
            (1e-300, -1.0), (-1e-300, -1.0), (3.0, -1e-300),
        ] {
            _ = assertClose(Math.atan2(y, x), atan2(y, x), relative: 1e-15, "atan2(\(y), \(x))")
        }
        XCTAssertEqual(Math.atan2(0, 0), 0)
        print("Math.atan2: worst relative error \(worst)")
    }

    func testExp() {
        var rng = SplitMix64(seed: 0xA7A_0004)
        var worst = 0.0
        var values: [Double] = [0, -0.0, 1, -1, 0.5 * 0.6931471805599453, 0.6931471805599453, 50, -50, 1e-300, -1e-300]
        for _ in 0..<20000 { values.append(rng.uniform(-50, 50)) }
        for _ in 0..<2000 { values.append(rng.uniform(-1, 1)) }
        for x in values { worst = max(worst, assertClose(Math.exp(x), exp(x), relative: 1e-14, "exp(\(x))")) }
        print("Math.exp: worst relative error on [-50, 50] \(worst)")
        // The documented range |x| < 700, a little looser (the result's exponent is exact, the
        // reduced argument r carries n·ln2's rounding).
        var wide = 0.0
        for _ in 0..<5000 {
            let x = rng.uniform(-700, 700)
            wide = max(wide, assertClose(Math.exp(x), exp(x), relative: 1e-13, "exp(\(x))"))
        }
        print("Math.exp: worst relative error on [-700, 700] \(wide)")
        XCTAssertEqual(Math.exp(-800), 0)
        XCTAssertEqual(Math.exp(800), .infinity)
        XCTAssertTrue(Math.exp(.nan).isNaN)
    }

    func testPow2() {
        for n in -1074...1023 {
            XCTAssertEqual(Math.pow2(n), scalbn(1.0, n), "2^\(n)")
        }
        XCTAssertEqual(Math.pow2(-1075), 0)
        XCTAssertEqual(Math.pow2(1024), .infinity)
    }
}
