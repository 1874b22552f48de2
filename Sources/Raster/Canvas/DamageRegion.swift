/// The parts of a frame that changed and must be repainted, as a few rectangles.
///
/// Rectangles that overlap, or whose union wastes little area, are merged, and the list is
/// kept short (at most `limit`) by merging the pair whose union grows least; repainting a few
/// extra pixels is cheaper than walking a long list.
public struct DamageRegion: Hashable, Sendable {
    public private(set) var rects: [IntRect] = []
    public let limit: Int

    public init(limit: Int = 8) { self.limit = max(1, limit) }

    public init(_ rect: IntRect, limit: Int = 8) {
        self.init(limit: limit)
        add(rect)
    }

    public var isEmpty: Bool { rects.isEmpty }

    /// The rectangle holding all damage.
    public var bounds: IntRect { rects.reduce(IntRect.zero) { $0.union($1) } }

    /// The number of pixels to repaint (rectangles never overlap after merging).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }

    /// Marks `rect` as changed.
    public mutating func add(_ rect: IntRect) {
        guard !rect.isEmpty else { return }
        var pending = rect
        // Absorb every rectangle that touches the new one or is cheaply merged with it.
        var changed = true
        while changed {
            changed = false
            for (i, r) in rects.enumerated() {
                let u = r.union(pending)
                if r.intersects(pending) || u.area <= r.area + pending.area {
                    pending = u
                    rects.remove(at: i)
                    changed = true
                    break
                }
            }
        }
        rects.append(pending)
        while rects.count > limit { mergeCheapestPair() }
    }

    public mutating func add(_ other: DamageRegion) {
        for r in other.rects { add(r) }
    }

    /// Limits the damage to `bounds` (the screen).
    public mutating func clip(to bounds: IntRect) {
        let old = rects
        rects = []
        for r in old { add(r.intersection(bounds)) }
    }

    public mutating func removeAll() { rects.removeAll() }

    private mutating func mergeCheapestPair() {
        var best = (0, 1, Int.max)
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let growth = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if growth < best.2 { best = (i, j, growth) }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects.remove(at: best.0)
        add(merged)
    }
}
