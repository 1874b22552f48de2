import ConfigFormat
import Foundation
import Raster
import Widget
import XCTest

@testable import Panel

/// docs/config-reference.md against the reader: every documented range is enforced with exactly
/// its numbers, every key the reader accepts is documented, and the documented defaults are the
/// code's. Then the property the bounds exist for: any config the reader accepts — every number
/// at its extremes, alone and together — loads, lays out and draws (quickly) without trapping.
final class BoardConfigReferenceTests: XCTestCase {
    /// One row of the reference's key tables.
    struct Row {
        /// As documented: `display.scale`, `style.thumbShadow.offset[]`, `switches[].actions[].timeout`.
        var key: String
        var type: String
        var defaultText: String
        var rangeText: String

        /// The path in a config: style keys under `theme.style`, `[]` as the first item.
        var path: String {
            (key.hasPrefix("style.") ? "theme." + key : key).replacingOccurrences(of: "[]", with: "[0]")
        }

        /// `lo…hi` from the range column, for numbers.
        var range: (ClosedRange<Double>, text: String)? {
            guard type == "number" || type == "integer" else { return nil }
            let bounds = rangeText.split(separator: ",")[0].split(separator: "…")
            guard bounds.count == 2, let lo = Double(bounds[0]), let hi = Double(bounds[1]) else { return nil }
            return (lo...hi, "\(bounds[0])…\(bounds[1])")
        }
    }

    static let referenceFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/config-reference.md")

    static let rows: [Row] = {
        guard let text = try? String(contentsOf: referenceFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 7, cells[1].hasPrefix("`") else { return nil }
            func plain(_ s: String) -> String { s.replacingOccurrences(of: "`", with: "") }
            return Row(key: plain(cells[1]), type: cells[2], defaultText: plain(cells[3]), rangeText: cells[4])
        }
    }()

    /// The smallest valid config, which every probe changes one key of (with a broker, so that a
    /// switch's `mqtt` binding is valid).
    static let base = #"{"version": 1, "mqtt": {"broker": "mqtt://localhost"}, "switches": [{"id": "a"}]}"#

    /// What a key's container needs to be valid apart from that key, by path.
    static let seeds: [String: String] = [
        "switches[0].actions[0]": #"{"run": ["/bin/true"]}"#,
        "switches[0].position": #"{"x": 0, "y": 0}"#,
        "touch.calibration": "[1, 0, 0, 0, 1, 0]",
        "theme.style.thumbShadow.offset": "[0, 2]",
        "touch.filters.dejitter": #"{"threshold": 1}"#,
        "sections[0]": #"{"switches": [{"id": "b"}]}"#,
        "switches[0].mqtt": #"{"stateTopic": "devices/a"}"#,
        "homeAssistant": #"{"url": "https://localhost:8123", "tokenFile": "/etc/ha.token"}"#,
    ]

    /// `json` with the value at `path` (`a.b[0].c`) set to `value`, creating what is missing.
    static func setting(_ path: String, to value: JSONValue, in json: JSONValue) -> JSONValue {
        func set(_ components: ArraySlice<Substring>, in node: JSONValue?, at prefix: String) -> JSONValue {
            guard let first = components.first else { return value }
            let name = String(first.prefix { $0 != "[" })
            let here = prefix.isEmpty ? name : "\(prefix).\(name)"
            let existing = node?[name] ?? seeds[here].flatMap { try? JSONParser.parse($0) }
            let child: JSONValue
            if first.hasSuffix("[0]") {
                var items: [JSONValue] = []
                if case .array(let a) = existing { items = a }
                let item = items.first ?? seeds[here + "[0]"].flatMap { try? JSONParser.parse($0) }
                let updated = set(components.dropFirst(), in: item, at: here + "[0]")
                if items.isEmpty { items = [updated] } else { items[0] = updated }
                child = .array(items)
            } else {
                child = set(components.dropFirst(), in: existing, at: here)
            }
            return (node ?? .object([])).setting(name, to: child)
        }
        return set(path.split(separator: ".")[...], in: json, at: "")
    }

    /// The base config with `path` set to `value`, parsed.
    static func parse(setting path: String, to value: JSONValue) throws -> BoardConfig {
        try BoardConfig.parse(setting(path, to: value, in: try JSONParser.parse(base)).text)
    }

    func testTheReferenceListsEveryKey() {
        XCTAssertGreaterThan(Self.rows.count, 80, "docs/config-reference.md's key tables")
        XCTAssertGreaterThan(Self.rows.filter { $0.range != nil }.count, 40, "numbers with a range")
    }

    /// Every number with a documented range: just outside it, and far outside (±1e300), is
    /// refused naming its path and exactly that range.
    func testEveryNumberIsHeldToItsDocumentedRange() throws {
        for row in Self.rows {
            guard let (range, text) = row.range else { continue }
            let step = row.type == "integer" ? 1 : max((range.upperBound - range.lowerBound) / 8, 0.001)
            for v in [range.lowerBound - step, range.upperBound + step, 1e300, -1e300] {
                XCTAssertThrowsError(try Self.parse(setting: row.path, to: .number(v)), row.key) { error in
                    XCTAssertEqual("\(error)", "\(row.path): \(v.configText) is out of range (\(text))")
                }
            }
            // The ends themselves are in range: a config may still be refused, but not for that.
            for v in [range.lowerBound, range.upperBound] {
                do {
                    _ = try Self.parse(setting: row.path, to: .number(v))
                } catch {
                    XCTAssertFalse("\(error)".contains("out of range"), "\(row.key) = \(v): \(error)")
                }
            }
        }
    }

    /// Each object the reference documents, given an unknown key, lists the keys it allows:
    /// every one of them must be documented (as itself, or by its members).
    func testEveryKeyTheReaderAcceptsIsDocumented() throws {
        let documented = Set(Self.rows.map(\.path))
        func isDocumented(_ path: String) -> Bool {
            documented.contains { $0 == path || $0.hasPrefix(path + ".") || $0.hasPrefix(path + "[") }
        }
        var objects = Set([""])
        for path in documented {
            var parts = path.split(separator: ".").map(String.init)
            while parts.count > 1 {
                parts.removeLast()
                objects.insert(parts.joined(separator: "."))
            }
        }
        var probed = 0
        for object in objects.sorted() {
            let path = object.isEmpty ? "unknownKey" : "\(object).unknownKey"
            XCTAssertThrowsError(try Self.parse(setting: path, to: .number(1)), path) { error in
                let message = "\(error)"
                guard let list = message.components(separatedBy: "unknown key (expected one of: ").last,
                    message.hasPrefix("\(path): unknown key")
                else { return XCTFail("\(path): \(message)") }
                probed += 1
                for key in list.dropLast().components(separatedBy: ", ") {
                    let member = object.isEmpty ? key : "\(object).\(key)"
                    XCTAssertTrue(isDocumented(member), "\(member) is read but not in docs/config-reference.md")
                }
            }
        }
        XCTAssertGreaterThan(probed, 15)
    }

    /// A documented default given explicitly changes nothing.
    func testTheDocumentedDefaultsAreTheCodes() throws {
        func described(_ config: BoardConfig) -> String {
            var text = ""
            dump(config, to: &text)
            return text
        }
        var checked = 0
        for row in Self.rows {
            guard let value = try? JSONParser.parse(row.defaultText) else { continue }
            let path = row.key.hasSuffix("[]") ? String(row.path.dropLast(3)) : row.path
            // `null` is a missing key (the container and its seeds stay); where the container
            // then lacks what it needs (`trackCornerRadius`), the key is left out altogether.
            let with = try Self.parse(setting: path, to: value)
            let emptied = try? Self.parse(setting: path, to: .null)
            let without = try emptied ?? BoardConfig.parse(Self.base)
            XCTAssertEqual(described(with), described(without), row.key)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 50)
    }

    // MARK: The property the bounds are for

    /// Every number at each end of its range, alone; the extreme modes; then seeded random
    /// combinations of several numbers at their ends: whatever the reader accepts is laid out
    /// and drawn (at rest, mid-animation, pressed and dragged) without trapping, in bounded
    /// time, and paints nothing outside the damage bounds a redraw of its switches covers.
    func testExtremeValuesLoadLayOutAndDraw() throws {
        // One renderer (its built-in artwork takes a while to build) and one mask cache for all.
        let renderer = SwitchRenderer()
        let cache = MaskCache()
        var drawn = 0
        var refused = 0
        func attempt(_ json: JSONValue, _ what: String) throws {
            guard let config = try? BoardConfig.parse(json.text) else {
                refused += 1
                return
            }
            try Self.draw(config, renderer: renderer, cache: cache, what)
            drawn += 1
        }
        let base = try JSONParser.parse(Self.base)
        let numbers = Self.rows.compactMap { row in row.range.map { (row, $0.0) } }
        for (row, range) in numbers {
            for v in [range.lowerBound, range.upperBound] {
                try attempt(Self.setting(row.path, to: .number(v), in: base), "\(row.key) = \(v)")
            }
        }
        for mode in ["16x16", "4096x4096", "4096x16", "16x4096", "4096x2160@1000", "2160x4096@1"] {
            try attempt(Self.setting("display.mode", to: .string(mode), in: base), mode)
        }
        // Several numbers at once, at their ends (a linear congruential generator: the same
        // combinations every run).
        var state: UInt64 = 11
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<40 {
            var json = base
            var what: [String] = []
            for _ in 0..<4 {
                let (row, range) = numbers[next(numbers.count)]
                let v = next(2) == 0 ? range.lowerBound : range.upperBound
                json = Self.setting(row.path, to: .number(v), in: json)
                what.append("\(row.key) = \(v)")
            }
            try attempt(json, what.joined(separator: ", "))
        }
        XCTAssertGreaterThan(drawn, 80)
        XCTAssertGreaterThan(refused, 0, "some ends cannot be laid out (a 1000-point margin)")
    }

    /// Draws `config`'s panel at rest, with every switch toggled and half-way through its
    /// animation, and with the first one pressed and dragged; checks that nothing is painted in
    /// a 2-pixel band just outside each switch's damage bounds.
    static func draw(_ config: BoardConfig, renderer: SwitchRenderer, cache: MaskCache, _ what: String) throws {
        let view = try PanelView(config: config, renderer: renderer)
        let size = config.display.logicalSize
        let image = Image(width: size.width, height: size.height, format: .xrgb8888)
        let canvas = Canvas(image: image, cache: cache)
        let bounds = view.switches.map { SwitchRenderer.bounds(style: $0.toggle.style, frame: $0.toggle.frame) }
        let background = config.theme.background.premultiplied
        func checkBands() {
            for r in bounds {
                let band = IntRect(x: r.x - 2, y: r.y - 2, width: r.width + 4, height: r.height + 4)
                for y in max(0, band.y)..<min(size.height, band.y + band.height) {
                    for x in max(0, band.x)..<min(size.width, band.x + band.width) {
                        let inside = bounds.contains {
                            x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
                        }
                        if inside { continue }
                        guard image.pixel(x: x, y: y) == background else {
                            return XCTFail("\(what): painted at \(x),\(y), outside the damage bounds \(r)")
                        }
                    }
                }
            }
        }
        view.draw(page: 0, on: canvas, at: 0)
        checkBands()
        for (_, toggle) in view.switches { toggle.setOn(!toggle.isOn, animated: true, now: 1) }
        view.draw(page: 0, on: canvas, at: 1 + view.switches[0].toggle.style.animation.duration / 2)
        checkBands()
        let first = view.switches[0].toggle
        let centre = Point(first.frame.midX, first.frame.midY)
        if first.touchBegan(contact: 1, at: centre, time: 20) {
            first.touchMoved(contact: 1, to: Point(centre.x + first.frame.width / 3, centre.y), time: 20.05)
            view.draw(page: 0, on: canvas, at: 20.1)
            checkBands()
            first.touchCancelled(contact: 1, time: 20.2)
        }
    }
}
