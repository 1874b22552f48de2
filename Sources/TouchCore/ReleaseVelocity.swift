/// How fast a finger moved horizontally as it lifted: the one measure every drag that can be
/// flicked (a page, a switch's thumb) settles by. Pure: positions and their times come in.
///
/// The speed is taken over the last ``window`` of samples up to the lift, with a sample at the
/// lift time itself (the lift carries the last position), so a finger that paused before lifting
/// reads slow.
public struct ReleaseVelocity: Sendable {
    /// The span of recent samples the speed is measured over.
    public static let window = 0.08
    /// A release at this speed (points per second: logical pixels at scale 1) or faster is a
    /// flick and settles in its direction, whatever the travel.
    ///
    /// From the touch recordings in Tests (`scripts/flick-velocities.py`, every device scaled to
    /// 800 px wide): taps drift at most 14 px/s at release (42 if lifted at any instant), the
    /// fastest release of a deliberate move is 382 px/s (a circle lifted mid-motion) and a slow
    /// drag never passes 442 px/s, while fingers swiping across move at 717–1029 px/s (p90). The
    /// recordings hold no quick flick, so the upper side is the swipes' moving speed: 500 sits
    /// between with a margin both ways. A thumb's slide is the same finger making the same
    /// decision (placed, or thrown), so it shares the figure.
    public static let flickSpeed = 500.0

    private var samples: [(time: Double, x: Double)]

    /// The finger went down (or became a drag) at `x` at `time`.
    public init(x: Double, time: Double) { samples = [(time, x)] }

    /// The newest position.
    public var lastX: Double { samples[samples.count - 1].x }

    /// The finger is at `x` at `time`.
    public mutating func add(x: Double, time: Double) {
        samples.append((time, x))
        // Only the samples inside the window matter (and the newest, the position).
        if samples.count > 32, let first = samples.firstIndex(where: { $0.time >= time - Self.window }) {
            samples.removeFirst(max(0, first - 1))
        }
    }

    /// The speed over the last ``window`` before `now` (pixels per second, positive to the right;
    /// 0 when the finger held still for longer than the window before lifting).
    public func speed(at now: Double) -> Double {
        let last = samples[samples.count - 1]
        guard let first = samples.first(where: { $0.time >= now - Self.window }), last.time - first.time > 0.004
        else { return 0 }
        return (last.x - first.x) / (last.time - first.time)
    }
}
