import Foundation
import Glibc
import LinuxIO
import XCTest

/// TCP listening sockets on loopback: a free port is listened on, a taken one is EADDRINUSE
/// from `bind`, a host that is not an IP literal is EINVAL from `inet_pton`.
final class TCPSocketTests: XCTestCase {
    /// The port `socket` is bound to.
    func port(of socket: borrowing FileDescriptor) throws -> UInt16 {
        var address = sockaddr_in6()
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket.rawValue, $0, &length) == 0 }
        }
        XCTAssertTrue(ok)
        return UInt16(bigEndian: address.sin6_port)  // sin_port and sin6_port are at one offset
    }

    func testAFreePortListensAndATakenOneIsABindError() throws {
        let first = try TCPSocket.listen(host: "127.0.0.1", port: 0)
        let port = try port(of: first)
        XCTAssertNotEqual(port, 0)
        // Listening: a connection is accepted.
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        XCTAssertTrue(connected)
        XCTAssertThrowsError(try TCPSocket.listen(host: "127.0.0.1", port: port).close()) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "bind", errno: SystemErrno(EADDRINUSE)))
        }
    }

    func testAHostThatIsNoAddressIsInvalid() {
        XCTAssertThrowsError(try TCPSocket.listen(host: "localhost", port: 0).close()) { error in
            XCTAssertEqual(
                error as? SystemError, SystemError(call: "inet_pton", path: "localhost", errno: .invalidArgument))
        }
    }

    func testIPv6LoopbackListens() throws {
        var refused: SystemError?
        do throws(SystemError) {
            try TCPSocket.listen(host: "::1", port: 0).close()
        } catch {
            refused = error
        }
        guard let refused else { return }
        if refused.errno.rawValue == EADDRNOTAVAIL || refused.errno.rawValue == EAFNOSUPPORT {
            throw XCTSkip("no IPv6 loopback here: \(refused)")
        }
        XCTFail("\(refused)")
    }
}
