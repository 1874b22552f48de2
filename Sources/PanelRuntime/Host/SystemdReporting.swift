import LinuxIO

extension PanelLoop {
    /// Tells systemd how the panel is doing through `notifier`: READY=1 once the first frame is
    /// on screen (its status: `switches` switches on screen), RELOADING=1 and READY=1 around a
    /// SIGHUP reload, and the watchdog's pings at half its period.
    public func report(to notifier: SystemdNotifier, switches: Int) {
        onFirstFrame = { try? notifier.ready(status: "\(switches) switches on screen") }
        onReloading = { try? notifier.reloading() }
        onReloaded = { try? notifier.ready(status: "reloaded") }
        if let interval = notifier.watchdogInterval { watchdog = (interval, { try? notifier.watchdog() }) }
    }
}
