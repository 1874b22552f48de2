/// The base direction of a paragraph of text, or of a board's layout.
public enum TextDirection: String, CaseIterable, Hashable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
    /// From the text itself: the direction of its first strong character (UAX #9, rules P2–P3),
    /// left to right when it has none.
    case auto
}
