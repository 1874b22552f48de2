import Presentation
import Raster

/// A copy of what the display shows, pixel for pixel (its size, format and rotation), kept up to
/// date from each presented frame's damage — what the preview encodes, since a DRM buffer on
/// screen must never be read (write-combined memory, and it may be mid-scan-out).
public final class ScreenMirror {
    public let image: Image

    /// A black screen of the display's physical size and pixel format.
    public init(width: Int, height: Int, format: PixelFormat) {
        image = Image(width: width, height: height, format: format)
    }

    public var bounds: IntRect { image.bounds }

    /// Takes the physical rectangles `damage` from the composer's picture.
    public func update(_ damage: [IntRect], from composer: FrameComposer) {
        for rect in damage {
            let clipped = rect.intersection(image.bounds)
            if !clipped.isEmpty { composer.copyPicture(clipped, to: image.surface) }
        }
    }

    /// The pixels of `rect` (inside the screen) as a surface over the mirror's memory.
    public func surface(of rect: IntRect) -> Surface {
        let r = rect.intersection(image.bounds)
        let s = image.surface
        return Surface(
            base: s.base + r.y * s.stride + r.x * s.format.bytesPerPixel, width: r.width, height: r.height,
            stride: s.stride, format: s.format)
    }
}
