/// One screen of switches.
public struct PageConfig: Sendable {
    /// The page's name: in `check-config`, the control socket's page events, Home Assistant's
    /// page selector. Nil: "Page N".
    public var title: String?
    public var sections: [SectionConfig]

    public var switches: [SwitchConfig] { sections.flatMap(\.switches) }

    /// The title the panel shows and reports for page `index` (0 is the first): its own, else
    /// "Page N".
    public func shownTitle(index: Int) -> String { title ?? "Page \(index + 1)" }
}

public struct SectionConfig: Sendable {
    public var title: String?
    public var switches: [SwitchConfig]
}
