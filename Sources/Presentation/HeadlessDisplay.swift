import Raster

/// A display in memory: the same interface as DRM, with buffers in RAM and a simulated vblank at
/// ``refreshRate`` — for tests, CI and boards without a screen. ``frontSurface`` is what a real
/// panel would be showing.
public final class HeadlessDisplay: DisplayOutput {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let refreshRate: Double
    public var isActive = true
    /// Whether ``setPoweredOff(_:)`` turned the "screen" off (blanking).
    public internal(set) var isPoweredOff = false
    public var pollDescriptor: Int32? { nil }

    private let buffers: [Image]
    /// Frame counter at which each buffer was last shown (nil: never).
    private var shownAt: [UInt64?]
    private var front: Int?
    private var pending: (index: Int, vblank: Double)?
    /// Vblanks counted since time 0.
    public private(set) var sequence: UInt64 = 0
    /// Frames shown so far.
    public private(set) var framesShown: UInt64 = 0
    /// The damage each present reported, for tests.
    public private(set) var lastDamage: [IntRect] = []

    /// A display of `width`×`height` in `format` with `bufferCount` buffers (2: double buffering).
    public init(
        width: Int, height: Int, format: PixelFormat = .xrgb8888, refreshRate: Double = 60, bufferCount: Int = 2
    ) {
        precondition(bufferCount >= 1 && refreshRate > 0)
        self.width = width
        self.height = height
        self.format = format
        self.refreshRate = refreshRate
        buffers = (0..<bufferCount).map { _ in Image(width: width, height: height, format: format) }
        shownAt = Array(repeating: nil, count: bufferCount)
    }

    /// The pixels on "screen": the last buffer whose flip completed.
    public var frontSurface: Surface? { front.map { buffers[$0].surface } }

    /// A copy of the pixels on screen.
    public func snapshot() -> Image? {
        guard let s = frontSurface else { return nil }
        return buffers[front!].converted(to: s.format)
    }

    public var nextEventDeadline: Double? { pending?.vblank }

    public func acquireBuffer() -> DisplayBuffer? {
        guard isActive, pending == nil else { return nil }
        // The least recently shown buffer that is not on screen (never-shown ones first).
        let candidates = buffers.indices.filter { $0 != front || buffers.count == 1 }
        guard let index = candidates.min(by: { (shownAt[$0] ?? 0) < (shownAt[$1] ?? 0) }) else { return nil }
        let age = shownAt[index].map { Int(framesShown - $0) + 1 } ?? 0
        return DisplayBuffer(index: index, surface: buffers[index].surface, age: age)
    }

    public func present(_ buffer: DisplayBuffer, damage: [IntRect], now: Double) throws(DisplayError) {
        guard pending == nil else {
            throw DisplayError(call: "present", errno: 16, message: "a flip is already pending (EBUSY)")
        }
        // The next vblank strictly after now, on a grid of 1/refreshRate from time 0, counted
        // as an integer: `now` is often a vblank time itself (right after a flip), and
        // 31/60 × 60 comes out as 30.999…, which must still count as vblank 31.
        let index = (now * refreshRate + 1e-6).rounded(.down) + 1
        let vblank = index / refreshRate
        pending = (buffer.index, vblank)
        lastDamage = damage
    }

    public func dispatchEvents(now: Double) throws(DisplayError) -> [PresentedFrame] {
        guard let p = pending, now >= p.vblank else { return [] }
        pending = nil
        framesShown += 1
        shownAt[p.index] = framesShown
        front = p.index
        sequence = UInt64((p.vblank * refreshRate).rounded())
        return [PresentedFrame(bufferIndex: p.index, time: p.vblank, sequence: sequence)]
    }

    /// Forgets every buffer's contents, as a mode set or a VT switch does on real hardware.
    public func invalidateBuffers() {
        for i in shownAt.indices { shownAt[i] = nil }
    }
}
