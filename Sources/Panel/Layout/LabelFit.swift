/// What a label or title does when it is wider than its space.
public enum LabelOverflow: String, CaseIterable, Sendable {
    /// Cut at a grapheme boundary, ending in an ellipsis (at the visual end: the left for
    /// right-to-left text, which the bidirectional algorithm places there).
    case truncate
    /// Two lines at most, broken at a space (or, in a word longer than the line, between
    /// graphemes); the second line truncated if it is still too long.
    case wrap
    /// A smaller size, down to ``LabelFit/smallestShrink`` of it, then truncated.
    case shrink
}

/// A text fitted into a width: the lines to draw, at which size, and what had to be done.
/// Pure: widths come from the `measure` the caller passes (the shaped width at a pixel size), so
/// truncation cuts at graphemes of the shaped text and never splits one.
public struct LabelFit: Equatable, Sendable {
    /// The ellipsis a cut text ends with.
    public static let ellipsis = "\u{2026}"
    /// Shrinking stops at this fraction of the size.
    public static let smallestShrink = 0.7

    /// One line, or two when wrapped.
    public var lines: [String]
    public var pixelSize: Double
    /// The text's own width at the size asked for, and the space it had.
    public var naturalWidth: Double
    public var availableWidth: Double
    public var wasTruncated = false
    public var wasWrapped = false
    public var wasShrunk = false

    /// Whether the text shows as written, on one line at its size.
    public var fits: Bool { !wasTruncated && !wasWrapped && !wasShrunk }

    /// Fits `text` at `pixelSize` into `width` pixels by `overflow`; `measure(text, size)` is the
    /// width of a line.
    public init(
        _ text: String, pixelSize: Double, width: Double, overflow: LabelOverflow,
        measure: (String, Double) -> Double
    ) {
        naturalWidth = measure(text, pixelSize)
        availableWidth = width
        self.pixelSize = pixelSize
        lines = [text]
        guard naturalWidth > width + 1e-9 else { return }
        switch overflow {
        case .truncate:
            lines = [Self.truncated(text, width: width) { measure($0, pixelSize) }]
            wasTruncated = true
        case .wrap:
            let (first, rest) = Self.firstLine(of: text, width: width) { measure($0, pixelSize) }
            if rest.isEmpty {
                lines = [Self.truncated(text, width: width) { measure($0, pixelSize) }]
                wasTruncated = true
            } else {
                wasWrapped = true
                var second = rest
                if measure(rest, pixelSize) > width + 1e-9 {
                    second = Self.truncated(rest, width: width) { measure($0, pixelSize) }
                    wasTruncated = true
                }
                lines = [first, second]
            }
        case .shrink:
            wasShrunk = true
            // The size scales the width in proportion, near enough to start from; then down in
            // steps of 2 % of the size until it fits, never below the smallest.
            let smallest = pixelSize * Self.smallestShrink
            var size = max(smallest, pixelSize * width / naturalWidth)
            while size > smallest, measure(text, size) > width + 1e-9 { size = max(smallest, size - pixelSize * 0.02) }
            self.pixelSize = size
            if measure(text, size) > width + 1e-9 {
                lines = [Self.truncated(text, width: width) { measure($0, size) }]
                wasTruncated = true
            }
        }
    }

    /// The longest start of `text`, cut between graphemes (trailing spaces dropped), that fits
    /// `width` with the ellipsis after it; the ellipsis alone when nothing more fits.
    static func truncated(_ text: String, width: Double, measure: (String) -> Double) -> String {
        let graphemes = Array(text)
        func candidate(_ kept: Int) -> String {
            var start = String(graphemes[0..<kept])
            while let last = start.last, last.isWhitespace { start.removeLast() }
            return start + ellipsis
        }
        // The widest count that fits: widths grow with the text (shaping may make one step
        // narrower, so the answer is checked, and walked down if a longer cut does not fit).
        var low = 0
        var high = graphemes.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(candidate(mid)) <= width + 1e-9 { low = mid } else { high = mid - 1 }
        }
        while low > 0, measure(candidate(low)) > width + 1e-9 { low -= 1 }
        return candidate(low)
    }

    /// The first line of `text` wrapped at `width`: up to the last space that lets it fit (or,
    /// when the first word alone is too wide, as many graphemes as fit), and the rest.
    static func firstLine(of text: String, width: Double, measure: (String) -> Double) -> (String, String) {
        let graphemes = Array(text)
        var best: Int?
        for i in graphemes.indices where graphemes[i].isWhitespace && i > 0 {
            if measure(String(graphemes[0..<i])) <= width + 1e-9 { best = i } else { break }
        }
        var cut = best
        if cut == nil {
            var k = 0
            while k + 1 < graphemes.count, measure(String(graphemes[0...k])) <= width + 1e-9 { k += 1 }
            cut = k
        }
        guard let end = cut, end > 0 else { return (text, "") }
        let rest = String(graphemes[end...]).drop(while: \.isWhitespace)
        return (String(graphemes[0..<end]), String(rest))
    }
}
