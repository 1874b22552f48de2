/// Coverage masks kept between frames, keyed by exact geometry relative to the pixel grid:
/// a shape drawn again at a whole-pixel offset reuses its mask, and one drawn at a new
/// fractional offset gets its own exact mask (positions are never snapped). Least recently
/// used masks are dropped when the byte budget is exceeded.
public final class MaskCache {
    enum Key: Hashable {
        case fill(Shape)
        case path(Path, FillRule)
        case shadow(Shape, sigma: Double, alpha: Double, occluderOffset: Point?)
    }

    private struct Entry {
        let mask: CoverageMask
        var lastUse: UInt64
    }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    public private(set) var byteCount = 0
    public let byteBudget: Int
    /// Masks built since creation (misses), for tests and benchmarks.
    public private(set) var builds = 0

    public init(byteBudget: Int = 8 << 20) { self.byteBudget = byteBudget }

    public var count: Int { entries.count }

    func mask(_ key: Key, build: () -> CoverageMask) -> CoverageMask {
        clock &+= 1
        if let index = entries.index(forKey: key) {
            entries.values[index].lastUse = clock
            return entries.values[index].mask
        }
        let mask = build()
        builds += 1
        entries[key] = Entry(mask: mask, lastUse: clock)
        byteCount += mask.byteCount
        if byteCount > byteBudget { evict() }
        return mask
    }

    /// Drops the least recently used masks until a quarter of the budget is free.
    private func evict() {
        let target = byteBudget * 3 / 4
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge where byteCount > target && entry.lastUse != clock {
            entries[key] = nil
            byteCount -= entry.mask.byteCount
        }
    }

    public func removeAll() {
        entries.removeAll()
        byteCount = 0
    }
}
