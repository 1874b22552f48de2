import Raster
import TestSupport
import XCTest

@testable import Presentation

/// The compositor repaints only damage into its logical picture and copies to each back buffer
/// what that buffer lacks by its age; whatever the rotation, format and buffer count, the screen
/// must show exactly the logical picture turned and converted (`Image.converted(to:rotation:)`).
final class FrameComposerTests: XCTestCase {
    /// A scene that is a pure function of its history: a background and coloured rectangles
    /// painted in order. Drawing it whole into a clipped canvas is what a panel's draw does.
    struct Scene {
        var background = Color(rgb: 0x203040)
        var patches: [(rect: Rect, color: Color)] = []

        func draw(on canvas: Canvas) {
            canvas.clear(background)
            for p in patches { canvas.fill(.rect(p.rect), .solid(p.color)) }
        }

        /// The whole scene drawn without clipping: what the picture must hold.
        func render(width: Int, height: Int) -> Image {
            let image = Image(width: width, height: height, format: .argb8888)
            draw(on: Canvas(image: image))
            return image
        }
    }

    /// Compares a surface with an image byte for byte (same size and format); reports the first
    /// difference. (The image is taken whole, not its surface, so it outlives the comparison.)
    func assertSameBytes(
        _ actual: Surface, _ expectedImage: Image, _ message: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        withExtendedLifetime(expectedImage) {
            assertSameBytes(actual, expectedImage.surface, message(), file: file, line: line)
        }
    }

    func assertSameBytes(
        _ actual: Surface, _ expected: Surface, _ message: @autoclosure () -> String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard actual.width == expected.width, actual.height == expected.height, actual.format == expected.format else {
            return XCTFail(
                "\(message()): \(actual.width)x\(actual.height) \(actual.format) vs "
                    + "\(expected.width)x\(expected.height) \(expected.format)", file: file, line: line)
        }
        let bpp = actual.format.bytesPerPixel
        var differing = 0
        var first: (Int, Int)?
        for y in 0..<actual.height {
            let a = actual.row(y)
            let e = expected.row(y)
            for x in 0..<actual.width where memcmp(a + x * bpp, e + x * bpp, bpp) != 0 {
                differing += 1
                if first == nil { first = (x, y) }
            }
        }
        if let (x, y) = first {
            XCTFail(
                "\(message()): \(differing) pixels differ, first at (\(x), \(y)): "
                    + "\(String(actual.pixel(x: x, y: y).argb, radix: 16)) vs "
                    + "\(String(expected.pixel(x: x, y: y).argb, radix: 16))", file: file, line: line)
        }
    }

    /// Composes the pending damage at `now`, then completes the flip at its vblank; returns the
    /// clip rectangles `draw` was called with and the time just after the flip.
    @discardableResult
    func frame(
        _ composer: FrameComposer, _ display: HeadlessDisplay, scene: Scene, now: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> (clips: [IntRect], next: Double) {
        var clips: [IntRect] = []
        let presented = try composer.composeFrame(now: now) { canvas in
            clips.append(canvas.clip)
            scene.draw(on: canvas)
        }
        XCTAssertTrue(presented, "a frame was due and a buffer free", file: file, line: line)
        let vblank = try XCTUnwrap(display.nextEventDeadline, file: file, line: line)
        XCTAssertEqual(try display.dispatchEvents(now: vblank).count, 1, file: file, line: line)
        // The next frame starts a little after the flip, off the vblank grid.
        return (clips, vblank + 0.001)
    }

    func randomRect(_ rng: inout SplitMix64, width: Int, height: Int) -> IntRect {
        // Sometimes hanging over an edge (invalidate() clips to the picture), never wholly outside.
        let w = rng.int(4...max(4, width / 2))
        let h = rng.int(4...max(4, height / 2))
        return IntRect(x: rng.int(-3...(width - 2)), y: rng.int(-3...(height - 2)), width: w, height: h)
    }

    func randomColor(_ rng: inout SplitMix64) -> Color {
        // Mostly opaque; some translucent so the old picture shows through a repaint.
        Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.bool() ? 255 : rng.byte())
    }

    /// The physical pixels of `region` (rectangles in a surface of `width` columns).
    func pixels(of rects: [IntRect], width: Int) -> Set<Int> {
        var set = Set<Int>()
        for r in rects {
            for y in r.minY..<r.maxY { for x in r.minX..<r.maxX { set.insert(y * width + x) } }
        }
        return set
    }

    func testFrontBufferIsThePictureTurnedAndConvertedForEveryRotationFormatAndBufferCount() throws {
        // A non-square physical size, so any confusion of width and height shows.
        let (physicalWidth, physicalHeight) = (48, 30)
        for rotation in Rotation.allCases {
            for format in [PixelFormat.xrgb8888, .rgb565] {
                for bufferCount in [1, 2, 3] {
                    let label = "\(rotation) \(format) \(bufferCount) buffers"
                    var rng = SplitMix64(
                        seed: UInt64(rotation.rawValue * 31 + bufferCount) &+ (format == .rgb565 ? 7 : 0))
                    let display = HeadlessDisplay(
                        width: physicalWidth, height: physicalHeight, format: format, bufferCount: bufferCount)
                    let composer = FrameComposer(display: display, rotation: rotation)
                    let logical = rotation.logicalSize(width: physicalWidth, height: physicalHeight)
                    XCTAssertEqual(composer.logicalWidth, logical.width)
                    XCTAssertEqual(composer.logicalHeight, logical.height)
                    var scene = Scene()
                    var now = 0.001
                    for n in 0..<24 {
                        if n > 0 {
                            for _ in 0..<rng.int(1...3) {
                                let r = randomRect(&rng, width: logical.width, height: logical.height)
                                scene.patches.append(
                                    (
                                        Rect(
                                            x: Double(r.x), y: Double(r.y), width: Double(r.width),
                                            height: Double(r.height)),
                                        randomColor(&rng)
                                    ))
                                composer.invalidate(r)
                            }
                        }
                        let logicalDamage = composer.pendingDamage.rects
                        let (clips, next) = try frame(composer, display, scene: scene, now: now)
                        now = next
                        XCTAssertEqual(
                            clips, logicalDamage, "\(label) frame \(n): draw is clipped to each damaged rectangle")
                        assertSameBytes(
                            composer.picture.surface,
                            scene.render(width: logical.width, height: logical.height),
                            "\(label) frame \(n): the picture is the scene")
                        let expected = composer.picture.converted(to: format, rotation: rotation)
                        let front = try XCTUnwrap(display.frontSurface)
                        assertSameBytes(front, expected, "\(label) frame \(n): the screen is the picture")
                    }
                }
            }
        }
    }

    func testBufferOfAgeTwoReceivesThePreviousFramesDamageAndNothingElse() throws {
        for rotation in Rotation.allCases {
            let display = HeadlessDisplay(width: 40, height: 24, format: .xrgb8888, bufferCount: 2)
            let composer = FrameComposer(display: display, rotation: rotation)
            let (w, h) = (composer.logicalWidth, composer.logicalHeight)
            var scene = Scene()
            var now = try frame(composer, display, scene: scene, now: 0.001).next  // buffer 0, whole
            composer.invalidate(IntRect(x: 0, y: h - 2, width: 2, height: 2))
            now = try frame(composer, display, scene: scene, now: now).next  // buffer 1 (age 0), whole
            // Frame A goes to buffer 0 (age 2), then frame B to buffer 1 (age 2), which lacks A.
            let a = IntRect(x: 1, y: 1, width: 5, height: 4)
            scene.patches.append((Rect(x: 1, y: 1, width: 5, height: 4), Color(rgb: 0xFF0000)))
            composer.invalidate(a)
            XCTAssertEqual(display.acquireBuffer()?.age, 2)
            now = try frame(composer, display, scene: scene, now: now).next
            let b = IntRect(x: w - 7, y: h - 6, width: 5, height: 4)
            scene.patches.append((Rect(x: Double(b.x), y: Double(b.y), width: 5, height: 4), Color(rgb: 0x0000FF)))
            composer.invalidate(b)
            // The back buffer (two frames old) lacks A; mark a pixel far from A and B in it: the
            // compositor must not touch it (it copies only what the buffer lacks).
            let back = try XCTUnwrap(display.acquireBuffer())
            XCTAssertEqual(back.age, 2)
            let a0 = rotation.physicalRect(a, width: w, height: h)
            XCTAssertNotEqual(
                back.surface.pixel(x: a0.minX, y: a0.minY).argb, 0xFFFF_0000, "\(rotation): the back buffer lacks A")
            let marker = rotation.physicalPixel(x: w / 2, y: h / 2, width: w, height: h)
            back.surface.setPixel(x: marker.x, y: marker.y, PremultipliedColor(argb: 0xFF12_3456))
            try frame(composer, display, scene: scene, now: now)
            let front = try XCTUnwrap(display.frontSurface)
            XCTAssertEqual(front.base, back.surface.base)
            let b0 = rotation.physicalRect(b, width: w, height: h)
            XCTAssertEqual(front.pixel(x: a0.minX, y: a0.minY).argb, 0xFFFF_0000, "\(rotation): A was copied too")
            XCTAssertEqual(front.pixel(x: a0.maxX - 1, y: a0.maxY - 1).argb, 0xFFFF_0000, "\(rotation)")
            XCTAssertEqual(front.pixel(x: b0.minX, y: b0.minY).argb, 0xFF00_00FF, "\(rotation): B")
            XCTAssertEqual(
                front.pixel(x: marker.x, y: marker.y).argb, 0xFF12_3456, "\(rotation): only A and B are copied")
            front.setPixel(x: marker.x, y: marker.y, PremultipliedColor(argb: 0xFF20_3040))
            assertSameBytes(
                front, composer.picture.converted(to: .xrgb8888, rotation: rotation), "\(rotation)")
        }
    }

    func testBufferOfAgeZeroOrOlderThanTheHistoryGetsAFullCopy() throws {
        for rotation in Rotation.allCases {
            for format in [PixelFormat.xrgb8888, .rgb565] {
                // Two buffers after invalidateBuffers (age 0), and six buffers (age 6: more frames
                // ago than the compositor remembers).
                for (bufferCount, invalidate) in [(2, true), (6, false)] {
                    let label = "\(rotation) \(format) \(bufferCount) buffers"
                    let display = HeadlessDisplay(width: 36, height: 20, format: format, bufferCount: bufferCount)
                    let composer = FrameComposer(display: display, rotation: rotation)
                    var scene = Scene()
                    var now = 0.001
                    for i in 0..<bufferCount + 1 {
                        let r = IntRect(x: i * 2, y: i, width: 3, height: 3)
                        scene.patches.append(
                            (
                                Rect(x: Double(r.x), y: Double(r.y), width: 3, height: 3),
                                Color(rgb: UInt32(0x10 * (i + 1)) << 8)
                            ))
                        composer.invalidate(r)
                        now = try frame(composer, display, scene: scene, now: now).next
                    }
                    if invalidate { display.invalidateBuffers() }
                    let back = try XCTUnwrap(display.acquireBuffer())
                    XCTAssertEqual(back.age, invalidate ? 0 : bufferCount, label)
                    // Garbage everywhere, as after a mode set: all of it must be replaced.
                    for y in 0..<back.surface.height {
                        for x in 0..<back.surface.width {
                            back.surface.setPixel(x: x, y: y, PremultipliedColor(argb: 0xFFFF_00FF))
                        }
                    }
                    composer.invalidate(IntRect(x: 0, y: 0, width: 2, height: 2))
                    scene.patches.append((Rect(x: 0, y: 0, width: 2, height: 2), Color(rgb: 0xFFFFFF)))
                    try frame(composer, display, scene: scene, now: now)
                    assertSameBytes(
                        try XCTUnwrap(display.frontSurface),
                        composer.picture.converted(to: format, rotation: rotation), label)
                }
            }
        }
    }

    func testComposeFrameWaitsWhileAFlipIsPendingAndKeepsTheDamage() throws {
        let display = HeadlessDisplay(width: 32, height: 20, bufferCount: 3)
        let composer = FrameComposer(display: display, rotation: .none)
        XCTAssertTrue(composer.needsFrame, "the first frame is the whole picture")
        XCTAssertTrue(try composer.composeFrame(now: 0.001) { $0.clear(Color(rgb: 0x000080)) })
        XCTAssertFalse(composer.needsFrame)
        XCTAssertFalse(try composer.composeFrame(now: 0.002) { _ in XCTFail("nothing to paint") })

        let r = IntRect(x: 4, y: 3, width: 6, height: 5)
        composer.invalidate(r)
        var drawn = 0
        XCTAssertFalse(try composer.composeFrame(now: 0.003) { _ in drawn += 1 }, "the flip is still pending")
        XCTAssertEqual(drawn, 0, "nothing is painted while no buffer is free")
        XCTAssertEqual(composer.pendingDamage.rects, [r], "the damage is kept for the next frame")
        XCTAssertTrue(composer.needsFrame)

        _ = try display.dispatchEvents(now: try XCTUnwrap(display.nextEventDeadline))
        display.isActive = false
        XCTAssertFalse(try composer.composeFrame(now: 0.02) { _ in drawn += 1 }, "inactive display")
        XCTAssertEqual(composer.pendingDamage.rects, [r])
        display.isActive = true
        XCTAssertTrue(try composer.composeFrame(now: 0.021) { $0.clear(Color(rgb: 0xFFFF00)) })
        XCTAssertTrue(composer.pendingDamage.isEmpty)
        _ = try display.dispatchEvents(now: try XCTUnwrap(display.nextEventDeadline))
        XCTAssertEqual(display.frontSurface?.pixel(x: 4, y: 3).argb, 0xFFFF_FF00)
        XCTAssertEqual(display.frontSurface?.pixel(x: 3, y: 3).argb, 0xFF00_0080)
    }

    func testPresentIsToldThePhysicalRectanglesOfTheFramesDamage() throws {
        for rotation in Rotation.allCases {
            let display = HeadlessDisplay(width: 40, height: 24, bufferCount: 2)
            let composer = FrameComposer(display: display, rotation: rotation)
            let (w, h) = (composer.logicalWidth, composer.logicalHeight)
            var now = try frame(composer, display, scene: Scene(), now: 0.001).next
            XCTAssertEqual(display.lastDamage, [IntRect(x: 0, y: 0, width: 40, height: 24)], "\(rotation): first frame")
            let damage = [
                IntRect(x: 1, y: 2, width: 3, height: 4), IntRect(x: w - 5, y: h - 3, width: 5, height: 3),
                IntRect(x: 2, y: h - 4, width: 2, height: 2),
            ]
            for r in damage { composer.invalidate(r) }
            let logical = composer.pendingDamage.rects
            var expected = DamageRegion()
            for r in logical { expected.add(rotation.physicalRect(r, width: w, height: h)) }
            now = try frame(composer, display, scene: Scene(), now: now).next
            XCTAssertEqual(display.lastDamage, expected.rects, "\(rotation)")
            // Pixel for pixel: the physical damage is exactly the logical damage turned.
            var turned = Set<Int>()
            for r in logical {
                for y in r.minY..<r.maxY {
                    for x in r.minX..<r.maxX {
                        let p = rotation.physicalPixel(x: x, y: y, width: w, height: h)
                        turned.insert(p.y * 40 + p.x)
                    }
                }
            }
            XCTAssertEqual(pixels(of: display.lastDamage, width: 40), turned, "\(rotation)")
        }
    }
}
