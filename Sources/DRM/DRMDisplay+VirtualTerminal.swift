import CDRM
import LinuxIO

/// VT switching: the display is handed over when the user switches virtual terminals (the
/// release and acquire signals), and taken back with its last frame.
extension DRMDisplay {
    /// Takes the VT at `tty` (default: stdin's, else the active one) so that switching VTs hands
    /// the display over. Returns nil when done, else the one log line saying why the panel runs
    /// without VT switching (for the loop to print). Block ``VirtualTerminal/signals`` first.
    public func attachVirtualTerminal(tty: String? = nil) -> String? {
        guard virtualTerminal == nil else { return nil }
        switch VirtualTerminal.take(path: tty) {
        case .success(let vt):
            virtualTerminal = vt
            return nil
        case .failure(let unavailable): return unavailable.description
        }
    }

    /// What a VT signal did.
    public enum VTSwitch: Hashable, Sendable {
        /// Another VT has the display: nothing is drawn until ``acquired``.
        case released
        /// The display is back: every buffer's age is 0 and ``needsFullRepaint`` is set.
        case acquired
    }

    /// Answers the VT's release (``VirtualTerminal/releaseSignal``) or acquire
    /// (``VirtualTerminal/acquireSignal``) signal. Returns nil for other signals or without a VT.
    ///
    /// Release: drop DRM master, stop handing out buffers, let the switch happen. Acquire:
    /// acknowledge, take master back, set the mode again (showing the last frame), forget the
    /// buffers' contents. A failure to take master back leaves the display inactive and throws.
    @discardableResult
    public func handleVTSignal(_ signo: Int32) throws(DRMError) -> VTSwitch? {
        guard let vt = virtualTerminal, !isClosed else { return nil }
        switch signo {
        case VirtualTerminal.releaseSignal:
            isActive = false
            // Failing to drop master is not fatal: the other VT's owner may then fail to take
            // it, but refusing the switch would be worse.
            _ = systemCall { drmDropMaster(card.rawDescriptor) }
            if case .failure(let e) = vt.allowRelease() {
                throw .call(e.call, path: vt.path, errno: e.errno)
            }
            return .released
        case VirtualTerminal.acquireSignal:
            if case .failure(let e) = vt.acknowledgeAcquire() {
                throw .call(e.call, path: vt.path, errno: e.errno)
            }
            if case .failure(let e) = systemCall({ drmSetMaster(card.rawDescriptor) }) {
                throw .notMaster(call: "drmSetMaster", path: path, errno: e)
            }
            // A flip queued before the release lands first: otherwise its late event would name
            // as "on screen" a buffer the mode set below replaces, and the buffer really on
            // screen would be handed out for painting.
            waitForPendingFlip()
            chain.invalidate()
            if isPoweredOff {
                // Blanked before the switch: stay dark, and set the whole mode when turned on
                // (the other VT's owner left its own configuration behind).
                needsModeSet = true
                if case .failure(let error) = powerOff() { throw error }
            } else if let front = chain.front {
                // The last frame goes back on screen at once; the repaint follows as a flip.
                if case .failure(let error) = setMode(buffer: front, withEvent: false) { throw error }
            } else {
                needsModeSet = true
            }
            isActive = true
            needsFullRepaint = true
            return .acquired
        default:
            return nil
        }
    }
}
