import LinuxIO
import Panel
import Presentation
import Raster
import TouchCore
import XCTest

@testable import PanelDevices
@testable import PanelRuntime

/// `switchpanel calibrate` on the panel's loop (``CalibrationSession``): the targets painted as
/// the loop's takeover, touches read through its touch source — in virtual time, with the
/// scripted 800×480 touchscreen whose units are the screen's pixels.
final class CalibrationSessionTests: XCTestCase {
    func session(poller: EmbeddedPoller) throws -> (CalibrationSession, HeadlessDisplay) {
        let config = try DemoPanel.config()
        let display = headlessDisplay(for: config)
        let calibration = try CalibrationSession(
            config: config, display: display, device: TouchScript.device, initialSlot: nil, reading: nil,
            poller: poller, log: { _, _ in })
        return (calibration, display)
    }

    /// Whether the screen shows the target's crosshair at `point` (the vertical bar's ink).
    func crosshairShows(at point: Point, on display: HeadlessDisplay, ink: PremultipliedColor) throws -> Bool {
        let p = try XCTUnwrap(display.snapshot()).pixel(x: Int(point.x), y: Int(point.y) - 10)
        return (p.red, p.green, p.blue) == (ink.red, ink.green, ink.blue)
    }

    /// Five taps on the five targets of a glass that matches the screen: the fitted matrix is the
    /// identity (what scripts/vm-panel-test.sh checks on a real kernel), each target is on
    /// screen while it is wanted, and the switches under the taps are not toggled (the panel
    /// behind the targets gets no touch).
    func testFiveTapsOnTheTargetsFitTheIdentityOnThePanelsLoop() throws {
        let poller = EmbeddedPoller()
        let (calibration, display) = try session(poller: poller)
        let ink = try DemoPanel.config().theme.textColor.premultiplied
        let states = calibration.loop.session.controller.states
        var previous: Point?
        for _ in 0..<5 {
            let target = try XCTUnwrap(calibration.procedure.currentTarget)
            poller.horizon = poller.clock.now + 0.1
            XCTAssertNil(try calibration.run(), "not done yet: the loop sleeps to the horizon")
            XCTAssertTrue(try crosshairShows(at: target, on: display, ink: ink), "target \(target) on screen")
            if let previous {
                XCTAssertFalse(try crosshairShows(at: previous, on: display, ink: ink), "target \(previous) gone")
            }
            previous = target
            calibration.feed(TouchScript.down(at: target))
            poller.virtualClock.advance(by: 0.06)
            calibration.feed(TouchScript.up())
        }
        XCTAssertTrue(calibration.procedure.isComplete)
        let matrix = try XCTUnwrap(try calibration.run(), "every target touched: the loop returns the fit")
        let identity: [Double] = [1, 0, 0, 0, 1, 0]
        for (value, expected) in zip(matrix.values, identity) { XCTAssertEqual(value, expected, accuracy: 0.01) }
        XCTAssertEqual(calibration.loop.session.controller.states, states, "no switch toggled")
    }

    /// A SIGTERM (Ctrl-C's SIGINT likewise) ends the calibration on the loop's signalfd, with
    /// nothing fitted: the command says so and writes nothing.
    func testASignalEndsTheCalibrationWithoutAMatrix() throws {
        let poller = EmbeddedPoller()
        let (calibration, _) = try session(poller: poller)
        poller.horizon = poller.clock.now + 1
        raiseOnThisThread(SignalNumber.terminate)
        XCTAssertNil(try calibration.run())
        XCTAssertFalse(calibration.procedure.isComplete)
        XCTAssertEqual(calibration.procedure.samples.count, 0)
    }
}
