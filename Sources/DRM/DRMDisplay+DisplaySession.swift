import CDRM
import LinuxIO
import Presentation

/// What the panel's loop needs beyond painting (Presentation's ``DisplaySession``): the VT
/// signals, blanking, and a close that puts back what was on screen.
extension DRMDisplay: DisplaySession {
    /// SIGUSR1 and SIGUSR2 (the VT switch signals), always: the loop blocks them before
    /// ``attachVirtualTerminal(tty:)`` takes the VT, and blocking them costs nothing without one.
    public var signals: [Int32] { VirtualTerminal.signals }

    /// ``handleVTSignal(_:)`` for the loop: true when the display is back and everything must be
    /// repainted. A failure (master not regained, the VT refusing the switch) is kept in
    /// ``lastVTError`` and thrown: the display stays inactive, and the loop ends rather than run
    /// a dark panel that systemd's watchdog would keep believing alive.
    public func handleSignal(_ signal: Int32) throws(DisplayError) -> Bool {
        do throws(DRMError) {
            return try handleVTSignal(signal) == .acquired
        } catch {
            lastVTError = error
            throw error.displayError
        }
    }

    /// Turns the CRTC off (the panel dark; most panel drivers switch the backlight off with it)
    /// or back on showing the last frame. Atomic drivers get `ACTIVE` = 0/1; legacy ones the
    /// connector's `DPMS` property, else the CRTC is disabled and set again. The buffers keep
    /// their contents, so turning on needs no repaint. No buffer is handed out while off.
    public func setPoweredOff(_ off: Bool) throws(DisplayError) {
        guard off != isPoweredOff, !isClosed else { return }
        // A flip in flight completes first: a commit that turns the CRTC off would be refused
        // (EBUSY) while it is pending, and its event tells which buffer is on screen.
        waitForPendingFlip()
        guard isActive else {
            // Another VT has the display; the state is applied when it comes back.
            isPoweredOff = off
            return
        }
        if case .failure(let error) = off ? powerOff() : powerOn() { throw error.displayError }
        isPoweredOff = off
    }

    /// The kernel's view of blanking, for diagnostics: the CRTC's `ACTIVE` (listed to atomic
    /// clients only) and the connector's `DPMS` (0 on, 3 off). Some devices do not show
    /// blanking on the glass (QEMU's bochs-display keeps showing the framebuffer), so tests
    /// look here too.
    public func reportedPowerState() -> (crtcActive: Bool?, dpms: UInt64?) {
        guard !isClosed else { return (nil, nil) }
        let crtc = card.propertyValues(object: plan.crtc.id, type: UInt32(DRM_MODE_OBJECT_CRTC))
        let connector = card.propertyValues(object: plan.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        return (crtc["ACTIVE"].map { $0 != 0 }, connector["DPMS"])
    }

    /// Programs the CRTC off.
    func powerOff() -> Result<Void, DRMError> {
        let fd = card.rawDescriptor
        if let p = atomicProperties {
            guard let request = AtomicRequest() else {
                return .failure(.call("drmModeAtomicAlloc", path: path, errno: .outOfMemory))
            }
            request.add(plan.crtc.id, p.crtcActive, 0)
            return request.commit(fd: fd, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), userData: nil)
                .mapError { modeSetError("drmModeAtomicCommit(ACTIVE=0)", $0) }
        }
        if let dpms = plan.connector.properties["DPMS"] {
            return negativeErrnoCall {
                drmModeConnectorSetProperty(fd, plan.connector.id, dpms, UInt64(DRM_MODE_DPMS_OFF))
            }.map { _ in () }.mapError { modeSetError("drmModeConnectorSetProperty(DPMS off)", $0) }
        }
        return negativeErrnoCall { drmModeSetCrtc(fd, plan.crtc.id, 0, 0, 0, nil, 0, nil) }.map { _ in () }
            .mapError { modeSetError("drmModeSetCrtc(off)", $0) }
    }

    /// Programs the CRTC on again, showing the buffer that was on screen.
    func powerOn() -> Result<Void, DRMError> {
        if atomicProperties == nil, let dpms = plan.connector.properties["DPMS"], !needsModeSet {
            let fd = card.rawDescriptor
            return negativeErrnoCall {
                drmModeConnectorSetProperty(fd, plan.connector.id, dpms, UInt64(DRM_MODE_DPMS_ON))
            }.map { _ in () }.mapError { modeSetError("drmModeConnectorSetProperty(DPMS on)", $0) }
        }
        guard let front = chain.front else {
            // Nothing of ours was shown yet: the first present sets the mode.
            needsModeSet = true
            return .success(())
        }
        let result = setMode(buffer: front, withEvent: false)
        if case .success = result { needsModeSet = false }
        return result
    }
}
