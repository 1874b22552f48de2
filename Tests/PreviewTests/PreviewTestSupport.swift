import Foundation
import Glibc
import LinuxIO
import Panel
import PanelRuntime
import Preview
import PreviewServer

/// A panel of two switches in virtual time with its preview on `address` (any free loopback
/// port by default), after a first turn.
func previewPanel(
    directory: String, address: String = "127.0.0.1:0", access: PreviewAccess? = nil, runsActions: Bool = false,
    boardPath: String? = nil, log: @escaping (LogLevel, String) -> Void = { _, _ in }
) throws -> (EmbeddedPanel, PreviewService) {
    let json = """
        {"version": 1, "layout": {"columns": 2},
         "switches": [
          {"id": "porch", "label": "Porch", "actions": [{"print": true}]},
          {"id": "fan", "label": "Fan", "initial": true}]}
        """
    let panel = try EmbeddedPanel(
        board: LoadedConfig(config: try BoardConfig.parse(json)),
        options: PanelOptions(stateDirectory: directory, printLine: { _ in }, log: { _, _ in }))
    panel.session.runsActions = runsActions
    let listen = try ListenAddress(parsing: address)
    let preview = try PreviewService(
        address: listen, access: access ?? .open, runsActions: runsActions, boardPath: boardPath, log: log)
    if let boardPath { try json.write(toFile: boardPath, atomically: true, encoding: .utf8) }
    panel.loop.add(preview)
    try panel.advance(by: 0.1)
    return (panel, preview)
}

/// A plain TCP client for the tests: writes a request as bytes and collects whatever comes back
/// without blocking, so the panel's loop (on this same thread) can answer it.
final class TestHTTPClient {
    private let fd: Int32
    private var bytes: [UInt8] = []

    init(port: Int, host: String = "127.0.0.1") throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SystemError(call: "connect", errno: SystemErrno(errno)) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close(fd) }

    /// Sends `text` (small requests: the socket takes them at once).
    func send(_ text: String) throws {
        var data = Array(text.utf8)
        var sent = 0
        while sent < data.count {
            let n = data.withUnsafeMutableBytes {
                Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                sent += n
            } else if errno != EAGAIN {
                throw SystemError(call: "send", errno: SystemErrno(errno))
            }
        }
        data = []
    }

    /// Everything received so far.
    func received() -> String {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard n > 0 else { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The server closed the connection (end of file or a reset), after whatever it sent.
    func closedByServer() -> Bool {
        var byte: UInt8 = 0
        while true {
            let n = recv(fd, &byte, 1, Int32(MSG_DONTWAIT))
            if n > 0 {
                bytes.append(byte)
                continue
            }
            return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        }
    }

    /// The request's whole answer (the server closes after it, or its body is in), or what came
    /// within `realTimeout` seconds.
    func exchange(_ request: String, on panel: EmbeddedPanel, realTimeout: Double = 10) throws -> String {
        try send(request)
        _ = try panel.run(
            untilReal: {
                let text = received()
                guard let end = text.range(of: "\r\n\r\n") else { return false }
                let head = text[..<end.lowerBound].lowercased()
                if let length = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
                    let count = Int(length.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                    return text.utf8.count - text[..<end.upperBound].utf8.count >= count
                }
                return true
            }, realTimeout: realTimeout)
        return received()
    }

    /// The data of each event `name` received so far, parsed.
    func events(named name: String) -> [[String: Any]] {
        // After the head (whose "\r\n" Swift would keep whole as one character).
        let text = received()
        guard let head = text.range(of: "\r\n\r\n") else { return [] }
        return text[head.upperBound...].components(separatedBy: "\n\n").compactMap { block -> [String: Any]? in
            let lines = block.components(separatedBy: "\n")
            guard let event = lines.firstIndex(of: "event: \(name)"), event + 1 < lines.count,
                lines[event + 1].hasPrefix("data: ")
            else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(lines[event + 1].dropFirst(6).utf8)) as? [String: Any]
        }
    }
}
