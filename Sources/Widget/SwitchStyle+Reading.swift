import ConfigFormat
import Raster

// A style as a board config writes it: `"style": {"trackColorOn": "#FF9500", "animation":
// {"curve": "spring"}}`. Every key is optional and replaces only itself — nested objects too,
// key by key — on top of the style it is given (a preset's, or the theme's). Unknown keys are
// refused at every depth with the allowed ones listed, and every number is held to the range
// stated where it is read, here beside the type it belongs to.
//
// The ranges are what a real panel never exceeds, with room, and what the renderer draws in
// bounded time: sizes are points (× scale, at most 4, for pixels), so the largest switch is
// 512×256 px and the widest shadow σ 16 px — far below the 256 px `Shadow` clamps to, whose
// cost grows with σ and the thumb's size (such a switch takes 13.5 ms per animation frame in a
// release build). docs/config-reference.md lists them all (a test holds it to the code).

extension SwitchStyle {
    /// How much a panel may magnify its switches and text (`display.scale`, a style's `scale`):
    /// 4 puts a 4096-pixel-wide screen at 1024 points; no touch panel is denser.
    public static let scaleRange = 0.5...4.0

    /// Every key a style object may have, in the order of the properties.
    public static let keys = [
        "size", "scale", "minimumTouchTarget", "trackColorOn", "trackColorOff", "trackColorActive",
        "trackCornerRadius", "trackInset", "borderColorOn", "borderColorOff", "borderWidthOn", "borderWidthOff",
        "trackImage", "thumbColorOn", "thumbColorOff", "thumbSize", "thumbCornerFraction", "padding", "thumbShadow",
        "thumbImageOn", "thumbImageOff", "pressStretch", "labelOn", "labelOff", "labelColorOn", "labelColorOff",
        "labelSize", "animation", "dragSlop", "tapMaxDuration", "longPressToggles", "toggleOnTouchDown",
        "disabledOpacity",
    ]

    /// This style with the members of the config object `node` replaced. `null` turns off what
    /// can be off (a shadow, a border colour, a thumb size, an image, a label).
    public func overridden(by node: ConfigNode) throws(ConfigError) -> SwitchStyle {
        let o = try node.object(allowed: Self.keys)
        var s = self
        s.size = try o.value("size", else: size, size.reader(width: 8...128, height: 8...64))
        s.scale = try o.value("scale", else: scale, .number(in: Self.scaleRange))
        s.minimumTouchTarget = try o.value(
            "minimumTouchTarget", else: minimumTouchTarget, minimumTouchTarget.reader(width: 0...200, height: 0...200))
        s.trackColorOn = try o.value("trackColorOn", else: trackColorOn, .color)
        s.trackColorOff = try o.value("trackColorOff", else: trackColorOff, .color)
        s.trackColorActive = try o.nullable("trackColorActive", else: trackColorActive, .color)
        s.trackCornerRadius = try o.value("trackCornerRadius", else: trackCornerRadius, CornerRadius.reader)
        s.trackInset = try o.value("trackInset", else: trackInset, .number(in: 0...32))
        s.borderColorOn = try o.nullable("borderColorOn", else: borderColorOn, .color)
        s.borderColorOff = try o.nullable("borderColorOff", else: borderColorOff, .color)
        s.borderWidthOn = try o.value("borderWidthOn", else: borderWidthOn, .number(in: 0...32))
        s.borderWidthOff = try o.value("borderWidthOff", else: borderWidthOff, .number(in: 0...32))
        s.trackImage = try o.nullable("trackImage", else: trackImage, .name)
        s.thumbColorOn = try o.value("thumbColorOn", else: thumbColorOn, .color)
        s.thumbColorOff = try o.value("thumbColorOff", else: thumbColorOff, .color)
        s.thumbSize = try o.nullable("thumbSize", else: thumbSize, .number(in: 0...64))
        s.thumbCornerFraction = try o.value("thumbCornerFraction", else: thumbCornerFraction, .number(in: 0...0.5))
        s.padding = try o.value("padding", else: padding, .number(in: 0...32))
        // A shadow given where there was none starts from the default one.
        let shadow = thumbShadow ?? SwitchStyle().thumbShadow!
        s.thumbShadow = try o.nullable("thumbShadow", else: thumbShadow, shadow.reader)
        s.thumbImageOn = try o.nullable("thumbImageOn", else: thumbImageOn, .name)
        s.thumbImageOff = try o.nullable("thumbImageOff", else: thumbImageOff, .name)
        s.pressStretch = try o.value("pressStretch", else: pressStretch, .number(in: 0...32))
        s.labelOn = try o.nullable("labelOn", else: labelOn, .text)
        s.labelOff = try o.nullable("labelOff", else: labelOff, .text)
        s.labelColorOn = try o.value("labelColorOn", else: labelColorOn, .color)
        s.labelColorOff = try o.value("labelColorOff", else: labelColorOff, .color)
        s.labelSize = try o.value("labelSize", else: labelSize, .number(in: 1...64))
        s.animation = try o.value("animation", else: animation, animation.reader)
        s.dragSlop = try o.value("dragSlop", else: dragSlop, .number(in: 0...200))
        s.tapMaxDuration = try o.value("tapMaxDuration", else: tapMaxDuration, .number(in: 0...10))
        s.longPressToggles = try o.value("longPressToggles", else: longPressToggles, .bool)
        s.toggleOnTouchDown = try o.value("toggleOnTouchDown", else: toggleOnTouchDown, .bool)
        s.disabledOpacity = try o.value("disabledOpacity", else: disabledOpacity, .number(in: 0...1))
        // The frame holds the thumb (Material's overhangs the track, not the frame): the layout
        // and the damage of a redraw are the frame's.
        if let thumb = s.thumbSize, thumb > s.size.height {
            throw ConfigError(
                node.child("thumbSize"),
                "\(thumb.configText) is larger than the switch's height (size.height \(s.size.height.configText))")
        }
        return s
    }
}

extension Size {
    /// Reads `{"width": W, "height": H}` onto this size, each key optional.
    func reader(width widths: ClosedRange<Double>, height heights: ClosedRange<Double>) -> ValueReader<Size> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["width", "height"])
            return Size(
                width: try o.value("width", else: width, .number(in: widths)),
                height: try o.value("height", else: height, .number(in: heights)))
        }
    }
}

extension CornerRadius {
    /// Reads `{"fraction": F}` (of the track's height, 0…0.5) or `{"points": P}` (0…32).
    static var reader: ValueReader<CornerRadius> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["fraction", "points"])
            switch (o.optional("fraction"), o.optional("points")) {
            case (let f?, nil): return .fraction(try f.number(in: 0...0.5))
            case (nil, let p?): return .points(try p.number(in: 0...32))
            default: throw ConfigError(node.path, #"expected {"fraction": F} or {"points": P}"#)
            }
        }
    }
}

extension AnimationStyle {
    /// Reads an object onto this animation, each key optional.
    var reader: ValueReader<AnimationStyle> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["duration", "curve", "damping", "initialVelocity", "pressDuration"])
            var a = self
            a.duration = try o.value("duration", else: duration, .number(in: 0...10))
            a.curve = try o.value("curve", else: curve, .choice)
            a.damping = try o.value("damping", else: damping, .number(in: 0.05...10))
            a.initialVelocity = try o.value("initialVelocity", else: initialVelocity, .number(in: -10...10))
            a.pressDuration = try o.value("pressDuration", else: pressDuration, .number(in: 0...10))
            return a
        }
    }
}

extension Shadow {
    /// Reads an object onto this shadow, each key optional. σ and the offset are in points: σ 4
    /// is a wide glow, and at scale 4 it is 16 px.
    var reader: ValueReader<Shadow> {
        ValueReader { node throws(ConfigError) in
            let o = try node.object(allowed: ["color", "opacity", "offset", "sigma"])
            return Shadow(
                color: try o.value("color", else: color, .color),
                opacity: try o.value("opacity", else: opacity, .number(in: 0...1)),
                offset: try o.value("offset", else: offset, .point(in: -32...32)),
                sigma: try o.value("sigma", else: sigma, .number(in: 0...4)))
        }
    }
}
