import CFreeType
import Raster

/// A colour glyph (an emoji of a colour bitmap font) at one size and quarter-pixel phase: the
/// font's strike bitmap scaled to the size by exact area averaging — each pixel is the average
/// of the strike over the pixel's footprint, the way the rasteriser's coverage is the exact area
/// of a shape in a pixel — as a premultiplied image placed relative to the pen and baseline.
struct ColorGlyph {
    let image: Image
    /// Pixels from the pen's whole pixel to the image's left edge, and from the baseline down to
    /// its top edge (negative: above the baseline).
    let left: Int
    let top: Int

    /// The glyph slot's BGRA bitmap (FreeType's colour glyphs are premultiplied BGRA) scaled by
    /// `scale`, its left edge moved right by `phase` pixels; nil for another kind of bitmap.
    init?(_ slot: FT_GlyphSlotRec, scale: Double, phase: Double) {
        let bitmap = slot.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        guard Int(bitmap.pixel_mode) == Int(FT_PIXEL_MODE_BGRA.rawValue), width > 0, rows > 0, scale > 0,
            let buffer = bitmap.buffer
        else { return nil }
        let pitch = Int(bitmap.pitch)
        // Where the strike lands, in pixels of the target, relative to the pen and the baseline.
        let x0 = Double(slot.bitmap_left) * scale + phase
        let y0 = -Double(slot.bitmap_top) * scale
        let left = Int(x0.rounded(.down))
        let top = Int(y0.rounded(.down))
        let outWidth = Int((x0 + Double(width) * scale).rounded(.up)) - left
        let outHeight = Int((y0 + Double(rows) * scale).rounded(.up)) - top
        guard outWidth > 0, outHeight > 0 else { return nil }
        // The overlap of source column i (or row) with each target pixel it touches: a source
        // pixel spans [start + i·scale, start + (i+1)·scale) in target pixels.
        func overlaps(count: Int, start: Double, origin: Int) -> [[(target: Int, weight: Double)]] {
            (0..<count).map { i in
                let a = start + Double(i) * scale - Double(origin)
                let b = a + scale
                var parts: [(Int, Double)] = []
                var t = Int(a.rounded(.down))
                while Double(t) < b {
                    let w = min(b, Double(t + 1)) - max(a, Double(t))
                    if w > 0 { parts.append((t, w)) }
                    t += 1
                }
                return parts
            }
        }
        let columns = overlaps(count: width, start: x0, origin: left)
        let lines = overlaps(count: rows, start: y0, origin: top)
        // Premultiplied channels accumulated as areas (B, G, R, A per target pixel).
        var sums = [Double](repeating: 0, count: outWidth * outHeight * 4)
        for j in 0..<rows {
            let row = buffer + (pitch >= 0 ? j * pitch : (rows - 1 - j) * -pitch)
            for i in 0..<width {
                let p = row + 4 * i
                guard p[3] != 0 else { continue }
                for (ty, wy) in lines[j] {
                    for (tx, wx) in columns[i] {
                        let w = wx * wy
                        let k = (ty * outWidth + tx) * 4
                        sums[k] += Double(p[0]) * w
                        sums[k + 1] += Double(p[1]) * w
                        sums[k + 2] += Double(p[2]) * w
                        sums[k + 3] += Double(p[3]) * w
                    }
                }
            }
        }
        let image = Image(width: outWidth, height: outHeight, format: .argb8888)
        for y in 0..<outHeight {
            let out = image.surface.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<outWidth {
                let k = (y * outWidth + x) * 4
                func channel(_ v: Double) -> UInt32 { UInt32(min(255, max(0, (v + 0.5).rounded(.down)))) }
                let a = channel(sums[k + 3])
                out[x] =
                    a << 24 | min(a, channel(sums[k + 2])) << 16 | min(a, channel(sums[k + 1])) << 8
                    | min(a, channel(sums[k]))
            }
        }
        self.image = image
        self.left = left
        self.top = top
    }

    /// Composites the picture with the pen's whole pixel at `x` and the baseline at `baseline`,
    /// through the canvas's clip and opacity.
    func draw(on canvas: Canvas, x: Int, baseline: Int) {
        let ox = Double(x + left)
        let oy = Double(baseline + top)
        let rect = Rect(x: ox, y: oy, width: Double(image.width), height: Double(image.height))
        canvas.fill(.rect(rect), .image(ImagePattern(image: image, transform: .translation(ox, oy), filter: .nearest)))
    }
}
