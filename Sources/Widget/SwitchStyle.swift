import ConfigFormat
import Raster

/// A size in points (multiplied by ``SwitchStyle/scale`` to get pixels).
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// How round the track's ends are.
public enum CornerRadius: Hashable, Sendable {
    /// A fraction of the track's height: 0.5 is a capsule.
    case fraction(Double)
    /// A fixed radius in points (the square-ish variant uses 2).
    case points(Double)

    /// The radius in pixels for a track of `height` pixels at `scale`.
    func pixels(height: Double, scale: Double) -> Double {
        switch self {
        case .fraction(let f): max(0, f) * height
        case .points(let p): max(0, p) * scale
        }
    }
}

/// The timing curve of a toggle.
public enum AnimationCurve: String, CaseIterable, Hashable, Sendable {
    case linear
    /// Cubic Bézier ease-out, (0, 0, 0.58, 1) as CSS and Core Animation define it.
    case easeOut
    /// A damped spring in closed form, with ``AnimationStyle/damping`` and
    /// ``AnimationStyle/initialVelocity``.
    case spring
}

/// How a toggle moves.
public struct AnimationStyle: Hashable, Sendable {
    /// Seconds for a full end-to-end toggle; shorter moves take proportionally less.
    public var duration: Double = 0.25
    public var curve: AnimationCurve = .easeOut
    /// Spring damping ratio (< 1 overshoots).
    public var damping: Double = 0.7
    /// Spring initial velocity, in travels per second.
    public var initialVelocity: Double = 0.5
    /// Seconds for the pressed stretch to grow and to spring back.
    public var pressDuration: Double = 0.15

    public init() {}
}

/// Everything a switch looks and behaves like, in one value: board configs can set any of it
/// (``overridden(by:)``), and every key is optional (missing keys keep the defaults declared
/// here, or the preset's). Sizes are in points, multiplied by `scale`.
public struct SwitchStyle: Hashable, Sendable {
    // Size and hit area
    public var size = Size(width: 51, height: 31)
    public var scale: Double = 1
    /// The hit area extends around small switches to at least this size, without changing their look.
    public var minimumTouchTarget = Size(width: 44, height: 44)

    // Track
    public var trackColorOn = Color(rgb: 0x34C759)
    public var trackColorOff = Color(rgb: 0xE9E9EA)
    /// The track colour while an off switch is touched; nil keeps the off colour.
    public var trackColorActive: Color? = nil
    public var trackCornerRadius = CornerRadius.fraction(0.5)
    /// Inset of the track from the frame's top and bottom, so the thumb can overhang it (Material).
    public var trackInset: Double = 0
    public var borderColorOn: Color? = nil
    public var borderColorOff: Color? = nil
    public var borderWidthOn: Double = 0
    public var borderWidthOff: Double = 0
    /// Name of an image wider than the switch that slides under the track (day/night).
    public var trackImage: String? = nil

    // Thumb
    public var thumbColorOn = Color.white
    public var thumbColorOff = Color.white
    /// Diameter (height) of the thumb; nil: the frame's height minus twice the padding.
    public var thumbSize: Double? = nil
    /// Thumb corner radius as a fraction of its height: 0.5 is round, small is a rounded square.
    public var thumbCornerFraction: Double = 0.5
    /// Space between the frame and the thumb.
    public var padding: Double = 2
    /// The thumb's gaussian shadow; its offset and σ are in points.
    public var thumbShadow: Shadow? = Shadow(opacity: 0.2, offset: Point(0, 2), sigma: 2)
    public var thumbImageOn: String? = nil
    public var thumbImageOff: String? = nil
    /// How much the thumb stretches while pressed, toward its direction of travel.
    public var pressStretch: Double = 5

    // Labels
    public var labelOn: String? = nil
    public var labelOff: String? = nil
    public var labelColorOn = Color.white
    public var labelColorOff = Color(rgb: 0x8E8E93)
    /// Label size in points.
    public var labelSize: Double = 11

    // Behaviour
    public var animation = AnimationStyle()
    /// Movement (points) after which a touch is a drag rather than a tap.
    public var dragSlop: Double = 10
    /// The longest touch, in seconds, that still counts as a tap.
    public var tapMaxDuration: Double = 0.3
    /// Whether a long press without movement toggles (otherwise it does nothing).
    public var longPressToggles = false
    /// Toggle as soon as tracking begins, as one reference implementation does.
    public var toggleOnTouchDown = false
    /// Opacity of a disabled switch.
    public var disabledOpacity: Double = 0.5
    /// Right to left, as UISwitch under a right-to-left layout: the thumb rests at the right when
    /// off and at the left when on, a slide to the left turns it on, and the ON/OFF labels and
    /// the track image change sides. Set by a board's `layout.direction`, not a style key. The
    /// drawing is the exact mirror of the left-to-right one but for what must still read the
    /// same: the labels' text and the thumb's images are not flipped, and a shadow keeps its
    /// offset (the light on a screen does not move with the layout).
    public var isMirrored = false

    public init() {}

    /// The thumb shadow with its offset and σ in pixels (× scale).
    public var thumbShadowInPixels: Shadow? {
        thumbShadow.map {
            Shadow(
                color: $0.color, opacity: $0.opacity, offset: Point($0.offset.x * scale, $0.offset.y * scale),
                sigma: $0.sigma * scale)
        }
    }
}
