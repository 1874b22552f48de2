import Foundation

/// A certificate authority made with /usr/bin/openssl for one test, and a server certificate it
/// signs for 127.0.0.1 (an IP subjectAltName, which is what a client checks for an address):
/// TLS tests against servers on loopback (mosquitto, the Home Assistant fault server) without a
/// real CA. Two days valid; RSA 2048 (about 0.1-0.3 s each to make).
public struct ThrowawayCA {
    public let directory: String
    public var caCertificate: String { directory + "/ca.crt" }
    public var serverCertificate: String { directory + "/server.crt" }
    public var serverKey: String { directory + "/server.key" }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Makes the CA and the server's certificate in `directory` (created if need be); `name`
    /// goes in the CA's subject, so that two CAs of one test are told apart.
    public init(in directory: String, name: String = "Test CA") throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Self.openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=\(name)", "-keyout",
            directory + "/ca.key", "-out", directory + "/ca.crt",
        ])
        try Self.openssl([
            "req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", directory + "/server.key",
            "-out", directory + "/server.csr",
        ])
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: directory + "/san.ext", atomically: true, encoding: .utf8)
        try Self.openssl([
            "x509", "-req", "-in", directory + "/server.csr", "-CA", directory + "/ca.crt", "-CAkey",
            directory + "/ca.key", "-CAcreateserial", "-days", "2", "-out", directory + "/server.crt", "-extfile",
            directory + "/san.ext",
        ])
    }

    static func openssl(_ arguments: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        p.arguments = arguments
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.joined(separator: " ")) exited \(p.terminationStatus)")
        }
    }
}
