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
        // Listening (SO_ACCEPTCONN), not merely bound.
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        XCTAssertEqual(getsockopt(first.rawValue, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length), 0)
        XCTAssertEqual(listening, 1)
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
