import Raster
import RasterPNG
import TestSupport
import XCTest

/// Reviewed reference images of the drawing primitives. Re-record with
/// `SWITCHPANEL_RECORD_REFERENCES=1 swift test --filter GoldenImageTests`, look at the new
/// images, and commit them only if they are right. The tolerance is one level per channel:
/// the rendering is deterministic, and PNG's straight alpha can move a premultiplied
/// translucent channel by one on the way back.
final class GoldenImageTests: XCTestCase {
    let golden = ImageComparison(testFile: #filePath)

    func makeCanvas(_ width: Int, _ height: Int, background: Color? = Color(rgb: 0xFFFFFF)) -> (Image, Canvas) {
        let image = Image(width: width, height: height, format: .argb8888)
        let canvas = Canvas(image: image)
        if let background { canvas.clear(background) }
        return (image, canvas)
    }

    func testShapesAndStrokes() throws {
        let (image, canvas) = makeCanvas(200, 120)
        // Capsule with an inside border, a square-ish switch track (2 px corners) with a centred border.
        canvas.fill(.capsule(Rect(x: 10.5, y: 10.25, width: 70, height: 30)), Color(rgb: 0x34C759))
        canvas.stroke(.capsule(Rect(x: 10.5, y: 10.25, width: 70, height: 30)), width: 2, .solid(Color(rgb: 0x248A3D)))
        canvas.fill(.roundedRect(Rect(x: 100, y: 10, width: 80, height: 30), CornerRadii(2)), Color(rgb: 0xE9E9EA))
        canvas.stroke(
            .roundedRect(Rect(x: 100, y: 10, width: 80, height: 30), CornerRadii(2)), width: 1.5, alignment: .center,
            .solid(.black))
        // Per-corner radii, an ellipse, a thin ring, a sub-pixel dot.
        canvas.fill(
            .roundedRect(
                Rect(x: 10, y: 55, width: 60, height: 50),
                CornerRadii(topLeft: 0, topRight: 20, bottomRight: 5, bottomLeft: 40)),
            Color(rgb: 0x007AFF))
        canvas.fill(.ellipse(Rect(x: 80.3, y: 55.6, width: 50, height: 28)), Color(rgb: 0xFF9500))
        canvas.stroke(.circle(center: Point(160, 80), radius: 22.5), width: 0.75, .solid(Color(rgb: 0xAF52DE)))
        canvas.fill(.circle(center: Point(160.3, 80.7), radius: 0.4), Color.black)
        // A translucent shape over the others.
        canvas.fill(.circle(center: Point(100, 60), radius: 18), Color(rgb: 0xFF3B30, opacity: 0.5))
        try golden.assertMatchesGolden(image, name: "golden-shapes", tolerance: 1)
    }

    func testPathsAndFillRules() throws {
        let (image, canvas) = makeCanvas(200, 100)
        // A five-pointed star: its centre is filled under non-zero and empty under even-odd.
        func star(_ cx: Double) -> Path {
            .polygon(
                (0..<5).map { i in
                    let a = Double(i * 2) * Double.pi * 2 / 5 - Double.pi / 2
                    return Point(cx + 40 * cos(a), 50 + 40 * sin(a))
                })
        }
        canvas.fill(star(50), rule: .nonZero, .solid(Color(rgb: 0x5856D6)))
        canvas.fill(star(150), rule: .evenOdd, .solid(Color(rgb: 0x5856D6)))
        // Quadratic and cubic curves.
        var curve = Path()
        curve.move(to: Point(90, 95))
        curve.quad(to: Point(110, 95), control: Point(100, 60))
        curve.cubic(to: Point(90, 95), control1: Point(130, 40), control2: Point(70, 40))
        curve.close()
        canvas.fill(curve, .solid(Color(rgb: 0xFF2D55, opacity: 0.8)))
        try golden.assertMatchesGolden(image, name: "golden-paths", tolerance: 1)
    }

    func testPaintsAndShadows() throws {
        let (image, canvas) = makeCanvas(220, 110, background: Color(rgb: 0xF2F2F7))
        let gradient = LinearGradient(
            start: Point(10, 0), end: Point(100, 0),
            stops: [
                GradientStop(0, Color(rgb: 0xFF9500)), GradientStop(0.5, Color(rgb: 0xFF2D55)),
                GradientStop(1, Color(rgb: 0x5856D6, opacity: 0)),
            ])
        canvas.fill(.roundedRect(Rect(x: 10, y: 10, width: 90, height: 30), CornerRadii(8)), .linearGradient(gradient))
        // A 4x4 checker image scaled up: nearest keeps hard edges, bilinear blends.
        let checker = Image(width: 4, height: 4, format: .argb8888)
        for y in 0..<4 {
            for x in 0..<4 {
                checker.setPixel(
                    x: x, y: y, ((x + y) % 2 == 0 ? Color(rgb: 0x1C1C1E) : Color(rgb: 0x34C759)).premultiplied)
            }
        }
        canvas.draw(checker, in: Rect(x: 110, y: 10, width: 40, height: 40), filter: .nearest)
        canvas.draw(checker, in: Rect(x: 160, y: 10, width: 40, height: 40), filter: .bilinear)
        // Soft shadows: a card and a thumb at a fractional position.
        canvas.fill(
            .roundedRect(Rect(x: 15, y: 55, width: 80, height: 40), CornerRadii(10)), .white,
            shadow: Shadow(opacity: 0.3, offset: Point(0, 4), sigma: 5))
        canvas.fill(
            .circle(center: Point(150.4, 77.3), radius: 16), .white,
            shadow: Shadow(color: Color(rgb: 0x000040), opacity: 0.4, offset: Point(1.5, 2.5), sigma: 0.8))
        try golden.assertMatchesGolden(image, name: "golden-paints-shadows", tolerance: 1)
    }

    func testRotatedAndConvertedOutput() throws {
        let (logical, canvas) = makeCanvas(60, 40, background: Color(rgb: 0xF2F2F7))
        canvas.fill(.capsule(Rect(x: 5, y: 5, width: 50, height: 20)), Color(rgb: 0x34C759))
        canvas.fill(.circle(center: Point(45, 15), radius: 8), .white)
        canvas.fill(.rect(Rect(x: 0, y: 30, width: 10, height: 10)), Color(rgb: 0xFF3B30))
        // Each rotation onto an RGB565 panel, side by side (portrait ones are 40 wide).
        let strip = Image(width: 60 + 40 + 60 + 40, height: 60, format: .argb8888)
        var x = 0
        for rotation in Rotation.allCases {
            let size = rotation.physicalSize(width: 60, height: 40)
            let panel = Image(width: size.width, height: size.height, format: .rgb565)
            Blitter.copy(from: logical.surface, rect: logical.bounds, to: panel.surface, at: (0, 0), rotation: rotation)
            Blitter.copy(from: panel.surface, rect: panel.bounds, to: strip.surface, at: (x, 0), rotation: .none)
            x += size.width
        }
        try golden.assertMatchesGolden(strip, name: "golden-rotations-rgb565", tolerance: 0)
    }
}
