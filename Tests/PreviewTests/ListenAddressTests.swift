import XCTest

@testable import Preview

final class ListenAddressTests: XCTestCase {
    func testParsesIPv4IPv6AndLocalhost() throws {
        XCTAssertEqual(try ListenAddress(parsing: "127.0.0.1:8080"), ListenAddress(host: "127.0.0.1", port: 8080))
        XCTAssertEqual(try ListenAddress(parsing: "[::1]:0"), ListenAddress(host: "::1", port: 0))
        XCTAssertEqual(try ListenAddress(parsing: "localhost:80"), ListenAddress(host: "127.0.0.1", port: 80))
        XCTAssertEqual(try ListenAddress(parsing: "0.0.0.0:65535").description, "0.0.0.0:65535")
        XCTAssertEqual(try ListenAddress(parsing: "[fe80::1]:8080").description, "[fe80::1]:8080")
    }

    func testRefusesWhatIsNotAnAddressNamingWhy() {
        XCTAssertThrowsError(try ListenAddress(parsing: "8080")) {
            XCTAssertEqual($0 as? ListenAddressError, .missingPort("8080"))
        }
        XCTAssertThrowsError(try ListenAddress(parsing: "127.0.0.1:99999")) {
            XCTAssertEqual("\($0)", "'127.0.0.1:99999': the port must be a number from 0 to 65535")
        }
        for bad in ["example.com:80", "256.0.0.1:80", "1.2.3:80", "[zz::1]:80", "::1:80", "1.2.3.4.5:80", ":80"] {
            XCTAssertThrowsError(try ListenAddress(parsing: bad), bad)
        }
    }

    func testLoopbackIsOnlyThisMachine() throws {
        for loopback in ["127.0.0.1:1", "127.1.2.3:1", "[::1]:1", "[0:0:0:0:0:0:0:1]:1", "localhost:1"] {
            XCTAssertTrue(try ListenAddress(parsing: loopback).isLoopback, loopback)
        }
        for open in ["0.0.0.0:1", "192.168.1.2:1", "[::]:1", "[fe80::1]:1", "[::1:1]:1", "[1::1]:1"] {
            XCTAssertFalse(try ListenAddress(parsing: open).isLoopback, open)
        }
    }
}
