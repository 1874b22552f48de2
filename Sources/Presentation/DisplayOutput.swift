import Raster

/// One of a display's buffers, handed to the loop to paint the next frame into.
public struct DisplayBuffer: Sendable {
    /// Which of the display's buffers this is (stable for the display's life).
    public let index: Int
    /// The buffer's pixels in the display's physical orientation and format.
    public let surface: Surface
    /// How many frames ago this buffer's contents were last shown: 1 means it holds the frame on
    /// screen now, 2 the one before, and so on; 0 means its contents are unknown (never shown,
    /// or lost to a mode set or a VT switch) and everything must be repainted. EGL's buffer age.
    public let age: Int

    public init(index: Int, surface: Surface, age: Int) {
        self.index = index
        self.surface = surface
        self.age = age
    }
}

/// A finished presentation: the buffer that became visible and when.
public struct PresentedFrame: Hashable, Sendable {
    /// The buffer now on screen.
    public var bufferIndex: Int
    /// The vblank at which it became visible, in `CLOCK_MONOTONIC` seconds (the DRM event's
    /// timestamp, or the simulated vblank's time).
    public var time: Double
    /// The display's vblank counter at that flip.
    public var sequence: UInt64

    public init(bufferIndex: Int, time: Double, sequence: UInt64) {
        self.bufferIndex = bufferIndex
        self.time = time
        self.sequence = sequence
    }
}

/// Why a display could not present; the message names the failing call and the fix.
public struct DisplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The failing call (`drmModePageFlip`, `drmModeAtomicCommit`, …).
    public var call: String
    /// The errno it reported (0 when none applies).
    public var errno: Int32
    /// The whole explanation, with what to do about it.
    public var message: String

    public init(call: String, errno: Int32, message: String) {
        self.call = call
        self.errno = errno
        self.message = message
    }

    public var description: String { message }
}

/// Where frames go: DRM/KMS dumb buffers on a real display, or memory with a simulated vblank.
///
/// The loop asks for a free buffer with ``acquireBuffer()``, paints it (all of it when the
/// buffer's age is 0, else the damage of the frames since it was last shown), and hands it to
/// ``present(_:damage:now:)``, which queues it for the next vblank. Until that flip completes —
/// reported by ``dispatchEvents(now:)`` after ``pollDescriptor`` polls readable, or once
/// ``nextEventDeadline`` passes — no further buffer is handed out: the loop never paints a
/// buffer that is on screen or queued, and paints at most one frame per vblank.
public protocol DisplayOutput: AnyObject {
    /// The framebuffer's size in physical pixels (the mode's size).
    var width: Int { get }
    var height: Int { get }
    /// The framebuffer's pixel format.
    var format: PixelFormat { get }
    /// Vertical refresh in Hz.
    var refreshRate: Double { get }
    /// Whether the display may be drawn to now (false while another VT holds it).
    var isActive: Bool { get }
    /// A descriptor whose readability means ``dispatchEvents(now:)`` has work (the DRM fd), nil
    /// when the display has none.
    var pollDescriptor: Int32? { get }
    /// When ``dispatchEvents(now:)`` must next be called even if nothing polled readable
    /// (a simulated vblank), nil when nothing is pending.
    var nextEventDeadline: Double? { get }
    /// A buffer to paint, or nil while a flip is pending or the display is inactive.
    func acquireBuffer() -> DisplayBuffer?
    /// Queues `buffer` for display at the next vblank. `damage` (physical pixels) is what changed
    /// since the previous frame, for drivers that need to be told (`drmModeDirtyFB`).
    func present(_ buffer: DisplayBuffer, damage: [IntRect], now: Double) throws(DisplayError)
    /// Handles completed flips and other display events; returns the frames that became visible.
    func dispatchEvents(now: Double) throws(DisplayError) -> [PresentedFrame]
}

/// What a display may need beyond painting: signals (a VT switch), and a close that restores what
/// was on screen before. A headless display needs none of it.
public protocol DisplaySession: AnyObject {
    /// The signals the display wants delivered to ``handleSignal(_:)`` (SIGUSR1/SIGUSR2 when it
    /// holds a VT in process mode); the loop adds them to its signalfd.
    var signals: [Int32] { get }
    /// Handles one of ``signals``; returns true when the buffers' contents were lost and the
    /// whole picture must be repainted (back on our VT). Throws when the display could not be
    /// taken back: the panel cannot show anything any more, and must say so and exit.
    func handleSignal(_ signal: Int32) throws(DisplayError) -> Bool
    /// Turns the display off (DPMS off: the panel dark and, on most boards, its backlight too) or
    /// back on. While off the loop paints nothing; turning on loses nothing.
    func setPoweredOff(_ off: Bool) throws(DisplayError)
    /// Restores the display as it was found (the CRTC, the VT's text mode) and releases
    /// everything; idempotent.
    func close()
}

extension HeadlessDisplay: DisplaySession {
    public var signals: [Int32] { [] }
    public func handleSignal(_ signal: Int32) throws(DisplayError) -> Bool { false }
    public func setPoweredOff(_ off: Bool) { isPoweredOff = off }
    public func close() {}
}
