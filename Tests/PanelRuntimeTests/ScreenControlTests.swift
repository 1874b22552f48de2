import Foundation
import LinuxIO
import Panel
import Raster
import TouchCore
import XCTest

@testable import PanelRuntime

/// The screen as a controllable thing, on the whole panel in virtual time (``EmbeddedPanel``)
/// over its real control socket: blank and wake, the backlight's brightness in a directory that
/// stands in for /sys/class/backlight/<name>, the page, and the events subscribers get.
final class ScreenControlTests: XCTestCase {
    var directory = ""
    var socketPath: String { directory + "/control.sock" }
    /// The stand-in backlight: `bl_power`, `brightness` and `max_brightness` as sysfs has them.
    var backlight: String { directory + "/backlight" }

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "screen-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    /// Two pages ("Downstairs": porch, fan; "Upstairs": bed); `screen` is the config's screen section.
    func board(screen: String = "{}", homeAfter: String = "null") throws -> LoadedConfig {
        let json = """
            {"version": 1, "screen": \(screen), "homeAfter": \(homeAfter), "layout": {"columns": 2},
             "pages": [
              {"title": "Downstairs", "switches": [{"id": "porch"}, {"id": "fan"}]},
              {"title": "Upstairs", "switches": [{"id": "bed"}]}]}
            """
        return LoadedConfig(config: try BoardConfig.parse(json))
    }

    func makeBacklight(maximum: Int, level: Int) throws {
        try FileManager.default.createDirectory(atPath: backlight, withIntermediateDirectories: true)
        try write("0\n", to: "bl_power")
        try write("\(maximum)\n", to: "max_brightness")
        try write("\(level)\n", to: "brightness")
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: backlight + "/" + name))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOfFile: backlight + "/" + name, encoding: .utf8)
    }

    func embedded(_ board: LoadedConfig, stateDirectory: String? = nil) throws -> EmbeddedPanel {
        let panel = try EmbeddedPanel(
            board: board,
            options: PanelOptions(
                stateDirectory: stateDirectory ?? directory, socketPath: socketPath, log: { _, _ in }),
            touchscreen: TouchScript.device)
        try panel.advance(by: 0.1)
        return panel
    }

    /// Sends `line` and runs the loop (virtual time standing still) until the reply is there.
    func ask(_ client: ControlClient, _ request: String, in panel: EmbeddedPanel, line: UInt = #line) throws -> String?
    {
        try client.send(request)
        return try next(client, in: panel, line: line)
    }

    func next(_ client: ControlClient, in panel: EmbeddedPanel, line: UInt = #line) throws -> String? {
        // A line that came with the one before is already in the client's buffer.
        if let buffered = try? client.readLine(timeout: 0) { return buffered }
        XCTAssertTrue(
            try panel.run(
                untilReal: { (try? waitForReadable([client.pollHandle], timeout: 0))?.isEmpty == false },
                realTimeout: 2), "nothing to read", line: line)
        return try client.readLine(timeout: 1)
    }

    func subscriber(_ panel: EmbeddedPanel) throws -> ControlClient {
        let watcher = try ControlClient(path: socketPath)
        let reply = try XCTUnwrap(try ask(watcher, #"{"cmd":"subscribe"}"#, in: panel))
        XCTAssertTrue(reply.hasPrefix(#"{"ok":true,"subscribed":true"#), reply)
        return watcher
    }

    /// A 50 ms tap at `point`, and a second for the switch to settle.
    func tap(_ panel: EmbeddedPanel, at point: Point) throws {
        panel.feed(TouchScript.down(at: point))
        try panel.advance(by: 0.05)
        panel.feed(TouchScript.up())
        try panel.advance(by: 1)
    }

    func centre(of id: String, in panel: EmbeddedPanel) throws -> Point {
        let item = try XCTUnwrap(panel.session.controller.view.item(id: id))
        return Point(x: item.switchFrame.midX, y: item.switchFrame.y + item.switchFrame.height / 2)
    }

    // MARK: Blank and wake

    /// Blank over the socket: the screen goes dark as idle blanking makes it (DPMS here), the
    /// next touch wakes it and is swallowed, subscribers hear of both; wake over the socket
    /// lights it. The subscription's first reply carries the screen the events start from.
    func testBlankOverTheSocketIsWokenByATouchThatTogglesNothing() throws {
        let panel = try embedded(try board())
        let watcher = try ControlClient(path: socketPath)
        XCTAssertEqual(
            try ask(watcher, #"{"cmd":"subscribe","tag":1}"#, in: panel),
            #"{"ok":true,"tag":1,"subscribed":true,"switches":["#
                + #"{"id":"porch","label":"porch","state":"off","enabled":true},"#
                + #"{"id":"fan","label":"fan","state":"off","enabled":true},"#
                + #"{"id":"bed","label":"bed","state":"off","enabled":true}],"#
                + #""screen":{"blank":false,"brightness":null,"page":0,"title":"Downstairs","pages":["Downstairs","Upstairs"]}}"#
        )
        let client = try ControlClient(path: socketPath)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen"}"#, in: panel),
            #"{"ok":true,"blank":false,"brightness":null,"page":0,"title":"Downstairs","pages":["Downstairs","Upstairs"]}"#
        )
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","blank":true,"tag":"b"}"#, in: panel),
            #"{"ok":true,"tag":"b","blank":true,"brightness":null,"page":0,"title":"Downstairs","pages":["Downstairs","Upstairs"]}"#
        )
        XCTAssertTrue(panel.display.isPoweredOff)
        XCTAssertTrue(panel.loop.isBlank)
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"screen","blank":true,"brightness":null,"source":"socket"}"#)
        // Blanking a blank screen changes nothing and tells nobody.
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","blank":true}"#, in: panel)?.hasPrefix(#"{"ok":true,"blank":true"#), true)

        // A tap on porch: it wakes the screen and toggles nothing.
        let porch = try centre(of: "porch", in: panel)
        try tap(panel, at: porch)
        XCTAssertFalse(panel.display.isPoweredOff, "a touch wakes it")
        XCTAssertEqual(panel.session.controller.states["porch"], false, "the waking tap is swallowed")
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"screen","blank":false,"brightness":null,"source":"touch"}"#)
        // The next tap is a tap.
        try tap(panel, at: porch)
        XCTAssertEqual(panel.session.controller.states["porch"], true)
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"changed","id":"porch","state":"on","source":"touch"}"#)

        // Wake over the socket lights a blanked screen.
        XCTAssertEqual(try ask(client, #"{"cmd":"screen","blank":true}"#, in: panel)?.contains(#""blank":true"#), true)
        XCTAssertEqual(try next(watcher, in: panel)?.contains(#""blank":true"#), true)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","blank":false}"#, in: panel)?.contains(#""blank":false"#), true)
        XCTAssertFalse(panel.display.isPoweredOff)
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"screen","blank":false,"brightness":null,"source":"socket"}"#)
        // Lit, a touch is a touch again at once.
        try tap(panel, at: porch)
        XCTAssertEqual(panel.session.controller.states["porch"], false, "a tap after a wake over the socket toggles")
    }

    /// Another VT takes the display while the backlight is off: the backlight comes back on for
    /// that console and subscribers hear of it; when the display comes back the panel is lit and
    /// its first tap is a tap, not a wake.
    func testAnotherVTTakingTheDisplayLightsABlankedBacklight() throws {
        try makeBacklight(maximum: 255, level: 200)
        let panel = try embedded(try board(screen: #"{"backlight": "\#(backlight)"}"#))
        let watcher = try subscriber(panel)
        let client = try ControlClient(path: socketPath)
        XCTAssertEqual(try ask(client, #"{"cmd":"screen","blank":true}"#, in: panel)?.contains(#""blank":true"#), true)
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"screen","blank":true,"brightness":78,"source":"socket"}"#)
        XCTAssertEqual(try read("bl_power"), "4\n")

        panel.display.isActive = false  // another VT has it
        try panel.advance(by: 1)
        XCTAssertEqual(try read("bl_power"), "0\n", "the other console is not left dark")
        XCTAssertFalse(panel.loop.isBlank)
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"screen","blank":false,"brightness":78,"source":"console"}"#)

        panel.display.isActive = true
        panel.session.invalidateAll()
        try panel.advance(by: 1)
        try tap(panel, at: try centre(of: "porch", in: panel))
        XCTAssertEqual(panel.session.controller.states["porch"], true, "lit: the tap toggles")
    }

    /// A finger on a switch when the screen is blanked over the socket: its lift toggles
    /// nothing (the contact is cancelled and swallowed to its end), and the next touch wakes.
    func testBlankingUnderAFingerTogglesNothing() throws {
        let panel = try embedded(try board())
        let client = try ControlClient(path: socketPath)
        let porch = try centre(of: "porch", in: panel)
        panel.feed(TouchScript.down(at: porch))
        try panel.advance(by: 0.05)
        XCTAssertEqual(try ask(client, #"{"cmd":"screen","blank":true}"#, in: panel)?.contains(#""blank":true"#), true)
        panel.feed(TouchScript.up())
        try panel.advance(by: 1)
        XCTAssertTrue(panel.display.isPoweredOff, "the lift of a finger that was down does not wake the screen")
        XCTAssertEqual(panel.session.controller.states["porch"], false, "nor toggle the switch under it")
        try tap(panel, at: porch)
        XCTAssertFalse(panel.display.isPoweredOff, "a new touch wakes it")
        XCTAssertEqual(panel.session.controller.states["porch"], false, "and is swallowed")
    }

    /// Idle blanking is a screen event too (source idle), and the panel goes home with it.
    func testIdleBlankingIsAnEventAndGoesHome() throws {
        let panel = try embedded(try board(screen: #"{"blankAfter": 60}"#))
        let watcher = try subscriber(panel)
        let client = try ControlClient(path: socketPath)
        XCTAssertEqual(try ask(client, #"{"cmd":"page","page":1}"#, in: panel)?.contains(#""page":1"#), true)
        XCTAssertEqual(try next(watcher, in: panel), #"{"event":"page","page":1,"title":"Upstairs"}"#)
        try panel.advance(by: 61)
        XCTAssertTrue(panel.display.isPoweredOff)
        XCTAssertEqual(
            try next(watcher, in: panel), #"{"event":"screen","blank":true,"brightness":null,"source":"idle"}"#)
        XCTAssertEqual(try next(watcher, in: panel), #"{"event":"page","page":0,"title":"Downstairs"}"#)
    }

    // MARK: Brightness

    /// Percentages are scaled to the device's max_brightness, written to the stand-in sysfs
    /// directory, saved before they are acknowledged and restored at the next start; blanking
    /// goes through bl_power and leaves the brightness alone.
    func testBrightnessIsScaledToMaxBrightnessSavedAndRestored() throws {
        try makeBacklight(maximum: 255, level: 200)
        let screen = #"{"backlight": "\#(backlight)"}"#
        var panel: EmbeddedPanel? = try embedded(try board(screen: screen))
        let watcher = try subscriber(panel!)
        let client = try ControlClient(path: socketPath)
        // Before any request the device's own level: 200 of 255 is 78 %.
        XCTAssertEqual(try ask(client, #"{"cmd":"screen"}"#, in: panel!)?.contains(#""brightness":78,"#), true)

        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":40}"#, in: panel!),
            #"{"ok":true,"blank":false,"brightness":40,"page":0,"title":"Downstairs","pages":["Downstairs","Upstairs"]}"#
        )
        XCTAssertEqual(try read("brightness"), "102\n", "40 % of 255")
        XCTAssertEqual(
            try String(contentsOfFile: directory + "/screen.json", encoding: .utf8),
            "{\"version\": 1, \"brightness\": 40}\n", "saved before the reply")
        XCTAssertEqual(
            try next(watcher, in: panel!), #"{"event":"screen","blank":false,"brightness":40,"source":"socket"}"#)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":1}"#, in: panel!)?.contains(#""brightness":1,"#), true)
        XCTAssertEqual(try read("brightness"), "3\n", "1 % of 255 rounds to 3, never to 0")
        XCTAssertEqual(try next(watcher, in: panel!)?.contains(#""brightness":1,"#), true)

        // 0 is not a brightness: darkness is blank.
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":0,"tag":4}"#, in: panel!),
            #"{"ok":false,"tag":4,"error":"\"brightness\" must be a whole number from 1 to 100 (percent; to turn the screen dark, \"blank\":true), got 0"}"#
        )
        // Blank and a brightness in one request: the brightness first, then dark through bl_power.
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":100,"blank":true}"#, in: panel!)?.hasPrefix(
                #"{"ok":true,"blank":true,"brightness":100,"#), true)
        XCTAssertEqual(try read("bl_power"), "4\n")
        XCTAssertEqual(try read("brightness"), "255\n")
        XCTAssertFalse(panel!.display.isPoweredOff, "with a backlight, blanking leaves the display on")
        XCTAssertEqual(
            try next(watcher, in: panel!), #"{"event":"screen","blank":false,"brightness":100,"source":"socket"}"#)
        XCTAssertEqual(
            try next(watcher, in: panel!), #"{"event":"screen","blank":true,"brightness":100,"source":"socket"}"#)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":55}"#, in: panel!)?.contains(#""blank":true"#), true)
        XCTAssertEqual(try read("bl_power"), "4\n", "a brightness does not wake the screen")

        // A restart: the panel starts lit at the brightness last set, whatever the device says.
        panel!.panel.close()
        panel = nil
        try write("255\n", to: "brightness")
        panel = try embedded(try board(screen: screen))
        XCTAssertEqual(try read("brightness"), "140\n", "55 % of 255")
        XCTAssertEqual(try read("bl_power"), "0\n")
        let again = try ControlClient(path: socketPath)
        XCTAssertEqual(
            try ask(again, #"{"cmd":"screen"}"#, in: panel!)?.hasPrefix(#"{"ok":true,"blank":false,"brightness":55,"#),
            true)
    }

    /// A device with few levels: percentages round to its levels, and its level reads back as the
    /// percent asked (the panel reports what it was asked, not a re-rounded level).
    func testAFewLevelsBacklight() throws {
        try makeBacklight(maximum: 7, level: 7)
        let panel = try embedded(try board(screen: #"{"backlight": "\#(backlight)"}"#))
        let client = try ControlClient(path: socketPath)
        XCTAssertEqual(try ask(client, #"{"cmd":"screen"}"#, in: panel)?.contains(#""brightness":100,"#), true)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":40}"#, in: panel)?.contains(#""brightness":40,"#), true)
        XCTAssertEqual(try read("brightness"), "3\n", "40 % of 7 is 2.8")
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":1}"#, in: panel)?.contains(#""brightness":1,"#), true)
        XCTAssertEqual(try read("brightness"), "1\n", "the dimmest lit level")
    }

    /// A brightness that cannot be saved is not kept: the device goes back and the reply says why.
    func testABrightnessThatCannotBeSavedGoesBack() throws {
        try makeBacklight(maximum: 100, level: 70)
        let blocked = directory + "/not-a-directory"
        XCTAssertTrue(FileManager.default.createFile(atPath: blocked, contents: Data("x".utf8)))
        let panel = try embedded(try board(screen: #"{"backlight": "\#(backlight)"}"#), stateDirectory: blocked)
        let watcher = try subscriber(panel)
        let client = try ControlClient(path: socketPath)
        let reply = try XCTUnwrap(try ask(client, #"{"cmd":"screen","brightness":20}"#, in: panel))
        XCTAssertTrue(
            reply.hasPrefix(#"{"ok":false,"error":"brightness not saved, so not changed: "#)
                && reply.hasSuffix(
                    #""blank":false,"brightness":70,"page":0,"title":"Downstairs","pages":["Downstairs","Upstairs"]}"#),
            reply)
        XCTAssertEqual(try read("brightness"), "70\n", "put back")
        // No event was sent: the next line the subscriber gets is the one a later change causes.
        XCTAssertEqual(try ask(client, #"{"cmd":"screen","blank":true}"#, in: panel)?.contains(#""ok":true"#), true)
        XCTAssertEqual(try next(watcher, in: panel)?.contains(#""blank":true,"brightness":70,"#), true)
    }

    /// Without a backlight (DPMS blanking) there is no brightness to set, and the reply says so.
    func testNoBacklightNoBrightness() throws {
        let panel = try embedded(try board())
        let client = try ControlClient(path: socketPath)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"screen","brightness":50}"#, in: panel),
            #"{"ok":false,"error":"this screen has no brightness to set (the board config's screen.backlight names none, or the backlight has no max_brightness); \"blank\" still works"}"#
        )
    }

    // MARK: Pages

    /// A page by number or title, answered with the screen and followed by the page event;
    /// pages that do not exist get errors naming them; a page shown remotely stays for homeAfter.
    func testPagesByNumberAndTitle() throws {
        let panel = try embedded(try board(homeAfter: "30"))
        let watcher = try subscriber(panel)
        let client = try ControlClient(path: socketPath)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"page","page":"Upstairs","tag":"p"}"#, in: panel),
            #"{"ok":true,"tag":"p","blank":false,"brightness":null,"page":1,"title":"Upstairs","pages":["Downstairs","Upstairs"]}"#
        )
        XCTAssertEqual(try next(watcher, in: panel), #"{"event":"page","page":1,"title":"Upstairs"}"#)
        XCTAssertEqual(panel.session.controller.page, 1)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"page"}"#, in: panel)?.contains(#""page":1,"title":"Upstairs""#), true)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"page","page":2}"#, in: panel),
            #"{"ok":false,"error":"no page 2 (pages: 0 \"Downstairs\", 1 \"Upstairs\")"}"#)
        XCTAssertEqual(
            try ask(client, #"{"cmd":"page","page":"upstairs"}"#, in: panel),
            #"{"ok":false,"error":"no page titled \"upstairs\" (pages: 0 \"Downstairs\", 1 \"Upstairs\")"}"#)
        try panel.advance(by: 29)
        XCTAssertEqual(panel.session.controller.page, 1, "shown on purpose: it stays for homeAfter")
        try panel.advance(by: 2)
        XCTAssertEqual(panel.session.controller.page, 0, "then home")
        XCTAssertEqual(try next(watcher, in: panel), #"{"event":"page","page":0,"title":"Downstairs"}"#)
        // (The client above was closed after 30 idle seconds; subscribers stay.)
        let later = try ControlClient(path: socketPath)
        XCTAssertEqual(try ask(later, #"{"cmd":"page","page":0}"#, in: panel)?.contains(#""page":0,"#), true)
    }
}
