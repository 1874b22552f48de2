import ConfigFormat
import Foundation
import Panel
import PanelRuntime

// `switchpanel ctl`: a client of a running panel's control socket.

let controlUsage = """
    usage: switchpanel ctl [--socket PATH] [--json] list
           switchpanel ctl [--socket PATH] [--json] get ID
           switchpanel ctl [--socket PATH] [--json] set ID on|off|toggle [--no-actions]
           switchpanel ctl [--socket PATH] [--json] subscribe

    Talks to a running panel through its control socket: --socket PATH, else
    $RUNTIME_DIRECTORY/control.sock, else /run/switchpanel/control.sock.

    list       Prints every switch: id, state (on/off), label, and whether it is disabled.
    get        Prints the switch's state: on or off.
    set        Sets the switch as if it were touched (its actions run; --no-actions changes only
               what the panel shows and saves) and prints its new state.
    subscribe  Prints every change (id, state and what caused it: touch, socket, restore,
               revert) until the panel stops.
    --json     Prints the panel's replies (and events) as the JSON lines it sends.
    """

/// A failure reported by the panel or in its reply.
struct ControlCommandError: Error, CustomStringConvertible {
    let description: String
}

/// `switchpanel ctl`.
func runControlCommand(_ args: ArraySlice<String>) throws -> Int32 {
    var socketPath: String?
    var json = false
    var runActions = true
    var words: [String] = []
    var rest = args
    while let arg = rest.popFirst() {
        switch arg {
        case "--help", "-h":
            print(controlUsage)
            return 0
        case "--socket": socketPath = try optionValue(arg, &rest)
        case "--json": json = true
        case "--no-actions": runActions = false
        default:
            guard !arg.hasPrefix("--") else { throw UsageError(message: "ctl: unknown option '\(arg)'") }
            words.append(arg)
        }
    }
    guard let verb = words.first else { throw UsageError(message: "ctl needs a command: list, get, set or subscribe") }
    let request: ControlRequest.Command
    switch (verb, words.count) {
    case ("list", 1): request = .list
    case ("get", 2): request = .get(id: words[1])
    case ("set", 3):
        let states: [String: ControlTargetState] = ["on": .on, "off": .off, "toggle": .toggle]
        guard let state = states[words[2]] else {
            throw UsageError(message: "ctl set: the state must be on, off or toggle (got '\(words[2])')")
        }
        request = .set(id: words[1], state: state, runActions: runActions)
    case ("subscribe", 1): request = .subscribe
    case ("list", _), ("subscribe", _): throw UsageError(message: "ctl \(verb) takes no arguments")
    case ("get", _): throw UsageError(message: "ctl get needs one switch ID")
    case ("set", _): throw UsageError(message: "ctl set needs a switch ID and on, off or toggle")
    default: throw UsageError(message: "ctl: unknown command '\(verb)' (expected list, get, set or subscribe)")
    }
    if !runActions, verb != "set" { throw UsageError(message: "ctl: --no-actions goes with set") }
    let path = socketPath ?? ControlProtocol.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
    let client = try ControlClient(path: path)
    guard let line = try client.request(ControlRequest(request).text) else {
        throw ControlCommandError(description: "the panel at \(path) closed the connection without replying")
    }
    let reply = try parseReply(line)
    if json { print(line) }
    switch request {
    case .list:
        if !json { print(listing(try switches(in: reply)), terminator: "") }
    case .get, .set:
        if !json { print(try string("state", in: reply)) }
    case .subscribe:
        while let line = try client.readLine() {
            if json {
                print(line)
            } else {
                let event = try parseReply(line)
                let (id, state, source) = (
                    try string("id", in: event), try string("state", in: event), try string("source", in: event)
                )
                print("\(id) \(state) (\(source))")
            }
            fflush(nil)  // one line at a time into pipes too
        }
        throw ControlCommandError(description: "the panel at \(path) closed the connection")
    }
    return 0
}

/// A reply's members; an error reply throws its message.
private func parseReply(_ line: String) throws -> [String: JSONValue] {
    guard case .object(let members) = try? JSONParser.parse(line) else {
        throw ControlCommandError(description: "the panel sent a line that is not a JSON object: \(line)")
    }
    let reply = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    if reply["ok"] == .bool(false) {
        guard case .string(let message)? = reply["error"] else {
            throw ControlCommandError(description: "the panel refused the request: \(line)")
        }
        throw ControlCommandError(description: message)
    }
    return reply
}

private func string(_ key: String, in reply: [String: JSONValue]) throws -> String {
    guard case .string(let s)? = reply[key] else {
        throw ControlCommandError(description: "the panel's reply has no \"\(key)\"")
    }
    return s
}

private func switches(in reply: [String: JSONValue]) throws -> [ControlSwitchStatus] {
    guard case .array(let items)? = reply["switches"] else {
        throw ControlCommandError(description: "the panel's reply has no \"switches\"")
    }
    return try items.map { item in
        guard case .object(let members) = item else {
            throw ControlCommandError(description: "the panel's reply lists \(item.kind) as a switch")
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
