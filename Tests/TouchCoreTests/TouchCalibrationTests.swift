import Raster
import TestSupport
import TouchCore
import XCTest

/// Axis ranges to pixels, swap/invert, rotation, the libinput matrix, its least-squares fit and
/// tslib's pointercal.
final class TouchCalibrationTests: XCTestCase {
    let panel = TouchCalibration(
        xMinimum: 0, xMaximum: 799, yMinimum: 0, yMaximum: 479, screenWidth: 800, screenHeight: 480)

    func assertPoint(
        _ a: Point, _ b: Point, accuracy: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, "x of \(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, "y of \(a) vs \(b)", file: file, line: line)
    }

    func testRawUnitsLandOnPixelCentres() {
        assertPoint(panel.screenPoint(x: 0, y: 0), Point(0.5, 0.5))
        assertPoint(panel.screenPoint(x: 799, y: 479), Point(799.5, 479.5))
        // A 4096-unit resistive panel on the same screen.
        let resistive = TouchCalibration(
            xMinimum: 0, xMaximum: 4095, yMinimum: 0, yMaximum: 4095, screenWidth: 800, screenHeight: 480)
        assertPoint(resistive.screenPoint(x: 2047.5, y: 2047.5), Point(400, 240))
        // Ranges that do not start at 0 (eGalax ABS_Z 30…4040).
        let offset = TouchCalibration(
            xMinimum: 30, xMaximum: 4040, yMinimum: 60, yMaximum: 4035, screenWidth: 800, screenHeight: 480)
        assertPoint(offset.screenPoint(x: 30, y: 60), Point(0.5 * 800 / 4011, 0.5 * 480 / 3976))
    }

    func testSwapAndInvert() {
        var c = panel
        c.invertX = true
        assertPoint(c.screenPoint(x: 0, y: 10), Point(799.5, 10.5))
        c.invertY = true
        assertPoint(c.screenPoint(x: 799, y: 0), Point(0.5, 479.5))
        var s = panel
        s.swapXY = true
        assertPoint(s.screenPoint(x: 100, y: 200), Point(200.5 / 480 * 800, 100.5 / 800 * 480))
        // Half a turn through the matrix is the same as inverting both axes.
        var m = panel
        m.matrix = CalibrationMatrix(-1, 0, 1, 0, -1, 1)
        for (x, y) in [(0, 0), (123, 456), (799, 479)] as [(Double, Double)] {
            assertPoint(m.screenPoint(x: x, y: y), c.screenPoint(x: x, y: y))
        }
    }

    /// Touch follows the display rotation: the point, turned back onto the physical panel with
    /// Raster's own rotation, is where the finger is on the glass.
    func testRotationFollowsTheDisplayRotation() {
        for rotation in Rotation.allCases {
            let logical = rotation.logicalSize(width: 800, height: 480)
            var c = panel
            c.rotation = rotation
            c.screenWidth = Double(logical.width)
            c.screenHeight = Double(logical.height)
            for (x, y) in [(0, 0), (799, 0), (250, 400), (799, 479)] as [(Double, Double)] {
                let p = c.screenPoint(x: x, y: y)
                XCTAssertTrue(p.x >= 0 && p.x <= c.screenWidth && p.y >= 0 && p.y <= c.screenHeight, "\(rotation) \(p)")
                let onGlass = rotation.physicalPoint(p, width: c.screenWidth, height: c.screenHeight)
                assertPoint(onGlass, Point(Double(x) + 0.5, Double(y) + 0.5))
            }
        }
        // A portrait display turned a quarter: the panel's top-left corner is the logical bottom-left.
        var q = panel
        q.rotation = .quarter
        q.screenWidth = 480
        q.screenHeight = 800
        assertPoint(q.screenPoint(x: 0, y: 0), Point(0.5, 799.5))
    }

    func testMatrixValuesAndValidation() {
        XCTAssertEqual(CalibrationMatrix([1, 0, 0, 0, 1, 0]), .identity)
        XCTAssertNil(CalibrationMatrix([1, 0, 0, 0, 1]))
        XCTAssertNil(CalibrationMatrix([1, 0, 0, 0, 1, .nan]))
        XCTAssertEqual(CalibrationMatrix(1, 2, 3, 4, 5, 6).values, [1, 2, 3, 4, 5, 6])
        assertPoint(CalibrationMatrix(1, 2, 3, 4, 5, 6).apply(Point(1, 1)), Point(6, 15))
    }

    func testFitRecoversAKnownMatrixFromFivePoints() throws {
        let known = CalibrationMatrix(0.93, 0.04, 0.031, -0.02, 1.07, -0.045)
        let raws = [Point(0.1, 0.1), Point(0.9, 0.1), Point(0.9, 0.9), Point(0.1, 0.9), Point(0.5, 0.5)]
        let fitted = try TouchCalibration.fit(samples: raws.map { CalibrationSample(screen: known.apply($0), raw: $0) })
        for (a, b) in zip(fitted.values, known.values) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        // Three points are enough; noise averages out with more.
        let three = try TouchCalibration.fit(
            samples: raws.prefix(3).map { CalibrationSample(screen: known.apply($0), raw: $0) })
        for (a, b) in zip(three.values, known.values) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        var rng = SplitMix64(seed: 7)
        let noisy = (0..<50).map { _ -> CalibrationSample in
            let raw = Point(Double(rng.next() % 1000) / 1000, Double(rng.next() % 1000) / 1000)
            let jitter = Point(Double(rng.next() % 100) / 100_000 - 0.0005, Double(rng.next() % 100) / 100_000 - 0.0005)
            return CalibrationSample(screen: known.apply(raw) + jitter, raw: raw)
        }
        let rough = try TouchCalibration.fit(samples: noisy)
        for (a, b) in zip(rough.values, known.values) { XCTAssertEqual(a, b, accuracy: 0.005) }
    }

    func testFitRejectsTooFewOrCollinearSamples() {
        let p = [Point(0.1, 0.1), Point(0.5, 0.5), Point(0.9, 0.9)]
        XCTAssertThrowsError(
            try TouchCalibration.fit(samples: p.prefix(2).map { CalibrationSample(screen: $0, raw: $0) }))
        XCTAssertThrowsError(try TouchCalibration.fit(samples: p.map { CalibrationSample(screen: $0, raw: $0) })) {
            XCTAssertTrue("\($0)".contains("one line"), "\($0)")
        }
        XCTAssertThrowsError(
            try TouchCalibration.fit(samples: Array(repeating: CalibrationSample(screen: .zero, raw: p[0]), count: 5)))
        XCTAssertThrowsError(
            try TouchCalibration.fit(
                samples: [CalibrationSample(screen: .zero, raw: Point(.nan, 0))]
                    + p.map { CalibrationSample(screen: $0, raw: $0) }))
    }

    // MARK: pointercal

    let resistive = DeviceDescription(
        name: "ADS7846 Touchscreen",
        codes: [EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.pressure], EventType.key: [KeyCode.touch]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 4095), AbsCode.y: AbsInfo(minimum: 0, maximum: 4095)])

    func tslib(_ n: [Double], _ x: Double, _ y: Double) -> Point {
        Point((n[0] * x + n[1] * y + n[2]) / n[6], (n[3] * x + n[4] * y + n[5]) / n[6])
    }

    func testPointercalMapsLikeTslib() throws {
        let files: [[Double]] = [
            [12800, 0, 0, 0, 7680, 0, 65536],  // straight scale
            [-12800, 310, 52_428_800, -95, 7680, -5000, 65536],  // mirrored with some skew
            [0, 12800, 0, 7680, 0, 0, 65536],  // X and Y swapped
        ]
        for n in files {
            let text = n.map { String(Int($0)) }.joined(separator: " ") + "\n"
            let c = try TouchCalibration(pointercal: text, device: resistive, screenWidth: 800, screenHeight: 480)
            XCTAssertFalse(c.swapXY || c.invertX || c.invertY)
            for (x, y) in [(0.0, 0.0), (1000, 3000), (4095, 4095), (2222, 17)] {
                assertPoint(c.screenPoint(x: x, y: y), tslib(n, x, y), accuracy: 1e-6)
            }
        }
    }

    func testPointercalWithItsResolutionScalesToThisScreen() throws {
        let n: [Double] = [6400, 0, 0, 0, 3840, 0, 65536]  // made on a 400×240 screen
        let c = try TouchCalibration(
            pointercal: "6400 0 0 0 3840 0 65536 400 240\0", device: resistive, screenWidth: 800, screenHeight: 480)
        let p = tslib(n, 1234, 2345)
        assertPoint(c.screenPoint(x: 1234, y: 2345), Point(p.x * 2, p.y * 2), accuracy: 1e-6)
    }

    func testPointercalErrors() {
        let bad: [(String, String)] = [
            ("1 2 3 4 5 6", "found 6"),
            ("1 2 3 4 5 6 7 8", "found 8"),
            ("1 2 3 4 5 6 7 8 9 10", "found 10"),
            ("1 2 3 4 x 6 7", "field 5"),
            ("1 2 3 4 5 6 0", "divisor"),
            ("1 2 3 4 5 6 7 0 240", "empty"),
            ("", "found 0"),
        ]
        for (text, reason) in bad {
            XCTAssertThrowsError(
                try TouchCalibration(pointercal: text, device: resistive, screenWidth: 800, screenHeight: 480), text
            ) { error in
                XCTAssertTrue("\(error)".contains(reason), "\(text): \(error)")
            }
        }
    }

    func testCalibrationFromADeviceNeedsItsRanges() throws {
        let b = TestDevices.typeB()
        let c = try TouchCalibration(device: b, screenWidth: 800, screenHeight: 480)
        XCTAssertEqual([c.xMaximum, c.yMaximum], [799, 479])
        var noRange = b
        noRange.absInfo[AbsCode.mtPositionX] = nil
        XCTAssertThrowsError(try TouchCalibration(device: noRange, screenWidth: 800, screenHeight: 480))
        var empty = b
        empty.absInfo[AbsCode.mtPositionY] = AbsInfo(minimum: 5, maximum: 5)
        XCTAssertThrowsError(try TouchCalibration(device: empty, screenWidth: 800, screenHeight: 480))
        XCTAssertThrowsError(try TouchCalibration(device: b, screenWidth: 0, screenHeight: 480))
    }
}
