/// The program's version, in one place: `switchpanel --version`, the Debian package's version and
/// the device block a panel announces on the network all read it from here.
public enum SwitchPanelVersion {
    public static let current = "0.1.0"
}
