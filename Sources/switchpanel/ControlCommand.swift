import CommandLineInterface
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

    /// Sends the request the words say (`get porch`) to the panel and prints the reply.
    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let request: ControlRequest.Command
        do {
            request = try ControlRequest.Command(words: arguments.positionals, runActions: !arguments[noActions])
        } catch {
            throw CommandLineError.usage(error.description)
        }
        let path =
            arguments[socket] ?? ControlSocketLocation.forClient(environment: ProcessInfo.processInfo.environment)
        let client = try ControlClient(path: path)
        guard let line = try client.request(ControlRequest(request).text) else {
            throw CommandLineError.failure("the panel at \(path) closed the connection without replying")
        }
        let reply = try ControlReply(line)
        if arguments[json] { print(line) }
        switch request {
        case _ where arguments[json] && request != .subscribe: break
        case .list: print(ControlReply.listing(try reply.switches()), terminator: "")
        case .get, .set: print(try reply.string("state"))
        case .screen, .page: print(try reply.screenLine())
        case .subscribe:
            while let line = try client.readLine() {
                print(arguments[json] ? line : try ControlReply(line).eventLine())
                flushStandardOutput()  // one line at a time into pipes too
            }
            throw CommandLineError.failure("the panel at \(path) closed the connection")
        }
        return 0
    }
}
