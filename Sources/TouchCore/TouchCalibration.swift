import Raster

/// A 2×3 affine matrix in libinput's `LIBINPUT_CALIBRATION_MATRIX` convention: it works on
/// normalised device coordinates (0…1 across each axis's range) and gives normalised coordinates,
/// `x' = a·x + b·y + c`, `y' = d·x + e·y + f`. The identity leaves touches where they are;
/// `[-1 0 1 0 -1 1]` turns them half a turn.
public struct CalibrationMatrix: Hashable, Sendable {
    public var a, b, c, d, e, f: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Six numbers in libinput's order (as in the udev property `LIBINPUT_CALIBRATION_MATRIX=a b c d e f`).
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(values[0], values[1], values[2], values[3], values[4], values[5])
    }

    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    public var values: [Double] { [a, b, c, d, e, f] }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + b * p.y + c, d * p.x + e * p.y + f)
    }
}

/// One calibration target: where it is on the screen and where the panel said the touch was, both
/// normalised (0…1 across the screen; 0…1 across each axis's range, see
/// ``TouchCalibration/normalised(x:y:)``).
public struct CalibrationSample: Hashable, Sendable {
    public var screen: Point
    public var raw: Point

    public init(screen: Point, raw: Point) {
        self.screen = screen
        self.raw = raw
    }
}

/// Why a calibration could not be made.
public struct CalibrationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Maps a device's raw axis values to screen pixels.
///
/// The steps, in order:
/// 1. normalise: each raw value to 0…1 across its axis's range; the value `v` covers the cell
///    `[v, v + 1)` and lands at its centre, `(v − min + ½) / (max − min + 1)`, so an 800-unit
///    axis on an 800-pixel screen puts unit `i` at pixel centre `i + ½`, and inverting is exact;
/// 2. the ``matrix`` (libinput's calibration matrix, normalised coordinates);
/// 3. ``swapXY``, then ``invertX`` / ``invertY`` (`u → 1 − u`): how the panel is wired to its display;
/// 4. scale to the display's physical pixels and turn by the display's ``rotation`` into the
///    logical screen of ``screenWidth`` × ``screenHeight`` pixels — Raster's
///    `Rotation.logicalPoint(_:width:height:)`, the same rotation the picture goes through,
///    so setting the display rotation alone keeps touches under the finger.
public struct TouchCalibration: Hashable, Sendable {
    /// The raw x axis's range (normally the absinfo of `ABS_MT_POSITION_X` or `ABS_X`).
    public var xMinimum: Int32
    public var xMaximum: Int32
    public var yMinimum: Int32
    public var yMaximum: Int32
    /// The logical screen (after rotation), in pixels.
    public var screenWidth: Double
    public var screenHeight: Double
    public var matrix: CalibrationMatrix
    public var swapXY: Bool
    public var invertX: Bool
    public var invertY: Bool
    /// The display's rotation (the logical picture turned onto the physical panel).
    public var rotation: Rotation

    public init(
        xMinimum: Int32, xMaximum: Int32, yMinimum: Int32, yMaximum: Int32, screenWidth: Double, screenHeight: Double,
        matrix: CalibrationMatrix = .identity, swapXY: Bool = false, invertX: Bool = false, invertY: Bool = false,
        rotation: Rotation = .none
    ) {
        self.xMinimum = xMinimum
        self.xMaximum = xMaximum
        self.yMinimum = yMinimum
        self.yMaximum = yMaximum
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.matrix = matrix
        self.swapXY = swapXY
        self.invertX = invertX
        self.invertY = invertY
        self.rotation = rotation
    }

    /// A calibration over the device's position axes: `ABS_MT_POSITION_X/Y` for multitouch
    /// devices, `ABS_X/Y` (after the device's axis remap) for single-touch ones.
    public init(
        device: DeviceDescription, screenWidth: Double, screenHeight: Double, matrix: CalibrationMatrix = .identity,
        swapXY: Bool = false, invertX: Bool = false, invertY: Bool = false, rotation: Rotation = .none
    ) throws {
        let (xCode, yCode) = device.positionAxes
        guard let x = device.absInfo[xCode], let y = device.absInfo[yCode] else {
            throw CalibrationError(
                "\(device.name): no range (A: line) for the position axes 0x\(String(xCode, radix: 16)), 0x\(String(yCode, radix: 16))"
            )
        }
        guard x.maximum > x.minimum, y.maximum > y.minimum else {
            throw CalibrationError(
                "\(device.name): empty axis range x \(x.minimum)…\(x.maximum), y \(y.minimum)…\(y.maximum)")
        }
        guard screenWidth > 0, screenHeight > 0 else {
            throw CalibrationError("screen size \(screenWidth)×\(screenHeight) is empty")
        }
        self.init(
            xMinimum: x.minimum, xMaximum: x.maximum, yMinimum: y.minimum, yMaximum: y.maximum,
            screenWidth: screenWidth, screenHeight: screenHeight, matrix: matrix, swapXY: swapXY, invertX: invertX,
            invertY: invertY, rotation: rotation)
    }

    /// Raw device values to 0…1 across each axis (step 1).
    public func normalised(x: Double, y: Double) -> Point {
        let w = Double(xMaximum) - Double(xMinimum) + 1
        let h = Double(yMaximum) - Double(yMinimum) + 1
        return Point((x - Double(xMinimum) + 0.5) / w, (y - Double(yMinimum) + 0.5) / h)
    }

    /// Raw device values to logical screen pixels.
    public func screenPoint(x: Double, y: Double) -> Point {
        var p = matrix.apply(normalised(x: x, y: y))
        if swapXY { p = Point(p.y, p.x) }
        if invertX { p.x = 1 - p.x }
        if invertY { p.y = 1 - p.y }
        let (pw, ph) =
            switch rotation {
            case .none, .half: (screenWidth, screenHeight)
            case .quarter, .threeQuarters: (screenHeight, screenWidth)
            }
        return rotation.logicalPoint(Point(p.x * pw, p.y * ph), width: screenWidth, height: screenHeight)
    }

    // MARK: Fitting

    /// The least-squares matrix taking each sample's raw point to its screen point (both
    /// normalised). Needs at least 3 samples not on one line; 5 (four corners and the centre,
    /// as `ts_calibrate` and xinput_calibrator take them) average out a shaky finger.
    ///
    /// The result goes into ``matrix`` with swap, invert and rotation at their defaults, or, with
    /// them set, the samples' screen points must be given before those steps.
    public static func fit(samples: [CalibrationSample]) throws -> CalibrationMatrix {
        guard samples.count >= 3 else {
            throw CalibrationError("a calibration needs at least 3 samples, got \(samples.count)")
        }
        guard
            samples.allSatisfy({
                $0.raw.x.isFinite && $0.raw.y.isFinite && $0.screen.x.isFinite && $0.screen.y.isFinite
            })
        else { throw CalibrationError("a calibration sample is not a finite number") }
        // Normal equations of [x y 1]·[a b c]ᵀ = X (and d e f for Y), centred for conditioning.
        let n = Double(samples.count)
        let mx = samples.reduce(0) { $0 + $1.raw.x } / n
        let my = samples.reduce(0) { $0 + $1.raw.y } / n
        var sxx = 0.0
        var sxy = 0.0
        var syy = 0.0
        var sxX = 0.0
        var syX = 0.0
        var sxY = 0.0
        var syY = 0.0
        let mX = samples.reduce(0) { $0 + $1.screen.x } / n
        let mY = samples.reduce(0) { $0 + $1.screen.y } / n
        for s in samples {
            let x = s.raw.x - mx
            let y = s.raw.y - my
            sxx += x * x
            sxy += x * y
            syy += y * y
            sxX += x * (s.screen.x - mX)
            syX += y * (s.screen.x - mX)
            sxY += x * (s.screen.y - mY)
            syY += y * (s.screen.y - mY)
        }
        let det = sxx * syy - sxy * sxy
        // Relative to the spread of the points: collinear or coincident samples fit nothing.
        guard det > 1e-12 * max(1e-300, (sxx + syy) * (sxx + syy)) else {
            throw CalibrationError("the calibration samples lie on one line (or on one point): no unique fit")
        }
        let a = (syy * sxX - sxy * syX) / det
        let b = (sxx * syX - sxy * sxX) / det
        let d = (syy * sxY - sxy * syY) / det
        let e = (sxx * syY - sxy * sxY) / det
        return CalibrationMatrix(a, b, mX - a * mx - b * my, d, e, mY - d * mx - e * my)
    }

    // MARK: tslib

    /// A calibration from tslib's `pointercal` file: `a b c d e f s [xres yres]`, integers, with
    /// `x' = (a·x + b·y + c) / s`, `y' = (d·x + e·y + f) / s` from raw device units to pixels of
    /// the screen it was calibrated on (`xres` × `yres` when the file says, else this screen).
    /// The whole mapping goes into ``matrix``; swap, invert and rotation stay off (tslib's
    /// calibration already includes them, for the screen as it was then).
    public init(
        pointercal text: String, device: DeviceDescription, screenWidth: Double, screenHeight: Double
    ) throws {
        let base = try TouchCalibration(device: device, screenWidth: screenWidth, screenHeight: screenHeight)
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" })
        guard fields.count == 7 || fields.count == 9 else {
            throw CalibrationError(
                "pointercal: expected 7 integers (a b c d e f s) or 9 (with xres yres), found \(fields.count) fields")
        }
        var n: [Double] = []
        for (i, f) in fields.enumerated() {
            guard let v = Int64(f), abs(v) < 1 << 40 else {
                throw CalibrationError("pointercal: field \(i + 1) '\(f.prefix(24))' is not an integer")
            }
            n.append(Double(v))
        }
        let s = n[6]
        guard s != 0 else { throw CalibrationError("pointercal: the divisor (7th field) is 0") }
        let calW = fields.count == 9 ? n[7] : screenWidth
        let calH = fields.count == 9 ? n[8] : screenHeight
        guard calW > 0, calH > 0 else {
            throw CalibrationError("pointercal: calibrated screen size \(calW)×\(calH) is empty")
        }
        // Raw x = xMin − ½ + u·W (W = max − min + 1); pixels / calibrated size = normalised screen.
        let w = Double(base.xMaximum) - Double(base.xMinimum) + 1
        let h = Double(base.yMaximum) - Double(base.yMinimum) + 1
        let x0 = Double(base.xMinimum) - 0.5
        let y0 = Double(base.yMinimum) - 0.5
        let matrix = CalibrationMatrix(
            n[0] * w / (s * calW), n[1] * h / (s * calW), (n[0] * x0 + n[1] * y0 + n[2]) / (s * calW),
            n[3] * w / (s * calH), n[4] * h / (s * calH), (n[3] * x0 + n[4] * y0 + n[5]) / (s * calH))
        self = base
        self.matrix = matrix
    }
}

extension DeviceDescription {
    /// The axes that carry the position: `ABS_MT_POSITION_X/Y` on multitouch devices, else `ABS_X/Y`.
    public var positionAxes: (x: UInt16, y: UInt16) {
        switch touchProtocol {
        case .multitouchA, .multitouchB: (AbsCode.mtPositionX, AbsCode.mtPositionY)
        case .singleTouch, .none: (AbsCode.x, AbsCode.y)
        }
    }
}
