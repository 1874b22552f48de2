/// Coverage masks kept between frames, keyed by exact geometry relative to the pixel grid:
/// a shape drawn again at a whole-pixel offset reuses its mask, and one drawn at a new
/// fractional offset gets its own exact mask (positions are never snapped). Least recently
/// used masks are dropped when the byte budget is exceeded.
public final class MaskCache {
    enum Key: Hashable {
        case fill(Shape)
        case path(Path, FillRule)
        case shadow(Shape, sigma: Double, alpha: Double, occluderOffset: Point?)

        /// One cheap multiply–xorshift fold of the geometry's bit patterns, fed to the hasher
        /// once: the synthesised hash ran SipHash over every field and cost ~1,500
        /// instructions per lookup, a tenth of a whole frame's budget. Equality stays exact.
        func hash(into hasher: inout Hasher) {
            var h = FoldHash()
            switch self {
            case .fill(let shape):
                h.add(1 as UInt64)
                h.add(shape)
            case .path(let path, let rule):
                h.add(rule == .nonZero ? 2 as UInt64 : 3)
                hasher.combine(path)
            case .shadow(let shape, let sigma, let alpha, let offset):
                h.add(4 as UInt64)
                h.add(shape)
                h.add(sigma)
                h.add(alpha)
                if let offset {
                    h.add(offset.x)
                    h.add(offset.y)
                }
            }
            hasher.combine(h.value)
        }
    }

    struct FoldHash {
        private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

        mutating func add(_ v: UInt64) {
            value = (value ^ v) &* 0xBF58_476D_1CE4_E5B9
            value ^= value >> 31
        }

        mutating func add(_ d: Double) { add(d.bitPattern) }

        mutating func add(_ r: Rect) {
            add(r.x)
            add(r.y)
            add(r.width)
            add(r.height)
        }

        mutating func add(_ shape: Shape) {
            switch shape {
            case .roundedRect(let r, let radii):
                add(r)
                add(radii.topLeft)
                add(radii.topRight)
                add(radii.bottomRight)
                add(radii.bottomLeft)
            case .ellipse(let r):
                add(5 as UInt64)
                add(r)
            case .ring(let outer, let inner):
                add(6 as UInt64)
                add(outer)
                add(inner)
            }
        }
    }

    private struct Entry {
        let mask: CoverageMask
        var lastUse: UInt64
    }

    // The cache is used from one thread (the canvas's), and these are touched on every draw:
    // the dynamic exclusivity checks Swift would add cost ~2 % of a frame for nothing.
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var clock: UInt64 = 0
    @exclusivity(unchecked) public private(set) var byteCount = 0
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
