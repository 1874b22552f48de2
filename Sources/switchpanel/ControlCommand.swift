import CommandLineInterface
import ConfigFormat
import FoundationEssentials
import LinuxIO
import Panel
import PanelRuntime

/// `switchpanel ctl`: a client of a running panel's control socket.
enum ControlCommand: Command {
    static let name = "ctl"
    static let summary = "Lists, reads, sets and watches the switches of a running panel."
    static let details = """
        Talks to a running panel through its control socket: --socket PATH, else
        $RUNTIME_DIRECTORY/control.sock, else /run/switchpanel/control.sock.

          list       Prints every switch: id, state (on/off), label, and whether it is disabled.
          get        Prints the switch's state: on or off.
          set        Sets the switch as if it were touched (its actions run; --no-actions changes
                     only what the panel shows and saves) and prints its new state.
          subscribe  Prints every change (id, state and what caused it: touch, socket, restore,
                     revert) until the panel stops.
        """
    static let positionals: Positionals? = Positionals("list | get ID | set ID on|off|toggle | subscribe", count: 1...3)
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
    case ("list", _), ("subscribe", _): throw CommandLineError.usage("ctl \(verb) takes no arguments")
    case ("get", _): throw CommandLineError.usage("ctl get needs one switch ID")
    case ("set", _): throw CommandLineError.usage("ctl set needs a switch ID and on, off or toggle")
    default: throw CommandLineError.usage("ctl: unknown command '\(verb)' (expected list, get, set or subscribe)")
    }
    if !runActions, verb != "set" { throw CommandLineError.usage("ctl: --no-actions goes with set") }
    let path = socketPath ?? ControlProtocol.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
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
