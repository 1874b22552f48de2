import Presentation
import Raster
import XCTest

@testable import DRM

/// The DRM display's buffer bookkeeping against Presentation's HeadlessDisplay: through the
/// protocol the loop must see the same buffers with the same ages on either display.
final class SwapChainTests: XCTestCase {
    /// Drives a SwapChain and a HeadlessDisplay with the same script and compares each step.
    /// "p" presents the next buffer and completes the flip, "q" presents without completing
    /// (then nothing may be handed out), "i" forgets every buffer (a mode set or VT switch).
    func assertSameAsHeadless(_ script: String, buffers: Int, file: StaticString = #filePath, line: UInt = #line) throws
    {
        var chain = SwapChain(count: buffers)
        let headless = HeadlessDisplay(width: 4, height: 4, bufferCount: buffers)
        var now = 0.0
        var history: [String] = []
        for step in script {
            switch step {
            case "p", "q":
                let expected = headless.acquireBuffer()
                let got = chain.nextBuffer()
                history.append(
                    "\(step): headless \(expected.map { "\($0.index)/\($0.age)" } ?? "nil"), "
                        + "drm \(got.map { "\($0.index)/\($0.age)" } ?? "nil")")
                XCTAssertEqual(got?.index, expected?.index, history.joined(separator: "; "), file: file, line: line)
                XCTAssertEqual(got?.age, expected?.age, history.joined(separator: "; "), file: file, line: line)
                guard let expected, let got else { continue }
                try headless.present(expected, damage: [], now: now)
                _ = chain.queue(got.index, damage: [])
                if step == "p" {
                    now += 1
                    XCTAssertEqual(
                        try headless.dispatchEvents(now: now).map(\.bufferIndex), chain.complete().map { [$0] } ?? [])
                } else {
                    XCTAssertNil(
                        chain.nextBuffer(), "a buffer was handed out while a flip is pending", file: file, line: line)
                    XCTAssertNil(headless.acquireBuffer())
                    now += 1
                    _ = try headless.dispatchEvents(now: now)
                    _ = chain.complete()
                }
            case "i":
                headless.invalidateBuffers()
                chain.invalidate()
            default:
                XCTFail("bad script step \(step)")
            }
        }
    }

    func testDoubleBufferingMatchesTheHeadlessDisplay() throws {
        try assertSameAsHeadless("ppppp", buffers: 2)
    }

    func testAgesAfterForgettingTheBuffersMatch() throws {
        try assertSameAsHeadless("pppippp", buffers: 2)
        try assertSameAsHeadless("pipip", buffers: 2)
    }

    func testNothingIsHandedOutWhileAFlipIsPending() throws {
        try assertSameAsHeadless("qpqp", buffers: 2)
    }

    func testTripleAndSingleBufferingMatchToo() throws {
        try assertSameAsHeadless("pppppp", buffers: 3)
        try assertSameAsHeadless("ppp", buffers: 1)
    }

    func testTheBufferOnScreenIsNeverHandedOut() {
        var chain = SwapChain(count: 2)
        for _ in 0..<6 {
            let next = chain.nextBuffer()!
            XCTAssertNotEqual(next.index, chain.front)
            _ = chain.queue(next.index, damage: [])
            _ = chain.complete()
        }
    }

    /// What the kernel must re-read from a buffer: everything the first time, then the damage of
    /// every frame since that buffer was last handed over — not only this frame's. (virtio-gpu
    /// copies each framebuffer to its own host resource: given only the frame's damage, a
    /// double-buffered buffer would show the previous frame's change missing.)
    func testUploadDamageCoversTheFramesABufferMissed() {
        var chain = SwapChain(count: 2)
        let a = IntRect(x: 0, y: 0, width: 10, height: 10)
        let b = IntRect(x: 100, y: 0, width: 10, height: 10)
        let c = IntRect(x: 200, y: 0, width: 10, height: 10)
        XCTAssertNil(chain.queue(0, damage: [a]), "first upload: all of it")
        _ = chain.complete()
        XCTAssertNil(chain.queue(1, damage: [b]), "buffer 1's first upload: all of it")
        _ = chain.complete()
        XCTAssertEqual(chain.queue(0, damage: [c]), [b, c], "buffer 0 missed frame b")
        _ = chain.complete()
        XCTAssertEqual(chain.queue(1, damage: []), [c], "buffer 1 missed frame c")
        _ = chain.complete()
        chain.invalidate()
        XCTAssertNil(chain.queue(0, damage: [a]), "after a mode set: all of it again")
    }

    func testARefusedFlipLeavesTheBufferToBeUploadedWhole() {
        var chain = SwapChain(count: 2)
        _ = chain.queue(0, damage: [])
        _ = chain.complete()
        _ = chain.queue(1, damage: [])
        _ = chain.complete()
        _ = chain.queue(0, damage: [IntRect(x: 0, y: 0, width: 1, height: 1)])
        chain.cancelPending()
        XCTAssertNil(chain.pending)
        XCTAssertEqual(chain.nextBuffer()?.index, 0, "the refused buffer is offered again")
        XCTAssertNil(chain.queue(0, damage: []), "its upload region was lost with the refusal: all of it")
    }
}
