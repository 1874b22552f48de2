import XCTest

@testable import Raster

/// Garbage geometry draws nothing or something sensible, and never traps or exhausts memory.
final class RobustnessTests: XCTestCase {
    func testNonFiniteAndHugeGeometryDoesNotCrash() {
        let image = Image(width: 64, height: 48, format: .argb8888)
        let canvas = Canvas(image: image)
        let bad: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 1e12, -1e12]
        for v in bad {
            canvas.fill(.roundedRect(Rect(x: v, y: 3, width: 10, height: 10), CornerRadii(3)), .white)
            canvas.fill(.roundedRect(Rect(x: 3, y: 3, width: v, height: 10), CornerRadii(v)), .white)
            canvas.fill(.ellipse(Rect(x: 3, y: v, width: 10, height: v)), .white)
            canvas.fill(
                .circle(center: Point(v, v), radius: 5), .white,
                shadow: Shadow(opacity: 0.5, offset: Point(v, 1), sigma: v))
            canvas.stroke(.capsule(Rect(x: 2, y: 2, width: 20, height: 10)), width: v, .solid(.white))
            canvas.fill(.polygon([Point(v, 0), Point(10, v), Point(5, 5)]), .solid(.white))
            var curve = Path()
            curve.move(to: Point(0, 0))
            curve.cubic(to: Point(10, 10), control1: Point(v, 0), control2: Point(0, v))
            canvas.fill(curve, .solid(.white))
        }
    }

    /// A rectangle far larger than the surface is rasterised only where it shows, and it
    /// covers the whole surface exactly.
    func testHugeShapeCoversTheSurface() {
        let image = Image(width: 40, height: 30, format: .argb8888)
        let canvas = Canvas(image: image)
        canvas.fill(.rect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)), Color(rgb: 0x336699))
        for y in 0..<30 {
            for x in 0..<40 { XCTAssertEqual(image.pixel(x: x, y: y).argb, 0xFF33_6699) }
        }
        // A huge circle whose edge crosses the surface: the visible edge pixels are exact.
        let r = 1e6
        let big = Image(width: 40, height: 30, format: .argb8888)
        let bigCanvas = Canvas(image: big)
        bigCanvas.fill(.circle(center: Point(20.5 - r, 15), radius: r), .white)
        // Near the rightmost point the disc's edge is the vertical line x = 20.5, to 1e-4 px.
        for y in 0..<30 {
            XCTAssertEqual(big.pixel(x: 19, y: y).alpha, 255)
            XCTAssertEqual(Int(big.pixel(x: 20, y: y).alpha), 128, accuracy: 1)
            XCTAssertEqual(big.pixel(x: 21, y: y).alpha, 0)
        }
    }
}
