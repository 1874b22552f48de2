import CPNG
import FoundationEssentials
import Raster

/// Why a PNG could not be read or written.
public enum PNGError: Error, CustomStringConvertible, Equatable {
    /// libpng rejected the data (corrupt, truncated, not a PNG); carries libpng's message.
    case decode(String)
    /// libpng could not encode the image.
    case encode(String)
    /// The file could not be read or written.
    case file(path: String, reason: String)

    public var description: String {
        switch self {
        case .decode(let m): "cannot decode PNG: \(m)"
        case .encode(let m): "cannot encode PNG: \(m)"
        case .file(let path, let reason): "\(path): \(reason)"
        }
    }
}

/// PNG snapshots and images through libpng's simplified API: 8-bit sRGB, straight alpha on
/// disk, premultiplied ARGB8888 in memory.
public enum PNG {
    /// Decodes PNG bytes into an ARGB8888 (premultiplied) image. Corrupt or truncated data throws.
    public static func decode(_ bytes: [UInt8]) throws -> Image {
        var png = png_image()
        png.version = CPNG_IMAGE_VERSION
        defer { png_image_free(&png) }
        let began = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
        guard began != 0 else { throw PNGError.decode(message(png)) }
        guard png.width > 0, png.height > 0, png.width <= 1 << 15, png.height <= 1 << 15 else {
            throw PNGError.decode("unsupported size \(png.width)x\(png.height)")
        }
        png.format = CPNG_FORMAT_BGRA
        let image = Image(width: Int(png.width), height: Int(png.height), format: .argb8888)
        let surface = image.surface
        let done = png_image_finish_read(&png, nil, surface.base, Int32(surface.stride), nil)
        guard done != 0 else { throw PNGError.decode(message(png)) }
        // BGRA bytes are straight ARGB words; premultiply in place.
        for y in 0..<surface.height {
            let row = surface.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<surface.width {
                row[x] = straightToPremultiplied(row[x])
            }
        }
        return image
    }

    /// Encodes a surface of any format as PNG (RGB when every pixel is opaque, else RGBA).
    /// Rows are read as words and decoded by the format directly (no per-pixel bounds checks),
    /// since the browser preview encodes every frame's damage with this.
    public static func encode(_ surface: Surface) throws -> [UInt8] {
        let w = surface.width
        let h = surface.height
        let format = surface.format
        let wide = format.bytesPerPixel == 4
        var straight = [UInt32](repeating: 0, count: w * h)
        var opaque = true
        straight.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = surface.row(y)
                for x in 0..<w {
                    let raw =
                        wide
                        ? row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
                        : UInt32(row.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self))
                    let p = format.decode(raw)
                    if p >> 24 != 0xFF { opaque = false }
                    out[y * w + x] = p
                }
            }
            // An opaque pixel is its own straight colour; only translucent ones are divided.
            guard !opaque else { return }
            for i in 0..<(w * h) {
                let s = PremultipliedColor(argb: out[i]).unpremultiplied
                out[i] = UInt32(s.alpha) << 24 | UInt32(s.red) << 16 | UInt32(s.green) << 8 | UInt32(s.blue)
            }
        }
        var png = png_image()
        png.version = CPNG_IMAGE_VERSION
        png.width = UInt32(w)
        png.height = UInt32(h)
        var rowStride: Int32
        var buffer: [UInt8]
        if opaque {
            png.format = CPNG_FORMAT_BGR
            buffer = [UInt8](repeating: 0, count: w * h * 3)
            buffer.withUnsafeMutableBufferPointer { out in
                straight.withUnsafeBufferPointer { pixels in
                    for i in 0..<(w * h) {
                        out[i * 3] = UInt8(truncatingIfNeeded: pixels[i])
                        out[i * 3 + 1] = UInt8(truncatingIfNeeded: pixels[i] >> 8)
                        out[i * 3 + 2] = UInt8(truncatingIfNeeded: pixels[i] >> 16)
                    }
                }
            }
            rowStride = Int32(w * 3)
        } else {
            png.format = CPNG_FORMAT_BGRA
            buffer = straight.withUnsafeBytes { Array($0) }
            rowStride = Int32(w * 4)
        }
        var size = 0
        let sized = buffer.withUnsafeBytes {
            png_image_write_to_memory(&png, nil, &size, 0, $0.baseAddress, rowStride, nil)
        }
        guard sized != 0, size > 0 else { throw PNGError.encode(message(png)) }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            buffer.withUnsafeBytes {
                png_image_write_to_memory(&png, dst.baseAddress, &size, 0, $0.baseAddress, rowStride, nil)
            }
        }
        png_image_free(&png)
        guard written != 0 else { throw PNGError.encode(message(png)) }
        return Array(out.prefix(size))
    }

    /// Reads and decodes a PNG file.
    public static func read(path: String) throws -> Image {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PNGError.file(path: path, reason: "cannot read (missing or unreadable)")
        }
        return try decode([UInt8](data))
    }

    /// Encodes and writes a PNG file atomically (a temporary file renamed into place).
    public static func write(_ surface: Surface, to path: String) throws {
        let bytes = try encode(surface)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PNGError.file(path: path, reason: "cannot write: \(error)")
        }
    }

    public static func write(_ image: Image, to path: String) throws { try write(image.surface, to: path) }

    /// Writes `image` as ``write(_:to:)-(Image,_)`` does, making the directory it goes in first
    /// (with its parents) when there is none.
    public static func writeMakingDirectory(_ image: Image, to path: String) throws {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            try FileManager.default.createDirectory(
                atPath: String(path[..<slash]), withIntermediateDirectories: true)
        }
        try write(image, to: path)
    }

    private static func message(_ png: png_image) -> String {
        var m = png.message
        return withUnsafeBytes(of: &m) { raw in
            let bytes = raw.prefix(while: { $0 != 0 })
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @inline(__always)
    private static func straightToPremultiplied(_ p: UInt32) -> UInt32 {
        let a = p >> 24
        if a == 255 { return p }
        if a == 0 { return 0 }
        let c = Color(
            red: UInt8(truncatingIfNeeded: p >> 16), green: UInt8(truncatingIfNeeded: p >> 8),
            blue: UInt8(truncatingIfNeeded: p), alpha: UInt8(a))
        return c.premultiplied.argb
    }
}
