import Evdev
import Panel
import PanelRuntime

// PanelDevices: the kernel's devices of a running panel — its evdev touch and key devices
// (`TouchInputs`) and its DRM display (`openDisplay`) — kept out of PanelRuntime, so that the
// runtime and the testing product (PanelTesting) link neither libevdev nor libdrm. `run` and
// `calibrate` pass these in; tests and the preview use scripted touches and in-memory displays.

extension TouchInputs: TouchSource {}

/// The board's evdev devices in `directory` (`/dev/input`), for `PanelOptions.openInputs`:
/// the touch and key devices its config selects, opened, grabbed and reopened when replugged.
public func evdevInputs(directory: String = InputDiscovery.defaultDirectory) -> PanelOptions.InputOpener {
    { config, log in
        TouchInputs(touch: config.touch, keys: config.keys, display: config.display, directory: directory, log: log)
    }
}
