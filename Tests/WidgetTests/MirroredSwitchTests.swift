import Raster
import XCTest

@testable import Widget

/// The right-to-left switch (``SwitchStyle/isMirrored``): its pixels are exactly the mirror of
/// its left-to-right self, state for state — where nothing must still read the same way (the
/// ON/OFF text and the thumb's images are not flipped, shadows keep their offset) — and its
/// touch goes the other way: a slide to the left turns it on.
final class MirroredSwitchTests: XCTestCase {
    /// Every preset at scales 1 and 2, off, on, half way, pressed, moving and disabled: the
    /// mirrored drawing equals the left-to-right one reflected about the frame's centre, pixel for
    /// pixel (the day/night sky flipped with it). Labels and thumb images, which are drawn
    /// unflipped, are left out; every preset's shadow has no horizontal offset.
    func testAMirroredSwitchIsThePixelExactMirrorOfItsLeftToRightSelf() {
        let renderer = SwitchRenderer()
        let appearances = [
            SwitchAppearance(position: 0), SwitchAppearance(position: 1), SwitchAppearance(position: 0.5),
            SwitchAppearance(position: 0, press: 1, active: 1), SwitchAppearance(position: 0.83, press: 0.4),
            SwitchAppearance(position: 1, isEnabled: false), SwitchAppearance(position: 1.04),
        ]
        var compared = 0
        for preset in SwitchPreset.allCases {
            for scale in [1.0, 2.0] {
                var style = preset.style
                style.scale = scale
                style.labelOn = nil
                style.labelOff = nil
                style.thumbImageOn = nil
                style.thumbImageOff = nil
                XCTAssertEqual(style.thumbShadow?.offset.x ?? 0, 0, "\(preset)")
                var mirrored = style
                mirrored.isMirrored = true
                // A frame whose edges' sum is a whole number: the mirror maps pixel columns onto
                // pixel columns (x ↦ minX + maxX − 1 − x).
                let frame = Rect(x: 30.5, y: 20.25, width: style.size.width * scale, height: style.size.height * scale)
                let width = Int((frame.maxX + 40).rounded(.up))
                let axis = Int((frame.minX + frame.maxX).rounded())
                XCTAssertEqual(Double(axis), frame.minX + frame.maxX)
                for a in appearances {
                    let plain = Image(width: width, height: Int(frame.maxY) + 30, format: .argb8888)
                    let flipped = Image(width: width, height: plain.height, format: .argb8888)
                    renderer.draw(style: style, frame: frame, appearance: a, on: Canvas(image: plain))
                    renderer.draw(style: mirrored, frame: frame, appearance: a, on: Canvas(image: flipped))
                    var differing = 0
                    for y in 0..<plain.height {
                        for x in 0..<width {
                            let m = axis - 1 - x
                            let expected = m >= 0 && m < width ? plain.pixel(x: m, y: y).argb : 0
                            if flipped.pixel(x: x, y: y).argb != expected { differing += 1 }
                        }
                    }
                    XCTAssertEqual(differing, 0, "\(preset) at scale \(scale), \(a)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, SwitchPreset.allCases.count * 2 * appearances.count)
    }

    /// A mirrored switch turns on when its thumb is slid from the right end to the left, by
    /// a tap too, and a flick to the left turns it on, one to the right off.
    func testAMirroredSwitchSlidesOnToTheLeft() {
        var style = SwitchPreset.square.style  // travel 31 points: room for a flick short of half way
        style.isMirrored = true
        let s = ToggleSwitch(style: style, origin: Point(100, 100))
        XCTAssertGreaterThan(s.thumbCenter(at: 0).x, s.thumbCenter(at: 1).x, "off at the right, on at the left")
        let off = s.thumbCenter(at: 0)
        let on = s.thumbCenter(at: 1)
        s.touchBegan(contact: 1, at: off, time: 0)
        for i in 1...18 {
            s.touchMoved(contact: 1, to: Point(off.x + (on.x - off.x) * Double(i) / 18, off.y), time: Double(i) / 60)
        }
        s.touchEnded(contact: 1, at: on, time: 0.3)
        XCTAssertTrue(s.isOn, "slid to the left: on")
        XCTAssertEqual(s.appearance(at: 1).position, 1)
        // Slid back to the right: off.
        s.touchBegan(contact: 1, at: on, time: 1)
        for i in 1...18 {
            s.touchMoved(contact: 1, to: Point(on.x + (off.x - on.x) * Double(i) / 18, on.y), time: 1 + Double(i) / 60)
        }
        s.touchEnded(contact: 1, at: off, time: 1.3)
        XCTAssertFalse(s.isOn)
        // A flick of 12 points to the left in 20 ms (600 pt/s): on, short of half way as it is.
        s.touchBegan(contact: 1, at: off, time: 2)
        s.touchMoved(contact: 1, to: Point(off.x - 12, off.y), time: 2.02)
        s.touchEnded(contact: 1, at: Point(off.x - 12, off.y), time: 2.02)
        XCTAssertTrue(s.isOn)
        // And one to the right: off.
        s.touchBegan(contact: 1, at: on, time: 3)
        s.touchMoved(contact: 1, to: Point(on.x + 12, on.y), time: 3.02)
        s.touchEnded(contact: 1, at: Point(on.x + 12, on.y), time: 3.02)
        XCTAssertFalse(s.isOn)
    }
}
