import CDRM
import LinuxIO
import Raster

/// A scan-out buffer in the card's memory: a dumb buffer, the framebuffer object that lets a
/// CRTC or plane show it, and its pixels mapped into this process as a `Raster.Surface`.
///
/// Acquired in the order create → add framebuffer → map, and released in the reverse order by
/// ``release()`` (or when the object goes away); a failure half-way releases what was acquired.
/// The buffer keeps its ``Card`` alive, so the descriptor outlives the handles made on it.
///
/// Removing a framebuffer that a CRTC is scanning out turns that CRTC off: restore the CRTC
/// first (``DRMDisplay/close()`` does).
public final class DumbBuffer {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// The framebuffer object's id (`FB_ID`), for page flips and atomic commits.
    public let framebufferID: UInt32
    /// Bytes per row, as the driver chose it (at least `width × bytesPerPixel`).
    public let stride: Int
    private let card: Card
    private let handle: UInt32
    /// The pixels mapped into this process; nil after ``release()``.
    private var mapping: MemoryMapping?

    /// Allocates a `width`×`height` buffer in `format` on `card` and maps it.
    public init(card: Card, width: Int, height: Int, format: PixelFormat) throws(DRMError) {
        let fd = card.rawDescriptor
        let path = card.path
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        let bitsPerPixel = UInt32(format.bytesPerPixel * 8)
        if case .failure(let e) = negativeErrnoCall({
            drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), bitsPerPixel, 0, &handle, &pitch, &size)
        }) {
            throw .call("drmModeCreateDumbBuffer(\(width)x\(height), \(bitsPerPixel) bpp)", path: path, errno: e)
        }
        // Raster's Surface needs whole pixels per row; every driver aligns more coarsely than that.
        guard Int(pitch) >= width * format.bytesPerPixel, Int(pitch) % format.bytesPerPixel == 0 else {
            drmModeDestroyDumbBuffer(fd, handle)
            throw .call("drmModeCreateDumbBuffer (pitch \(pitch))", path: path, errno: .invalidArgument)
        }
        var framebuffer: UInt32 = 0
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        let added = withUnsafePointer(to: &handles) { h in
            withUnsafePointer(to: &pitches) { p in
                withUnsafePointer(to: &offsets) { o in
                    negativeErrnoCall {
                        drmModeAddFB2(
                            fd, UInt32(width), UInt32(height), format.fourcc,
                            UnsafeRawPointer(h).assumingMemoryBound(to: UInt32.self),
                            UnsafeRawPointer(p).assumingMemoryBound(to: UInt32.self),
                            UnsafeRawPointer(o).assumingMemoryBound(to: UInt32.self), &framebuffer, 0)
                    }
                }
            }
        }
        if case .failure(let e) = added {
            drmModeDestroyDumbBuffer(fd, handle)
            // EINVAL here is the driver refusing the format (the plane list was not available to
            // check it beforehand).
            if e == .invalidArgument { throw .unsupportedFormat(format, path: path, supported: []) }
            throw .call("drmModeAddFB2(\(format.rawValue))", path: path, errno: e)
        }
        var offset: UInt64 = 0
        if case .failure(let e) = negativeErrnoCall({ drmModeMapDumbBuffer(fd, handle, &offset) }) {
            drmModeRmFB(fd, framebuffer)
            drmModeDestroyDumbBuffer(fd, handle)
            throw .call("drmModeMapDumbBuffer", path: path, errno: e)
        }
        let mapping: MemoryMapping
        do throws(SystemError) {
            mapping = try card.mapMemory(offset: offset, length: Int(size))
        } catch {
            drmModeRmFB(fd, framebuffer)
            drmModeDestroyDumbBuffer(fd, handle)
            throw .call("mmap (dumb buffer, \(size) bytes)", path: path, errno: error.errno)
        }
        self.card = card
        self.width = width
        self.height = height
        self.format = format
        self.handle = handle
        self.framebufferID = framebuffer
        self.stride = Int(pitch)
        self.mapping = consume mapping
    }

    deinit { release() }

    /// The pixels, as the CRTC reads them. Valid until ``release()``.
    public var surface: Surface {
        guard let base = mapping?.base else { preconditionFailure("the dumb buffer was released") }
        return Surface(base: base, width: width, height: height, stride: stride, format: format)
    }

    /// Whether ``release()`` has run.
    public var isReleased: Bool { mapping == nil }

    /// Unmaps the pixels, removes the framebuffer and destroys the dumb buffer, in that order
    /// (once; later calls do nothing). Errors are ignored: each step frees kernel memory on its
    /// own, and closing the card would free it anyway.
    public func release() {
        guard mapping != nil else { return }
        mapping = nil  // unmaps
        guard card.isOpen else { return }  // the card was closed first: the kernel freed everything
        let fd = card.rawDescriptor
        drmModeRmFB(fd, framebufferID)
        drmModeDestroyDumbBuffer(fd, handle)
    }
}
