import Raster
import RasterPNG
import TestSupport
import TextRender
import XCTest

@testable import Widget

/// The widget's look: a reviewed reference of every preset in every state at scale 1 and 2, and
/// geometry checks that do not depend on a reference.
final class PresetRenderingTests: XCTestCase {
    let golden = ImageComparison(testFile: #filePath)

    /// Every preset × {off, on, pressed, mid-drag, mid-animation, disabled} × scale {1, 2}, with
    /// labels in DejaVu Sans (installed by scripts/setup.sh). Tolerance 1 level: the drawing is
    /// deterministic, and the PNG's straight alpha can move a channel by one.
    func testContactSheetMatchesReviewedReference() throws {
        let labels = try TextRenderer(primary: FontFace.find(family: "DejaVu Sans"))
        let sheet = PresetContactSheet.render(renderer: SwitchRenderer(labels: labels))
        try golden.assertMatchesGolden(sheet, name: "presets", tolerance: 1)
    }

    /// Checked by geometry alone: where the thumb is, what colour the track is, per state.
    /// The names a config is checked against without drawing the artwork, and the shared copy,
    /// are those of the artwork itself, pixel for pixel.
    func testBuiltInArtworkNamesAndSharedCopyAreTheArtwork() {
        let drawn = BuiltInArtwork.all()
        XCTAssertEqual(Set(drawn.keys), BuiltInArtwork.names)
        XCTAssertEqual(Set(BuiltInArtwork.shared.keys), BuiltInArtwork.names)
        for (name, image) in drawn {
            let shared = BuiltInArtwork.shared[name]!
            XCTAssertEqual(shared.width, image.width)
            let bytes = { (i: Image) in
                Array(UnsafeRawBufferPointer(start: i.surface.base, count: i.surface.stride * i.height))
            }
            XCTAssertEqual(bytes(shared), bytes(image), name)
        }
    }

    func testThumbAndTrackLandWhereTheGeometrySays() {
        let image = Image(width: 80, height: 50, format: .argb8888)
        let canvas = Canvas(image: image)
        var style = SwitchPreset.ios.style
        style.thumbShadow = nil
        let renderer = SwitchRenderer(images: [:])
        let frame = Rect(x: 10, y: 10, width: 51, height: 31)
        // Thumb centres: frame x 10 + padding 2 + radius 13.5, plus the 20 px travel × position.
        let cases: [(position: Double, thumbCenterX: Double)] = [(0, 25.5), (1, 45.5), (0.5, 35.5)]
        for (position, thumbCenterX) in cases {
            canvas.clear(.clear)
            renderer.draw(style: style, frame: frame, appearance: SwitchAppearance(position: position), on: canvas)
            // The thumb's centre is white; the track shows beside the thumb.
            XCTAssertEqual(image.pixel(x: Int(thumbCenterX), y: 25).argb, 0xFFFF_FFFF, "thumb at \(position)")
            let track = Color.mix(style.trackColorOff, style.trackColorOn, position).premultiplied
            let besideX = position > 0.5 ? 16 : 55
            XCTAssertEqual(image.pixel(x: besideX, y: 25), track, "track colour at \(position)")
            // Nothing outside the frame (no shadow in this style).
            XCTAssertEqual(image.pixel(x: 5, y: 25).alpha, 0)
            XCTAssertEqual(image.pixel(x: 66, y: 25).alpha, 0)
        }
    }

    /// The pressed thumb is wider by the stretch, toward its direction of travel.
    func testPressedThumbStretchesTowardTravel() {
        let style = SwitchPreset.ios.style
        let g = SwitchGeometry(style: style, frame: Rect(x: 0, y: 0, width: 51, height: 31))
        let offPressed = g.thumb(position: 0, stretch: 5)
        XCTAssertEqual(offPressed.minX, 2)
        XCTAssertEqual(offPressed.width, 32)
        let onPressed = g.thumb(position: 1, stretch: 5)
        XCTAssertEqual(onPressed.maxX, 49)
        XCTAssertEqual(onPressed.width, 32)
    }

    /// Drawing through the widget changes only pixels inside its damage bounds.
    func testDrawingStaysInsideItsBounds() {
        for preset in SwitchPreset.allCases {
            for scale in [1.0, 2.0] {
                var style = preset.style
                style.scale = scale
                let image = Image(width: 200, height: 120, format: .argb8888)
                let canvas = Canvas(image: image)
                let frame = Rect(x: 40.5, y: 30.25, width: style.size.width * scale, height: style.size.height * scale)
                let bounds = SwitchRenderer.bounds(style: style, frame: frame)
                for appearance in PresetContactSheet.states.map(\.appearance) {
                    canvas.clear(.clear)
                    SwitchRenderer().draw(style: style, frame: frame, appearance: appearance, on: canvas)
                    for y in 0..<120 {
                        for x in 0..<200 where !bounds.contains(IntRect(x: x, y: y, width: 1, height: 1)) {
                            XCTAssertEqual(image.pixel(x: x, y: y).alpha, 0, "\(preset) ×\(scale) (\(x), \(y))")
                        }
                    }
                }
            }
        }
    }
}
