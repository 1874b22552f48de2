import CDRM
import LinuxIO

/// Which kernel interface programs the display.
public enum ModeSettingAPI: String, CaseIterable, Hashable, Sendable {
    /// Atomic when the driver accepts `DRM_CLIENT_CAP_ATOMIC`, else legacy.
    case automatic = "auto"
    /// Atomic commits only (fails on drivers without it).
    case atomic
    /// `drmModeSetCrtc` and `drmModePageFlip`, even on atomic drivers.
    case legacy
}

/// The property ids an atomic commit of ``DisplayPlan`` sets, looked up once. Nil when the
/// driver lacks one (then only the legacy API can drive it).
struct AtomicProperties {
    let connectorCRTC: UInt32
    let crtcMode: UInt32
    let crtcActive: UInt32
    let planeFramebuffer: UInt32
    let planeCRTC: UInt32
    let planeSource: (x: UInt32, y: UInt32, width: UInt32, height: UInt32)
    let planeDestination: (x: UInt32, y: UInt32, width: UInt32, height: UInt32)
    /// `FB_DAMAGE_CLIPS` (kernel 5.0+), nil when the plane has none: then every flip uploads
    /// the whole buffer on drivers that copy.
    let planeDamageClips: UInt32?
    /// Per plane to turn off: its `FB_ID` and `CRTC_ID` property ids.
    let planesToDisable: [(plane: UInt32, framebuffer: UInt32, crtc: UInt32)]

    /// The names of the properties `plan` needs and the driver does not list, or the ids.
    static func lookUp(_ plan: DisplayPlan) -> Result<AtomicProperties, MissingProperties> {
        var missing: [String] = []
        func id(_ table: [String: UInt32], _ name: String, _ owner: String) -> UInt32 {
            if let id = table[name] { return id }
            missing.append("\(owner).\(name)")
            return 0
        }
        guard let plane = plan.primaryPlane else { return .failure(MissingProperties(names: ["primary plane"])) }
        let c = plan.connector.properties
        let k = plan.crtc.properties
        let p = plane.properties
        let properties = AtomicProperties(
            connectorCRTC: id(c, "CRTC_ID", "connector"), crtcMode: id(k, "MODE_ID", "CRTC"),
            crtcActive: id(k, "ACTIVE", "CRTC"), planeFramebuffer: id(p, "FB_ID", "plane"),
            planeCRTC: id(p, "CRTC_ID", "plane"),
            planeSource: (
                id(p, "SRC_X", "plane"), id(p, "SRC_Y", "plane"), id(p, "SRC_W", "plane"), id(p, "SRC_H", "plane")
            ),
            planeDestination: (
                id(p, "CRTC_X", "plane"), id(p, "CRTC_Y", "plane"), id(p, "CRTC_W", "plane"), id(p, "CRTC_H", "plane")
            ),
            planeDamageClips: p["FB_DAMAGE_CLIPS"],
            planesToDisable: plan.planesToDisable.compactMap { other in
                guard let fb = other.properties["FB_ID"], let crtc = other.properties["CRTC_ID"] else { return nil }
                return (other.id, fb, crtc)
            })
        return missing.isEmpty ? .success(properties) : .failure(MissingProperties(names: missing))
    }

    struct MissingProperties: Error {
        var names: [String]
    }
}

/// One atomic commit being built (`drmModeAtomicReq`), freed when it goes away.
final class AtomicRequest {
    private let request: drmModeAtomicReqPtr
    /// The first `drmModeAtomicAddProperty` failure (only ENOMEM is possible), reported at commit.
    private var addFailure: SystemErrno?

    init?() {
        guard let request = drmModeAtomicAlloc() else { return nil }
        self.request = request
    }

    deinit { drmModeAtomicFree(request) }

    func add(_ object: UInt32, _ property: UInt32, _ value: UInt64) {
        if case .failure(let e) = negativeErrnoCall({ drmModeAtomicAddProperty(request, object, property, value) }) {
            addFailure = addFailure ?? e
        }
    }

    /// Commits with `flags` (`DRM_MODE_ATOMIC_*`, `DRM_MODE_PAGE_FLIP_EVENT`); `userData` comes
    /// back in the flip event.
    func commit(fd: Int32, flags: UInt32, userData: UnsafeMutableRawPointer?) -> Result<Void, SystemErrno> {
        if let addFailure { return .failure(addFailure) }
        return negativeErrnoCall { drmModeAtomicCommit(fd, request, flags, userData) }.map { _ in () }
    }
}

/// A property blob (`MODE_ID`'s mode, `FB_DAMAGE_CLIPS`'s rectangles), destroyed when it goes
/// away. A commit that uses a blob holds its own reference, so destroying it after the commit
/// returns is safe.
final class PropertyBlob {
    let id: UInt32
    private let card: Card
    private var destroyed = false

    private init(card: Card, id: UInt32) {
        self.card = card
        self.id = id
    }

    /// Creates a blob holding the bytes of `values`.
    static func make<T>(card: Card, _ values: [T]) -> Result<PropertyBlob, SystemErrno> {
        var id: UInt32 = 0
        let created = values.withUnsafeBytes { bytes in
            negativeErrnoCall { drmModeCreatePropertyBlob(card.rawDescriptor, bytes.baseAddress, bytes.count, &id) }
        }
        return created.map { _ in PropertyBlob(card: card, id: id) }
    }

    deinit { destroy() }

    /// Destroys the blob (once). After the card is closed the kernel has freed it already.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        if card.isOpen { drmModeDestroyPropertyBlob(card.rawDescriptor, id) }
    }
}
