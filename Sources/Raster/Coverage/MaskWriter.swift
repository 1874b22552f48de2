/// A mask's runs and coverage as the drawing loops read them: a view of a ``CoverageMask`` or of
/// a ``MaskWriter``'s storage, valid while its owner is alive and unchanged.
struct MaskView {
    let bounds: IntRect
    let spans: UnsafePointer<MaskSpan>
    let spanCount: Int
    let coverage: UnsafePointer<UInt8>
}

/// Growable storage for one mask's runs and coverage, reused from draw to draw.
///
/// The canvas rasterises a shape into its writer and draws straight from it; only a mask the
/// cache keeps is copied into a ``CoverageMask``. So a shape drawn at a position it never had
/// before (every frame of an animation driven by the clock) allocates nothing once the writer
/// has grown. Runs follow ``CoverageMask``'s rules: in row order, partial runs padded with zero
/// coverage to a multiple of four pixels.
final class MaskWriter {
    // One thread uses a writer (its canvas's), and these are touched per run: the dynamic
    // exclusivity checks Swift adds to class properties doubled the cost of adding a run.
    @exclusivity(unchecked) private(set) var spans: UnsafeMutablePointer<MaskSpan>
    @exclusivity(unchecked) private(set) var spanCount = 0
    @exclusivity(unchecked) private var spanCapacity: Int
    @exclusivity(unchecked) private(set) var coverage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var coverageCount = 0
    @exclusivity(unchecked) private var coverageCapacity: Int
    /// Horizontal extent of the runs; the vertical one is that of the first and last run, since
    /// runs come in row order.
    @exclusivity(unchecked) private var minX = Int.max
    @exclusivity(unchecked) private var maxX = Int.min
    /// The first span of each row since `firstRow`, for copying mirrored rows.
    @exclusivity(unchecked) private var rowStarts: UnsafeMutablePointer<Int>
    /// A second value per row (the shadow's right coverage block).
    @exclusivity(unchecked) private var rowEnds: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var rowCapacity: Int
    @exclusivity(unchecked) private var firstRow = 0
    /// Scratch column bounds per row.
    @exclusivity(unchecked) private var columns: UnsafeMutablePointer<SIMD4<Int32>>
    @exclusivity(unchecked) private var columnCapacity: Int
    /// Scratch values for one row.
    @exclusivity(unchecked) private(set) var values: UnsafeMutablePointer<Double>
    @exclusivity(unchecked) private var valueCapacity: Int

    init() {
        spanCapacity = 256
        spans = .allocate(capacity: spanCapacity)
        coverageCapacity = 4096
        coverage = .allocate(capacity: coverageCapacity)
        rowCapacity = 256
        rowStarts = .allocate(capacity: rowCapacity)
        rowEnds = .allocate(capacity: rowCapacity)
        valueCapacity = 256
        values = .allocate(capacity: valueCapacity)
        columnCapacity = 256
        columns = .allocate(capacity: columnCapacity)
    }

    deinit {
        spans.deallocate()
        coverage.deallocate()
        rowStarts.deallocate()
        rowEnds.deallocate()
        values.deallocate()
        columns.deallocate()
    }

    func reset() {
        spanCount = 0
        coverageCount = 0
        minX = .max
        maxX = .min
    }

    var bounds: IntRect {
        guard spanCount > 0 else { return .zero }
        let minY = Int(spans[0].y)
        return IntRect(x: minX, y: minY, width: maxX - minX, height: Int(spans[spanCount - 1].y) + 1 - minY)
    }

    var view: MaskView {
        MaskView(bounds: bounds, spans: UnsafePointer(spans), spanCount: spanCount, coverage: UnsafePointer(coverage))
    }

    /// A mask that owns a copy of what was written.
    func makeMask() -> CoverageMask {
        CoverageMask(
            bounds: bounds, spans: UnsafeBufferPointer(start: spans, count: spanCount),
            coverage: UnsafeBufferPointer(start: coverage, count: coverageCount))
    }

    /// Room for `count` row values.
    func valueBuffer(_ count: Int) -> UnsafeMutablePointer<Double> {
        if count > valueCapacity {
            values.deallocate()
            valueCapacity = max(count, 2 * valueCapacity)
            values = .allocate(capacity: valueCapacity)
        }
        return values
    }

    @inline(never)
    private func growSpans() {
        let grown = UnsafeMutablePointer<MaskSpan>.allocate(capacity: 2 * spanCapacity)
        grown.moveInitialize(from: spans, count: spanCount)
        spans.deallocate()
        spans = grown
        spanCapacity *= 2
    }

    @inline(never)
    private func growCoverage(_ needed: Int) {
        let capacity = max(needed, 2 * coverageCapacity)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.moveInitialize(from: coverage, count: coverageCount)
        coverage.deallocate()
        coverage = grown
        coverageCapacity = capacity
    }

    @inline(__always)
    private func append(_ span: MaskSpan) {
        if spanCount == spanCapacity { growSpans() }
        spans[spanCount] = span
        spanCount += 1
        let x = Int(span.x)
        minX = min(minX, x)
        maxX = max(maxX, x + Int(span.length))
    }

    /// A fully covered run.
    @inline(__always)
    func addOpaque(y: Int, x: Int, count: Int) {
        guard count > 0 else { return }
        append(
            MaskSpan(
                x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                length: Int32(truncatingIfNeeded: count), coverageOffset: -1))
    }

    /// A partial run of `count` pixels; returns where to write their coverage bytes. The run is
    /// padded with zeros to a multiple of four. (Inlined: called for every run, its call
    /// overhead alone was ~30 instructions, a tenth of a switch's coverage work.)
    @inline(__always)
    func addPartial(y: Int, x: Int, count: Int) -> UnsafeMutablePointer<UInt8> {
        let padded = (count + 3) & ~3
        if coverageCount + padded > coverageCapacity { growCoverage(coverageCount + padded) }
        let start = coverage + coverageCount
        // Zero the last four bytes (the padding is inside them) before the caller writes the
        // values: one store instead of a call to memset.
        UnsafeMutableRawPointer(start + padded - 4).storeBytes(of: 0, as: UInt32.self)
        // Coordinates come from regions inside a surface or a mask's box, and counts from
        // them: within Int32 (unchecked conversions, ~8 instructions a run).
        append(
            MaskSpan(
                x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                length: Int32(truncatingIfNeeded: padded), coverageOffset: Int32(truncatingIfNeeded: coverageCount)))
        coverageCount += padded
        return start
    }

    /// Room for `count` coverage bytes that runs added later with `addSpan` point into, followed
    /// by at least three more (the caller zeroes them) so that a run ending at the block's end
    /// can be padded to four pixels.
    @inline(__always)
    func reserveCoverage(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        let size = (count + 6) & ~3
        if coverageCount + size > coverageCapacity { growCoverage(coverageCount + size) }
        let start = coverage + coverageCount
        coverageCount += size
        return start
    }

    /// A partial run of `count` pixels whose coverage is at `coverageOffset` (reserved before),
    /// padded to four pixels.
    @inline(__always)
    func addSpan(y: Int, x: Int, count: Int, coverageOffset: Int) {
        append(
            MaskSpan(
                x: Int32(truncatingIfNeeded: x), y: Int32(truncatingIfNeeded: y),
                length: Int32(truncatingIfNeeded: (count + 3) & ~3),
                coverageOffset: Int32(truncatingIfNeeded: coverageOffset)))
    }

    /// Room for `count` rows of four column bounds (the shadow's per-row columns).
    func columnBuffer(_ count: Int) -> UnsafeMutablePointer<SIMD4<Int32>> {
        if count > columnCapacity {
            columns.deallocate()
            columnCapacity = max(count, 2 * columnCapacity)
            columns = .allocate(capacity: columnCapacity)
        }
        return columns
    }

    /// Records the coverage blocks row y computed, for the row that mirrors it.
    @inline(__always)
    func setRowBlock(_ y: Int, left: Int, right: Int) {
        rowStarts[y - firstRow] = left
        rowEnds[y - firstRow] = right
    }

    /// The coverage blocks recorded for row y.
    @inline(__always)
    func rowBlock(_ y: Int) -> (Int, Int) { (rowStarts[y - firstRow], rowEnds[y - firstRow]) }

    /// A run with coverage `values[i] × scale` (0…1) for pixel x + i, rounded to 8 bits once;
    /// zero pixels at either end are left out, and a run of full coverage becomes an opaque run.
    func addRow(y: Int, x: Int, values: UnsafePointer<Double>, count: Int, scale: Double = 1) {
        var start = 0
        var end = count
        let s = scale * 255
        while start < end && roundedLevel(values[start] * s) == 0 { start += 1 }
        while end > start && roundedLevel(values[end - 1] * s) == 0 { end -= 1 }
        guard start < end else { return }
        let out = addPartial(y: y, x: x + start, count: end - start)
        for i in start..<end { out[i - start] = roundedLevel(values[i] * s) }
    }

    /// Coverage `values[i] × scale` (0…1) for pixel x + i, rounded to 8 bits once and grouped
    /// like ``MaskBuilder``'s rows: opaque runs, partial runs, nothing for empty pixels. For rows
    /// with holes (rings).
    func addSplitRow(y: Int, x: Int, values: UnsafePointer<Double>, count: Int, scale: Double = 1) {
        var i = 0
        while i < count {
            let l = MaskBuilder.level(values[i] * scale)
            if l == 0 {
                i += 1
                continue
            }
            let start = i
            if l == 255 {
                i += 1
                while i < count && MaskBuilder.level(values[i] * scale) == 255 { i += 1 }
                addOpaque(y: y, x: x + start, count: i - start)
                continue
            }
            i += 1
            while i < count {
                let m = MaskBuilder.level(values[i] * scale)
                if m == 0 || m == 255 { break }
                i += 1
            }
            let out = addPartial(y: y, x: x + start, count: i - start)
            for j in start..<i { out[j - start] = MaskBuilder.level(values[j] * scale) }
        }
    }

    /// A run of `count` pixels all at coverage `value` (0…1).
    @inline(__always)
    func addUniform(y: Int, x: Int, count: Int, value: Double) {
        addUniform(y: y, x: x, count: count, level: MaskBuilder.level(value))
    }

    /// A run of `count` pixels all at coverage `level`.
    @inline(__always)
    func addUniform(y: Int, x: Int, count: Int, level: UInt8) {
        guard count > 0, level > 0 else { return }
        if level == 255 {
            addOpaque(y: y, x: x, count: count)
            return
        }
        addPartial(y: y, x: x, count: count).update(repeating: level, count: count)
    }

    // MARK: Mirrored rows

    /// Starts recording where each row's runs begin, for rows from `first` on (at most `rows`).
    func beginRows(first: Int, rows: Int) {
        if rows + 1 > rowCapacity {
            rowStarts.deallocate()
            rowEnds.deallocate()
            rowCapacity = max(rows + 1, 2 * rowCapacity)
            rowStarts = .allocate(capacity: rowCapacity)
            rowEnds = .allocate(capacity: rowCapacity)
        }
        firstRow = first
    }

    /// Marks the start of row y's runs (rows in increasing order, each marked once).
    func startRow(_ y: Int) { rowStarts[y - firstRow] = spanCount }

    /// Row y (marked) repeats row `source` < y, which is complete: its runs are added again at y,
    /// sharing their coverage bytes.
    /// (The runs lie within the columns already seen, so the bounds need no update; one
    /// capacity check per row and wrapping arithmetic make this ~8 instructions a run instead
    /// of ~35.)
    /// Row `y` of a shape symmetric about the horizontal line `rowSum / 2`: copied from its
    /// mirror row `rowSum − 1 − y` when that row was written already (true), else left to the
    /// caller (false; also without a mirror).
    @inline(__always)
    func repeatMirroredRow(_ y: Int, rowSum: Int?) -> Bool {
        guard let m = rowSum else { return false }
        let source = m &- 1 &- y
        guard source < y, source >= firstRow else { return false }
        repeatRow(source, at: y)
        return true
    }

    @inline(__always)
    func repeatRow(_ source: Int, at y: Int) {
        rowStarts[y &- firstRow] = spanCount
        let from = rowStarts[source &- firstRow]
        let count = rowStarts[source &- firstRow &+ 1] &- from
        while spanCount &+ count > spanCapacity { growSpans() }
        let row = Int32(truncatingIfNeeded: y)
        let source = spans + from
        let target = spans + spanCount
        var i = 0
        while i < count {
            var s = source[i]
            s.y = row
            target[i] = s
            i &+= 1
        }
        spanCount &+= count
    }
}

/// Writes `count` coverage bytes ending at `last`, in reverse order, to `out` (the mirror image
/// of a run about the shape's axis); four bytes a step through a byte swap. The two ranges must
/// not overlap.
@inline(__always)
func copyReversed(_ count: Int, last: UnsafePointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) {
    var i = 0
    while i &+ 4 <= count {
        let v = UnsafeRawPointer(last - (i &+ 3)).loadUnaligned(as: UInt32.self)
        UnsafeMutableRawPointer(out + i).storeBytes(of: v.byteSwapped, as: UInt32.self)
        i &+= 4
    }
    while i < count {
        out[i] = last[-i]
        i &+= 1
    }
}
