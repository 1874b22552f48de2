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
        print("FULL: max \(d.maximum), mean absolute \(d.meanAbsolute)")
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

    /// REALTIME: frames 0…31 at positions that never repeat, against the exact reference, on a
    /// canvas that keeps masks and on one that keeps none (`--cold`): every frame within 2 levels
    /// everywhere and a mean absolute difference of at most 0.05.
    func testRealtimeFramesMatchExactReference() throws {
        let expected = try reference("reference-realtime-exact.png")
        let box = BenchScene.partialBox
        XCTAssertEqual(expected.width, box.width * 32)
        for cold in [false, true] {
            let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
            let canvas = Canvas(image: image, cache: cold ? MaskCache(byteBudget: 0) : MaskCache())
            var worstMean = 0.0
            for k in 0..<32 {
                BenchScene.drawRealtimeFrame(canvas, frame: k)
                let d = ImageComparison.difference(image, expected, rect: box, expectedOrigin: (k * box.width, 0))
                XCTAssertLessThanOrEqual(
                    d.maximum, 2, "REALTIME frame \(k) (cold \(cold)) largest difference at \(d.worst)")
                XCTAssertLessThanOrEqual(d.meanAbsolute, 0.05, "REALTIME frame \(k) (cold \(cold)) mean difference")
                worstMean = max(worstMean, d.meanAbsolute)
            }
            print("REALTIME (cold \(cold)): worst frame mean absolute difference \(worstMean)")
        }
    }

    /// REALTIME frames are built, not fetched: the thumb's and its shadow's masks are new every
    /// frame (two builds a frame), so no cache keyed by position carries the figures.
    func testRealtimeFramesBuildTheirMasks() {
        let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        let canvas = Canvas(image: image)
        BenchScene.drawRealtimeFrame(canvas, frame: 0)
        for k in 1..<64 {
            let before = canvas.cache.builds
            BenchScene.drawRealtimeFrame(canvas, frame: k)
            XCTAssertEqual(canvas.cache.builds - before, 2, "frame \(k) builds the thumb and its shadow")
        }
        let positions = (0..<64).map { BenchScene.realtimeProgress(frame: $0) }
        XCTAssertEqual(Set(positions).count, 64, "positions never repeat")
    }

    /// SCENE frame 7 (24 switches at once, each at its own position) against the exact
    /// reference, reached by drawing frames 0…7 (warm) and drawn alone (cold).
    func testSceneFrameMatchesExactReference() throws {
        let expected = try reference("reference-scene-7-exact.png")
        for cold in [false, true] {
            let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
            let canvas = Canvas(image: image, cache: cold ? MaskCache(byteBudget: 0) : MaskCache())
            for k in (cold ? 7 : 0)...7 { BenchScene.drawSceneFrame(canvas, frame: k) }
            let d = ImageComparison.difference(image, expected)
            if d.meanAbsolute > 0.05 || d.maximum > 2 {
                ImageComparison.writeFailureImage(name: "scene-7", actual: image, expected: expected)
            }
            XCTAssertLessThanOrEqual(d.maximum, 2, "SCENE frame 7 (cold \(cold)) largest difference at \(d.worst)")
            XCTAssertLessThanOrEqual(d.meanAbsolute, 0.05, "SCENE frame 7 (cold \(cold)) mean difference")
            print("SCENE frame 7 (cold \(cold)): max \(d.maximum), mean absolute \(d.meanAbsolute)")
        }
    }

    /// FULL with every mask rebuilt (the first frame after start) is the same picture.
    func testColdFullFrameMatchesExactReference() throws {
        let expected = try reference("reference-full-exact.png")
        let image = Image(width: BenchScene.width, height: BenchScene.height, format: .xrgb8888)
        BenchScene.drawFull(Canvas(image: image, cache: MaskCache(byteBudget: 0)))
        let d = ImageComparison.difference(image, expected)
        XCTAssertLessThanOrEqual(d.meanAbsolute, 0.02, "FULL --cold mean absolute difference")
        XCTAssertLessThanOrEqual(d.maximum, 2, "FULL --cold largest channel difference, at \(d.worst)")
        print("FULL --cold: max \(d.maximum), mean absolute \(d.meanAbsolute)")
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
