/// Per-frame timing on a monotonic clock.
///
/// Wall-clock time (`Date`, `gettimeofday`) can jump when NTP adjusts it, which would corrupt
/// sub-millisecond frame times; `ContinuousClock` is CLOCK_MONOTONIC-based on Linux and never
/// goes backwards. Everything runs on the calling thread, so the figures are single-core figures
/// comparable with the peers in SCENE.md.
enum FrameTimer {
    /// Runs `body(i)` for i in 0..<frames and returns each call's duration in milliseconds.
    ///
    /// The result array is allocated before the loop, so the timed region itself allocates
    /// nothing on the benchmark's side; only what `body` does is measured (plus two clock reads).
    static func measure(frames: Int, _ body: (Int) -> Void) -> [Double] {
        let clock = ContinuousClock()
        var millis = [Double](repeating: 0, count: frames)
        millis.withUnsafeMutableBufferPointer { out in
            for i in 0..<frames {
                let start = clock.now
                body(i)
                let end = clock.now
                out[i] = milliseconds(start.duration(to: end))
            }
        }
        return millis
    }

    /// A duration in (fractional) milliseconds.
    static func milliseconds(_ d: Duration) -> Double {
        let (seconds, attoseconds) = d.components
        return Double(seconds) * 1e3 + Double(attoseconds) * 1e-15
    }

    /// The median: robust against the first frame (which builds the mask cache) and against
    /// scheduler hiccups, which is why it is the reported figure rather than the mean.
    static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "median of no values")
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
