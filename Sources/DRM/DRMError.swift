import LinuxIO
import Presentation
import Raster

/// A failure at the DRM/KMS edge: which call failed, on which card, and the errno — with a
/// description that says what to do about it.
///
/// Nothing in this module aborts on an I/O error; everything throws one of these. The loop turns
/// it into Presentation's `DisplayError` with ``displayError``.
public enum DRMError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `/dev/dri` does not exist: no DRM driver is loaded, or a container was started without it.
    case noDRIDirectory(path: String)
    /// The directory exists but holds no `card*` node (a render-only GPU, or nodes not created).
    case noCards(directory: String)
    /// Listing the directory of cards failed for another reason.
    case listDirectory(path: String, errno: SystemErrno)
    /// `open(2)` of a card failed.
    case open(path: String, errno: SystemErrno)
    /// A libdrm call failed (`drmModeGetResources`, `drmModeAddFB2`, `drmModePageFlip`, …).
    case call(String, path: String, errno: SystemErrno)
    /// Another process is DRM master of the card: `drmSetMaster` was refused (`EBUSY`, `EACCES`)
    /// or a mode set was (`EACCES`).
    case notMaster(call: String, path: String, errno: SystemErrno)
    /// The driver cannot allocate dumb buffers (`DRM_CAP_DUMB_BUFFER` is 0).
    case noDumbBuffers(path: String, driver: String)
    /// No connector is connected: on the configured card, or on any card when none was configured.
    /// Every card is listed with every connector and its status.
    case noConnectedConnector(cards: [CardSummary])
    /// The configured connector name does not exist on the card.
    case unknownConnector(name: String, path: String, connectors: [ConnectorSummary])
    /// The configured connector exists but nothing is plugged into it.
    case connectorNotConnected(name: String, path: String, connectors: [ConnectorSummary])
    /// The connector offers no mode of the configured size (and refresh).
    case unknownMode(requested: String, connector: String, available: [String])
    /// The connector reports no modes at all.
    case noModes(connector: String, path: String)
    /// No encoder and CRTC can drive the connector (all in use by other outputs).
    case noCRTC(connector: String, path: String)
    /// Atomic mode setting needs the CRTC's primary plane, and the card lists none for it.
    case noPrimaryPlane(crtc: UInt32, path: String)
    /// The primary plane cannot scan out the configured pixel format.
    case unsupportedFormat(PixelFormat, path: String, supported: [UInt32])
    /// A frame was presented while another VT holds the display.
    case inactive(path: String)
    /// A frame was presented while the previous one is still waiting for its vblank.
    case flipPending(path: String)

    /// The errno the failing call reported, nil for errors found by looking at the resources.
    public var errno: SystemErrno? {
        switch self {
        case .listDirectory(_, let e), .open(_, let e), .call(_, _, let e), .notMaster(_, _, let e): e
        case .noDRIDirectory: .noSuchFile
        case .noDumbBuffers, .unsupportedFormat: .invalidArgument
        case .inactive: .permissionDenied
        case .flipPending: .busy
        default: nil
        }
    }

    /// The failing call, or the step that found the problem.
    public var call: String {
        switch self {
        case .noDRIDirectory, .noCards, .listDirectory: "opendir"
        case .open: "open"
        case .call(let call, _, _), .notMaster(let call, _, _): call
        case .noDumbBuffers: "drmGetCap(DRM_CAP_DUMB_BUFFER)"
        case .noConnectedConnector, .unknownConnector, .connectorNotConnected: "choose connector"
        case .unknownMode, .noModes: "choose mode"
        case .noCRTC: "choose CRTC"
        case .noPrimaryPlane: "choose plane"
        case .unsupportedFormat: "drmModeAddFB2"
        case .inactive, .flipPending: "present"
        }
    }

    /// Whether another process holds the display (a compositor, X, another switchpanel).
    public var isMasterHeldElsewhere: Bool {
        if case .notMaster = self { return true }
        return false
    }

    /// The machine has no display at all (no /dev/dri, or no card in it): `run` falls back to
    /// the headless demo. Every other error means a display is there but unusable.
    public var meansNoDisplayHere: Bool {
        switch self {
        case .noDRIDirectory, .noCards: true
        default: false
        }
    }

    /// Whether the user may not open the card (`EACCES`, `EPERM` from `open`).
    public var isPermissionDenied: Bool {
        if case .open(_, let e) = self { return e == .permissionDenied || e == .notPermitted }
        return false
    }

    /// The same failure as Presentation's error type, for the loop.
    public var displayError: DisplayError {
        DisplayError(call: call, errno: errno?.rawValue ?? 0, message: description)
    }

    public var description: String {
        switch self {
        case .noDRIDirectory(let path):
            return "\(path) does not exist: no DRM/KMS display driver is loaded here (or a container without "
                + "\(path)); run with --headless, or load the board's display driver (vc4, virtio-gpu, …)"
        case .noCards(let directory):
            return "\(directory) holds no card* node: no display controller here (only render nodes); "
                + "run with --headless"
        case .listDirectory(let path, let e):
            return "cannot list \(path): \(e)"
        case .open(let path, let e):
            switch e {
            case .permissionDenied, .notPermitted:
                return "cannot open \(path): \(e); add the user to the `video` group "
                    + "(sudo usermod -aG video $USER, then log in again), or run with SupplementaryGroups=video "
                    + "in the systemd unit"
            case .noSuchFile, .noDevice:
                return "cannot open \(path): \(e); no such card (`switchpanel devices` lists the displays)"
            default:
                return "cannot open \(path): \(e)"
            }
        case .call(let call, let path, let e):
            var text = "\(path): \(call) failed: \(e)"
            if e == .permissionDenied && call.hasPrefix("drmMode") {
                text += "; this process is not DRM master (another VT or process holds the display)"
            }
            return text
        case .notMaster(let call, let path, let e):
            return "\(path): \(call) failed: \(e): another process (a compositor, X, another switchpanel) is DRM "
                + "master of this card; stop it (systemctl stop display-manager), or run switchpanel on a VT "
                + "that it does not hold"
        case .noDumbBuffers(let path, let driver):
            return "\(path) (\(driver)) cannot allocate dumb buffers (DRM_CAP_DUMB_BUFFER is 0): not a display "
                + "controller; choose another card"
        case .noConnectedConnector(let cards):
            var lines = ["no connected display: plug one in, or name a connector whose status is unknown"]
            for card in cards { lines.append(contentsOf: card.describedLines) }
            return lines.joined(separator: "\n")
        case .unknownConnector(let name, let path, let connectors):
            return "\(path) has no connector \"\(name)\"; it has: "
                + ConnectorSummary.list(connectors)
        case .connectorNotConnected(let name, let path, let connectors):
            return "\(path): connector \(name) has nothing connected; connectors: " + ConnectorSummary.list(connectors)
        case .unknownMode(let requested, let connector, let available):
            return "\(connector) offers no mode \(requested); its modes: "
                + (available.isEmpty ? "none" : available.joined(separator: ", "))
        case .noModes(let connector, let path):
            return "\(path): \(connector) reports no modes (an EDID that could not be read?); set a mode the "
                + "panel's driver knows, or check the cable"
        case .noCRTC(let connector, let path):
            return "\(path): no free CRTC can drive \(connector) (every one its encoders reach is in use)"
        case .noPrimaryPlane(let crtc, let path):
            return "\(path): CRTC \(crtc) has no primary plane; the driver's atomic support looks incomplete "
                + "(try the legacy API)"
        case .unsupportedFormat(let format, let path, let supported):
            let fix = " (set display.format in the board config)"
            guard !supported.isEmpty else {
                return "\(path): the driver refused a \(format.rawValue) framebuffer (drmModeAddFB2: EINVAL)\(fix)"
            }
            return "\(path): the display cannot scan out \(format.rawValue); it supports "
                + supported.map(formatName).joined(separator: ", ") + fix
        case .inactive(let path):
            return "\(path): the display is inactive (another VT holds it); wait for the switch back"
        case .flipPending(let path):
            return "\(path): a flip is already pending (EBUSY); present after dispatchEvents reports it"
        }
    }
}

/// A connector's name and status, for messages that list them.
public struct ConnectorSummary: Hashable, Sendable {
    public var name: String
    public var status: ConnectionStatus

    public init(name: String, status: ConnectionStatus) {
        self.name = name
        self.status = status
    }

    public init(_ connector: Connector) { self.init(name: connector.name, status: connector.status) }

    /// `HDMI-A-1 (disconnected), DSI-1 (connected)`, or `none`.
    static func list(_ connectors: [ConnectorSummary]) -> String {
        connectors.isEmpty ? "none" : connectors.map { "\($0.name) (\($0.status.rawValue))" }.joined(separator: ", ")
    }
}

/// A card's path with its connectors, or why it could not be looked at.
public struct CardSummary: Hashable, Sendable {
    public var path: String
    public var connectors: [ConnectorSummary]
    /// Why the card could not be read (its error's description), nil when it was.
    public var problem: String?

    public init(path: String, connectors: [ConnectorSummary], problem: String? = nil) {
        self.path = path
        self.connectors = connectors
        self.problem = problem
    }

    var describedLines: [String] {
        if let problem { return ["  \(path): \(problem)"] }
        return ["  \(path): " + ConnectorSummary.list(connectors)]
    }
}

/// `XRGB8888` for the formats SwitchPanel draws, else the fourcc's letters (`NV12`).
func formatName(_ fourcc: UInt32) -> String {
    PixelFormat(fourcc: fourcc)?.rawValue ?? fourccName(fourcc)
}
