import ConfigFormat
import LinuxIO
import Panel

/// Screen control: blanking when idle or asked, the backlight and its brightness, and telling
/// the subscribers and services when the screen changes.
extension PanelLoop {
    /// The screen blanked or woke, or its brightness changed: subscribers and services are told.
    func screenChanged(_ source: ScreenChangeSource) {
        tellSubscribers(ControlProtocol.screenEvent(blank: blanker.isBlank, brightness: brightness, source: source))
        let status = screenStatus
        for service in services { service.screenChanged(status, source: source, now: clock.now) }
    }

    /// Another VT took the display while the panel had the screen blank: the console there must
    /// be seen, so the blanking ends — the backlight is turned back on (without one, the DPMS
    /// state went with the display: the console's own mode set lights it) — and everyone is told.
    /// Without this the blanker alone woke (another VT's screen is not idleness), and the panel
    /// came back to a dark backlight it believed lit, with subscribers still told "blank".
    func lightForAnotherConsole(now: Double) {
        _ = blanker.wake(at: now)
        if backlight != nil { _ = setScreenOff(false) }
        screenChanged(.console)
    }

    /// The screen went blank (idle, or asked to): everyone is told, and the panel goes to its
    /// home page, where it wakes however it was blanked.
    func screenBlanked(_ source: ScreenChangeSource, now: Double) {
        screenChanged(source)
        session.returnHome(now: now)
    }

    func configureBlanking(_ screen: ScreenConfig) {
        blanker.idleTimeout = screen.blankAfter
        backlight = nil
        brightness = nil
        guard let name = screen.backlight else { return }
        do {
            backlight = try Backlight(name)
        } catch {
            log(.warning, "screen.backlight: \(error); blanking turns the display off instead")
            return
        }
        restoreBrightness()
    }

    /// Puts back the brightness last set (at start, or a reload naming another backlight); before
    /// any was set, takes the device's own.
    private func restoreBrightness() {
        guard let backlight, backlight.maximumLevel != nil else { return }
        do {
            if let saved = session.savedBrightness {
                try backlight.setBrightness(saved)
                brightness = saved
            } else {
                brightness = try backlight.brightness()
            }
        } catch {
            log(.warning, "screen.backlight: brightness: \(error)")
        }
    }

    /// Turns the screen off or on by the configured means; false (logged) when it failed.
    @discardableResult
    func setScreenOff(_ off: Bool) -> Bool {
        do {
            try powerScreen(off: off)
            return true
        } catch {
            return false
        }
    }

    func powerScreen(off: Bool) throws(ScreenControlError) {
        do {
            if let backlight { try backlight.setOff(off) } else { try display.setPoweredOff(off) }
        } catch {
            log(.warning, "cannot turn the screen \(off ? "off" : "on"): \(error)")
            throw .power(blank: off, reason: "\(error)")
        }
        // The display waits for a pending flip before changing its power: that flip is done.
        if backlight == nil { flipPending = false }
        log(.info, off ? "screen blanked" : "screen on")
    }
}

extension PanelLoop: ScreenControl {
    public var screenStatus: ScreenStatus {
        ScreenStatus(
            blank: blanker.isBlank, brightness: brightness, page: session.page, pages: session.pageTitles)
    }

    public func setBlank(_ blank: Bool, source: ScreenChangeSource, now: Double) throws(ScreenControlError) {
        guard blank != blanker.isBlank else {
            // Asked to stay lit: that counts as use, and the idle time starts again.
            if !blank { blanker.wake(at: now) }
            return
        }
        if blank {
            // Another VT's screen is not ours (idle blanking waits for it too).
            guard display.isActive else { throw .displayReleased }
            blanker.blank(at: now)
            // A finger down now is swallowed to its lift by the blanker; what it began ends here,
            // toggling nothing, as it would if the display went to another VT.
            session.cancelTouches(now: now)
            do {
                try powerScreen(off: true)
            } catch {
                blanker.wake(at: now)
                throw error
            }
            screenBlanked(source, now: now)
        } else {
            blanker.wake(at: now)
            do {
                try powerScreen(off: false)
            } catch {
                blanker.blank(at: now)
                throw error
            }
            screenChanged(source)
        }
    }

    public func setBrightness(_ percent: Int, source: ScreenChangeSource, now: Double) throws(ScreenControlError) {
        guard let backlight, backlight.maximumLevel != nil else { throw .noBrightness }
        let before = brightness
        if percent == before, session.savedBrightness == percent { return }
        do {
            try backlight.setBrightness(percent)
        } catch {
            throw .backlight(error)
        }
        // Saved before it is acknowledged, like a switch: a brightness that would not survive a
        // restart goes back.
        if let failure = session.saveBrightness(percent) {
            if let before { _ = try? backlight.setBrightness(before) }
            log(.error, "brightness \(percent) % not kept: \(failure)")
            throw .notSaved(failure)
        }
        brightness = percent
        log(.info, "brightness \(percent) % (\(source.rawValue))")
        if before != percent { screenChanged(source) }
    }
}
