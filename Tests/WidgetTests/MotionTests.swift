import Foundation
import Raster
import XCTest

@testable import Widget

/// The curves and the time-parameterised motion: pure functions of time, sampled anywhere.
final class MotionTests: XCTestCase {
    func testSineAndCosineMatchLibm() {
        var worst = 0.0
        for i in -2000...2000 {
            let x = Double(i) * 0.0137
            worst = max(worst, abs(Math.sin(x) - Foundation.sin(x)), abs(Math.cos(x) - Foundation.cos(x)))
        }
        XCTAssertLessThan(worst, 1e-13)
    }

    func testCubicBezierEaseOutHitsItsDefinition() {
        // Endpoints, monotonic, and a point solved independently: u = 0.5 on the curve.
        XCTAssertEqual(Easing.easeOut(0), 0)
        XCTAssertEqual(Easing.easeOut(1), 1)
        let u = 0.5
        let x = 3 * (1 - u) * u * u * 0.58 + u * u * u  // x1 = 0
        let y = 3 * (1 - u) * (1 - u) * u * 0 + 3 * (1 - u) * u * u * 1 + u * u * u
        XCTAssertEqual(Easing.easeOut(x), y, accuracy: 1e-9)
        var last = 0.0
        for i in 0...1000 {
            let v = Easing.easeOut(Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(v, last - 1e-12)
            last = v
        }
        // Ease-out is ahead of linear everywhere inside.
        for i in 1..<100 { XCTAssertGreaterThan(Easing.easeOut(Double(i) / 100), Double(i) / 100) }
    }

    func testUnderdampedSpringOvershootsAndSettles() {
        let samples = (0...600).map {
            Easing.spring(Double($0) / 600, duration: 0.25, damping: 0.7, initialVelocity: 0.5)
        }
        XCTAssertEqual(samples.first, 0)
        XCTAssertEqual(samples.last, 1)
        let peak = samples.max()!
        XCTAssertGreaterThan(peak, 1.01, "damping < 1 overshoots")
        // Classic overshoot for ζ = 0.7 is about e^(−πζ/√(1−ζ²)) ≈ 4.6 %.
        XCTAssertLessThan(peak, 1.08)
        // Settled near the end: the envelope is 1/1000 at t = 1.
        XCTAssertEqual(samples[590], 1, accuracy: 0.003)
    }

    func testCriticallyAndOverDampedSpringsDoNotOvershoot() {
        for zeta in [1.0, 1.6] {
            let samples = (0...400).map {
                Easing.spring(Double($0) / 400, duration: 0.3, damping: zeta, initialVelocity: 0)
            }
            XCTAssertLessThanOrEqual(samples.max()!, 1 + 1e-9, "ζ = \(zeta)")
            XCTAssertEqual(samples[399], 1, accuracy: 0.002, "ζ = \(zeta): settled before the final snap")
        }
    }

    func testSpringClosedFormSatisfiesItsDifferentialEquation() {
        // y'' + 2ζω y' + ω² y = 0 checked by finite differences at a few instants.
        let duration = 0.25
        let zeta = 0.7
        let omega = Easing.springSettleLog / (zeta * duration)
        func y(_ t: Double) -> Double {
            Easing.spring(t / duration, duration: duration, damping: zeta, initialVelocity: 0.5) - 1
        }
        let h = 1e-5
        for t in [0.02, 0.07, 0.13, 0.2] {
            let d1 = (y(t + h) - y(t - h)) / (2 * h)
            let d2 = (y(t + h) - 2 * y(t) + y(t - h)) / (h * h)
            XCTAssertEqual(d2 + 2 * zeta * omega * d1 + omega * omega * y(t), 0, accuracy: 0.5)
        }
        // Initial conditions: y(0) = −1, y'(0) = v₀.
        XCTAssertEqual(y(0), -1)
        XCTAssertEqual((y(h) - y(0)) / h, 0.5, accuracy: 0.05)
    }

    func testMoveDurationScalesWithDistance() {
        var style = AnimationStyle()
        style.duration = 0.4
        XCTAssertEqual(Motion.move(from: 0, to: 1, now: 0, style: style).duration, 0.4, accuracy: 1e-12)
        XCTAssertEqual(Motion.move(from: 0.25, to: 1, now: 0, style: style).duration, 0.3, accuracy: 1e-12)
        let m = Motion.move(from: 0.3, to: 0.3, now: 2, style: style)
        XCTAssertTrue(m.isFinished(at: 2))
    }
}
