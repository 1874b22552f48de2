import Raster

/// Paints frames onto a display with the least work: the picture is kept whole in a logical
/// ARGB8888 image (the panel's orientation), only damaged rectangles are repainted there, and each
/// back buffer receives just what changed since it was last on screen — the union of the damage of
/// the frames it missed, known from its age — converted to the display's format and rotation.
///
/// Why a logical image rather than painting into the DRM buffer directly: the buffers are
/// write-combined memory on many boards (reads are slow), they may be RGB565 or rotated, and a
/// back buffer that is two frames old needs its missing regions from somewhere; the logical
/// image is that somewhere, and nothing ever reads a buffer that the display is scanning out.
public final class FrameComposer {
    /// The display frames go to.
    public let display: DisplayOutput
    /// How the logical picture is turned onto the display.
    public let rotation: Rotation
    /// The whole picture as the panel sees it (logical orientation, premultiplied ARGB8888).
    public let picture: Image
    /// The canvas that paints `picture`, with its mask cache.
    public let canvas: Canvas
    /// Physical damage of the most recent frames, newest last.
    private var history: [DamageRegion] = []
    /// How many frames of damage are remembered; an older buffer is repainted whole.
    private let historyLimit = 4
    /// The display pixels the most recent presented frame repainted (physical coordinates): what
    /// a mirror of the screen (the browser preview) must send on.
    public var lastFrameDamage: [IntRect] { history.last?.rects ?? [] }
    /// Logical damage not yet painted into `picture`.
    public private(set) var pendingDamage = DamageRegion()
    /// Whether every pixel painted into `picture` is opaque (the panel paints over an opaque
    /// background): then copying to an XRGB8888 buffer is a plain row copy, its padding byte
    /// already 0xFF. False by default: the alpha is forced as each pixel is copied.
    public var pictureIsOpaque = false

    /// Composes for `display`, whose physical size must be the logical size turned by `rotation`.
    public init(display: DisplayOutput, rotation: Rotation) {
        self.display = display
        self.rotation = rotation
        let logical = rotation.logicalSize(width: display.width, height: display.height)
        picture = Image(width: logical.width, height: logical.height, format: .argb8888)
        canvas = Canvas(image: picture)
        pendingDamage.add(picture.surface.bounds)
    }

    /// The logical size the panel lays itself out in.
    public var logicalWidth: Int { picture.width }
    public var logicalHeight: Int { picture.height }

    /// Marks a logical rectangle as needing a repaint.
    public func invalidate(_ rect: IntRect) {
        pendingDamage.add(rect.intersection(picture.surface.bounds))
    }

    /// Marks everything (a reload, a VT switch back, a theme change).
    public func invalidateAll() { invalidate(picture.surface.bounds) }

    /// Whether there is anything to paint.
    public var needsFrame: Bool { !pendingDamage.isEmpty }

    /// Copies the physical rectangle `rect` of the picture, rotated and converted, into `surface`
    /// (a back buffer, or a mirror of the screen of the display's size and format): exactly the
    /// pixels the display shows there.
    public func copyPicture(_ rect: IntRect, to surface: Surface) {
        let logicalRect = rotation.logicalRect(rect, width: surface.width, height: surface.height)
        Blitter.copy(
            from: picture.surface, rect: logicalRect, to: surface, at: (rect.minX, rect.minY), rotation: rotation,
            sourceIsOpaque: pictureIsOpaque)
    }

    /// Paints the pending damage with `draw` (called once per damaged rectangle with the canvas
    /// clipped to it), copies what the back buffer lacks and presents it. Returns false — and
    /// keeps the damage — when no buffer is free yet (a flip pending, or the display inactive).
    @discardableResult
    public func composeFrame(now: Double, draw: (Canvas) -> Void) throws(DisplayError) -> Bool {
        guard !pendingDamage.isEmpty, let buffer = display.acquireBuffer() else { return false }
        for rect in pendingDamage.rects {
            canvas.withClip(rect) { draw(canvas) }
        }
        var physical = DamageRegion()
        for rect in pendingDamage.rects {
            physical.add(rotation.physicalRect(rect, width: picture.width, height: picture.height))
        }
        pendingDamage.removeAll()

        // What this buffer lacks: this frame's damage and that of the frames shown since it was.
        var copy = physical
        if buffer.age == 0 || buffer.age - 1 > history.count {
            copy = DamageRegion(buffer.surface.bounds)
        } else {
            for frame in history.suffix(buffer.age - 1) { copy.add(frame) }
        }
        for rect in copy.rects { copyPicture(rect, to: buffer.surface) }
        do {
            try display.present(buffer, damage: physical.rects, now: now)
        } catch {
            // Not shown: the frame's damage is still to be shown, and no history entry is made.
            for rect in physical.rects {
                pendingDamage.add(
                    rotation.logicalRect(rect, width: buffer.surface.width, height: buffer.surface.height))
            }
            throw error
        }
        history.append(physical)
        if history.count > historyLimit { history.removeFirst() }
        return true
    }
}
