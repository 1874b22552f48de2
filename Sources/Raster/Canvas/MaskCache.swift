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
        /// Drawn again since it was built. Entries that never were (the positions of an
        /// animation driven by the clock, which never come back) are evicted first.
        var reused: Bool
    }

    // The cache is used from one thread (the canvas's), and these are touched on every draw:
    // the dynamic exclusivity checks Swift would add cost ~2 % of a frame for nothing.
    @exclusivity(unchecked) private var entries: [Key: Entry] = [:]
    @exclusivity(unchecked) private var clock: UInt64 = 0
    @exclusivity(unchecked) public private(set) var byteCount = 0
    /// Keys in the order they were built: the eviction order of entries never reused.
    @exclusivity(unchecked) private var probation: [Key] = []
    @exclusivity(unchecked) private var probationHead = 0
    public let byteBudget: Int
    /// Masks built since creation (misses), for tests and benchmarks.
    public private(set) var builds = 0

    /// Shadow profiles per (radius, σ): they depend on a style only, so they are kept even by a
    /// cache with no byte budget.
    let profiles = DiscShadowProfiles()

    /// A cache that keeps masks up to `byteBudget` bytes; 0 keeps none (every draw rebuilds).
    /// 2 MB by default: what a panel draws at rest is far less (the demo's 10 masks are 25 KB;
    /// the benchmark scene's 24 switches share 3 masks, 9 KB), and a mask at a new position costs
    /// little to build (REALTIME: 0.11 M instructions a frame with none reused), so a larger
    /// budget only lets a panel's memory grow by it: 8 MB did, RSS +11 MB after 100,000 toggles
    /// through the socket (the animation positions it keeps are the never-reused ones evicted
    /// first, but only once the budget is full).
    public init(byteBudget: Int = 2 << 20) { self.byteBudget = max(0, byteBudget) }

    public var count: Int { entries.count }

    /// The mask kept for `key`, if any.
    func lookup(_ key: Key) -> CoverageMask? {
        guard byteBudget > 0 else { return nil }
        clock &+= 1
        guard let index = entries.index(forKey: key) else { return nil }
        entries.values[index].lastUse = clock
        entries.values[index].reused = true
        return entries.values[index].mask
    }

    /// Records a build for `key` and keeps `mask()` when the budget allows any mask.
    func insert(_ key: Key, _ mask: @autoclosure () -> CoverageMask) {
        builds += 1
        guard byteBudget > 0 else { return }
        let m = mask()
        clock &+= 1
        entries[key] = Entry(mask: m, lastUse: clock, reused: false)
        probation.append(key)
        byteCount += m.byteCount
        if byteCount > byteBudget { evict(keeping: key) }
    }

    /// Keeps a copy of what `writer` holds for `key`.
    func insert(_ key: Key, from writer: MaskWriter) {
        insert(key, writer.makeMask())
    }

    /// The mask for `key`, built by `build` when it is not kept.
    func mask(_ key: Key, build: () -> CoverageMask) -> CoverageMask {
        if let mask = lookup(key) { return mask }
        let mask = build()
        insert(key, mask)
        return mask
    }

    /// Frees a quarter of the budget: first masks never reused, oldest first (a cheap queue
    /// walk), then the least recently used of the rest. `kept`, just built, stays.
    private func evict(keeping kept: Key) {
        let target = byteBudget * 3 / 4
        while byteCount > target && probationHead < probation.count {
            let key = probation[probationHead]
            probationHead += 1
            guard key != kept, let entry = entries[key], !entry.reused else { continue }
            entries[key] = nil
            byteCount -= entry.mask.byteCount
        }
        if probationHead > 64 && probationHead * 2 > probation.count {
            probation.removeFirst(probationHead)
            probationHead = 0
        }
        guard byteCount > target else { return }
        let byAge = entries.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, entry) in byAge where byteCount > target && key != kept {
            entries[key] = nil
            byteCount -= entry.mask.byteCount
        }
    }

    public func removeAll() {
        entries.removeAll()
        probation.removeAll()
        probationHead = 0
        byteCount = 0
    }
}
