import FoundationEssentials
import Raster

/// The messages of the page's event stream, each one Server-Sent Event (`event:` name, one
/// `data:` line of JSON). SSE rather than WebSocket: it is plain HTTP that the HTTP library
/// streams as any response (libmicrohttpd 0.9.75 has no WebSocket framing of its own — only a
/// raw upgraded socket, whose frames we would have to write by hand), the browser's
/// `EventSource` reconnects by itself, and the other direction (touches) is a few small POSTs.
public enum PreviewMessage {
    public struct Hello: Codable, Hashable, Sendable {
        public var client: Int
        public var name: String
        public var width: Int
        public var height: Int
        public var touch: Bool
        public var actions: Bool
        public init(client: Int, name: String, width: Int, height: Int, touch: Bool, actions: Bool) {
            self.client = client
            self.name = name
            self.width = width
            self.height = height
            self.touch = touch
            self.actions = actions
        }
    }

    /// One rectangle of the screen as a PNG (base64), drawn at (x, y).
    public struct Tile: Codable, Hashable, Sendable {
        public var x: Int
        public var y: Int
        public var w: Int
        public var h: Int
        public var png: String
        public init(rect: IntRect, png: [UInt8]) {
            x = rect.x
            y = rect.y
            w = rect.width
            h = rect.height
            self.png = Data(png).base64EncodedString()
        }
    }

    public struct Frame: Codable, Hashable, Sendable {
        /// The panel's frame counter when the pixels were read.
        public var seq: Int
        /// How many of this page's input requests the panel had taken when the pixels were read
        /// (the page times a press to the first frame that includes it).
        public var input: Int
        public var full: Bool
        public var tiles: [Tile]
        public init(seq: Int, input: Int, full: Bool, tiles: [Tile]) {
            self.seq = seq
            self.input = input
            self.full = full
            self.tiles = tiles
        }
    }

    public struct SwitchState: Codable, Hashable, Sendable {
        public var id: String
        public var label: String
        public var on: Bool
        public var enabled: Bool
        public var actions: [String]
        public init(id: String, label: String, on: Bool, enabled: Bool, actions: [String]) {
            self.id = id
            self.label = label
            self.on = on
            self.enabled = enabled
            self.actions = actions
        }
    }

    public struct State: Codable, Hashable, Sendable {
        public var name: String
        public var switches: [SwitchState]
        public init(name: String, switches: [SwitchState]) {
            self.name = name
            self.switches = switches
        }
    }

    public struct ConfigProblem: Codable, Hashable, Sendable {
        /// check-config's message (file, JSON path, reason); nil: the config is good again.
        public var message: String?
        public init(message: String?) { self.message = message }
    }

    public struct Log: Codable, Hashable, Sendable {
        public var entries: [PreviewLogEntry]
        public var dropped: Int
        public init(entries: [PreviewLogEntry], dropped: Int) {
            self.entries = entries
            self.dropped = dropped
        }
    }

    /// `value` as one event: `event: NAME`, `data: JSON`, a blank line. JSON strings escape
    /// newlines, so the data is always one line.
    public static func event<T: Encodable>(_ name: String, _ value: T) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(value)) ?? Data("null".utf8)
        return Array("event: \(name)\ndata: ".utf8) + Array(json) + Array("\n\n".utf8)
    }

    /// A frame as one event. Written out directly rather than through `JSONEncoder`: the tiles
    /// are numbers and base64 (nothing to escape), and the encoder's scan of a whole screen's
    /// base64 cost more than the PNG itself in a debug build.
    public static func event(_ frame: Frame) -> [UInt8] {
        var text =
            "event: frame\ndata: {\"full\":\(frame.full),\"input\":\(frame.input),\"seq\":\(frame.seq),\"tiles\":["
        for (i, t) in frame.tiles.enumerated() {
            if i > 0 { text += "," }
            text += "{\"h\":\(t.h),\"png\":\"\(t.png)\",\"w\":\(t.w),\"x\":\(t.x),\"y\":\(t.y)}"
        }
        text += "]}\n\n"
        return Array(text.utf8)
    }

    /// A comment line: keeps idle connections (and proxies) from timing out, and finds closed ones.
    public static let keepAlive = Array(": keep-alive\n\n".utf8)
}
