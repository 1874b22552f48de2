import Raster

/// The pixel geometry of a switch at one instant.
struct SwitchGeometry {
    let scale: Double
    let frame: Rect
    let track: Rect
    let trackRadius: Double
    let thumbDiameter: Double
    let padding: Double
    /// Thumb travel in pixels between the off and on ends.
    let travel: Double
    /// Right to left: the off end at the right (``SwitchStyle/isMirrored``).
    let isMirrored: Bool

    init(style: SwitchStyle, frame: Rect) {
        scale = style.scale
        self.frame = frame
        let inset = max(0, style.trackInset * scale)
        track = Rect(x: frame.x, y: frame.y + inset, width: frame.width, height: max(0, frame.height - 2 * inset))
        trackRadius = style.trackCornerRadius.pixels(height: track.height, scale: scale)
        padding = style.padding * scale
        let s = style.scale
        thumbDiameter = max(0, style.thumbSize.map { $0 * s } ?? (frame.height - 2 * style.padding * s))
        travel = max(0, frame.width - 2 * padding - thumbDiameter)
        isMirrored = style.isMirrored
    }

    /// `r` reflected about the frame's vertical centre line when the switch is mirrored.
    func mirrored(_ r: Rect) -> Rect {
        isMirrored ? Rect(x: frame.minX + frame.maxX - r.maxX, y: r.y, width: r.width, height: r.height) : r
    }

    /// The thumb at `position` (0 off … 1 on), stretched by `stretch` pixels toward its
    /// direction of travel: to the right at the off end, to the left at the on end.
    /// Mirrored, everything the other way round.
    func thumb(position: Double, stretch: Double) -> Rect {
        let x = frame.x + padding + travel * position - stretch * min(1, max(0, position))
        return mirrored(
            Rect(x: x, y: frame.midY - thumbDiameter / 2, width: thumbDiameter + stretch, height: thumbDiameter))
    }
}

/// Draws switches through the public Canvas API: the same calls for every style, so a panel of
/// switches costs what the benchmark scene costs.
public final class SwitchRenderer {
    /// Images named by styles (`trackImage`, `thumbImageOn/Off`). Starts with the built-in artwork.
    public var images: [String: Image]
    public var labels: LabelRenderer?

    public init(images: [String: Image] = BuiltInArtwork.all(), labels: LabelRenderer? = nil) {
        self.images = images
        self.labels = labels
    }

    /// Draws `toggle` as it looks at `now`.
    public func draw(_ toggle: ToggleSwitch, at now: Double, on canvas: Canvas) {
        draw(style: toggle.style, frame: toggle.frame, appearance: toggle.appearance(at: now), on: canvas)
    }

    /// Every pixel a switch of `style` in `frame` can touch: the damage rectangle of a redraw.
    public static func bounds(style: SwitchStyle, frame: Rect) -> IntRect {
        var r = frame
        let g = SwitchGeometry(style: style, frame: frame)
        let thumb = g.thumb(position: 0, stretch: 0)
        r = Rect(
            x: min(r.minX, thumb.minX), y: min(r.minY, thumb.minY),
            width: max(r.maxX, thumb.maxX) - min(r.minX, thumb.minX),
            height: max(r.maxY, thumb.maxY) - min(r.minY, thumb.minY))
        if let s = style.thumbShadowInPixels {
            let dx = abs(s.offset.x) + s.reach + 1
            let dy = abs(s.offset.y) + s.reach + 1
            r = Rect(x: r.x - dx, y: r.y - dy, width: r.width + 2 * dx, height: r.height + 2 * dy)
        }
        // A spring may overshoot by a few percent of the travel.
        let overshoot = (0.1 * g.travel).rounded(.up)
        return Rect(x: r.x - overshoot, y: r.y, width: r.width + 2 * overshoot, height: r.height).enclosingIntRect
    }

    /// Draws a switch of `style` in `frame` looking like `appearance`.
    public func draw(style: SwitchStyle, frame: Rect, appearance a: SwitchAppearance, on canvas: Canvas) {
        if !a.isEnabled {
            canvas.withOpacity(style.disabledOpacity) {
                drawEnabled(style: style, frame: frame, appearance: a, on: canvas)
            }
        } else {
            drawEnabled(style: style, frame: frame, appearance: a, on: canvas)
        }
    }

    private func drawEnabled(style: SwitchStyle, frame: Rect, appearance a: SwitchAppearance, on canvas: Canvas) {
        let g = SwitchGeometry(style: style, frame: frame)
        let c = a.colorProgress
        let track = Shape.roundedRect(g.track, CornerRadii(g.trackRadius))

        // Track: off colour (tinted while pressed) cross-fading to on.
        var off = style.trackColorOff
        if let active = style.trackColorActive, a.active > 0 { off = Color.mix(off, active, a.active) }
        let trackColor = c == 0 ? off : (c == 1 ? style.trackColorOn : Color.mix(off, style.trackColorOn, c))
        if let name = style.trackImage, let image = images[name] {
            // The image is the track's paint (no colour under it: its anti-aliased edge would show).
            drawTrackImage(image, track: g.track, shape: track, progress: c, mirrored: g.isMirrored, on: canvas)
        } else {
            canvas.fill(track, trackColor)
        }

        // Border, its colour and width cross-fading.
        let widthOff = style.borderColorOff == nil ? 0 : style.borderWidthOff
        let widthOn = style.borderColorOn == nil ? 0 : style.borderWidthOn
        let borderWidth = (widthOff + (widthOn - widthOff) * c) * style.scale
        if borderWidth > 0 {
            let bOff = style.borderColorOff ?? (style.borderColorOn ?? .clear).withOpacity(0)
            let bOn = style.borderColorOn ?? bOff.withOpacity(0)
            canvas.stroke(track, width: borderWidth, alignment: .inside, .solid(Color.mix(bOff, bOn, c)))
        }

        // Labels on the side away from the thumb, sliding with it and cross-fading.
        if let labels {
            // Clipped to the track: labels slide out of it with the thumb.
            canvas.withClip(g.track.enclosingIntRect) {
                drawLabels(
                    style: style, geometry: g, progress: a.position, colorProgress: c, labels: labels, on: canvas)
            }
        }

        // Thumb: stretched while pressed, with its shadow and images.
        let stretch = style.pressStretch * style.scale * a.press
        let thumbRect = g.thumb(position: a.position, stretch: stretch)
        let thumb = Shape.roundedRect(thumbRect, CornerRadii(style.thumbCornerFraction * g.thumbDiameter))
        let thumbColor =
            c == 0
            ? style.thumbColorOff
            : (c == 1 ? style.thumbColorOn : Color.mix(style.thumbColorOff, style.thumbColorOn, c))
        let shadow = style.thumbShadowInPixels
        canvas.fill(thumb, thumbColor, shadow: shadow)
        drawThumbImages(style: style, thumb: thumb, rect: thumbRect, colorProgress: c, on: canvas)
    }

    /// The image slides under the clipped track: its left end shows when off, its right end when
    /// on. It is scaled to the track's height and drawn as the track shape's paint, so the
    /// track's rounded ends clip it exactly. Mirrored, the image is flipped too (the day/night
    /// sky keeps day under the on end), sampled exactly where the unmirrored one is.
    private func drawTrackImage(
        _ image: Image, track: Rect, shape: Shape, progress: Double, mirrored: Bool, on canvas: Canvas
    ) {
        let scale = track.height / Double(image.height)
        let width = Double(image.width) * scale
        let x = track.minX - (width - track.width) * progress
        let t =
            mirrored
            ? AffineTransform.scale(-scale, scale).concatenating(.translation(track.minX + track.maxX - x, track.minY))
            : AffineTransform.scale(scale, scale).concatenating(.translation(x, track.minY))
        canvas.fill(shape, .image(ImagePattern(image: image, transform: t, filter: .bilinear, extend: .pad)))
    }

    private func drawThumbImages(
        style: SwitchStyle, thumb: Shape, rect: Rect, colorProgress c: Double, on canvas: Canvas
    ) {
        func draw(_ name: String?, opacity: Double) {
            guard opacity > 0, let name, let image = images[name] else { return }
            let t = AffineTransform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
                .concatenating(.translation(rect.minX, rect.minY))
            canvas.withOpacity(opacity) {
                canvas.fill(thumb, .image(ImagePattern(image: image, transform: t, filter: .bilinear, extend: .pad)))
            }
        }
        draw(style.thumbImageOff, opacity: 1 - c)
        draw(style.thumbImageOn, opacity: c)
    }

    private func drawLabels(
        style: SwitchStyle, geometry g: SwitchGeometry, progress: Double, colorProgress c: Double,
        labels: LabelRenderer,
        on canvas: Canvas
    ) {
        let size = style.labelSize * style.scale
        // The free part of the track beside the thumb at either end.
        let freeWidth = g.frame.width - g.thumbDiameter - 2 * g.padding
        func draw(_ text: String?, color: Color, opacity: Double, regionX: Double) {
            guard let text, !text.isEmpty, opacity > 0 else { return }
            let m = labels.measure(text, pixelSize: size)
            // The region the label is centred in changes sides in a mirrored switch; its text does not.
            let region = g.mirrored(Rect(x: regionX, y: g.frame.y, width: freeWidth + g.padding, height: 0))
            let x = region.minX + (freeWidth + g.padding - m.width) / 2
            let baseline = g.frame.midY + (m.ascent - m.descent) / 2
            canvas.withOpacity(opacity) {
                labels.draw(text, pixelSize: size, color: color, baselineAt: Point(x, baseline), on: canvas)
            }
        }
        // On: left of the thumb, arriving from the left as the thumb moves right.
        draw(
            style.labelOn, color: style.labelColorOn, opacity: c,
            regionX: g.frame.minX + g.padding / 2 - g.travel * (1 - progress))
        // Off: right of the thumb, leaving to the right.
        draw(
            style.labelOff, color: style.labelColorOff, opacity: 1 - c,
            regionX: g.frame.minX + g.thumbDiameter + 1.5 * g.padding + g.travel * progress)
    }
}

extension ToggleSwitch {
    /// The track's rectangle and corner radius in pixels: the outline a focus ring follows.
    public var trackOutline: (rect: Rect, radius: Double) {
        let g = SwitchGeometry(style: style, frame: frame)
        return (g.track, g.trackRadius)
    }
}
