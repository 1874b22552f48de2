import Panel

/// Who hears what a ``PanelSession`` did once it is kept: a change saved and acknowledged, the
/// page shown. The loop is the one listener; it passes both on to the control socket's
/// subscribers and the services (MQTT, Home Assistant), so the session never needs to know who
/// they are, and nothing wraps the session's observers to hear of them.
public protocol PanelSessionListener: AnyObject {
    /// `change` was saved; its actions start after this returns.
    func sessionAcknowledged(_ change: SwitchChange)
    /// The page the panel shows (or settles on) is now `page`, titled `title`.
    func sessionShowsPage(_ page: Int, title: String)
}
