import CDRM
import LinuxIO
import Presentation
import Raster

/// A real display through DRM/KMS: two dumb buffers, flipped at vblank, with the kernel's
/// page-flip events as the presentation clock. Behaves through `DisplayOutput` as
/// Presentation's `HeadlessDisplay` does (same buffer choice and ages).
///
/// ```swift
/// let display = try DRMDisplay.open(card: nil, connector: nil, mode: nil, format: .xrgb8888)
/// defer { display.close() }
/// let signals = try SignalDescriptor(signals: SignalDescriptor.termination + VirtualTerminal.signals)
/// if let warning = display.attachVirtualTerminal() { print(warning) }
/// // loop: poll display.pollDescriptor and signals; dispatchEvents(now:), composeFrame(…),
/// // handleVTSignal(_:) for SIGUSR1/SIGUSR2 (invalidateAll() when it says .acquired).
/// ```
///
/// It is also Presentation's `DisplaySession` (signals, blanking, close) for the panel's loop.
///
/// The mode is set by the first ``present(_:damage:now:)`` with that frame (no black flash
/// before the panel appears); later frames are page flips. ``close()`` puts back the CRTC
/// configuration found at open — what the console or the previous program showed.
public final class DRMDisplay: DisplayOutput {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    public let refreshRate: Double
    public internal(set) var isActive = true
    /// The card, its driver and what was chosen on it.
    public let card: Card
    public let plan: DisplayPlan
    /// Whether mode sets and flips are atomic commits (else `drmModeSetCrtc`/`drmModePageFlip`).
    public let usesAtomic: Bool
    /// The CRTC's configuration at open (framebuffer, position, mode), which ``close()`` restores.
    public let savedCRTC: CRTC
    /// The connectors that the CRTC drove at open.
    public let savedConnectorIDs: [UInt32]
    /// Set when every buffer's contents are lost (at open, after a VT switch back): the loop
    /// should invalidate its whole picture (`FrameComposer.invalidateAll()`). Cleared by the next
    /// ``present(_:damage:now:)``.
    public internal(set) var needsFullRepaint = true
    /// The VT this display switches with, nil when it runs without VT handling.
    public internal(set) var virtualTerminal: VirtualTerminal?

    private let buffers: [DumbBuffer]
    var chain: SwapChain
    let atomicProperties: AtomicProperties?
    private let modeBlob: PropertyBlob?
    /// Where the flip-event handler records flips (see shim.h); owned by this object.
    private let collector: UnsafeMutablePointer<cdrm_flip_collector>
    /// The next present (or power-on) must set the whole mode: nothing was shown since open, or
    /// the display was blanked while another VT had it.
    var needsModeSet = true
    /// Whether this display has changed the CRTC (so ``close()`` must restore it).
    private var changedCRTC = false
    /// A legacy mode set shows its frame at once without an event: reported by the next dispatch.
    private var completedWithoutEvent: (time: Double, sequence: UInt64)?
    private var lastSequence: UInt64 = 0
    private(set) var isClosed = false
    /// Whether ``setPoweredOff(_:)`` turned the CRTC off.
    public internal(set) var isPoweredOff = false
    /// The last VT switch that failed through ``handleSignal(_:)`` (which cannot throw).
    public internal(set) var lastVTError: DRMError?

    /// The card's descriptor: readable when a flip completed.
    public var pollDescriptor: Int32? { isClosed ? nil : card.rawDescriptor }
    /// Due at once after a legacy mode set (whose completion has no event), else nil: flips
    /// report through ``pollDescriptor``.
    public var nextEventDeadline: Double? { completedWithoutEvent?.time }
    /// The buffer on screen, nil before the first frame.
    public var frontBufferIndex: Int? { chain.front }
    public var path: String { card.path }
    /// `display /dev/dri/card0 (vc4), HDMI-A-1 800x480@60 XRGB8888, atomic mode setting`: the log's line at start.
    public var summary: String {
        "display \(path) (\(card.driver)), \(plan.connector.name) \(width)x\(height)@"
            + "\(Int(refreshRate.rounded())) \(format.rawValue), \(usesAtomic ? "atomic" : "legacy") mode setting"
    }

    private init(
        card: Card, plan: DisplayPlan, format: PixelFormat, buffers: [DumbBuffer], atomic: AtomicProperties?,
        modeBlob: PropertyBlob?, savedConnectorIDs: [UInt32]
    ) {
        self.card = card
        self.plan = plan
        self.format = format
        self.buffers = buffers
        self.atomicProperties = atomic
        self.usesAtomic = atomic != nil
        self.modeBlob = modeBlob
        self.savedCRTC = plan.crtc
        self.savedConnectorIDs = savedConnectorIDs
        width = plan.mode.width
        height = plan.mode.height
        refreshRate = plan.mode.refreshRate
        chain = SwapChain(count: buffers.count)
        collector = .allocate(capacity: 1)
        collector.initialize(to: cdrm_flip_collector())
    }

    deinit {
        close()
        collector.deallocate()
    }

    /// Opens a display.
    ///
    /// - Parameters:
    ///   - card: a card path (`/dev/dri/card0`) or name (`card0`); nil: the first card with a
    ///     connected connector.
    ///   - connector: a connector name (`HDMI-A-1`); nil: the first connected.
    ///   - mode: the mode to set (parsed from `WIDTHxHEIGHT[@HZ]` by `ModeRequest`); nil: the
    ///     connector's preferred mode.
    ///   - format: the framebuffer's pixel format; it must be one the primary plane scans out.
    ///   - api: atomic or legacy mode setting (automatic: atomic when the driver has it).
    ///   - directory: where cards are looked for.
    public static func open(
        card: String?, connector: String?, mode: ModeRequest?, format: PixelFormat, api: ModeSettingAPI = .automatic,
        directory: String = CardDiscovery.defaultDirectory
    ) throws(DRMError) -> DRMDisplay {
        let wantAtomic = api != .legacy
        let (opened, resources) = try openCard(card, directory: directory, atomic: wantAtomic)
        let path = opened.path
        if api == .atomic && !opened.supportsAtomic {
            throw .call("drmSetClientCap(DRM_CLIENT_CAP_ATOMIC)", path: path, errno: .notSupported)
        }
        let plan = try DisplaySelection.plan(
            resources: resources, path: path, connector: connector, mode: mode, format: format,
            requirePrimaryPlane: opened.supportsAtomic && api == .atomic)
        var atomic: AtomicProperties?
        if opened.supportsAtomic {
            switch AtomicProperties.lookUp(plan) {
            case .success(let properties): atomic = properties
            case .failure(let missing):
                if api == .atomic {
                    throw .call(
                        "atomic properties (missing \(missing.names.joined(separator: ", ")))", path: path,
                        errno: .notSupported)
                }
            // Automatic: the legacy API needs none of them.
            }
        }

        // Master before anything that changes the card: the first opener of a card without a
        // master already is one, and then this is a no-op; with a compositor running it fails.
        if case .failure(let e) = systemCall({ drmSetMaster(opened.rawDescriptor) }) {
            if e == .busy || e == .permissionDenied || e == .notPermitted {
                throw .notMaster(call: "drmSetMaster", path: path, errno: e)
            }
            throw .call("drmSetMaster", path: path, errno: e)
        }

        // Which connectors the CRTC feeds now, to put them back at close.
        let savedConnectors = resources.connectors.filter { c in
            c.currentEncoderID.flatMap(resources.encoder(id:))?.currentCRTCID == plan.crtc.id
        }.map(\.id)

        var buffers: [DumbBuffer] = []
        for _ in 0..<2 {
            buffers.append(
                try DumbBuffer(card: opened, width: plan.mode.width, height: plan.mode.height, format: format))
        }
        var blob: PropertyBlob?
        if atomic != nil {
            switch PropertyBlob.make(card: opened, [plan.mode.modeInfo]) {
            case .success(let made): blob = made
            case .failure(let e): throw .call("drmModeCreatePropertyBlob(MODE_ID)", path: path, errno: e)
            }
        }
        let display = DRMDisplay(
            card: opened, plan: plan, format: format, buffers: buffers, atomic: atomic, modeBlob: blob,
            savedConnectorIDs: savedConnectors)
        // Atomic drivers can check the whole configuration now, so a mode or format the hardware
        // cannot do fails here rather than at the first frame.
        if atomic != nil {
            if case .failure(let e) = display.atomicModeSet(buffer: 0, flags: UInt32(DRM_MODE_ATOMIC_TEST_ONLY)) {
                display.close()
                throw display.modeSetError("drmModeAtomicCommit(TEST_ONLY)", e)
            }
        }
        return display
    }

    /// Opens the configured card, or scans the directory for the first with a connected connector.
    private static func openCard(_ configured: String?, directory: String, atomic: Bool) throws(DRMError) -> (
        Card, DisplayResources
    ) {
        if let configured {
            let card = try Card(path: CardDiscovery.path(for: configured, directory: directory), atomic: atomic)
            return (card, try card.resources())
        }
        var opened: [String: (Card, DisplayResources)] = [:]
        var scanned: [DisplaySelection.ScannedCard] = []
        for path in try CardDiscovery.cardPaths(in: directory) {
            do throws(DRMError) {
                let card = try Card(path: path, atomic: atomic)
                let resources = try card.resources()
                opened[path] = (card, resources)
                scanned.append(.init(path: path, resources: .success(resources)))
            } catch {
                scanned.append(.init(path: path, resources: .failure(error)))
            }
        }
        // The cards not chosen are closed when `opened` goes away.
        let chosen = try DisplaySelection.chooseCard(from: scanned, directory: directory)
        return opened[chosen.path]!
    }

    // MARK: DisplayOutput

    public func acquireBuffer() -> DisplayBuffer? {
        guard isActive, !isPoweredOff, !isClosed, let (index, age) = chain.nextBuffer() else { return nil }
        return DisplayBuffer(index: index, surface: buffers[index].surface, age: age)
    }

    public func present(_ buffer: DisplayBuffer, damage: [IntRect], now: Double) throws(DisplayError) {
        guard !isClosed, isActive, !isPoweredOff else { throw DRMError.inactive(path: path).displayError }
        guard chain.pending == nil else { throw DRMError.flipPending(path: path).displayError }
        guard buffers.indices.contains(buffer.index), buffer.surface.base == buffers[buffer.index].surface.base else {
            throw DisplayError(
                call: "present", errno: SystemErrno.invalidArgument.rawValue,
                message: "\(path): buffer \(buffer.index) is not one of this display's")
        }
        let upload = chain.queue(buffer.index, damage: damage)
        let result: Result<Void, DRMError>
        if needsModeSet {
            result = setMode(buffer: buffer.index, withEvent: true)
            if case .success = result { needsModeSet = false }
        } else if usesAtomic {
            result = atomicFlip(buffer: buffer.index, upload: upload)
        } else {
            result = legacyFlip(buffer: buffer.index, upload: upload)
        }
        if case .failure(let error) = result {
            chain.cancelPending()
            throw error.displayError
        }
        needsFullRepaint = false
    }

    public func dispatchEvents(now: Double) throws(DisplayError) -> [PresentedFrame] {
        var frames: [PresentedFrame] = []
        if let done = completedWithoutEvent {
            completedWithoutEvent = nil
            if let index = chain.complete() {
                frames.append(PresentedFrame(bufferIndex: index, time: done.time, sequence: done.sequence))
            }
        }
        guard !isClosed else { return frames }
        // drmHandleEvent reads the descriptor, which blocks when nothing is queued: look first.
        guard let handle = card.pollHandle, let ready = try? waitForReadable([handle], timeout: 0), !ready.isEmpty
        else {
            return frames
        }
        collector.pointee.count = 0
        if case .failure(let e) = systemCall({ cdrm_read_flip_events(card.rawDescriptor) }), e != .wouldBlock {
            throw DRMError.call("drmHandleEvent", path: path, errno: e).displayError
        }
        let events = withUnsafeBytes(of: collector.pointee.events) { raw in
            Array(raw.bindMemory(to: cdrm_flip_event.self).prefix(Int(collector.pointee.count)))
        }
        for event in events where event.crtc_id == plan.crtc.id || event.crtc_id == 0 {
            lastSequence = UInt64(event.sequence)
            guard let index = chain.complete() else { continue }
            let time = Double(event.tv_sec) + Double(event.tv_usec) / 1_000_000
            frames.append(PresentedFrame(bufferIndex: index, time: time, sequence: UInt64(event.sequence)))
        }
        return frames
    }

    // MARK: Mode setting and flips

    /// Programs the CRTC to show `buffer` in the plan's mode, blocking until it is on screen.
    /// With `withEvent` the completion is reported by ``dispatchEvents(now:)`` like a flip.
    func setMode(buffer: Int, withEvent: Bool) -> Result<Void, DRMError> {
        if atomicProperties != nil {
            let flags = UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) | (withEvent ? UInt32(DRM_MODE_PAGE_FLIP_EVENT) : 0)
            if case .failure(let e) = atomicModeSet(buffer: buffer, flags: flags) {
                return .failure(modeSetError("drmModeAtomicCommit(ALLOW_MODESET)", e))
            }
        } else {
            var connectorID = plan.connector.id
            var mode = plan.mode.modeInfo
            let fb = buffers[buffer].framebufferID
            let fd = card.rawDescriptor
            if case .failure(let e) = negativeErrnoCall({
                drmModeSetCrtc(fd, plan.crtc.id, fb, 0, 0, &connectorID, 1, &mode)
            }) {
                return .failure(modeSetError("drmModeSetCrtc", e))
            }
            // drmModeSetCrtc returns once the new framebuffer is being scanned out; there is no
            // event for it, so the completion is reported at the next dispatch.
            if withEvent { completedWithoutEvent = (monotonicNow(), lastSequence) }
        }
        changedCRTC = true
        return .success(())
    }

    /// A mode-setting EACCES means another process is master (a VT switch this process did not
    /// take part in, or a compositor).
    func modeSetError(_ call: String, _ e: SystemErrno) -> DRMError {
        e == .permissionDenied ? .notMaster(call: call, path: path, errno: e) : .call(call, path: path, errno: e)
    }

    /// One atomic commit of the whole configuration: connector → CRTC, the mode, active, and the
    /// primary plane covering the screen with `buffer`; other planes on the CRTC turned off.
    private func atomicModeSet(buffer: Int, flags: UInt32) -> Result<Void, SystemErrno> {
        guard let p = atomicProperties, let plane = plan.primaryPlane, let modeBlob, let request = AtomicRequest()
        else { return .failure(.outOfMemory) }
        let crtc = plan.crtc.id
        request.add(plan.connector.id, p.connectorCRTC, UInt64(crtc))
        request.add(crtc, p.crtcMode, UInt64(modeBlob.id))
        request.add(crtc, p.crtcActive, 1)
        addPlane(request, plane: plane.id, buffer: buffer)
        for other in p.planesToDisable {
            request.add(other.plane, other.framebuffer, 0)
            request.add(other.plane, other.crtc, 0)
        }
        return request.commit(fd: card.rawDescriptor, flags: flags, userData: UnsafeMutableRawPointer(collector))
    }

    private func addPlane(_ request: AtomicRequest, plane: UInt32, buffer: Int) {
        guard let p = atomicProperties else { return }
        let w = UInt64(width)
        let h = UInt64(height)
        request.add(plane, p.planeFramebuffer, UInt64(buffers[buffer].framebufferID))
        request.add(plane, p.planeCRTC, UInt64(plan.crtc.id))
        // Source rectangle in 16.16 fixed point, destination in pixels: the whole buffer, 1:1.
        request.add(plane, p.planeSource.x, 0)
        request.add(plane, p.planeSource.y, 0)
        request.add(plane, p.planeSource.width, w << 16)
        request.add(plane, p.planeSource.height, h << 16)
        request.add(plane, p.planeDestination.x, 0)
        request.add(plane, p.planeDestination.y, 0)
        request.add(plane, p.planeDestination.width, w)
        request.add(plane, p.planeDestination.height, h)
    }

    /// Queues `buffer` for the next vblank as a non-blocking atomic commit with a flip event.
    /// `upload` goes along as `FB_DAMAGE_CLIPS`: what changed in this buffer since the kernel
    /// last read it (nil: everything, the property is left out).
    private func atomicFlip(buffer: Int, upload: [IntRect]?) -> Result<Void, DRMError> {
        guard let p = atomicProperties, let plane = plan.primaryPlane, let request = AtomicRequest() else {
            return .failure(.call("drmModeAtomicAlloc", path: path, errno: .outOfMemory))
        }
        request.add(plane.id, p.planeFramebuffer, UInt64(buffers[buffer].framebufferID))
        var clips: PropertyBlob?
        if let property = p.planeDamageClips, let upload, !upload.isEmpty {
            let rects = upload.map {
                drm_mode_rect(x1: Int32($0.minX), y1: Int32($0.minY), x2: Int32($0.maxX), y2: Int32($0.maxY))
            }
            // Without the blob the driver uploads everything: slower, still right.
            if case .success(let blob) = PropertyBlob.make(card: card, rects) {
                clips = blob
                request.add(plane.id, property, UInt64(blob.id))
            }
        }
        let flags = UInt32(DRM_MODE_ATOMIC_NONBLOCK) | UInt32(DRM_MODE_PAGE_FLIP_EVENT)
        let result = request.commit(fd: card.rawDescriptor, flags: flags, userData: UnsafeMutableRawPointer(collector))
        withExtendedLifetime(clips) {}
        return result.mapError { e in modeSetError("drmModeAtomicCommit(NONBLOCK)", e) }
    }

    /// Queues `buffer` with `drmModePageFlip`, then tells drivers that copy framebuffers what
    /// changed in it (`drmModeDirtyFB`; drivers that scan out directly answer ENOSYS).
    private func legacyFlip(buffer: Int, upload: [IntRect]?) -> Result<Void, DRMError> {
        let fd = card.rawDescriptor
        let fb = buffers[buffer].framebufferID
        if case .failure(let e) = negativeErrnoCall({
            drmModePageFlip(fd, plan.crtc.id, fb, UInt32(DRM_MODE_PAGE_FLIP_EVENT), UnsafeMutableRawPointer(collector))
        }) {
            return .failure(modeSetError("drmModePageFlip", e))
        }
        // Measured on virtio-gpu (the one driver here with a dirty callback): the flip alone
        // uploads and shows the whole buffer, and drmModeDirtyFB after it waits for the flip to
        // complete. It is still sent, for legacy drivers whose flips do not upload, until the
        // driver says it has no use for it (ENOSYS: it scans the buffer out directly).
        guard !dirtyUnsupported else { return .success(()) }
        let rects = upload ?? [IntRect(x: 0, y: 0, width: width, height: height)]
        var clips = rects.map {
            drm_clip_rect(
                x1: UInt16(clamping: $0.minX), y1: UInt16(clamping: $0.minY), x2: UInt16(clamping: $0.maxX),
                y2: UInt16(clamping: $0.maxY))
        }
        if !clips.isEmpty,
            case .failure(let e) = negativeErrnoCall({ drmModeDirtyFB(fd, fb, &clips, UInt32(clips.count)) })
        {
            if e == .notImplemented || e == .notSupported {
                dirtyUnsupported = true
            } else {
                // The flip is queued and will complete; a failed dirty call only risks a stale region.
                lastDirtyError = .call("drmModeDirtyFB", path: path, errno: e)
            }
        }
        return .success(())
    }

    /// The driver answered drmModeDirtyFB with ENOSYS/EOPNOTSUPP: it is not called again.
    private var dirtyUnsupported = false

    /// The last `drmModeDirtyFB` failure other than "not needed by this driver", for diagnostics.
    public private(set) var lastDirtyError: DRMError?

    // MARK: Closing

    /// What went wrong while closing (a restore the kernel refused), for the loop to log; empty
    /// when everything was put back.
    public private(set) var closeProblems: [DRMError] = []

    /// Restores the CRTC found at open, frees the buffers, gives the VT back to the console and
    /// closes the card — in that order (removing a framebuffer that is on screen would turn the
    /// CRTC off). Once; later calls (and deinit) do nothing. Never throws: whatever went wrong is
    /// kept in ``closeProblems``, and the rest is still released.
    public func close() {
        guard !isClosed else { return }
        var problems: [DRMError] = []
        // Let a queued flip land first: the restore then does not race it.
        waitForPendingFlip()
        if changedCRTC && isActive {
            if case .failure(let e) = restoreCRTC() { problems.append(e) }
        }
        isClosed = true
        for buffer in buffers { buffer.release() }
        modeBlob?.destroy()
        virtualTerminal?.restore()
        virtualTerminal = nil
        card.close()
        closeProblems = problems
    }

    /// Waits (at most half a second) for a queued flip's event, so that the bookkeeping knows
    /// which buffer is on screen before the display is reprogrammed. Its frame is not reported:
    /// the caller is about to replace what is shown.
    func waitForPendingFlip() {
        guard chain.pending != nil, completedWithoutEvent == nil else { return }
        let deadline = monotonicNow() + 0.5
        while chain.pending != nil && monotonicNow() < deadline {
            if let handle = card.pollHandle { _ = try? waitForReadable([handle], timeout: 0.05) }
            _ = try? dispatchEvents(now: monotonicNow())
        }
    }

    /// `drmModeSetCrtc` with the saved framebuffer, position, mode and connectors — or turns the
    /// CRTC off when it was off.
    private func restoreCRTC() -> Result<Void, DRMError> {
        let fd = card.rawDescriptor
        let saved = savedCRTC
        var connectors = savedConnectorIDs.isEmpty ? [plan.connector.id] : savedConnectorIDs
        let result: Result<Int32, SystemErrno>
        if var mode = saved.mode?.modeInfo, saved.framebufferID != 0 {
            let count = Int32(connectors.count)
            result = negativeErrnoCall {
                drmModeSetCrtc(fd, saved.id, saved.framebufferID, saved.x, saved.y, &connectors, count, &mode)
            }
        } else {
            result = negativeErrnoCall { drmModeSetCrtc(fd, saved.id, 0, 0, 0, nil, 0, nil) }
        }
        return result.map { _ in () }.mapError { .call("drmModeSetCrtc (restore)", path: path, errno: $0) }
    }
}
