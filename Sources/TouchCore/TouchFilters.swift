/// The optional filters of ``TouchStateMachine`` for noisy and quirky panels. Every one is off by
/// default, and with all of them off the machine reports exactly what the device says.
///
/// They work inside the state machine, on each contact's raw device values before calibration,
/// so a recording replayed headless and a live device go through the same filters. In order:
///
/// 1. ``pressureThreshold``: a contact is down only while its pressure reaches the threshold
///    (devices declaring `ABS_MT_PRESSURE` or, single touch, `ABS_PRESSURE`; ignored otherwise).
/// 2. ``dropsPhantomCornerContacts``: a contact does not begin while it sits exactly on the
///    maximum of both position axes — the Raspberry Pi 7" display (FT5406) reports phantom
///    contacts there. It begins at its first position off that corner; a live contact dragged
///    into the corner is not affected.
/// 3. ``median``: each contact's position is the per-axis median of its last 3 or 5 raw samples
///    (a sample is taken in every frame that reports the contact, the lift frame included), which
///    removes spikes of up to (N − 1) / 2 samples at the cost of lagging as many samples behind a
///    moving finger. A contact begins at its first sample as it is (the window starts full of
///    it): only delaying every touch could tell a spike there; the pressure threshold keeps out
///    the light first samples of a resistive touch, which are the likely ones. Devices that send
///    only changes (type B) may leave a stopped finger's position up to that lag behind until
///    they report it again.
/// 4. ``dejitter``: a still contact does not move until it has moved more than the threshold (in
///    screen pixels) from where it was last reported; see ``Dejitter``.
/// 5. ``stuckContactTimeout``: a contact that the device has not reported for this many seconds is
///    cancelled by ``TouchStateMachine/expireStuckContacts(now:)`` (for controllers that lose
///    the release), and stays silent until the device reports it again. Devices send only
///    changes, so a finger held perfectly still on a capacitive panel is silent too: choose a
///    timeout longer than anyone holds a finger motionless (a resistive panel's noise keeps a
///    resting finger reported).
///
/// **Recommended for resistive panels** (ADS7846/XPT2046 and similar): ``resistive`` — median of
/// 5, dejitter of 8 px settling after 0.1 s, a 10 s stuck-contact timeout — plus a
/// ``pressureThreshold`` of about a tenth of the device's `ABS_PRESSURE` range when it has one
/// (the first and last samples of a resistive touch, taken while the pressure builds up or
/// falls away, are the least accurate). As configuration JSON:
///
/// ```json
/// { "median": 5, "dejitter": { "threshold": 8, "settleTime": 0.1 }, "stuckTimeout": 10,
///   "pressureThreshold": 25 }
/// ```
///
/// Capacitive panels usually need none of them; the Raspberry Pi 7" display wants
/// `"phantomGuard": true`.
public struct TouchFilters: Hashable, Sendable, Codable {
    /// How many samples the median filter looks at.
    public enum MedianWindow: Int, Hashable, Sendable, Codable {
        case three = 3
        case five = 5
    }

    /// Keeps a resting finger from moving: while a contact is still, a movement of at most
    /// ``threshold`` screen pixels from its reported position is ignored. The first movement
    /// past the threshold is delivered in full (the contact jumps to where the finger is, it is
    /// not pulled along behind it), and from then on the contact is moving and every change is
    /// delivered. It is still again once it has stayed within ``threshold`` of one point for
    /// ``settleTime`` seconds — the hysteresis that lets a slow drag move smoothly while a
    /// resting finger's noise is dropped.
    ///
    /// The threshold is in screen pixels (through the machine's calibration), so it means the
    /// same on a 0…4095 resistive panel as on a 0…799 capacitive one, and compares directly with
    /// the widgets' drag slop (10 px for the switch): keep it below the slop.
    public struct Dejitter: Hashable, Sendable, Codable {
        /// In screen pixels; ≥ 0.
        public var threshold: Double
        /// In seconds (the device's clock); ≥ 0.
        public var settleTime: Double

        public init(threshold: Double, settleTime: Double = 0.1) {
            self.threshold = threshold
            self.settleTime = settleTime
        }

        private enum CodingKeys: String, CodingKey { case threshold, settleTime }

        /// `{"threshold": 6, "settleTime": 0.1}` (`settleTime` optional), or just the threshold: `6`.
        public init(from decoder: any Decoder) throws {
            if let value = try? decoder.singleValueContainer().decode(Double.self) {
                self.init(threshold: value)
            } else {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                self.init(
                    threshold: try c.decode(Double.self, forKey: .threshold),
                    settleTime: try c.decodeIfPresent(Double.self, forKey: .settleTime) ?? 0.1)
            }
            guard threshold.isFinite, threshold >= 0 else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "dejitter threshold \(threshold) is not a number of pixels ≥ 0"))
            }
            guard settleTime.isFinite, settleTime >= 0 else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "dejitter settleTime \(settleTime) is not a number of seconds ≥ 0"))
            }
        }
    }

    /// The pressure a contact needs to count as down; nil turns the check off.
    public var pressureThreshold: Int32?
    /// Drop contacts at the maximum of both position axes until they move off it.
    public var dropsPhantomCornerContacts: Bool
    /// The median filter's window; nil turns it off.
    public var median: MedianWindow?
    /// nil turns dejitter off.
    public var dejitter: Dejitter?
    /// Seconds without a report after which a contact is stuck; nil turns the timeout off.
    public var stuckContactTimeout: Double?

    public init(
        pressureThreshold: Int32? = nil, dropsPhantomCornerContacts: Bool = false, median: MedianWindow? = nil,
        dejitter: Dejitter? = nil, stuckContactTimeout: Double? = nil
    ) {
        self.pressureThreshold = pressureThreshold
        self.dropsPhantomCornerContacts = dropsPhantomCornerContacts
        self.median = median
        self.dejitter = dejitter
        self.stuckContactTimeout = stuckContactTimeout
    }

    /// Everything off.
    public static let none = TouchFilters()

    /// The recommended setting for resistive panels (see the type's documentation); add a
    /// ``pressureThreshold`` suited to the device's pressure range.
    public static let resistive = TouchFilters(
        median: .five, dejitter: Dejitter(threshold: 8, settleTime: 0.1), stuckContactTimeout: 10)

    private enum CodingKeys: String, CodingKey {
        case pressureThreshold, median, dejitter
        case dropsPhantomCornerContacts = "phantomGuard"
        case stuckContactTimeout = "stuckTimeout"
    }

    /// Keys `median`, `dejitter`, `pressureThreshold`, `phantomGuard` (``dropsPhantomCornerContacts``)
    /// and `stuckTimeout` (``stuckContactTimeout``), every one optional: a missing key leaves its
    /// filter off.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            pressureThreshold: try c.decodeIfPresent(Int32.self, forKey: .pressureThreshold),
            dropsPhantomCornerContacts: try c.decodeIfPresent(Bool.self, forKey: .dropsPhantomCornerContacts) ?? false,
            median: try c.decodeIfPresent(MedianWindow.self, forKey: .median),
            dejitter: try c.decodeIfPresent(Dejitter.self, forKey: .dejitter),
            stuckContactTimeout: try c.decodeIfPresent(Double.self, forKey: .stuckContactTimeout))
        if let t = stuckContactTimeout, !(t.isFinite && t > 0) {
            throw DecodingError.dataCorruptedError(
                forKey: .stuckContactTimeout, in: c,
                debugDescription: "stuckTimeout \(t) is not a number of seconds > 0")
        }
    }
}

/// One contact's position through the median and dejitter filters: raw samples in, the position
/// to report out (device units).
struct ContactFilter: Sendable {
    /// The position last reported.
    private(set) var x: Int32
    private(set) var y: Int32
    /// The last raw samples, oldest overwritten first (empty without the median filter).
    private var xs: [Int32]
    private var ys: [Int32]
    private var oldest = 0
    // Dejitter.
    private var moving = false
    private var settleX: Int32
    private var settleY: Int32
    private var settleStart: Double

    /// A contact beginning at its first sample.
    init(x: Int32, y: Int32, time: Double, filters: TouchFilters) {
        self.x = x
        self.y = y
        let n = filters.median?.rawValue ?? 0
        xs = Array(repeating: x, count: n)
        ys = Array(repeating: y, count: n)
        settleX = x
        settleY = y
        settleStart = time
    }

    /// Takes one raw sample; true when the reported position changed.
    mutating func take(
        x rawX: Int32, y rawY: Int32, time: Double, filters: TouchFilters, calibration: TouchCalibration
    ) -> Bool {
        var (nx, ny) = (rawX, rawY)
        if !xs.isEmpty {
            xs[oldest] = rawX
            ys[oldest] = rawY
            oldest = (oldest + 1) % xs.count
            nx = Self.median(xs)
            ny = Self.median(ys)
        }
        if let dejitter = filters.dejitter {
            func distance(_ ax: Int32, _ ay: Int32, _ bx: Int32, _ by: Int32) -> Double {
                let a = calibration.screenPoint(x: Double(ax), y: Double(ay))
                let b = calibration.screenPoint(x: Double(bx), y: Double(by))
                return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
            }
            if moving {
                if distance(nx, ny, settleX, settleY) > dejitter.threshold {
                    (settleX, settleY, settleStart) = (nx, ny, time)
                } else if time - settleStart >= dejitter.settleTime {
                    moving = false
                }
            }
            if !moving {
                guard distance(nx, ny, x, y) > dejitter.threshold else { return false }
                moving = true
                (settleX, settleY, settleStart) = (nx, ny, time)
            }
        }
        guard nx != x || ny != y else { return false }
        (x, y) = (nx, ny)
        return true
    }

    private static func median(_ values: [Int32]) -> Int32 {
        values.sorted()[values.count / 2]
    }
}
