import LinuxIO
import Panel
import TouchCore

/// Where a running panel's touches and keys come from: the board's evdev devices (PanelDevices'
/// `TouchInputs`, opened through ``PanelOptions/openInputs``), or a test's scripted events
/// (``ScriptedTouches``). The loop polls the
/// handles, honours the deadline (a stuck contact's timeout), takes the frames each call returns
/// and then the keys read (``takeKeys()``).
public protocol TouchSource: AnyObject {
    /// What to poll (none for a scripted source).
    var pollHandles: [PollHandle] { get }
    /// The earliest deadline of any state machine (stuck-contact timeout, filters), monotonic.
    var nextDeadline: Double? { get }
    /// Reads a readable handle; the contact frames it produced.
    func handleReadable(_ handle: PollHandle, now: Double) -> [[TouchEvent]]
    /// Ends contacts whose device lost the release (the stuck-contact timeout) at `now`.
    func expire(now: Double) -> [[TouchEvent]]
    /// The keys and dial detents read since the last call, in order.
    func takeKeys() -> [KeyPress]
    /// Takes a reloaded config's touch, key and display settings.
    func reconfigure(touch: TouchConfig, keys: KeysConfig, display: DisplayConfig, now: Double) -> [[TouchEvent]]
    /// Takes the devices for this process alone, or gives them back (another VT has the screen).
    func setGrabbed(_ grabbed: Bool)
    /// Gives every device back (grabs, descriptors) when the panel closes.
    func closeAll()
}
