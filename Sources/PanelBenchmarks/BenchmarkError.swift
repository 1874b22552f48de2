/// Why a benchmark could not run: a request the board cannot meet (no such switch, no enabled
/// switch: the command line's fault, exit 2), or a run that went wrong (a swipe that turned no
/// page: exit 1).
public enum BenchmarkError: Error, Equatable, CustomStringConvertible {
    /// The board has no switch or gap the command line asked for.
    case unmeetable(String)
    /// The panel did not do what the benchmark drives it to do.
    case failed(String)

    public var description: String {
        switch self {
        case .unmeetable(let message), .failed(let message): message
        }
    }
}

/// Milliseconds of a `Duration`.
enum FrameClock {
    static func milliseconds(_ d: Duration) -> Double {
        let (seconds, attoseconds) = d.components
        return Double(seconds) * 1e3 + Double(attoseconds) * 1e-15
    }
}
