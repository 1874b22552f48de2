import CDRM
import LinuxIO

/// An open DRM card node (`/dev/dri/card0`): owns the file descriptor and closes it once, by
/// ``close()`` or when the object goes away.
///
/// Opening sets the client capabilities SwitchPanel relies on — universal planes (so the primary
/// plane is listed) and, when asked and the driver has it, atomic mode setting — and checks that
/// the driver can allocate dumb buffers. Being DRM master is not needed to open or to read the
/// resources; ``DRMDisplay`` takes master separately.
public final class Card {
    /// The node this was opened from.
    public let path: String
    /// The kernel driver's name (`virtio_gpu`, `bochs-drm`, `vc4`), from `drmGetVersion`.
    public let driver: String
    /// Whether the driver accepted `DRM_CLIENT_CAP_ATOMIC`.
    public let supportsAtomic: Bool
    /// Whether the driver accepted `DRM_CLIENT_CAP_UNIVERSAL_PLANES` (primary planes listed).
    public let hasUniversalPlanes: Bool
    /// The open card; nil after ``close()``.
    private var descriptor: FileDescriptor?

    /// What to poll for the card's events (page flips); nil after ``close()``.
    public var pollHandle: PollHandle? { descriptor?.pollHandle }

    /// Whether ``close()`` has not run yet.
    var isOpen: Bool { descriptor != nil }

    /// The descriptor's number for libdrm's calls, which take one; -1 after ``close()``, so a
    /// call made then fails with `EBADF` rather than reach a descriptor opened since.
    var rawDescriptor: Int32 { descriptor?.rawValue ?? -1 }

    /// Opens `path` read-write and close-on-exec and sets the client capabilities.
    ///
    /// - Parameters:
    ///   - path: the card's device node (`/dev/dri/card0`).
    ///   - atomic: ask for atomic mode setting (false keeps the card on the legacy API even when
    ///     the driver has atomic).
    public init(path: String, atomic: Bool = true) throws(DRMError) {
        let card: FileDescriptor
        do throws(SystemError) {
            card = try FileDescriptor.open(path, .readWrite)
        } catch {
            throw .open(path: path, errno: error.errno)
        }
        // From here on a failure throws, and `card` closes as it goes out of scope.
        let fd = card.rawValue
        switch nonNullCall({ drmGetVersion(fd) }) {
        case .success(let version):
            driver = version.pointee.name.map { String(cString: $0) } ?? "unknown"
            drmFreeVersion(version)
        case .failure(let e):
            // drmGetVersion fails with ENOTTY/EINVAL on anything that is not a DRM node.
            throw .call("drmGetVersion", path: path, errno: e)
        }

        var dumb: UInt64 = 0
        if case .failure(let e) = systemCall({ drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) }) {
            throw .call("drmGetCap(DRM_CAP_DUMB_BUFFER)", path: path, errno: e)
        }
        guard dumb != 0 else { throw .noDumbBuffers(path: path, driver: driver) }
        // Both capabilities are optional: a driver without them still works through the legacy
        // API, so a refusal is remembered, not thrown.
        hasUniversalPlanes = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0
        supportsAtomic = atomic && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
        self.path = path
        descriptor = consume card
    }

    /// Closes the descriptor (once; later calls do nothing). Closing the last descriptor of a
    /// card drops DRM master and lets the kernel's console take the display back. What
    /// `close(2)` says is not reported: a device node has no data to write back, and the kernel
    /// releases the card whatever it returns.
    public func close() {
        descriptor = nil
    }

    /// Maps `length` bytes of the card's memory at `offset` (a dumb buffer's map offset).
    func mapMemory(offset: UInt64, length: Int) throws(SystemError) -> MemoryMapping {
        switch descriptor {
        case .some(let card): return try MemoryMapping(sharing: card, offset: offset, length: length)
        case .none: throw SystemError(call: "mmap", path: path, errno: .badFileDescriptor)
        }
    }

    /// Reads every connector, encoder, CRTC and plane into a value snapshot.
    public func resources() throws(DRMError) -> DisplayResources {
        let fd = rawDescriptor
        let res: drmModeResPtr
        switch nonNullCall({ drmModeGetResources(fd) }) {
        case .success(let got): res = got
        case .failure(let e): throw .call("drmModeGetResources", path: path, errno: e)
        }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        let connectorIDs = Array(UnsafeBufferPointer(start: r.connectors, count: Int(r.count_connectors)))
        let encoderIDs = Array(UnsafeBufferPointer(start: r.encoders, count: Int(r.count_encoders)))
        let crtcIDs = Array(UnsafeBufferPointer(start: r.crtcs, count: Int(r.count_crtcs)))

        var connectors: [Connector] = []
        for id in connectorIDs {
            // drmModeGetConnector probes the sink (reads EDID) the way the console does.
            let c: drmModeConnectorPtr
            switch nonNullCall({ drmModeGetConnector(fd, id) }) {
            case .success(let got): c = got
            case .failure(let e): throw .call("drmModeGetConnector", path: path, errno: e)
            }
            defer { drmModeFreeConnector(c) }
            let status: ConnectionStatus
            switch c.pointee.connection {
            case DRM_MODE_CONNECTED: status = .connected
            case DRM_MODE_DISCONNECTED: status = .disconnected
            default: status = .unknown
            }
            connectors.append(
                Connector(
                    id: id, type: c.pointee.connector_type, typeIndex: c.pointee.connector_type_id, status: status,
                    modes: UnsafeBufferPointer(start: c.pointee.modes, count: Int(c.pointee.count_modes)).map(
                        DisplayMode.init),
                    encoderIDs: Array(
                        UnsafeBufferPointer(start: c.pointee.encoders, count: Int(c.pointee.count_encoders))),
                    currentEncoderID: c.pointee.encoder_id == 0 ? nil : c.pointee.encoder_id,
                    widthMillimetres: Int(c.pointee.mmWidth), heightMillimetres: Int(c.pointee.mmHeight),
                    properties: propertyIDs(object: id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR)).ids))
        }
        var encoders: [Encoder] = []
        for id in encoderIDs {
            let e: drmModeEncoderPtr
            switch nonNullCall({ drmModeGetEncoder(fd, id) }) {
            case .success(let got): e = got
            case .failure(let error): throw .call("drmModeGetEncoder", path: path, errno: error)
            }
            defer { drmModeFreeEncoder(e) }
            encoders.append(
                Encoder(
                    id: id, currentCRTCID: e.pointee.crtc_id == 0 ? nil : e.pointee.crtc_id,
                    possibleCRTCs: e.pointee.possible_crtcs))
        }
        var crtcs: [CRTC] = []
        for id in crtcIDs {
            guard let saved = try crtcState(id: id) else { continue }
            var crtc = saved
            crtc.properties = propertyIDs(object: id, type: UInt32(DRM_MODE_OBJECT_CRTC)).ids
            crtcs.append(crtc)
        }
        return DisplayResources(connectors: connectors, encoders: encoders, crtcs: crtcs, planes: try planes())
    }

    /// A CRTC's current configuration (`drmModeGetCrtc`): framebuffer, position and mode.
    public func crtcState(id: UInt32) throws(DRMError) -> CRTC? {
        let fd = rawDescriptor
        let c: drmModeCrtcPtr
        switch nonNullCall({ drmModeGetCrtc(fd, id) }) {
        case .success(let got): c = got
        case .failure(let e) where e == .noSuchFile: return nil
        case .failure(let e): throw .call("drmModeGetCrtc", path: path, errno: e)
        }
        defer { drmModeFreeCrtc(c) }
        return CRTC(
            id: id, framebufferID: c.pointee.buffer_id,
            mode: c.pointee.mode_valid != 0 ? DisplayMode(c.pointee.mode) : nil, x: c.pointee.x, y: c.pointee.y)
    }

    private func planes() throws(DRMError) -> [Plane] {
        let fd = rawDescriptor
        let res: drmModePlaneResPtr
        switch nonNullCall({ drmModeGetPlaneResources(fd) }) {
        case .success(let got): res = got
        // Drivers without planes (pre-universal-plane ones) answer EINVAL/ENOSYS: no planes.
        case .failure(let e) where e == .invalidArgument || e == .notImplemented || e == .notSupported: return []
        case .failure(let e): throw .call("drmModeGetPlaneResources", path: path, errno: e)
        }
        defer { drmModeFreePlaneResources(res) }
        var planes: [Plane] = []
        for id in UnsafeBufferPointer(start: res.pointee.planes, count: Int(res.pointee.count_planes)) {
            let p: drmModePlanePtr
            switch nonNullCall({ drmModeGetPlane(fd, id) }) {
            case .success(let got): p = got
            case .failure(let e): throw .call("drmModeGetPlane", path: path, errno: e)
            }
            defer { drmModeFreePlane(p) }
            let props = propertyIDs(object: id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            let type: PlaneType
            switch props.values["type"] {
            case UInt64(DRM_PLANE_TYPE_PRIMARY): type = .primary
            case UInt64(DRM_PLANE_TYPE_CURSOR): type = .cursor
            default: type = .overlay
            }
            planes.append(
                Plane(
                    id: id, type: type, possibleCRTCs: p.pointee.possible_crtcs,
                    currentCRTCID: p.pointee.crtc_id == 0 ? nil : p.pointee.crtc_id, framebufferID: p.pointee.fb_id,
                    formats: Array(UnsafeBufferPointer(start: p.pointee.formats, count: Int(p.pointee.count_formats))),
                    properties: props.ids))
        }
        return planes
    }

    /// An object's current property values by name (`DRM_MODE_OBJECT_CRTC`, `…_CONNECTOR`,
    /// `…_PLANE`); empty when it has none or is gone.
    public func propertyValues(object: UInt32, type: UInt32) -> [String: UInt64] {
        propertyIDs(object: object, type: type).values
    }

    /// An object's properties: name → id, and name → current value. Empty when the driver has
    /// none to report (properties are only needed for atomic commits).
    private func propertyIDs(object: UInt32, type: UInt32) -> (ids: [String: UInt32], values: [String: UInt64]) {
        let fd = rawDescriptor
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return ([:], [:]) }
        defer { drmModeFreeObjectProperties(props) }
        var ids: [String: UInt32] = [:]
        var values: [String: UInt64] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let property = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            ids[name] = property.pointee.prop_id
            values[name] = props.pointee.prop_values[i]
        }
        return (ids, values)
    }
}

extension DisplayMode {
    /// The kernel's mode as a value.
    init(_ m: drmModeModeInfo) {
        let name = withUnsafeBytes(of: m.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        self.init(
            clock: m.clock, hdisplay: m.hdisplay, hsyncStart: m.hsync_start, hsyncEnd: m.hsync_end, htotal: m.htotal,
            hskew: m.hskew, vdisplay: m.vdisplay, vsyncStart: m.vsync_start, vsyncEnd: m.vsync_end, vtotal: m.vtotal,
            vscan: m.vscan, vrefresh: m.vrefresh, flags: m.flags, type: m.type, name: name)
    }

    /// The value as the kernel's struct, for `drmModeSetCrtc` and the `MODE_ID` blob.
    var modeInfo: drmModeModeInfo {
        var m = drmModeModeInfo()
        m.clock = clock
        m.hdisplay = hdisplay
        m.hsync_start = hsyncStart
        m.hsync_end = hsyncEnd
        m.htotal = htotal
        m.hskew = hskew
        m.vdisplay = vdisplay
        m.vsync_start = vsyncStart
        m.vsync_end = vsyncEnd
        m.vtotal = vtotal
        m.vscan = vscan
        m.vrefresh = vrefresh
        m.flags = flags
        m.type = type
        withUnsafeMutableBytes(of: &m.name) { buffer in
            // Keep a terminating NUL: the kernel prints the name as a C string.
            for (i, byte) in name.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        return m
    }
}

/// Finding the cards.
public enum CardDiscovery {
    public static let defaultDirectory = "/dev/dri"

    /// `card0` or `/dev/dri/card0` → `/dev/dri/card0`; any other path is used as given.
    public static func path(for card: String, directory: String = defaultDirectory) -> String {
        card.contains("/") ? card : "\(directory)/\(card)"
    }

    /// The `card*` nodes of `directory`, card2 before card10. Throws
    /// ``DRMError/noDRIDirectory(path:)`` when the directory does not exist.
    public static func cardPaths(in directory: String = defaultDirectory) throws(DRMError) -> [String] {
        let names: [String]
        do throws(SystemError) {
            names = try listDirectory(directory).filter(isCardName)
        } catch {
            if error.errno == .noSuchFile { throw .noDRIDirectory(path: directory) }
            throw .listDirectory(path: directory, errno: error.errno)
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return names.sorted(by: cardOrder).map { "\(base)/\($0)" }
    }

    /// `card` and a number: the primary (KMS-capable) nodes, not `renderD128` or `by-path`.
    public static func isCardName(_ name: String) -> Bool {
        name.hasPrefix("card") && Int(name.dropFirst(4)) != nil
    }

    static func cardOrder(_ a: String, _ b: String) -> Bool {
        (Int(a.dropFirst(4)) ?? Int.max, a) < (Int(b.dropFirst(4)) ?? Int.max, b)
    }
}
