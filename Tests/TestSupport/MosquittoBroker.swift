import Foundation
import XCTest

/// A real mosquitto broker (Debian's `mosquitto`) on 127.0.0.1 and a free port, with its own
/// config in a temporary directory; stopped (SIGKILL) when released. The MQTT tests talk to it
/// with `mosquitto_pub` and `mosquitto_sub`, so what they check is what any client would see.
public final class MosquittoBroker {
    public let directory: String
    public let port: Int
    private var process: Process?
    /// Extra lines for mosquitto.conf's listener (TLS, passwords).
    public let listenerLines: [String]
    /// Options every client command needs for this broker (TLS, credentials).
    public var clientOptions: [String] = []

    public init(directory: String, port: Int? = nil, listenerLines: [String] = [], allowAnonymous: Bool = true) throws {
        self.directory = directory
        self.port = try port ?? Self.freePort()
        self.listenerLines = listenerLines
        let config =
            [
                "per_listener_settings false", "user \(String(cString: getpwuid(getuid()).pointee.pw_name))",
                "allow_anonymous \(allowAnonymous)", "persistence false",
                "listener \(self.port) 127.0.0.1",
            ] + listenerLines
        try (config.joined(separator: "\n") + "\n").write(
            toFile: directory + "/mosquitto.conf", atomically: true, encoding: .utf8)
        try start()
    }

    deinit { stop() }

    public func start() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        p.arguments = ["-c", directory + "/mosquitto.conf"]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let log = directory + "/mosquitto.log"
        FileManager.default.createFile(atPath: log, contents: nil)
        p.standardError = FileHandle(forWritingAtPath: log)
        try p.run()
        process = p
        // Listening when a client can connect.
        let giveUp = Date().addingTimeInterval(10)
        while Date() < giveUp {
            if Self.canConnect(port: port) { return }
            usleep(20_000)
        }
        throw XCTSkip("mosquitto did not start: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    public func stop() {
        guard let p = process else { return }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        process = nil
    }

    /// Stops the broker without closing anything (SIGSTOP): its connections stay up, and it
    /// answers nothing — a broker gone silent. ``resume()`` lets it go on.
    public func pause() {
        guard let p = process else { return }
        kill(p.processIdentifier, SIGSTOP)
    }

    public func resume() {
        guard let p = process else { return }
        kill(p.processIdentifier, SIGCONT)
    }

    public static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// 127.0.0.1:`port` (0: any port).
    public static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A port nobody listens on now (the kernel's pick for an ephemeral bind).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { throw XCTSkip("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Publishes with `mosquitto_pub` (`payload` as a file, so any bytes go) at `qos`.
    public func publish(_ topic: String, _ payload: [UInt8], retain: Bool = false, qos: Int = 1) throws {
        let file = directory + "/payload-\(UUID().uuidString)"
        try Data(payload).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let status = try run(
            "/usr/bin/mosquitto_pub",
            ["-p", "\(port)", "-h", "127.0.0.1", "-q", "\(qos)", "-t", topic, "-f", file] + (retain ? ["-r"] : []))
        XCTAssertEqual(status.code, 0, "mosquitto_pub \(topic): \(status.output)")
    }

    public func publish(_ topic: String, _ text: String, retain: Bool = false, qos: Int = 1) throws {
        try publish(topic, Array(text.utf8), retain: retain, qos: qos)
    }

    /// The retained messages under `pattern` now, as topic → payload (`mosquitto_sub
    /// --retained-only`, which ends after the retained burst).
    public func retained(_ pattern: String) throws -> [String: String] {
        let status = try run(
            "/usr/bin/mosquitto_sub",
            ["-p", "\(port)", "-h", "127.0.0.1", "-t", pattern, "-v", "--retained-only", "-W", "1"])
        var out: [String: String] = [:]
        for line in status.output.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            out[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return out
    }

    /// Runs a client program with this broker's options; its exit status and standard output.
    @discardableResult
    public func run(_ program: String, _ arguments: [String]) throws -> (code: Int32, output: String) {
        try Self.requireClient(program)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments + clientOptions
        let pipe = Pipe()
        p.standardOutput = pipe
        // mosquitto_sub says "Timed out" there when -W ends it.
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A client program that is not installed is this error, not Foundation's "The file
    /// doesn't exist" (which names no file).
    public struct MissingClient: Error, CustomStringConvertible {
        public var program: String
        public var description: String { "\(program) is missing: scripts/setup.sh installs mosquitto-clients" }
    }

    public static func requireClient(_ program: String) throws {
        guard FileManager.default.isExecutableFile(atPath: program) else { throw MissingClient(program: program) }
    }

    /// Starts `mosquitto_sub` on `pattern` in the background; ``Subscription/lines`` reads what
    /// it printed so far (`topic payload` per line).
    public func subscribe(_ pattern: String) throws -> Subscription {
        try Subscription(
            program: "/usr/bin/mosquitto_sub",
            arguments: ["-p", "\(port)", "-h", "127.0.0.1", "-t", pattern, "-v", "-q", "1"] + clientOptions,
            file: directory + "/sub-\(UUID().uuidString)")
    }

    public final class Subscription {
        public let process = Process()
        public let file: String

        init(program: String, arguments: [String], file: String) throws {
            self.file = file
            try MosquittoBroker.requireClient(program)
            FileManager.default.createFile(atPath: file, contents: nil)
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.standardOutput = FileHandle(forWritingAtPath: file)
            try process.run()
            usleep(200_000)  // subscribed before the test goes on
        }

        deinit {
            // SIGKILL: a child of a test process inherits the panel loop's blocked SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        public var lines: [String] {
            ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }
}
