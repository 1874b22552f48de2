/// A command line's words that name no request (`ctl get` without an id, `ctl set porch maybe`):
/// the message says what was expected.
public struct ControlWordsError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension ControlRequest.Command {
    /// The request `ctl`'s words name (`get porch`, `set porch toggle`, `page Upstairs`);
    /// `runActions` false (`--no-actions`) goes with `set` only.
    public init(words: [String], runActions: Bool) throws(ControlWordsError) {
        guard let verb = words.first else { throw ControlWordsError("ctl: a command is needed") }
        switch (verb, words.count) {
        case ("list", 1): self = .list
        case ("get", 2): self = .get(id: words[1])
        case ("set", 3):
            let states: [String: ControlTargetState] = ["on": .on, "off": .off, "toggle": .toggle]
            guard let state = states[words[2]] else {
                throw ControlWordsError("ctl set: the state must be on, off or toggle (got '\(words[2])')")
            }
            self = .set(id: words[1], state: state, runActions: runActions)
        case ("subscribe", 1): self = .subscribe
        case ("screen", 1): self = .screen(blank: nil, brightness: nil)
        case ("blank", 1): self = .screen(blank: true, brightness: nil)
        case ("wake", 1): self = .screen(blank: false, brightness: nil)
        case ("brightness", 2):
            guard let percent = Int(words[1]), BrightnessScale.range.contains(percent) else {
                throw ControlWordsError(
                    "ctl brightness: a percentage from 1 to 100 (got '\(words[1])'); 'ctl blank' turns the screen dark")
            }
            self = .screen(blank: nil, brightness: percent)
        case ("page", 1): self = .page(nil)
        case ("page", 2):
            // A number is a page number; anything else (or a number no page has) a title.
            self = .page(Int(words[1]).map { .index($0) } ?? .title(words[1]))
        case ("list", _), ("subscribe", _), ("screen", _), ("blank", _), ("wake", _):
            throw ControlWordsError("ctl \(verb) takes no arguments")
        case ("get", _): throw ControlWordsError("ctl get needs one switch ID")
        case ("set", _): throw ControlWordsError("ctl set needs a switch ID and on, off or toggle")
        case ("brightness", _): throw ControlWordsError("ctl brightness needs a percentage from 1 to 100")
        case ("page", _): throw ControlWordsError("ctl page takes one page number or title")
        default:
            throw ControlWordsError(
                "ctl: unknown command '\(verb)' (expected list, get, set, subscribe, screen, blank, wake, brightness or page)"
            )
        }
        if !runActions, verb != "set" { throw ControlWordsError("ctl: --no-actions goes with set") }
    }
}
