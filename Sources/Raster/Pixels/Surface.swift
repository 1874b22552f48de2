/// Pixel memory that the surface does not own: an mmap'd DRM dumb buffer, a PNG decoder's
/// output, or an ``Image``'s storage. Rows are `stride` bytes apart, which may exceed
/// `width × bytesPerPixel`.
///
/// A surface is a plain value; whoever owns the memory keeps it alive while the surface is used.
public struct Surface: @unchecked Sendable {
    public let base: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    public let stride: Int
    public let format: PixelFormat

    /// Wraps memory. Fails when the stride cannot hold a row or the size is empty.
    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat) {
        precondition(width > 0 && height > 0, "a surface must not be empty")
        precondition(stride >= width * format.bytesPerPixel, "stride \(stride) too small for width \(width)")
        precondition(stride % format.bytesPerPixel == 0, "stride must be a multiple of the pixel size")
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The start of row `y`.
    @inline(__always)
    public func row(_ y: Int) -> UnsafeMutableRawPointer { base + y * stride }

    /// Row `y` as 32-bit pixels; only for 4-byte formats.
    @inline(__always)
    func row32(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (base + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// Reads one pixel as premultiplied ARGB8888 (slow; for tests and tools).
    public func pixel(x: Int, y: Int) -> PremultipliedColor {
        precondition(bounds.intersects(IntRect(x: x, y: y, width: 1, height: 1)), "pixel outside the surface")
        let p = row(y) + x * format.bytesPerPixel
        let raw: UInt32 =
            format.bytesPerPixel == 4
            ? p.loadUnaligned(as: UInt32.self) : UInt32(p.loadUnaligned(as: UInt16.self))
        return PremultipliedColor(argb: format.decode(raw))
    }

    /// Writes one pixel (slow; for tests and tools).
    public func setPixel(x: Int, y: Int, _ color: PremultipliedColor) {
        precondition(bounds.intersects(IntRect(x: x, y: y, width: 1, height: 1)), "pixel outside the surface")
        let p = row(y) + x * format.bytesPerPixel
        let v = format.encode(argb: color.argb)
        if format.bytesPerPixel == 4 {
            p.storeBytes(of: v, as: UInt32.self)
        } else {
            p.storeBytes(of: UInt16(truncatingIfNeeded: v), as: UInt16.self)
        }
    }
}

/// Pixel memory that owns its storage: offscreen canvases, decoded PNGs, test images.
/// Never empty. Rows are 64-byte aligned unless a stride is given.
public final class Image: @unchecked Sendable {
    public let surface: Surface
    private let storage: UnsafeMutableRawPointer

    public var width: Int { surface.width }
    public var height: Int { surface.height }
    public var format: PixelFormat { surface.format }
    public var bounds: IntRect { surface.bounds }

    /// A new image, zero-filled (transparent black).
    public init(width: Int, height: Int, format: PixelFormat = .argb8888, stride: Int? = nil) {
        precondition(width > 0 && height > 0, "an image must not be empty")
        let rowBytes = width * format.bytesPerPixel
        let s = stride ?? (rowBytes + 63) / 64 * 64
        let bytes = s * height
        storage = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        // Zeroed by doubling copies of the first row (memmove, log2(height) calls): the generic
        // `initializeMemory(as:repeating:count:)` went byte by byte through value witnesses in
        // debug builds: a fifth of what a headless panel test spent (perf, a 1280x720 scenario).
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: s)
        var done = s
        while done < bytes {
            let n = min(done, bytes - done)
            (storage + done).copyMemory(from: storage, byteCount: n)
            done += n
        }
        surface = Surface(base: storage, width: width, height: height, stride: s, format: format)
    }

    deinit { storage.deallocate() }

    public func pixel(x: Int, y: Int) -> PremultipliedColor { surface.pixel(x: x, y: y) }
    public func setPixel(x: Int, y: Int, _ color: PremultipliedColor) { surface.setPixel(x: x, y: y, color) }

    /// A copy of the pixels converted to `format` and turned by `rotation`: the physical
    /// framebuffer that shows this (logical) picture.
    public func converted(to format: PixelFormat, rotation: Rotation = .none) -> Image {
        let size = rotation.physicalSize(width: width, height: height)
        let out = Image(width: size.width, height: size.height, format: format)
        Blitter.copy(from: surface, rect: bounds, to: out.surface, at: (0, 0), rotation: rotation)
        return out
    }
}
