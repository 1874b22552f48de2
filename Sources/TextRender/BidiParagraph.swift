import CFriBidi
import Raster

/// One paragraph's embedding levels by the Unicode bidirectional algorithm (UAX #9), from GNU
/// FriBidi: which characters run right to left, and how deep, so that runs can be shaped in their
/// direction and put in visual order (rule L2, ``visualOrder(levels:)``).
struct BidiParagraph {
    /// One level per scalar of the text: even is left to right, odd right to left.
    let levels: [UInt8]
    /// The paragraph's base direction: as asked, or found from the first strong character.
    let isRightToLeft: Bool

    init(_ scalars: [UInt32], direction: TextDirection) {
        var base: FriBidiParType =
            switch direction {
            case .leftToRight: CFRIBIDI_PAR_LTR
            case .rightToLeft: CFRIBIDI_PAR_RTL
            case .auto: CFRIBIDI_PAR_ON
            }
        let count = scalars.count
        // Below U+0590 (Hebrew) there is no right-to-left letter, Arabic number or direction
        // control: such a text in a left-to-right or automatic paragraph is all level 0 — the
        // common Latin label, without a call into FriBidi.
        guard count > 0, base == CFRIBIDI_PAR_RTL || scalars.contains(where: { $0 >= 0x0590 }) else {
            levels = [UInt8](repeating: base == CFRIBIDI_PAR_RTL ? 1 : 0, count: count)
            isRightToLeft = base == CFRIBIDI_PAR_RTL
            return
        }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var raw = [FriBidiLevel](repeating: 0, count: count)
        fribidi_get_bidi_types(scalars, FriBidiStrIndex(count), &types)
        fribidi_get_bracket_types(scalars, FriBidiStrIndex(count), types, &brackets)
        let maximum = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &raw)
        let rightToLeft = base == CFRIBIDI_PAR_RTL
        isRightToLeft = rightToLeft
        guard maximum > 0 else {
            // FriBidi could not allocate: the whole paragraph in its base direction.
            levels = [UInt8](repeating: rightToLeft ? 1 : 0, count: count)
            return
        }
        var levels = raw.map { UInt8(max(0, $0)) }
        // L1, part 4 (left to the line's reordering by FriBidi): whitespace at the end of the line
        // takes the paragraph's level.
        var i = count - 1
        while i >= 0, types[i] == CFRIBIDI_TYPE_WS || types[i] == CFRIBIDI_TYPE_BN {
            levels[i] = rightToLeft ? 1 : 0
            i -= 1
        }
        self.levels = levels
    }

    /// Rule L2 over runs: the order, left to right on screen, in which runs with these levels
    /// (in logical order) are shown — from the highest level down to the lowest odd one, every
    /// maximal sequence of runs at that level or higher is reversed.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
