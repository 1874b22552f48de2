/// One horizontal run of a coverage mask: `length` pixels from (x, y), either fully covered
/// (`coverageOffset < 0`) or partly covered with per-pixel values at `coverage[coverageOffset...]`.
/// Pixels in no run have zero coverage and cost nothing to draw.
public struct MaskSpan: Hashable, Sendable {
    public var x: Int32
    public var y: Int32
    public var length: Int32
    public var coverageOffset: Int32

    public var isOpaque: Bool { coverageOffset < 0 }
}

/// Coverage of a shape, computed once and kept as one flat list of runs, so that drawing it is
/// a single loop: opaque runs become plain stores, empty pixels are skipped, and only partial
/// runs blend. (Per-row nested loops spilled registers and cost ~40% more; see
/// docs/bench-scene/SCENE.md.)
///
/// Coordinates are relative to the mask's origin; the canvas translates by whole pixels when it
/// draws, and keeps the fractional part of a shape's position in the mask itself.
public final class CoverageMask: @unchecked Sendable {
    /// The box that holds every run.
    public let bounds: IntRect
    let spans: UnsafeMutableBufferPointer<MaskSpan>
    let coverage: UnsafeMutableBufferPointer<UInt8>

    init(bounds: IntRect, spans: [MaskSpan], coverage: [UInt8]) {
        self.bounds = bounds
        self.spans = .allocate(capacity: max(1, spans.count))
        _ = self.spans.initialize(from: spans)
        self.coverage = .allocate(capacity: max(1, coverage.count))
        _ = self.coverage.initialize(from: coverage)
        spanCount = spans.count
        coverageCount = coverage.count
    }

    /// A mask owning copies of `spans` and `coverage`.
    init(bounds: IntRect, spans: UnsafeBufferPointer<MaskSpan>, coverage: UnsafeBufferPointer<UInt8>) {
        self.bounds = bounds
        self.spans = .allocate(capacity: max(1, spans.count))
        if spans.count > 0 { _ = self.spans.initialize(from: spans) }
        self.coverage = .allocate(capacity: max(1, coverage.count))
        if coverage.count > 0 { _ = self.coverage.initialize(from: coverage) }
        spanCount = spans.count
        coverageCount = coverage.count
    }

    var view: MaskView {
        MaskView(
            bounds: bounds, spans: UnsafePointer(spans.baseAddress!), spanCount: spanCount,
            coverage: UnsafePointer(coverage.baseAddress!))
    }

    /// A mask from an 8-bit alpha bitmap (a rasterised glyph, an icon): `rows` rows of
    /// `width` values, `stride` bytes apart, whose top-left pixel is at `origin`.
    public convenience init(alpha: UnsafeRawBufferPointer, width: Int, rows: Int, stride: Int, origin: (x: Int, y: Int))
    {
        precondition(
            width >= 0 && rows >= 0 && stride >= width && alpha.count >= (rows == 0 ? 0 : (rows - 1) * stride + width))
        var builder = MaskBuilder()
        let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: max(1, width))
        defer { values.deallocate() }
        for y in 0..<rows {
            for x in 0..<width { values[x] = Double(alpha[y * stride + x]) / 255 }
            builder.addRow(y: origin.y + y, x0: origin.x, values: UnsafeBufferPointer(rebasing: values[0..<width]))
        }
        let built = builder.build()
        self.init(bounds: built.bounds, spans: built.runs, coverage: Array(built.coverage.prefix(built.coverageCount)))
    }

    deinit {
        spans.deallocate()
        coverage.deallocate()
    }

    let spanCount: Int
    let coverageCount: Int

    /// Memory held, for the cache's budget.
    public var byteCount: Int { spanCount * MemoryLayout<MaskSpan>.stride + coverageCount + 64 }

    /// The runs, in row order.
    public var runs: [MaskSpan] { Array(spans.prefix(spanCount)) }

    /// Coverage (0…255) of pixel (x, y) in mask coordinates; slow, for tests.
    public func value(x: Int, y: Int) -> UInt8 {
        for s in spans.prefix(spanCount) where Int(s.y) == y && x >= Int(s.x) && x < Int(s.x + s.length) {
            let v = s.isOpaque ? 255 : coverage[Int(s.coverageOffset) + x - Int(s.x)]
            if v != 0 { return v }
        }
        return 0
    }
}

/// Turns rows of fractional coverage into a ``CoverageMask``: rounds each value to 8 bits once
/// and groups pixels into opaque and partial runs.
struct MaskBuilder {
    private var spans: [MaskSpan] = []
    private var coverage: [UInt8] = []
    private var bounds = IntRect.zero
    /// One row of 8-bit levels, reused.
    private var levels: [UInt8] = []

    /// round(v · 255), clamped to 0…255 (NaN → 0).
    @inline(__always)
    static func level(_ v: Double) -> UInt8 {
        let l = v * 255
        if !(l > 0.5) { return 0 }
        return l >= 254.5 ? 255 : UInt8((l + 0.5).rounded(.down))
    }

    /// Adds row `y`, whose pixel `x0 + i` has coverage `values[i] × scale` (0…1).
    mutating func addRow(y: Int, x0: Int, values: UnsafeBufferPointer<Double>, scale: Double = 1) {
        prepare(values.count)
        for i in 0..<values.count { levels[i] = MaskBuilder.level(values[i] * scale) }
        emit(y: y, x0: x0, count: values.count)
    }

    /// Adds row `y` from single-precision values, leaving out the pixels where `hidden[i]`
    /// is fully covered (its level is 255): an opaque shape drawn on top hides them.
    mutating func addRow(
        y: Int, x0: Int, values: UnsafeBufferPointer<Float>, scale: Double, hidden: UnsafeBufferPointer<Double>?
    ) {
        prepare(values.count)
        for i in 0..<values.count { levels[i] = MaskBuilder.level(Double(values[i]) * scale) }
        if let hidden {
            for i in 0..<values.count where MaskBuilder.level(hidden[i]) == 255 { levels[i] = 0 }
        }
        emit(y: y, x0: x0, count: values.count)
    }

    private mutating func prepare(_ count: Int) {
        if levels.count < count { levels = [UInt8](repeating: 0, count: count) }
    }

    /// Groups the first `count` levels into runs.
    private mutating func emit(y: Int, x0: Int, count n: Int) {
        var i = 0
        while i < n {
            let l = levels[i]
            if l == 0 {
                i += 1
                continue
            }
            let start = i
            if l == 255 {
                i += 1
                while i < n && levels[i] == 255 { i += 1 }
                spans.append(MaskSpan(x: Int32(x0 + start), y: Int32(y), length: Int32(i - start), coverageOffset: -1))
                bounds = bounds.union(IntRect(x: x0 + start, y: y, width: i - start, height: 1))
                continue
            }
            let offset = coverage.count
            while i < n && levels[i] != 0 && levels[i] != 255 {
                coverage.append(levels[i])
                i += 1
            }
            // Pad partial runs with zero coverage to a multiple of four pixels, so the SIMD
            // kernels never need a scalar tail: a pixel under zero coverage is written back
            // unchanged. The padding may overlap the next run, which is drawn after it and so
            // still sees the right pixels.
            var length = i - start
            while length % 4 != 0 {
                coverage.append(0)
                length += 1
            }
            spans.append(
                MaskSpan(x: Int32(x0 + start), y: Int32(y), length: Int32(length), coverageOffset: Int32(offset)))
            bounds = bounds.union(IntRect(x: x0 + start, y: y, width: length, height: 1))
        }
    }

    func build() -> CoverageMask { CoverageMask(bounds: bounds, spans: spans, coverage: coverage) }
}
