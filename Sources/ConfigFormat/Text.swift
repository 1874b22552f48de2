// Numbers and words as text for people (logs, reports, the command line), without Foundation's printf:
// the program links FoundationEssentials only (issue 16: Foundation's ICU data costs memory).

extension Double {
    /// Fixed-point text with `digits` after the point, rounded half away from zero: `0.041`,
    /// `6.60`, `-3.0`.
    public func fixed(_ digits: Int) -> String {
        guard isFinite else { return "\(self)" }
        var scale = 1.0
        for _ in 0..<max(0, digits) { scale *= 10 }
        let scaled = (abs(self) * scale).rounded()
        guard scaled < 9e15 else { return "\(self)" }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        let fraction = units % Int64(scale)
        var text = (self < 0 && units != 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let f = String(fraction)
            text += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return text
    }

    /// Rounded to `digits` significant digits, in Swift's shortest text for that value
    /// (`0.999939`, `-1.9e-08`, `1.0`).
    public func significant(_ digits: Int) -> String {
        guard isFinite, self != 0 else { return "\(self)" }
        var exponent = 0
        var m = abs(self)
        while m >= 10 {
            m /= 10
            exponent += 1
        }
        while m < 1 {
            m *= 10
            exponent -= 1
        }
        var factor = 1.0
        let shift = digits - 1 - exponent
        for _ in 0..<abs(shift) { factor *= 10 }
        let rounded = shift >= 0 ? (self * factor).rounded() / factor : (self / factor).rounded() * factor
        return "\(rounded)"
    }
}

extension String {
    /// Without the spaces, tabs and line breaks at either end.
    public func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// Left-aligned in `width` characters, padded on the right with spaces.
    public func rightPadded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    /// Right-aligned in `width` characters, padded on the left with `pad`.
    public func leftPadded(to width: Int, with pad: Character = " ") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
