/// A card's KMS objects as values: connectors, encoders, CRTCs and planes, read once by
/// ``Card/resources()`` and then only looked at. Everything that chooses what to drive
/// (``DisplaySelection``) is a pure function of one of these, so tests build them by hand.
public struct DisplayResources: Hashable, Sendable {
    public var connectors: [Connector]
    public var encoders: [Encoder]
    /// In the kernel's order: an encoder's or plane's `possible_crtcs` bit `i` means `crtcs[i]`.
    public var crtcs: [CRTC]
    /// Every plane (primary and cursor ones too, with `DRM_CLIENT_CAP_UNIVERSAL_PLANES`).
    public var planes: [Plane]

    public init(connectors: [Connector], encoders: [Encoder], crtcs: [CRTC], planes: [Plane]) {
        self.connectors = connectors
        self.encoders = encoders
        self.crtcs = crtcs
        self.planes = planes
    }

    public func encoder(id: UInt32) -> Encoder? { encoders.first { $0.id == id } }
    public func crtc(id: UInt32) -> CRTC? { crtcs.first { $0.id == id } }
    /// The CRTC's position in ``crtcs``: its bit in `possible_crtcs` masks.
    public func crtcIndex(id: UInt32) -> Int? { crtcs.firstIndex { $0.id == id } }
    public var hasConnectedConnector: Bool { connectors.contains { $0.status == .connected } }
}

/// Whether something is plugged into a connector (`drmModeConnection`).
public enum ConnectionStatus: String, Hashable, Sendable {
    case connected
    case disconnected
    /// The driver cannot tell (some DSI and SPI panels, and composite outputs).
    case unknown
}

/// A display output: HDMI-A-1, DSI-1, Virtual-1, …
public struct Connector: Hashable, Sendable {
    public var id: UInt32
    /// `DRM_MODE_CONNECTOR_*`.
    public var type: UInt32
    /// The connector's number among those of its type, from 1 (`connector_type_id`).
    public var typeIndex: UInt32
    public var status: ConnectionStatus
    /// The modes the sink reports, in the kernel's order (the preferred one usually first).
    public var modes: [DisplayMode]
    /// The encoders that can drive this connector.
    public var encoderIDs: [UInt32]
    /// The encoder driving it now, nil when it is off.
    public var currentEncoderID: UInt32?
    /// The sink's size in millimetres (0 when unknown).
    public var widthMillimetres: Int
    public var heightMillimetres: Int
    /// Property name → property id (`CRTC_ID`, …), for atomic commits.
    public var properties: [String: UInt32]

    public init(
        id: UInt32, type: UInt32, typeIndex: UInt32, status: ConnectionStatus, modes: [DisplayMode],
        encoderIDs: [UInt32], currentEncoderID: UInt32? = nil, widthMillimetres: Int = 0, heightMillimetres: Int = 0,
        properties: [String: UInt32] = [:]
    ) {
        self.id = id
        self.type = type
        self.typeIndex = typeIndex
        self.status = status
        self.modes = modes
        self.encoderIDs = encoderIDs
        self.currentEncoderID = currentEncoderID
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
        self.properties = properties
    }

    /// The kernel's name for it (`HDMI-A-1`, `DSI-1`, `Virtual-1`): the type's name, a dash and
    /// the index — what `/sys/class/drm/card0-HDMI-A-1`, `modetest` and Weston call it.
    public var name: String { "\(Connector.typeName(type))-\(typeIndex)" }

    /// The kernel's `drm_connector_enum_list` names, indexed by `DRM_MODE_CONNECTOR_*`. (Not
    /// `drmModeGetConnectorTypeName`: the snapshot is pure and names synthetic connectors too.)
    static let typeNames = [
        "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component", "DIN", "DP",
        "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
    ]

    public static func typeName(_ type: UInt32) -> String {
        Int(type) < typeNames.count ? typeNames[Int(type)] : "Type\(type)"
    }

    /// The preferred mode (`DRM_MODE_TYPE_PREFERRED`), else the first listed.
    public var preferredMode: DisplayMode? { modes.first { $0.isPreferred } ?? modes.first }
}

/// A display timing (`drmModeModeInfo`), kept whole so it can be handed back to the kernel.
public struct DisplayMode: Hashable, Sendable, CustomStringConvertible {
    /// Pixel clock in kHz.
    public var clock: UInt32
    public var hdisplay: UInt16
    public var hsyncStart: UInt16
    public var hsyncEnd: UInt16
    public var htotal: UInt16
    public var hskew: UInt16
    public var vdisplay: UInt16
    public var vsyncStart: UInt16
    public var vsyncEnd: UInt16
    public var vtotal: UInt16
    public var vscan: UInt16
    /// The driver's rounded refresh in Hz (``refreshRate`` is exact).
    public var vrefresh: UInt32
    /// `DRM_MODE_FLAG_*` (sync polarities, interlace, double scan).
    public var flags: UInt32
    /// `DRM_MODE_TYPE_*` (preferred, driver, user-defined).
    public var type: UInt32
    /// The kernel's name (`"800x480"`).
    public var name: String

    public init(
        clock: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16 = 0,
        vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16 = 0, vrefresh: UInt32,
        flags: UInt32 = 0, type: UInt32 = 0, name: String
    ) {
        self.clock = clock
        self.hdisplay = hdisplay
        self.hsyncStart = hsyncStart
        self.hsyncEnd = hsyncEnd
        self.htotal = htotal
        self.hskew = hskew
        self.vdisplay = vdisplay
        self.vsyncStart = vsyncStart
        self.vsyncEnd = vsyncEnd
        self.vtotal = vtotal
        self.vscan = vscan
        self.vrefresh = vrefresh
        self.flags = flags
        self.type = type
        self.name = name
    }

    /// A mode of `width`×`height` at `refresh` Hz with simple blanking (for tests and tools).
    public static func synthetic(width: Int, height: Int, refresh: Double = 60, preferred: Bool = false) -> DisplayMode
    {
        let htotal = width + 160
        let vtotal = height + 45
        let clock = UInt32((Double(htotal * vtotal) * refresh / 1000).rounded())
        return DisplayMode(
            clock: clock, hdisplay: UInt16(width), hsyncStart: UInt16(width + 48), hsyncEnd: UInt16(width + 80),
            htotal: UInt16(htotal), vdisplay: UInt16(height), vsyncStart: UInt16(height + 3),
            vsyncEnd: UInt16(height + 8), vtotal: UInt16(vtotal), vrefresh: UInt32(refresh.rounded()),
            type: preferred ? DisplayMode.typePreferred : 0, name: "\(width)x\(height)")
    }

    static let typePreferred: UInt32 = 1 << 3
    static let flagInterlace: UInt32 = 1 << 4
    static let flagDoubleScan: UInt32 = 1 << 5

    public var width: Int { Int(hdisplay) }
    public var height: Int { Int(vdisplay) }
    public var isPreferred: Bool { type & DisplayMode.typePreferred != 0 }
    public var isInterlaced: Bool { flags & DisplayMode.flagInterlace != 0 }

    /// The exact vertical refresh in Hz from the timings (59.94 rather than the rounded 60),
    /// as the kernel's `drm_mode_vrefresh` computes it before rounding.
    public var refreshRate: Double {
        guard htotal > 0, vtotal > 0 else { return Double(vrefresh) }
        var rate = Double(clock) * 1000 / (Double(htotal) * Double(vtotal))
        if isInterlaced { rate *= 2 }
        if flags & DisplayMode.flagDoubleScan != 0 { rate /= 2 }
        if vscan > 1 { rate /= Double(vscan) }
        return rate
    }

    /// `800x480@60.00`.
    public var description: String {
        "\(width)x\(height)\(isInterlaced ? "i" : "")@\(formatHz(refreshRate))"
    }
}

/// `59.94`, `60.00`: refresh rates with two decimals.
func formatHz(_ hz: Double) -> String {
    let hundredths = Int((hz * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Routes a CRTC's pixels to connectors.
public struct Encoder: Hashable, Sendable {
    public var id: UInt32
    /// The CRTC feeding it now, nil when none.
    public var currentCRTCID: UInt32?
    /// Bit `i` set: `DisplayResources.crtcs[i]` can feed it.
    public var possibleCRTCs: UInt32

    public init(id: UInt32, currentCRTCID: UInt32?, possibleCRTCs: UInt32) {
        self.id = id
        self.currentCRTCID = currentCRTCID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// A scan-out engine: reads a framebuffer and produces a mode's timing.
public struct CRTC: Hashable, Sendable {
    public var id: UInt32
    /// The framebuffer it scans out now (0: none).
    public var framebufferID: UInt32
    /// Its mode now, nil when it is off.
    public var mode: DisplayMode?
    /// Where in the framebuffer scan-out starts.
    public var x: UInt32
    public var y: UInt32
    /// Property name → id (`MODE_ID`, `ACTIVE`).
    public var properties: [String: UInt32]

    public init(
        id: UInt32, framebufferID: UInt32 = 0, mode: DisplayMode? = nil, x: UInt32 = 0, y: UInt32 = 0,
        properties: [String: UInt32] = [:]
    ) {
        self.id = id
        self.framebufferID = framebufferID
        self.mode = mode
        self.x = x
        self.y = y
        self.properties = properties
    }

    public var isActive: Bool { mode != nil }
}

/// What a plane is for (its `type` property).
public enum PlaneType: String, Hashable, Sendable {
    /// The CRTC's main image; every CRTC has one.
    case primary
    case overlay
    case cursor
}

/// A layer a CRTC composes: primary, overlay or cursor.
public struct Plane: Hashable, Sendable {
    public var id: UInt32
    public var type: PlaneType
    /// Bit `i` set: the plane can be shown on `DisplayResources.crtcs[i]`.
    public var possibleCRTCs: UInt32
    /// Where it is shown now (nil: nowhere).
    public var currentCRTCID: UInt32?
    public var framebufferID: UInt32
    /// The fourcc codes it scans out.
    public var formats: [UInt32]
    /// Property name → id (`FB_ID`, `CRTC_ID`, `SRC_X`, …, `FB_DAMAGE_CLIPS`).
    public var properties: [String: UInt32]

    public init(
        id: UInt32, type: PlaneType, possibleCRTCs: UInt32, currentCRTCID: UInt32? = nil, framebufferID: UInt32 = 0,
        formats: [UInt32], properties: [String: UInt32] = [:]
    ) {
        self.id = id
        self.type = type
        self.possibleCRTCs = possibleCRTCs
        self.currentCRTCID = currentCRTCID
        self.framebufferID = framebufferID
        self.formats = formats
        self.properties = properties
    }
}

/// A fourcc code as its four letters (`XR24`), for messages.
public func fourccName(_ code: UInt32) -> String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }
    if bytes.allSatisfy({ (0x20...0x7E).contains($0) }) {
        return String(decoding: bytes, as: UTF8.self).trimmingTrailingSpaces()
    }
    return "0x" + String(code, radix: 16)
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
