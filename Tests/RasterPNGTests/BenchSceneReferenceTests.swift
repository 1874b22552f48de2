import BenchScene
import Raster
import RasterPNG
import TestSupport
import XCTest

/// The benchmark scene against the exact references of docs/bench-scene (made by
/// exact_scene.py: exact pixel-area coverage, the disc truly convolved with the gaussian,
/// composited in float and rounded once). Bounds are the issue's: FULL within a mean absolute
/// difference of 0.02 with no channel off by more than 2; every ANIM frame within 2, mean ≤ 0.05.
final class BenchSceneReferenceTests: XCTestCase {
    func reference(_ name: String) throws -> Image {
        try ImageComparison(testFile: #filePath).reference(name)
    }

    func testFullFrameMatchesExactReference() throws {
        let expected = try reference("reference-full-exact.png")
        let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        let canvas = Canvas(image: image)
        // Twice: the second frame is drawn from cached masks, the steady state the benchmark times.
        BenchScene.drawFull(canvas)
        BenchScene.drawFull(canvas)
        let d = ImageComparison.difference(image, expected)
        if d.meanAbsolute > 0.02 || d.maximum > 2 {
            ImageComparison.writeFailureImage(name: "full", actual: image, expected: expected)
        }
        XCTAssertLessThanOrEqual(d.meanAbsolute, 0.02, "FULL mean absolute difference")
        XCTAssertLessThanOrEqual(d.maximum, 2, "FULL largest channel difference, at \(d.worst)")
    }

    func testPartialBoxMatchesExactReference() throws {
        let expected = try reference("reference-partial-exact.png")
        let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        let canvas = Canvas(image: image)
        canvas.clear(.black)
        BenchScene.drawPartial(canvas)
        // The whole frame: the box as in the reference and black (untouched) elsewhere.
        let d = ImageComparison.difference(image, expected)
        if d.maximum > 2 { ImageComparison.writeFailureImage(name: "partial", actual: image, expected: expected) }
        XCTAssertLessThanOrEqual(d.maximum, 2, "PARTIAL largest channel difference, at \(d.worst)")
        let box = ImageComparison.difference(
            image, expected, rect: BenchScene.partialBox,
            expectedOrigin: (BenchScene.partialBox.minX, BenchScene.partialBox.minY))
        XCTAssertLessThanOrEqual(box.meanAbsolute, 0.05, "PARTIAL box mean absolute difference")
    }

    func testEveryAnimationFrameMatchesExactReference() throws {
        let expected = try reference("reference-anim-exact.png")
        let box = BenchScene.partialBox
        XCTAssertEqual(expected.width, box.width * BenchScene.animFrames)
        let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        let canvas = Canvas(image: image)
        // Two cycles: the first builds the masks at each fractional position, the second reuses them.
        for cycle in 0..<2 {
            for k in 0..<BenchScene.animFrames {
                BenchScene.drawAnimFrame(canvas, frame: k)
                let d = ImageComparison.difference(image, expected, rect: box, expectedOrigin: (k * box.width, 0))
                XCTAssertLessThanOrEqual(
                    d.maximum, 2, "ANIM frame \(k) (cycle \(cycle)) largest difference at \(d.worst)")
                XCTAssertLessThanOrEqual(d.meanAbsolute, 0.05, "ANIM frame \(k) (cycle \(cycle)) mean difference")
            }
        }
    }

    /// Fractional thumb positions are drawn exactly, not snapped: every ANIM frame's thumb
    /// differs from its neighbours, and the masks are built once per position.
    func testAnimationPositionsAreNotSnapped() {
        let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        let canvas = Canvas(image: image)
        for k in 0..<BenchScene.animFrames { BenchScene.drawAnimFrame(canvas, frame: k) }
        let builds = canvas.cache.builds
        for k in 0..<BenchScene.animFrames { BenchScene.drawAnimFrame(canvas, frame: k) }
        XCTAssertEqual(canvas.cache.builds, builds, "a second cycle reuses every mask")
        let positions = (0..<BenchScene.animFrames).map { BenchScene.animProgress(frame: $0) * 40 }
        let fractional = positions.filter { $0 != $0.rounded() }
        XCTAssertGreaterThan(fractional.count, 10, "the scene exercises fractional positions")
    }
}
