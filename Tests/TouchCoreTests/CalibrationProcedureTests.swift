import Raster
import XCTest

@testable import TouchCore

final class CalibrationProcedureTests: XCTestCase {
    /// A panel whose glass is off from its display by `truth` (in normalised coordinates), mounted
    /// with the config's swap/invert/rotation: the five taps of the procedure must recover `truth`
    /// so that the calibrated panel puts every target under the finger.
    private func check(
        rotation: Rotation, swapXY: Bool, invertX: Bool, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let truth = CalibrationMatrix(0.93, 0.02, 0.04, -0.015, 1.06, -0.03)
        let base = TouchCalibration(
            xMinimum: 0, xMaximum: 4095, yMinimum: 100, yMaximum: 3995, screenWidth: 800, screenHeight: 480,
            swapXY: swapXY, invertX: invertX, rotation: rotation)
        var procedure = CalibrationProcedure(base: base)
        // The inverse of `truth`, to find where the panel reports each target.
        let det = truth.a * truth.e - truth.b * truth.d
        func raw(for q: Point) -> Point {
            let x = q.x - truth.c
            let y = q.y - truth.f
            return Point((truth.e * x - truth.b * y) / det, (-truth.d * x + truth.a * y) / det)
        }
        var contact = 0
        var rawTargets: [Point] = []
        while let target = procedure.currentTarget {
            let r = raw(for: procedure.beforeOrientation(target))
            rawTargets.append(r)
            contact += 1
            let t = Double(contact)
            // A shaky finger: the median ignores the spike on lift.
            XCTAssertFalse(procedure.handle([TouchEvent(contact: contact, phase: .began, position: r, time: t)]))
            XCTAssertFalse(
                procedure.handle([
                    TouchEvent(contact: contact, phase: .moved, position: Point(r.x + 0.0001, r.y), time: t + 0.05)
                ]))
            XCTAssertTrue(
                procedure.handle([
                    TouchEvent(contact: contact, phase: .ended, position: Point(r.x + 0.2, r.y - 0.2), time: t + 0.1)
                ]),
                file: file, line: line)
        }
        let fitted = try procedure.result()
        var calibrated = base
        calibrated.matrix = fitted
        for (target, r) in zip(procedure.targets, rawTargets) {
            // Back to device units, as the state machine would see them.
            let vx = r.x * 4096 - 0.5
            let vy = r.y * 3896 + 100 - 0.5
            let p = calibrated.screenPoint(x: vx, y: vy)
            XCTAssertEqual(p.x, target.x, accuracy: 0.1, "target \(target)", file: file, line: line)
            XCTAssertEqual(p.y, target.y, accuracy: 0.1, "target \(target)", file: file, line: line)
        }
    }

    func testFiveTapsRecoverTheMatrixForEveryMounting() throws {
        for rotation in Rotation.allCases {
            try check(rotation: rotation, swapXY: false, invertX: false)
            try check(rotation: rotation, swapXY: true, invertX: true)
        }
    }

    func testTargetsAreTheInsetCornersAndTheCentre() {
        let base = TouchCalibration(
            xMinimum: 0, xMaximum: 99, yMinimum: 0, yMaximum: 99, screenWidth: 1000, screenHeight: 500)
        let p = CalibrationProcedure(base: base)
        XCTAssertEqual(p.targets, [Point(100, 50), Point(900, 50), Point(900, 450), Point(100, 450), Point(500, 250)])
    }

    func testCancelledTouchesAndSecondFingersDoNotCount() throws {
        let base = TouchCalibration(
            xMinimum: 0, xMaximum: 99, yMinimum: 0, yMaximum: 99, screenWidth: 100, screenHeight: 100)
        var p = CalibrationProcedure(base: base)
        XCTAssertFalse(p.handle([TouchEvent(contact: 1, phase: .began, position: Point(0.1, 0.1), time: 0)]))
        XCTAssertFalse(p.handle([TouchEvent(contact: 1, phase: .cancelled, position: Point(0.1, 0.1), time: 0.1)]))
        XCTAssertEqual(p.samples.count, 0)
        XCTAssertFalse(p.handle([TouchEvent(contact: 2, phase: .began, position: Point(0.1, 0.1), time: 1)]))
        XCTAssertFalse(p.handle([TouchEvent(contact: 3, phase: .began, position: Point(0.9, 0.9), time: 1)]))
        XCTAssertFalse(p.handle([TouchEvent(contact: 3, phase: .ended, position: Point(0.9, 0.9), time: 1.1)]))
        XCTAssertTrue(p.handle([TouchEvent(contact: 2, phase: .ended, position: Point(0.1, 0.1), time: 1.2)]))
        XCTAssertEqual(p.samples.map(\.raw), [Point(0.1, 0.1)])
        XCTAssertThrowsError(try p.result()) { XCTAssertEqual("\($0)", "4 targets not touched yet") }
    }

    func testTheRawCalibrationReportsNormalisedDeviceCoordinates() {
        let base = TouchCalibration(
            xMinimum: 0, xMaximum: 1023, yMinimum: 0, yMaximum: 599, screenWidth: 800, screenHeight: 480,
            swapXY: true, rotation: .half)
        let raw = CalibrationProcedure.rawCalibration(for: base)
        let p = raw.screenPoint(x: 511.5, y: 299.5)
        XCTAssertEqual(p.x, 0.5, accuracy: 1e-12)
        XCTAssertEqual(p.y, 0.5, accuracy: 1e-12)
    }
}
