import CommandLineInterface
import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime

/// `switchpanel ctl`: a client of a running panel's control socket.
enum ControlCommand: Command {
    static let name = "ctl"
    static let summary = "Lists, reads, sets and watches the switches, the screen and the page of a running panel."
    static let details = """
        Talks to a running panel through its control socket: --socket PATH, else where `run`
        puts it ($RUNTIME_DIRECTORY/control.sock, else $XDG_RUNTIME_DIR/switchpanel/control.sock,
        else /tmp/switchpanel-UID/control.sock), else, with no socket there, the installed
        service's /run/switchpanel/control.sock.

          list       Prints every switch: id, state (on/off), label, and whether it is disabled.
          get        Prints the switch's state: on or off.
          set        Sets the switch as if it were touched (its actions run; --no-actions changes
                     only what the panel shows and saves) and prints its new state.
          subscribe  Prints every change (id, state and what caused it: touch, socket, restore,
                     revert, mqtt), page turn and screen change until the panel stops.
          screen     Prints whether the screen is lit or blank, its brightness and the page.
          blank      Blanks the screen as idle blanking does (the next touch wakes it and is
                     swallowed; the panel goes to its home page).
          wake       Lights the screen.
          brightness PERCENT
                     Sets the backlight's brightness, 1 to 100 (kept across restarts; the board
                     config's screen.backlight names the backlight).
          page [N|TITLE]
                     Shows page N (from 0) or the page titled TITLE; prints the page shown.
        """
    static let positionals: Positionals? = Positionals(
        "list | get ID | set ID on|off|toggle | subscribe | screen | blank | wake | brightness PERCENT | page [N|TITLE]",
        count: 1...3)
    static let socket = Option("--socket", "PATH", help: "the panel's control socket")
    static let json = Flag("--json", help: "print the panel's replies (and events) as the JSON lines it sends")
    static let noActions = Flag("--no-actions", help: "with set: change the switch without running its actions")
    static var options: [any CommandOption] { [socket, json, noActions] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        try runControlCommand(
            socketPath: arguments[socket], json: arguments[json], runActions: !arguments[noActions],
            words: arguments.positionals)
    }
}

/// Sends the request `words` say (`get porch`) to the panel at `socketPath` and prints the reply.
func runControlCommand(socketPath: String?, json: Bool, runActions: Bool, words: [String]) throws -> Int32 {
    let verb = words[0]  // the parser lets through one word at least
    let request: ControlRequest.Command
    switch (verb, words.count) {
    case ("list", 1): request = .list
    case ("get", 2): request = .get(id: words[1])
    case ("set", 3):
        let states: [String: ControlTargetState] = ["on": .on, "off": .off, "toggle": .toggle]
        guard let state = states[words[2]] else {
            throw CommandLineError.usage("ctl set: the state must be on, off or toggle (got '\(words[2])')")
        }
        request = .set(id: words[1], state: state, runActions: runActions)
    case ("subscribe", 1): request = .subscribe
    case ("screen", 1): request = .screen(blank: nil, brightness: nil)
    case ("blank", 1): request = .screen(blank: true, brightness: nil)
    case ("wake", 1): request = .screen(blank: false, brightness: nil)
    case ("brightness", 2):
        guard let percent = Int(words[1]), BrightnessScale.range.contains(percent) else {
            throw CommandLineError.usage(
                "ctl brightness: a percentage from 1 to 100 (got '\(words[1])'); 'ctl blank' turns the screen dark")
        }
        request = .screen(blank: nil, brightness: percent)
    case ("page", 1): request = .page(nil)
    case ("page", 2):
        // A number is a page number; anything else (or a number no page has) a title.
        request = .page(Int(words[1]).map { .index($0) } ?? .title(words[1]))
    case ("list", _), ("subscribe", _), ("screen", _), ("blank", _), ("wake", _):
        throw CommandLineError.usage("ctl \(verb) takes no arguments")
    case ("get", _): throw CommandLineError.usage("ctl get needs one switch ID")
    case ("set", _): throw CommandLineError.usage("ctl set needs a switch ID and on, off or toggle")
    case ("brightness", _): throw CommandLineError.usage("ctl brightness needs a percentage from 1 to 100")
    case ("page", _): throw CommandLineError.usage("ctl page takes one page number or title")
    default:
        throw CommandLineError.usage(
            "ctl: unknown command '\(verb)' (expected list, get, set, subscribe, screen, blank, wake, brightness or page)"
        )
    }
    if !runActions, verb != "set" { throw CommandLineError.usage("ctl: --no-actions goes with set") }
    let path = socketPath ?? ControlSocketLocation.forClient(environment: ProcessInfo.processInfo.environment)
    let client = try ControlClient(path: path)
    guard let line = try client.request(ControlRequest(request).text) else {
        throw CommandLineError.failure("the panel at \(path) closed the connection without replying")
    }
    let reply = try parseReply(line)
    if json { print(line) }
    switch request {
    case .list:
        if !json { print(listing(try switches(in: reply)), terminator: "") }
    case .get, .set:
        if !json { print(try string("state", in: reply)) }
    case .screen, .page:
        if !json { print(try screenLine(reply)) }
    case .subscribe:
        while let line = try client.readLine() {
            if json {
                print(line)
            } else {
                print(try eventLine(try parseReply(line)))
            }
            flushStandardOutput()  // one line at a time into pipes too
        }
        throw CommandLineError.failure("the panel at \(path) closed the connection")
    }
    return 0
}

/// A reply's members; an error reply throws its message.
private func parseReply(_ line: String) throws -> [String: JSONValue] {
    guard case .object(let members) = try? JSONParser.parse(line) else {
        throw CommandLineError.failure("the panel sent a line that is not a JSON object: \(line)")
    }
    let reply = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    if reply["ok"] == .bool(false) {
        guard case .string(let message)? = reply["error"] else {
            throw CommandLineError.failure("the panel refused the request: \(line)")
        }
        throw CommandLineError.failure(message)
    }
    return reply
}

/// `lit, brightness 80 %, page 1 "Upstairs" of 2` (`no brightness` without a backlight's).
private func screenLine(_ reply: [String: JSONValue]) throws -> String {
    guard case .bool(let blank)? = reply["blank"], case .number(let page)? = reply["page"],
        case .array(let pages)? = reply["pages"]
    else { throw CommandLineError.failure("the panel's reply has no \"blank\", \"page\" or \"pages\"") }
    var brightness = "no brightness"
    if case .number(let percent)? = reply["brightness"] { brightness = "brightness \(Int(percent)) %" }
    let title = JSONValue.string(try string("title", in: reply)).text
    return "\(blank ? "blank" : "lit"), \(brightness), page \(Int(page)) \(title) of \(pages.count)"
}

/// An event as `subscribe` prints it: `porch on (touch)`, `page 1 "Upstairs"`,
/// `screen blank, brightness 80 % (idle)`.
private func eventLine(_ event: [String: JSONValue]) throws -> String {
    switch event["event"] {
    case .string("page")?:
        guard case .number(let page)? = event["page"] else {
            throw CommandLineError.failure("the panel's page event has no \"page\"")
        }
        return "page \(Int(page)) \(JSONValue.string(try string("title", in: event)).text)"
    case .string("screen")?:
        guard case .bool(let blank)? = event["blank"] else {
            throw CommandLineError.failure("the panel's screen event has no \"blank\"")
        }
        var brightness = ""
        if case .number(let percent)? = event["brightness"] { brightness = ", brightness \(Int(percent)) %" }
        return "screen \(blank ? "blank" : "lit")\(brightness) (\(try string("source", in: event)))"
    default:
        return "\(try string("id", in: event)) \(try string("state", in: event)) (\(try string("source", in: event)))"
    }
}

private func string(_ key: String, in reply: [String: JSONValue]) throws -> String {
    guard case .string(let s)? = reply[key] else {
        throw CommandLineError.failure("the panel's reply has no \"\(key)\"")
    }
    return s
}

private func switches(in reply: [String: JSONValue]) throws -> [ControlSwitchStatus] {
    guard case .array(let items)? = reply["switches"] else {
        throw CommandLineError.failure("the panel's reply has no \"switches\"")
    }
    return try items.map { item in
        guard case .object(let members) = item else {
            throw CommandLineError.failure("the panel's reply lists \(item.kind) as a switch")
        }
        let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        return (
            try string("id", in: fields), try string("label", in: fields), try string("state", in: fields) == "on",
            fields["enabled"] != .bool(false)
        )
    }
}

/// `id  state  label [(disabled)]`, one switch a line, the columns aligned.
private func listing(_ states: [ControlSwitchStatus]) -> String {
    guard !states.isEmpty else { return "(the panel has no switches)\n" }
    let width = states.map(\.id.count).max()!
    return states.map { s in
        s.id + String(repeating: " ", count: width - s.id.count + 2) + (s.isOn ? "on " : "off") + "  " + s.label
            + (s.enabled ? "" : " (disabled)") + "\n"
    }.joined()
}
