import Widget

/// Values and groups: a switch set from code, and what follows from a change (a group sets its
/// members; a member moves the groups it belongs to).
extension PanelController {
    /// Sets a switch from code (the control socket, a failed action's revert, the network),
    /// animated; returns the changes: the switch's, or a group's members' and then the groups
    /// whose look followed. Empty when the id is unknown or nothing changes.
    @discardableResult
    public func set(_ id: String, isOn: Bool, source: ChangeSource, now: Double) -> [SwitchChange] {
        guard let index = view.index(of: id) else { return [] }
        let toggle = view.switches[index].toggle
        // A group sets every member that differs, whatever it shows ("on" on an any-group that
        // shows on still turns on the members that are off); its look then follows them.
        if groups[index] != nil {
            return expand(
                SwitchChange(id: id, isOn: isOn, source: source, time: now), now: now, groupBefore: toggle.isOn)
        }
        guard toggle.isOn != isOn else { return [] }
        toggle.setOn(isOn, animated: true, now: now)
        return expand(SwitchChange(id: id, isOn: isOn, source: source, time: now), now: now)
    }

    /// Undoes `changes` (what a touch, a key or ``set(_:isOn:source:now:)`` returned), the last
    /// first: every switch but the groups goes back, animated, and the groups follow their
    /// members. What the session does with changes it could not save: none of them was
    /// acknowledged, so the undo is not reported either.
    public func revert(_ changes: [SwitchChange], now: Double) {
        for change in changes.reversed() where !isGroup(change.id) {
            set(change.id, isOn: !change.isOn, source: .revert, now: now)
        }
    }

    /// A switch's change with what follows from it: a group sets its (enabled) members; a member
    /// moves the groups it belongs to. The group's own entry comes last, after its members'.
    /// `groupBefore`: what the group `change` names showed before (it is reported only when a
    /// member changed or its look did).
    func expand(_ change: SwitchChange, now: Double, groupBefore: Bool = false) -> [SwitchChange] {
        guard let index = view.index(of: change.id) else { return [change] }
        var changes: [SwitchChange] = []
        var touchedGroups: [Int] = []
        if let (members, _) = groups[index] {
            for m in members {
                let (id, toggle) = view.switches[m]
                guard toggle.isEnabled, toggle.isOn != change.isOn else { continue }
                toggle.setOn(change.isOn, animated: true, now: now)
                changes.append(SwitchChange(id: id, isOn: change.isOn, source: change.source, time: change.time))
                touchedGroups += groupsOfMember[m] ?? []
            }
            touchedGroups.append(index)
            if changes.isEmpty {
                // Nothing to set (members already there, or disabled): the group shows its
                // members again, and reports only a look that changed.
                let toggle = view.switches[index].toggle
                toggle.setValue(groupValue(index), animated: true, now: now)
                guard toggle.isOn != groupBefore else { return [] }
                return [SwitchChange(id: change.id, isOn: toggle.isOn, source: change.source, time: change.time)]
            }
        } else {
            changes.append(change)
            touchedGroups = groupsOfMember[index] ?? []
        }
        // Every group a changed member belongs to takes its members' value; one that now shows
        // another value reports it (after its members), so subscribers see what the screen shows.
        var seen = Set<Int>()
        for g in touchedGroups where seen.insert(g).inserted {
            let toggle = view.switches[g].toggle
            let before = toggle.isOn
            let value = groupValue(g)
            toggle.setValue(value, animated: true, now: now)
            if g == index || toggle.isOn != before {
                changes.append(
                    SwitchChange(id: view.switches[g].id, isOn: toggle.isOn, source: change.source, time: change.time))
            }
        }
        return changes
    }

    /// What group `g` shows for its members now: on, off, or nil (mixed).
    func groupValue(_ g: Int) -> Bool? {
        guard let (members, group) = groups[g] else { return nil }
        return group.value(of: members.map { view.switches[$0].toggle.isOn })
    }

    /// Shows (or stops showing) that a switch waits for its device to confirm a change.
    public func setAwaitingConfirmation(_ id: String, _ waiting: Bool, now: Double) {
        view.toggle(id: id)?.setAwaitingConfirmation(waiting, now: now)
    }
}
