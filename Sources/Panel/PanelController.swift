import Raster
import TouchCore
import Widget

/// Where a switch's change came from: a finger, the control socket, the state restored at start,
/// or an action that failed and flipped it back.
public enum ChangeSource: String, Hashable, Sendable, CaseIterable {
    case touch, socket, restore, revert, mqtt
}

/// One switch changing its value.
public struct SwitchChange: Hashable, Sendable {
    public var id: String
    public var isOn: Bool
    public var source: ChangeSource
    public var time: Double

    public init(id: String, isOn: Bool, source: ChangeSource, time: Double) {
        self.id = id
        self.isOn = isOn
        self.source = source
        self.time = time
    }
}

/// The panel's logic, without any I/O: touches in, value changes out, and what must be repainted
/// when. The event loop feeds it contacts (already calibrated to logical pixels) and requests from
/// the control socket, runs the actions of the changes it returns, and paints the damage it
/// reports; tests drive it with scripted contacts and a fake clock.
public final class PanelController {
    public let view: PanelView
    private let router: TouchRouter
    /// Changes made by touches, collected from the switches' `onValueChanged` as they fire.
    private var touchChanges: [SwitchChange] = []
    /// What each switch looked like when it was last painted (nil: never painted).
    private var painted: [SwitchAppearance?]
    /// Every switch's repaint rectangle (its bounds, shadow and overshoot included).
    private let switchBounds: [IntRect]

    /// Takes `view`'s switches and sets the `restored` states (ids not in the view are ignored)
    /// without animation and without reporting them as changes.
    public init(view: PanelView, restored: [String: Bool] = [:]) {
        self.view = view
        router = TouchRouter(switches: view.switches.map(\.toggle))
        painted = Array(repeating: nil, count: view.switches.count)
        switchBounds = view.switches.map { SwitchRenderer.bounds(style: $0.toggle.style, frame: $0.toggle.frame) }
        for (id, toggle) in view.switches {
            if let on = restored[id], on != toggle.isOn { toggle.setOn(on, animated: false, now: 0) }
            toggle.onValueChanged = { [unowned self] on in
                // The change's time is that of the contact that made it: the router sets `now`.
                touchChanges.append(SwitchChange(id: id, isOn: on, source: .touch, time: currentTime))
            }
        }
    }

    private var currentTime = 0.0

    /// Every switch's value, by id.
    public var states: [String: Bool] {
        Dictionary(uniqueKeysWithValues: view.switches.map { ($0.id, $0.toggle.isOn) })
    }

    /// Delivers one frame of contacts (logical pixels, monotonic times); returns the value changes
    /// they made, in order.
    public func handle(_ events: [TouchEvent]) -> [SwitchChange] {
        for e in events {
            currentTime = e.time
            router.handle(e)
        }
        defer { touchChanges.removeAll() }
        return touchChanges
    }

    /// Cancels every contact in progress (a device went away, the screen blanked): no switch
    /// toggles from a contact cut short.
    public func cancelTouches(now: Double) {
        currentTime = now
        router.cancelAll(time: now)
    }

    /// Live contacts on the panel.
    public var liveContacts: Int { router.liveContacts }

    /// Sets a switch from code (the control socket, a failed action's revert), animated; returns
    /// the change, or nil when the id is unknown or the switch already has that value.
    @discardableResult
    public func set(_ id: String, isOn: Bool, source: ChangeSource, now: Double) -> SwitchChange? {
        guard let toggle = view.toggle(id: id), toggle.isOn != isOn else { return nil }
        toggle.setOn(isOn, animated: true, now: now)
        return SwitchChange(id: id, isOn: isOn, source: source, time: now)
    }

    /// Shows (or stops showing) that a switch waits for its device to confirm a change.
    public func setAwaitingConfirmation(_ id: String, _ waiting: Bool, now: Double) {
        view.toggle(id: id)?.setAwaitingConfirmation(waiting, now: now)
    }

    // MARK: Frames

    /// The rectangles (logical pixels) whose look at `now` differs from what was last painted.
    /// Call ``didPaint(at:)`` once they are painted.
    public func damage(at now: Double) -> [IntRect] {
        var rects: [IntRect] = []
        for (i, entry) in view.switches.enumerated() where painted[i] != entry.toggle.appearance(at: now) {
            rects.append(switchBounds[i])
        }
        return rects
    }

    /// Records that the panel was painted as it looks at `now`.
    public func didPaint(at now: Double) {
        for (i, entry) in view.switches.enumerated() { painted[i] = entry.toggle.appearance(at: now) }
    }

    /// Forgets what was painted, so the next ``damage(at:)`` covers every switch (with
    /// ``FrameComposer``'s full invalidation after a reload or VT switch).
    public func forgetPainted() {
        for i in painted.indices { painted[i] = nil }
    }

    /// Whether any switch is animating at `now` (the loop keeps its frame timer armed only then).
    public func isAnimating(at now: Double) -> Bool {
        view.switches.contains { $0.toggle.needsFrame(at: now) }
    }

    /// When the last running animation ends, nil at rest.
    public func restTime(after now: Double) -> Double? {
        view.switches.compactMap { $0.toggle.restTime(after: now) }.max()
    }

    /// Draws the panel as it looks at `now` (the canvas's clip limits what is touched).
    public func draw(on canvas: Canvas, at now: Double) { view.draw(on: canvas, at: now) }
}

extension TouchConfig {
    /// The calibration for one touch device of this board: its axis ranges to the logical
    /// screen, through the configured matrix, swap and inversion, and the display's rotation — so
    /// rotating the display in the config is all it takes to keep touches under the finger.
    /// With `pointercal` (the contents of the file ``pointercal`` names), tslib's calibration maps
    /// raw units straight to the logical screen: it was made on the screen as the program saw it,
    /// so the matrix, swap, inversion and rotation do not apply on top.
    public func calibration(
        for device: DeviceDescription, display: DisplayConfig, pointercal: String? = nil
    ) throws -> TouchCalibration {
        let logical = display.logicalSize
        if let pointercal {
            return try TouchCalibration(
                pointercal: pointercal, device: device, screenWidth: Double(logical.width),
                screenHeight: Double(logical.height))
        }
        return try TouchCalibration(
            device: device, screenWidth: Double(logical.width), screenHeight: Double(logical.height),
            matrix: calibration, swapXY: swapXY, invertX: invertX, invertY: invertY, rotation: display.rotation)
    }
}
