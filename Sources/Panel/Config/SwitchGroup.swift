/// A switch that stands for several: toggling it sets every member (each running its own
/// actions and saving its state), and it shows what its members are.
public struct SwitchGroup: Hashable, Sendable {
    /// When the group shows on.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// When any member is on: a master switch whose tap turns everything off.
        case any
        /// When every member is on; members that disagree show the thumb halfway ("mixed"),
        /// and a tap turns them all on.
        case all
    }

    /// Member ids, in the order they are set.
    public var members: [String]
    public var mode: Mode

    public init(members: [String], mode: Mode) {
        self.members = members
        self.mode = mode
    }

    /// What the group shows for its members' values: on, off, or nil when they disagree in
    /// `all` mode (the mixed look).
    public func value(of memberValues: [Bool]) -> Bool? {
        switch mode {
        case .any: return memberValues.contains(true)
        case .all:
            if memberValues.allSatisfy({ $0 }) { return true }
            return memberValues.contains(true) ? nil : false
        }
    }
}
