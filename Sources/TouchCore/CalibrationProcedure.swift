import Raster

/// The five-target calibration of `switchpanel calibrate`, without I/O: where the targets are,
/// which one is being touched, what the panel reported for each, and the matrix that fits them.
///
/// Contacts come from a state machine whose calibration is ``rawCalibration(for:)`` — positions in
/// normalised device coordinates (0…1 across each axis), the space libinput's matrix works in.
/// A target takes the median of the positions its touch reported while down (a finger rolls on
/// lift, and resistive panels spike at both ends), and a touch shorter than ``minimumSamples``
/// reports is ignored. The fitted matrix is meant for a config that keeps its swap, invert and
/// rotation: those steps come after the matrix, so each target is taken back through them.
public struct CalibrationProcedure: Sendable {
    /// The targets in logical screen pixels: four corners inset by ``inset`` of the screen and
    /// the centre (as `ts_calibrate` and xinput_calibrator place them).
    public let targets: [Point]
    /// The calibration that will use the result (its matrix is ignored; swap, invert, rotation
    /// and screen size are kept).
    public let base: TouchCalibration
    /// Raw normalised positions collected for each finished target.
    public private(set) var samples: [CalibrationSample] = []
    /// Reports of the current touch.
    private var current: [Point] = []
    private var contact: Int?
    public static let inset = 0.1
    public static let minimumSamples = 1

    public init(base: TouchCalibration) {
        self.base = base
        let w = base.screenWidth
        let h = base.screenHeight
        let i = Self.inset
        targets = [
            Point(w * i, h * i), Point(w * (1 - i), h * i), Point(w * (1 - i), h * (1 - i)),
            Point(w * i, h * (1 - i)), Point(w / 2, h / 2),
        ]
    }

    /// The calibration a state machine must use to report normalised device coordinates.
    public static func rawCalibration(for base: TouchCalibration) -> TouchCalibration {
        TouchCalibration(
            xMinimum: base.xMinimum, xMaximum: base.xMaximum, yMinimum: base.yMinimum, yMaximum: base.yMaximum,
            screenWidth: 1, screenHeight: 1)
    }

    /// The target to touch now; nil once all are done.
    public var currentTarget: Point? { samples.count < targets.count ? targets[samples.count] : nil }
    public var isComplete: Bool { currentTarget == nil }

    /// Feeds a frame of contacts (normalised device coordinates); returns true when it finished
    /// a target. Only the first finger counts; others are ignored.
    public mutating func handle(_ frame: [TouchEvent]) -> Bool {
        guard let target = currentTarget else { return false }
        var finished = false
        for e in frame {
            switch e.phase {
            case .began where contact == nil:
                contact = e.contact
                current = [e.position]
            case .moved where e.contact == contact:
                current.append(e.position)
            case .ended where e.contact == contact:
                current.append(e.position)
                contact = nil
                if current.count >= Self.minimumSamples {
                    samples.append(CalibrationSample(screen: beforeOrientation(target), raw: median(current)))
                    finished = true
                }
                current = []
            case .cancelled where e.contact == contact:
                contact = nil
                current = []
            default:
                break
            }
            if finished { break }
        }
        return finished
    }

    /// The fitted matrix, once every target is done.
    public func result() throws -> CalibrationMatrix {
        guard isComplete else { throw CalibrationError("\(targets.count - samples.count) targets not touched yet") }
        return try TouchCalibration.fit(samples: samples)
    }

    /// A logical screen point taken back through rotation, inversion and swap into the
    /// normalised space the matrix produces.
    func beforeOrientation(_ p: Point) -> Point {
        let (pw, ph) =
            switch base.rotation {
            case .none, .half: (base.screenWidth, base.screenHeight)
            case .quarter, .threeQuarters: (base.screenHeight, base.screenWidth)
            }
        let physical = base.rotation.physicalPoint(p, width: base.screenWidth, height: base.screenHeight)
        var q = Point(physical.x / pw, physical.y / ph)
        if base.invertX { q.x = 1 - q.x }
        if base.invertY { q.y = 1 - q.y }
        if base.swapXY { q = Point(q.y, q.x) }
        return q
    }

    private func median(_ points: [Point]) -> Point {
        let xs = points.map(\.x).sorted()
        let ys = points.map(\.y).sorted()
        return Point(xs[xs.count / 2], ys[ys.count / 2])
    }
}
