import Raster

/// A glyph of one face at one size and quarter-pixel phase.
struct GlyphKey: Hashable {
    /// The face's position in its renderer's ``TextRenderer/faces``.
    var face: Int32
    var glyph: UInt32
    /// Pixels per em in 26.6 fixed point.
    var size: Int32
    /// The pen's horizontal offset from the whole pixel, in quarter pixels (0…3).
    var phase: UInt8
}

/// A rasterised glyph: its coverage, placed relative to the pen's whole pixel on the baseline.
final class GlyphEntry {
    /// The glyph's coverage with the bearing applied: its top-left run starts at
    /// (bitmap_left, −bitmap_top). Nil for a glyph without ink (a space) or one FreeType failed on.
    let mask: CoverageMask?
    /// Horizontal bearing: pixels from the pen to the bitmap's left edge.
    let left: Int
    /// Vertical bearing: pixels from the baseline up to the bitmap's top edge.
    let top: Int
    /// The advance, in pixels.
    let advance: Double
    /// Memory charged against the cache's budget.
    let byteCount: Int
    /// The cache's clock at the last use; the least recently used entries go first.
    var lastUse: UInt64 = 0

    /// A colour glyph's picture (an emoji), drawn instead of a mask.
    let color: ColorGlyph?

    /// Whether FreeType could not load or render the glyph (it draws as nothing).
    let failed: Bool

    init(mask: CoverageMask?, left: Int, top: Int, advance: Double, failed: Bool = false) {
        self.mask = mask
        self.left = left
        self.top = top
        self.advance = advance
        self.failed = failed
        color = nil
        byteCount = (mask?.byteCount ?? 0) + 96
    }

    init(color: ColorGlyph, advance: Double) {
        mask = nil
        left = color.left
        top = -color.top
        self.advance = advance
        self.color = color
        failed = false
        byteCount = color.image.width * color.image.height * 4 + 96
    }
}

/// How the glyph cache has done since it was made or its statistics were reset.
public struct GlyphCacheStatistics: Hashable, Sendable {
    /// Glyph draws served from the cache.
    public var hits = 0
    /// Glyph draws that had to load and rasterise the glyph (one `FT_Render_Glyph` call each).
    public var misses = 0
    /// Glyphs FreeType could not load or render (drawn as nothing; also counted as misses).
    public var failures = 0
    /// Entries dropped to stay within the budget.
    public var evictions = 0
    /// Entries held now.
    public var entries = 0
    /// Memory held now, as charged against the budget.
    public var bytes = 0
}

/// Rasterised glyphs, least recently used first out once they exceed a byte budget.
struct GlyphCache {
    let budget: Int
    private(set) var entries: [GlyphKey: GlyphEntry] = [:]
    private(set) var bytes = 0
    private var clock: UInt64 = 0
    var statistics = GlyphCacheStatistics()

    init(budget: Int) { self.budget = max(0, budget) }

    /// The entry for `key`, made by `make` on a miss.
    mutating func entry(_ key: GlyphKey, make: () -> GlyphEntry) -> GlyphEntry {
        clock &+= 1
        if let hit = entries[key] {
            hit.lastUse = clock
            statistics.hits += 1
            return hit
        }
        statistics.misses += 1
        // `make` does not touch the cache (it is being changed): failures are counted here.
        let made = make()
        if made.failed { statistics.failures += 1 }
        made.lastUse = clock
        // A glyph that would take more than a quarter of the budget is drawn but not kept.
        guard made.byteCount <= budget / 4 else { return made }
        entries[key] = made
        bytes += made.byteCount
        if bytes > budget { evict() }
        return made
    }

    /// Drops the least recently used entries until the cache holds at most ¾ of its budget, so
    /// that the sort is paid once per many insertions.
    private mutating func evict() {
        let target = budget / 4 * 3
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard bytes > target else { break }
            entries[key] = nil
            bytes -= entry.byteCount
            statistics.evictions += 1
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        bytes = 0
    }
}
