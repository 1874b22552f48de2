import Raster
import XCTest

@testable import Presentation

/// The in-memory display keeps DRM's rules: flips complete at vblanks on a 1/refreshRate grid,
/// no buffer is handed out while a flip is pending, and buffer ages are EGL_EXT_buffer_age's.
final class HeadlessDisplayTests: XCTestCase {
    /// Presents whatever buffer is free at `now` and completes the flip at its vblank.
    @discardableResult
    private func showFrame(_ display: HeadlessDisplay, at now: Double) throws -> (
        buffer: DisplayBuffer, frame: PresentedFrame
    ) {
        let buffer = try XCTUnwrap(display.acquireBuffer(), "no buffer free at \(now)")
        try display.present(buffer, damage: [], now: now)
        let vblank = try XCTUnwrap(display.nextEventDeadline)
        let frames = try display.dispatchEvents(now: vblank)
        XCTAssertEqual(frames.count, 1)
        return (buffer, try XCTUnwrap(frames.first))
    }

    func testVblanksFallOnTheRefreshGrid() throws {
        let display = HeadlessDisplay(width: 8, height: 4, refreshRate: 60)
        XCTAssertNil(display.nextEventDeadline, "nothing pending, nothing to wake up for")
        XCTAssertEqual(try display.dispatchEvents(now: 1), [])
        let buffer = try XCTUnwrap(display.acquireBuffer())
        try display.present(buffer, damage: [], now: 0.001)
        XCTAssertEqual(try XCTUnwrap(display.nextEventDeadline), 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(try display.dispatchEvents(now: 0.01), [], "before the vblank nothing completes")
        let first = try display.dispatchEvents(now: 1.0 / 60)
        XCTAssertEqual(first.count, 1)
        XCTAssertEqual(first.first?.bufferIndex, buffer.index)
        XCTAssertEqual(first.first?.time ?? 0, 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(first.first?.sequence, 1)
        XCTAssertNil(display.nextEventDeadline)

        // Dispatched late, the flip still reports the vblank it completed at.
        try display.present(try XCTUnwrap(display.acquireBuffer()), damage: [], now: 0.101)
        let late = try display.dispatchEvents(now: 0.5)
        XCTAssertEqual(late.first?.time ?? 0, 7.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(late.first?.sequence, 7)

        let fifty = HeadlessDisplay(width: 8, height: 4, refreshRate: 50)
        try fifty.present(try XCTUnwrap(fifty.acquireBuffer()), damage: [], now: 0.03)
        XCTAssertEqual(try XCTUnwrap(fifty.nextEventDeadline), 0.04, accuracy: 1e-12)
        XCTAssertEqual(try fifty.dispatchEvents(now: 0.04).first?.sequence, 2)
    }

    /// The loop presents right after a flip completes, at the vblank's own time: that frame must
    /// go to the *next* vblank ("strictly after now"), one flip per vblank, sequence numbers
    /// counting up by one.
    func testPresentingAtAVblankTargetsTheNextVblank() throws {
        for rate in [60.0, 50.0, 75.0, 59.94] {
            let display = HeadlessDisplay(width: 8, height: 4, refreshRate: rate)
            var now = 0.0
            var sequence: UInt64 = 0
            var failures = 0
            for _ in 0..<300 {
                let (_, frame) = try showFrame(display, at: now)
                if !(frame.time > now) || frame.sequence != sequence + 1 {
                    failures += 1
                    if failures == 1 {
                        XCTFail(
                            "\(rate) Hz: presented at \(now) (vblank \(sequence)), shown at \(frame.time) "
                                + "as vblank \(frame.sequence): expected vblank \(sequence + 1) at "
                                + "\(Double(sequence + 1) / rate)")
                    }
                }
                now = frame.time
                sequence = frame.sequence
            }
            XCTAssertEqual(failures, 0, "\(rate) Hz: flips that did not advance to the next vblank")
        }
    }

    func testNoBufferWhileAFlipIsPendingOrTheDisplayIsInactive() throws {
        let display = HeadlessDisplay(width: 8, height: 4, bufferCount: 3)
        let buffer = try XCTUnwrap(display.acquireBuffer())
        try display.present(buffer, damage: [], now: 0)
        XCTAssertNil(display.acquireBuffer(), "a flip is pending: even a free third buffer is withheld")
        XCTAssertThrowsError(try display.present(buffer, damage: [], now: 0.001)) { error in
            XCTAssertEqual((error as? DisplayError)?.errno, 16, "EBUSY")
            XCTAssertEqual((error as? DisplayError)?.call, "present")
        }
        _ = try display.dispatchEvents(now: 1)
        XCTAssertNotNil(display.acquireBuffer())
        display.isActive = false
        XCTAssertNil(display.acquireBuffer(), "another VT holds the display")
        display.isActive = true
        XCTAssertNotNil(display.acquireBuffer())
    }

    func testBufferAgesAndTheOrderBuffersAreUsedIn() throws {
        // (buffer count, expected (index, age) of the first frames)
        let cases: [(Int, [(Int, Int)])] = [
            (1, [(0, 0), (0, 1), (0, 1), (0, 1), (0, 1)]),
            (2, [(0, 0), (1, 0), (0, 2), (1, 2), (0, 2), (1, 2)]),
            (3, [(0, 0), (1, 0), (2, 0), (0, 3), (1, 3), (2, 3), (0, 3)]),
        ]
        for (count, expected) in cases {
            let display = HeadlessDisplay(width: 8, height: 4, bufferCount: count)
            var now = 0.001
            for (n, (index, age)) in expected.enumerated() {
                let (buffer, frame) = try showFrame(display, at: now)
                XCTAssertEqual(buffer.index, index, "\(count) buffers, frame \(n)")
                XCTAssertEqual(buffer.age, age, "\(count) buffers, frame \(n)")
                XCTAssertEqual(frame.bufferIndex, index)
                XCTAssertEqual(display.framesShown, UInt64(n + 1))
                now = frame.time + 0.001
            }
        }
    }

    func testNeverShowsTheFrontBufferForPaintingWhenThereIsAnother() throws {
        let display = HeadlessDisplay(width: 8, height: 4, bufferCount: 2)
        var now = 0.001
        for _ in 0..<10 {
            let (_, frame) = try showFrame(display, at: now)
            let next = try XCTUnwrap(display.acquireBuffer())
            XCTAssertNotEqual(next.index, frame.bufferIndex, "the buffer on screen is never painted")
            now = frame.time + 0.001
        }
    }

    func testInvalidateBuffersMakesEveryBufferAgeZeroUntilShownAgain() throws {
        let display = HeadlessDisplay(width: 8, height: 4, bufferCount: 2)
        var now = 0.001
        for _ in 0..<4 { now = try showFrame(display, at: now).frame.time + 0.001 }
        XCTAssertEqual(display.acquireBuffer()?.age, 2)
        display.invalidateBuffers()
        var ages: [Int] = []
        for _ in 0..<4 {
            let (buffer, frame) = try showFrame(display, at: now)
            ages.append(buffer.age)
            now = frame.time + 0.001
        }
        XCTAssertEqual(ages, [0, 0, 2, 2], "each buffer is whole again only once it was repainted and shown")
    }

    func testSequenceCountsVblanksNotFrames() throws {
        let display = HeadlessDisplay(width: 8, height: 4)
        let a = try showFrame(display, at: 0.001).frame
        let b = try showFrame(display, at: 0.105).frame  // idle for a few vblanks
        XCTAssertEqual(a.sequence, 1)
        XCTAssertEqual(b.sequence, 7)
        XCTAssertEqual(display.sequence, 7)
        XCTAssertEqual(display.framesShown, 2)
    }

    func testFrontSurfaceIsTheLastCompletedFlip() throws {
        let display = HeadlessDisplay(width: 8, height: 4, format: .rgb565)
        XCTAssertNil(display.frontSurface)
        XCTAssertNil(display.snapshot())
        let buffer = try XCTUnwrap(display.acquireBuffer())
        buffer.surface.setPixel(x: 3, y: 2, PremultipliedColor(argb: 0xFFFF_0000))
        try display.present(buffer, damage: [IntRect(x: 3, y: 2, width: 1, height: 1)], now: 0)
        XCTAssertNil(display.frontSurface, "queued, not yet shown")
        XCTAssertEqual(display.lastDamage, [IntRect(x: 3, y: 2, width: 1, height: 1)])
        _ = try display.dispatchEvents(now: 1)
        XCTAssertEqual(display.frontSurface?.pixel(x: 3, y: 2).argb, 0xFFFF_0000)
        let snapshot = try XCTUnwrap(display.snapshot())
        XCTAssertEqual(snapshot.format, .rgb565)
        XCTAssertEqual(snapshot.pixel(x: 3, y: 2).argb, 0xFFFF_0000)
        XCTAssertEqual(snapshot.pixel(x: 0, y: 0).argb, 0xFF00_0000)
    }
}
