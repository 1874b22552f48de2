import Raster
import TouchCore

/// What a switch looks like at one instant: everything the renderer needs, nothing it must
/// remember. A pure function of the switch's state and the time.
public struct SwitchAppearance: Hashable, Sendable {
    /// Thumb position along its travel: 0 at the off end, 1 at the on end (a spring may overshoot).
    public var position: Double
    /// How far the thumb is stretched by a press, 0…1.
    public var press: Double
    /// How much of the pressed ("active") track colour shows, 0…1 (touching an off switch).
    public var active: Double
    public var isEnabled: Bool

    public init(position: Double, press: Double = 0, active: Double = 0, isEnabled: Bool = true) {
        self.position = position
        self.press = press
        self.active = active
        self.isEnabled = isEnabled
    }

    /// The position clamped to 0…1: how far colours have crossed from off to on.
    public var colorProgress: Double { min(1, max(0, position)) }
}

/// An iOS-style toggle switch: its value, its animation and its touch tracking. Pure: time and
/// touches are passed in, so every state can be tested and rendered headless.
///
/// Names follow UIKit where UIKit has one. ``setOn(_:animated:now:)`` never fires
/// ``onValueChanged``; only a user interaction that really changed the value does, and
/// ``touchEnded(contact:at:time:)`` returns that value too.
public final class ToggleSwitch {
    public var style: SwitchStyle
    /// Top-left corner of the switch's frame, in pixels; the size comes from the style.
    public var origin: Point

    public private(set) var isOn: Bool

    /// A disabled switch is drawn at reduced opacity and ignores touches; disabling it while
    /// it is tracked cancels the touch.
    public var isEnabled = true {
        didSet {
            if !isEnabled, let t = tracking { cancelTracking(at: t.lastTime) }
        }
    }

    /// Called with the new value when a user interaction changed it (never for `setOn`): for
    /// code that watches a switch it does not drive. The panel does not use it: it takes the
    /// change ``touchEnded(contact:at:time:)`` returns.
    public var onValueChanged: ((Bool) -> Void)?

    private var position: Motion
    private var press = Motion.resting(at: 0)

    private struct Tracking {
        var contact: Int
        var start: Point
        var startTime: Double
        var lastTime: Double
        var valueBefore: Bool
        /// The thumb position when the touch began: a drag moves it from there by the finger's
        /// whole travel since touch-down.
        var positionBefore: Double
        /// The finger's recent horizontal positions: a release fast enough is a flick.
        var release: ReleaseVelocity
        /// Set once the contact moved past the slop: the thumb then follows the finger.
        var drag: Drag?
    }

    /// A contact that became a drag. The thumb belongs where the finger's travel since touch-down
    /// puts it (`position`); it is shown there after a short catch-up, because the first frame
    /// of a drag would otherwise jump by the slop's worth of travel.
    private struct Drag {
        /// The thumb position the finger's travel gives, clamped to the track.
        var position: Double
        /// When the contact became a drag, and how far the shown thumb was from `position` then.
        var began: Double
        var lag: Double

        /// Seconds over which the shown thumb closes the gap at the slop (6 frames at 60 Hz).
        static let catchUp = 0.1

        /// Where the thumb shows at `now`: `position`, less what is left of the catch-up, on the
        /// track (a finger that turns back mid catch-up must not push the thumb past its end).
        func shown(at now: Double) -> Double {
            min(1, max(0, position + lag * max(0, 1 - (now - began) / Self.catchUp)))
        }

        func isCatchingUp(at now: Double) -> Bool { lag != 0 && now < began + Self.catchUp }
    }
    private var tracking: Tracking?

    public init(style: SwitchStyle = SwitchStyle(), origin: Point = .zero, isOn: Bool = false) {
        self.style = style
        self.origin = origin
        self.isOn = isOn
        position = .resting(at: isOn ? 1 : 0)
    }

    // MARK: Geometry

    /// The drawn frame, in pixels.
    public var frame: Rect {
        Rect(x: origin.x, y: origin.y, width: style.size.width * style.scale, height: style.size.height * style.scale)
    }

    /// Where touches land: the frame grown, around its centre, to the minimum touch target.
    public var hitArea: Rect {
        let f = frame
        let w = max(f.width, style.minimumTouchTarget.width * style.scale)
        let h = max(f.height, style.minimumTouchTarget.height * style.scale)
        return Rect(x: f.midX - w / 2, y: f.midY - h / 2, width: w, height: h)
    }

    public func hitTest(_ p: Point) -> Bool {
        let a = hitArea
        return p.x >= a.minX && p.x < a.maxX && p.y >= a.minY && p.y < a.maxY
    }

    /// Pixels of thumb travel between the off and on ends.
    public var travel: Double { SwitchGeometry(style: style, frame: frame).travel }

    /// Which way along x the thumb goes towards on: +1, or −1 for a mirrored switch.
    private var towardsOn: Double { style.isMirrored ? -1 : 1 }

    /// The centre of the thumb, unpressed, at `position` (0 the off end, 1 the on end): where a
    /// finger that slides the thumb goes down and lifts.
    public func thumbCenter(at position: Double) -> Point {
        let thumb = SwitchGeometry(style: style, frame: frame).thumb(position: position, stretch: 0)
        return Point(thumb.midX, thumb.midY)
    }

    // MARK: Value

    /// Sets the value without firing ``onValueChanged``. Animated, the thumb continues from
    /// where it is on screen. A touch in progress is cancelled (the code wins).
    public func setOn(_ on: Bool, animated: Bool, now: Double) {
        isMixed = false
        apply(on, animated: animated, now: now)
    }

    private func apply(_ on: Bool, animated: Bool, now: Double) {
        if tracking != nil {
            tracking = nil
            press = .move(
                from: press.value(at: now), to: restingPress, now: now, style: style.animation,
                fullDuration: style.animation.pressDuration)
        }
        isOn = on
        moveThumb(to: restPosition(on), animated: animated, now: now)
    }

    /// Whether the switch stands for values that disagree (a group whose members are partly
    /// on): the thumb rests halfway and the track shows half its on colour, the way a mixed
    /// checkbox shows a dash. The value is off, so a tap turns it on.
    public private(set) var isMixed = false

    /// Shows the value `on`, or the mixed look when `on` is nil, animated from where the thumb
    /// is. Like ``setOn(_:animated:now:)`` it never fires ``onValueChanged``.
    public func setValue(_ on: Bool?, animated: Bool, now: Double) {
        // The same value leaves a finger's press alone; another one wins over it (the code wins).
        guard on != (isMixed ? nil : isOn) else { return }
        isMixed = on == nil
        apply(on ?? false, animated: animated, now: now)
    }

    /// Where the thumb rests for `value`: halfway when mixed and off.
    private func restPosition(_ value: Bool) -> Double { value ? 1 : (isMixed ? 0.5 : 0) }

    private func moveThumb(to target: Double, animated: Bool, now: Double) {
        let current = position.value(at: now)
        position = animated ? .move(from: current, to: target, now: now, style: style.animation) : .resting(at: target)
    }

    // MARK: Appearance and frames

    /// The look at `now`.
    public func appearance(at now: Double) -> SwitchAppearance {
        var p = position.value(at: now)
        if let drag = tracking?.drag { p = drag.shown(at: now) }
        let pressAmount = min(1, max(0, press.value(at: now)))
        let active = (tracking.map { !$0.valueBefore } ?? false) ? pressAmount : (isOn ? 0 : pressAmount)
        return SwitchAppearance(position: p, press: pressAmount, active: active, isEnabled: isEnabled)
    }

    /// Whether anything still moves at `now`: the caller schedules another frame only then.
    /// At rest (and while a finger holds still) it requests nothing.
    public func needsFrame(at now: Double) -> Bool {
        !position.isFinished(at: now) || !press.isFinished(at: now) || tracking?.drag?.isCatchingUp(at: now) == true
    }

    /// When the current animations end (nil at rest): a caller can sleep until then.
    public func restTime(after now: Double) -> Double? {
        guard needsFrame(at: now) else { return nil }
        let catchUp = tracking?.drag.map { $0.began + Drag.catchUp } ?? 0
        return max(position.start + position.duration, press.start + press.duration, catchUp)
    }

    public var isTracking: Bool { tracking != nil }

    // MARK: Tracking

    /// A contact went down at `point`. Returns whether this switch tracks it: only an enabled,
    /// untracked switch whose hit area holds the point does.
    @discardableResult
    public func touchBegan(contact: Int, at point: Point, time: Double) -> Bool {
        guard isEnabled, tracking == nil, hitTest(point) else { return false }
        let before = position.value(at: time)
        tracking = Tracking(
            contact: contact, start: point, startTime: time, lastTime: time, valueBefore: isOn,
            positionBefore: before, release: ReleaseVelocity(x: point.x, time: time))
        press = .move(
            from: press.value(at: time), to: 1, now: time, style: style.animation,
            fullDuration: style.animation.pressDuration)
        if style.toggleOnTouchDown {
            isOn.toggle()
            moveThumb(to: restPosition(isOn), animated: true, now: time)
        }
        return true
    }

    /// The tracked contact moved. Past the slop it becomes a drag: the thumb goes where the
    /// finger's horizontal travel since touch-down puts it, clamped to its travel — no travel is
    /// lost to the slop, so sliding the thumb end to end moves it end to end.
    public func touchMoved(contact: Int, to point: Point, time: Double) {
        guard var t = tracking, t.contact == contact else { return }
        t.lastTime = time
        t.release.add(x: point.x, time: time)
        let travel = max(1e-9, self.travel)
        let position = min(1, max(0, t.positionBefore + towardsOn * (point.x - t.start.x) / travel))
        if var drag = t.drag {
            drag.position = position
            t.drag = drag
        } else {
            let dx = point.x - t.start.x
            let dy = point.y - t.start.y
            let slop = style.dragSlop * style.scale
            if dx * dx + dy * dy > slop * slop {
                // Now a drag: the thumb leaves any running animation where it shows and catches
                // up with the finger over a few frames.
                let shown = self.position.value(at: time)
                t.drag = Drag(position: position, began: time, lag: shown - position)
            }
        }
        tracking = t
    }

    /// The tracked contact lifted. A tap toggles; a drag settles in the direction of a flick
    /// (`ReleaseVelocity.flickSpeed`), else on the side the finger put the thumb (half way is
    /// on); a long press without movement does nothing unless the style says it toggles.
    /// Returns the new value when the touch changed it (nil: it did not, or the contact is not
    /// this switch's), so the caller takes the change from the call that made it.
    @discardableResult
    public func touchEnded(contact: Int, at point: Point, time: Double) -> Bool? {
        guard let t = tracking, t.contact == contact else { return nil }
        touchMoved(contact: contact, to: point, time: time)
        let final: Bool
        if let ended = tracking, let drag = ended.drag {
            // A drag decides even with toggleOnTouchDown (toggled when tracking began).
            let speed = towardsOn * ended.release.speed(at: time) / style.scale
            final = abs(speed) >= ReleaseVelocity.flickSpeed ? speed > 0 : drag.position >= 0.5
        } else if style.toggleOnTouchDown {
            final = isOn
        } else if time - t.startTime <= style.tapMaxDuration || style.longPressToggles {
            final = !t.valueBefore
        } else {
            final = t.valueBefore
        }
        if final != t.valueBefore { isMixed = false }
        finishTracking(at: time, value: final)
        guard final != t.valueBefore else { return nil }
        onValueChanged?(final)
        return final
    }

    /// The tracked contact was cancelled (device removed, screen blanked, taken elsewhere):
    /// the value from before the touch comes back and nothing fires.
    public func touchCancelled(contact: Int, time: Double) {
        guard let t = tracking, t.contact == contact else { return }
        cancelTracking(at: time)
    }

    /// Whether the switch waits for the device it commands to confirm the value (a device on
    /// the network): until then it keeps the pressed look, as if still held, so the user sees
    /// the change is asked for but not yet done.
    public private(set) var isAwaitingConfirmation = false

    public func setAwaitingConfirmation(_ waiting: Bool, now: Double) {
        guard waiting != isAwaitingConfirmation else { return }
        isAwaitingConfirmation = waiting
        guard tracking == nil else { return }  // the finger's press ends at restingPress
        press = .move(
            from: press.value(at: now), to: restingPress, now: now, style: style.animation,
            fullDuration: style.animation.pressDuration)
    }

    /// The press a switch shows without a finger on it.
    private var restingPress: Double { isAwaitingConfirmation ? 1 : 0 }

    private func cancelTracking(at time: Double) {
        guard let t = tracking else { return }
        finishTracking(at: time, value: t.valueBefore)
    }

    private func finishTracking(at time: Double, value: Bool) {
        let shown = appearance(at: time).position
        tracking = nil
        isOn = value
        position = .move(from: shown, to: restPosition(value), now: time, style: style.animation)
        press = .move(
            from: press.value(at: time), to: restingPress, now: time, style: style.animation,
            fullDuration: style.animation.pressDuration)
    }
}
