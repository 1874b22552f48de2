import CommandLineInterface
import PanelRuntime

/// `switchpanel ha-entities`: what a board's switches can bind to (HomeAssistantEntityList).
enum HomeAssistantEntitiesCommand: Command {
    static let name = "ha-entities"
    static let summary = "The Home Assistant entities a switch can be bound to, with states and names."
    static let details = """
        Signs in to Home Assistant's WebSocket API with the long-lived access token in the token
        file (its first line, as the board's homeAssistant.tokenFile) and lists the entities of the
        domains a switch can bind (light, switch, fan, input_boolean, automation, siren,
        humidifier, media_player, remote): entity id, state, friendly name. With --switches, one
        board switch per entity instead, ready to paste into "switches".
        """
    static let url = Option("--url", "URL", required: true, help: "the server, as homeAssistant.url")
    static let tokenFile = Option("--token-file", "FILE", required: true, help: "the file holding the token")
    static let switches = Flag("--switches", help: "print board switches to paste instead of a table")
    static var options: [any CommandOption] { [url, tokenFile, switches] }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let config = try HomeAssistantEntityList.config(
            url: arguments.value(url), tokenFile: arguments.value(tokenFile))
        let entities = try HomeAssistantEntityList.fetch(config)
        print(
            arguments[switches] ? HomeAssistantEntityList.switches(entities) : HomeAssistantEntityList.table(entities))
        return 0
    }
}
