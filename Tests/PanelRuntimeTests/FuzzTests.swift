import ConfigFormat
import Foundation
import Glibc
import Panel
import Presentation
import TestSupport
import Widget
import XCTest

@testable import LinuxIO
@testable import PanelRuntime

/// Issue 11's last paragraph: a bounded, seeded mutation fuzzer of our own, run with the suite.
/// Configs: the shipped board configs mutated (byte flips, extreme numbers, deleted, duplicated
/// and retyped keys, truncations); whatever `BoardConfig.parse` accepts is laid out and drawn
/// once through the session's `renderFrame` on a ``HeadlessDisplay``. Protocol: mutated request
/// lines through `ControlRequest.parse`, and through a running panel's socket, where every line
/// gets exactly one reply, in order.
///
/// Iterations are counted, not timed (a few seconds in a debug build); the same seed gives the
/// same inputs every run, so a failure reproduces. `SWITCHPANEL_FUZZ_ITERATIONS` runs more
/// locally. Inputs that ever crashed go in `FuzzRegressions/` (`config-*.json`: a config;
/// `protocol-*.txt`: request lines) and are replayed first, every run.
final class FuzzTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let regressions = root.appendingPathComponent("FuzzRegressions")
    static let boardConfigs = root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("board-configs")

    static func iterations(_ standard: Int) -> Int {
        ProcessInfo.processInfo.environment["SWITCHPANEL_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? standard
    }

    static func files(_ directory: URL, prefix: String = "", suffix: String) throws -> [(name: String, bytes: [UInt8])]
    {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }.sorted()
        return try names.map { ($0, Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
    }

    // MARK: Mutations

    static let extremes = [
        "1e300", "-1e300", "-1", "0", "-0", "1e-300", "NaN", "Infinity", "99999999999999999999999", "4294967296",
        "2147483648", "-2147483649", "65536", "4096", "0.5", "1e",
    ]
    static let replacements: [JSONValue] = [
        .null, .bool(true), .string(""), .string(String(repeating: "x", count: 300)), .array([]), .object([]),
        .number(1e300), .number(-1), .number(0), .number(4096), .string("#GGGGGG"), .string("4096x4096@1000"),
    ]

    /// One to three mutations of `seed`, at the byte level or on its JSON tree.
    static func mutate(_ seed: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = seed
        for _ in 0..<random.int(1...3) {
            switch random.int(0...7) {
            case 0 where !bytes.isEmpty:  // flip a bit
                bytes[random.int(0...(bytes.count - 1))] ^= 1 << UInt8(random.int(0...7))
            case 1 where !bytes.isEmpty:  // truncate
                bytes.removeLast(random.int(1...bytes.count))
            case 2:  // insert a byte
                bytes.insert(
                    random.pick([0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x00, 0xFF, 0x0A, random.byte()]),
                    at: random.int(0...bytes.count))
            case 3:  // replace a number's text with an extreme one
                let digits = bytes.indices.filter { (0x30...0x39).contains(bytes[$0]) }
                guard let at = digits.isEmpty ? nil : random.pick(digits) else { continue }
                var start = at
                var end = at
                while start > 0, Self.isNumberByte(bytes[start - 1]) { start -= 1 }
                while end + 1 < bytes.count, Self.isNumberByte(bytes[end + 1]) { end += 1 }
                bytes.replaceSubrange(start...end, with: Array(random.pick(extremes).utf8))
            default:  // on the tree: delete, duplicate or retype a member, or set an extreme number
                guard let json = try? JSONParser.parse(bytes) else { continue }
                bytes = Array(mutateTree(json, &random).text.utf8)
            }
        }
        return bytes
    }

    static func isNumberByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || [0x2E, 0x2D, 0x2B, 0x65, 0x45].contains(b)
    }

    /// The value with one node somewhere in it changed.
    static func mutateTree(_ value: JSONValue, _ random: inout SplitMix64) -> JSONValue {
        switch value {
        case .object(var members) where !members.isEmpty:
            let i = random.int(0...(members.count - 1))
            switch random.int(0...5) {
            case 0: members.remove(at: i)
            case 1: members.append(members[i])  // a duplicate key
            case 2: members[i].value = random.pick(replacements)
            case 3: members.append((key: random.pick(["x", "id", "on", "style", "", "version"]), value: .number(1)))
            default: members[i].value = mutateTree(members[i].value, &random)
            }
            return .object(members)
        case .array(var items) where !items.isEmpty:
            let i = random.int(0...(items.count - 1))
            switch random.int(0...4) {
            case 0: items.remove(at: i)
            case 1: items += Array(repeating: items[i], count: random.int(1...40))
            case 2: items[i] = random.pick(replacements)
            default: items[i] = mutateTree(items[i], &random)
            }
            return .array(items)
        case .number:
            return random.bool()
                ? .number(random.pick([1e300, -1e300, -1, 0, 1e-300, 4096, 65536, 2.5, -0.0]))
                : random.pick(replacements)
        default:
            return random.pick(replacements)
        }
    }

    // MARK: Config → draw

    /// One renderer for every config (the built-in artwork takes a while to build), with labels.
    nonisolated(unsafe) static let renderer = SwitchRenderer(
        images: BuiltInArtwork.all(), labels: labelRenderer(log: { _, _ in }))

    /// Parses `bytes`; when the config is accepted, draws its first frame as a board would.
    /// True when it was drawn.
    static func parseAndDraw(_ bytes: [UInt8], _ what: @autoclosure () -> String) throws -> Bool {
        guard let config = try? BoardConfig.parse(bytes) else { return false }
        let display = headlessDisplay(for: config)
        let session = try PanelSession(
            config: config, display: display, renderer: renderer, store: nil, actions: ActionRunner(),
            log: { _, _ in })
        XCTAssertTrue(try session.renderFrame(at: 0), "\(what()): no first frame")
        _ = try display.dispatchEvents(now: 1)
        let frame = display.snapshot()
        XCTAssertEqual(frame?.width, display.width, what())
        return true
    }

    func testConfigRegressionsReplay() throws {
        let inputs = try Self.files(Self.regressions, prefix: "config-", suffix: ".json")
        for (name, bytes) in inputs { _ = try Self.parseAndDraw(bytes, name) }
    }

    func testMutatedBoardConfigsParseOrAreRefusedAndDrawWhenAccepted() throws {
        let seeds = try Self.files(Self.boardConfigs, suffix: ".json")
        XCTAssertGreaterThanOrEqual(seeds.count, 5)
        var random = SplitMix64(seed: 0x5EED_0011)
        var drawn = 0
        let count = Self.iterations(800)
        for i in 0..<count {
            let (name, seed) = random.pick(seeds)
            let input = Self.mutate(seed, &random)
            if try Self.parseAndDraw(input, "iteration \(i) of \(name): \(String(decoding: input, as: UTF8.self))") {
                drawn += 1
            }
        }
        // The mutations must reach the drawing, not only the parser's refusals (the reader is
        // strict: about one mutated config in twenty is accepted).
        XCTAssertGreaterThan(drawn, count / 50, "only \(drawn) of \(count) mutated configs were accepted")
        XCTAssertLessThan(drawn, count, "no mutation was ever refused: the mutator mutates nothing")
    }

    // MARK: The socket protocol

    static let requestSeeds = [
        #"{"cmd":"list"}"#, #"{"cmd":"get","id":"porch","tag":1}"#,
        #"{"cmd":"set","id":"porch","state":"toggle","actions":false,"tag":"a"}"#,
        #"{"cmd":"set","id":"fan","state":true}"#, #"{"cmd":"subscribe","tag":[1]}"#, #"{"cmd":"get","id":"nope"}"#,
    ].map { Array($0.utf8) }

    /// Mutated lines, one line each (a newline a mutation put in is a space: one line, one reply).
    static func mutatedLines(_ count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            mutate(random.pick(requestSeeds), &random).map { $0 == 0x0A ? 0x20 : $0 }
        }
    }

    func testMutatedRequestsParseOrAreRefusedAndRoundTrip() throws {
        var accepted = 0
        for line in Self.mutatedLines(Self.iterations(5000), seed: 0x5EED_0012) {
            switch ControlRequest.parse(line) {
            case .success(let request):
                accepted += 1
                XCTAssertEqual(ControlRequest.parse(Array(request.text.utf8)), .success(request), request.text)
            case .failure(let error):
                XCTAssertFalse(error.reason.isEmpty)
            }
        }
        XCTAssertGreaterThan(accepted, 0)
    }

    /// Through a running panel's socket: each mutated line is followed by a tagged `get`, so a
    /// line answered twice, or not at all, or out of order, shows as a tag out of place.
    func testMutatedRequestsThroughTheSocketGetOneReplyEachInOrder() throws {
        let regressionLines = try Self.files(Self.regressions, prefix: "protocol-", suffix: ".txt").flatMap {
            $0.bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map(Array.init)
        }
        let lines = regressionLines + Self.mutatedLines(Self.iterations(400), seed: 0x5EED_0013)
        let directory = NSTemporaryDirectory() + "fuzz-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let board = LoadedConfig(
            config: try BoardConfig.parse(
                #"{"version": 1, "switches": [{"id": "porch"}, {"id": "fan"}, {"id": "off", "enabled": false}]}"#))
        let panel = try EmbeddedPanel(
            board: board,
            options: PanelOptions(stateDirectory: directory, socketPath: directory + "/control.sock", log: { _, _ in }))
        try panel.advance(by: 0.1)
        let client = try ControlClient(path: directory + "/control.sock")
        var replies: [String] = []
        /// Every whole line there is now; events (after a fuzzed subscribe) are not replies.
        func drain() {
            while let line = try? client.readLine(timeout: 0) {
                if !line.hasPrefix(#"{"event":"#) { replies.append(line) }
            }
        }
        for start in stride(from: 0, to: lines.count, by: 50) {
            let batch = lines[start..<min(start + 50, lines.count)]
            var bytes: [UInt8] = []
            for (offset, line) in batch.enumerated() {
                bytes += line + [0x0A] + Array(#"{"cmd":"get","id":"porch","tag":\#(start + offset)}"#.utf8) + [0x0A]
            }
            var sent = 0
            while sent < bytes.count {
                let n = bytes[sent...].withUnsafeBytes {
                    Glibc.send(client.pollHandle.rawValue, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                XCTAssertGreaterThan(n, 0)
                guard n > 0 else { return }
                sent += n
            }
            let expected = 2 * (start + batch.count)
            XCTAssertTrue(
                try panel.run(untilReal: {
                    drain()
                    return replies.count >= expected
                }), "replies stopped at \(replies.count) of \(expected)")
            // Virtual time moves too: animations end, deadlines pass, the idle clock runs.
            try panel.advance(by: 0.5)
        }
        XCTAssertEqual(replies.count, 2 * lines.count)
        for (i, line) in lines.enumerated() where 2 * i + 1 < replies.count {
            let reply = replies[2 * i]
            XCTAssertTrue(reply.hasPrefix(#"{"ok":"#), "line \(i) \(String(decoding: line, as: UTF8.self)): \(reply)")
            XCTAssertTrue(
                replies[2 * i + 1].hasPrefix(#"{"ok":true,"tag":\#(i),"#),
                "after line \(i) \(String(decoding: line, as: UTF8.self)): \(replies[2 * i + 1])")
        }
        XCTAssertEqual(panel.panel.control?.clientCount, 1, "the fuzzing client was never cut off")
    }
}
