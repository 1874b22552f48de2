import CLinux
import Glibc
import LinuxIO
import XCTest

/// The notifier against a real `AF_UNIX` datagram socket, read back byte for byte as systemd
/// would read it.
final class SystemdNotifierTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(prefix: "/tmp/switchpanel-notify-")
    }

    override func tearDown() {
        if let entries = opendir(directory) {
            while let entry = readdir(entries) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { unlink(directory + "/" + name) }
            }
            closedir(entries)
        }
        rmdir(directory)
    }

    func testReadyStatusWatchdogAndStoppingSendExactMessages() throws {
        let receiver = try DatagramReceiver(path: directory + "/notify")
        let notifier = SystemdNotifier(notifySocket: directory + "/notify")
        XCTAssertTrue(notifier.isEnabled)

        try notifier.ready()
        XCTAssertEqual(try receiver.receive(), "READY=1")
        try notifier.ready(status: "showing board.json")
        XCTAssertEqual(try receiver.receive(), "READY=1\nSTATUS=showing board.json")
        try notifier.status("6 switches, 2 on")
        XCTAssertEqual(try receiver.receive(), "STATUS=6 switches, 2 on")
        try notifier.watchdog()
        XCTAssertEqual(try receiver.receive(), "WATCHDOG=1")
        try notifier.stopping()
        XCTAssertEqual(try receiver.receive(), "STOPPING=1")
        try notifier.notify(["STATUS=custom", "ERRNO=5"])
        XCTAssertEqual(try receiver.receive(), "STATUS=custom\nERRNO=5")
        XCTAssertNil(try receiver.receive(timeoutMilliseconds: 0), "one datagram per call")
    }

    func testReloadingCarriesTheMonotonicClockInMicroseconds() throws {
        let receiver = try DatagramReceiver(path: directory + "/notify")
        let notifier = SystemdNotifier(notifySocket: directory + "/notify")
        let before = UInt64(monotonicNow() * 1e6)
        try notifier.reloading()
        let after = UInt64(monotonicNow() * 1e6) + 1
        let message = try XCTUnwrap(try receiver.receive())
        let lines = message.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, message)
        XCTAssertEqual(lines.first, "RELOADING=1")
        let prefix = "MONOTONIC_USEC="
        XCTAssertTrue(lines.last?.hasPrefix(prefix) ?? false, message)
        let microseconds = try XCTUnwrap(UInt64(lines.last?.dropFirst(prefix.count) ?? ""), message)
        XCTAssertGreaterThanOrEqual(microseconds + 1, before)
        XCTAssertLessThanOrEqual(microseconds, after)
    }

    func testAbstractSocketNameWithAtSign() throws {
        let name = "switchpanel-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let receiver = try DatagramReceiver(abstractName: name)
        let notifier = SystemdNotifier(notifySocket: "@" + name)
        try notifier.ready(status: "abstract")
        XCTAssertEqual(try receiver.receive(), "READY=1\nSTATUS=abstract")
    }

    func testStatusTextIsKeptOnOneLine() throws {
        let receiver = try DatagramReceiver(path: directory + "/notify")
        let notifier = SystemdNotifier(notifySocket: directory + "/notify")
        try notifier.status("line one\nREADY=1")
        XCTAssertEqual(try receiver.receive(), "STATUS=line one READY=1")
    }

    func testWithoutNotifySocketEverythingIsANoOp() throws {
        for value in [nil, ""] as [String?] {
            let notifier = SystemdNotifier(notifySocket: value)
            XCTAssertFalse(notifier.isEnabled)
            XCTAssertNil(notifier.socketAddress)
            try notifier.ready(status: "x")
            try notifier.status("x")
            try notifier.watchdog()
            try notifier.reloading()
            try notifier.stopping()
        }
    }

    func testNobodyListeningThrowsSendtoNamingTheSocket() {
        let path = directory + "/nobody"
        let notifier = SystemdNotifier(notifySocket: path)
        XCTAssertThrowsError(try notifier.ready()) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "sendto", path: path, errno: .noSuchFile))
        }
    }

    func testUnusableAddressesAreRejected() {
        for (address, errno) in [
            ("relative/notify", EINVAL), ("vsock:2:1234", EINVAL), ("@", EINVAL),
            ("/" + String(repeating: "a", count: 107), ENAMETOOLONG),
            ("@" + String(repeating: "a", count: 108), ENAMETOOLONG),
        ] {
            XCTAssertThrowsError(try SystemdNotifier(notifySocket: address).watchdog(), address) { error in
                XCTAssertEqual((error as? SystemError)?.errno, SystemErrno(errno), address)
            }
        }
    }

    func testLongestPathThatFitsIsAccepted() throws {
        // sun_path holds 108 bytes: 107 and the terminating NUL.
        let path = directory + "/" + String(repeating: "n", count: 107 - directory.utf8.count - 1)
        XCTAssertEqual(path.utf8.count, 107)
        let receiver = try DatagramReceiver(path: path)
        try SystemdNotifier(notifySocket: path).watchdog()
        XCTAssertEqual(try receiver.receive(), "WATCHDOG=1")
    }

    func testWatchdogIntervalIsHalfOfWatchdogUsec() {
        let pid = getpid()
        let on = SystemdNotifier(notifySocket: nil, watchdogMicroseconds: "10000000")
        XCTAssertEqual(on.watchdogTimeout, 10)
        XCTAssertEqual(on.watchdogInterval, 5)
        let ours = SystemdNotifier(notifySocket: nil, watchdogMicroseconds: "3000000", watchdogPID: "\(pid)")
        XCTAssertEqual(ours.watchdogInterval, 1.5)
        XCTAssertEqual(
            SystemdNotifier(notifySocket: nil, watchdogMicroseconds: "500", processID: 42).watchdogInterval, 0.00025)
    }

    func testWatchdogIsOffWhenUnsetMalformedZeroOrForAnotherProcess() {
        let pid = getpid()
        for (usec, watchdogPID) in [
            (nil, nil), (nil, "\(pid)"), ("0", nil), ("-5", nil), ("ten", nil), ("", nil), ("10s", nil),
            ("10000000", "\(pid + 1)"), ("10000000", "1"), ("10000000", "x"), ("10000000", ""),
        ] as [(String?, String?)] {
            let notifier = SystemdNotifier(notifySocket: nil, watchdogMicroseconds: usec, watchdogPID: watchdogPID)
            XCTAssertNil(notifier.watchdogInterval, "\(String(describing: usec)) \(String(describing: watchdogPID))")
            XCTAssertNil(notifier.watchdogTimeout)
        }
    }

    func testFromEnvironmentReadsAndUnsetsTheVariables() throws {
        let receiver = try DatagramReceiver(path: directory + "/notify")
        let names = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]
        let saved = names.map { getenv($0).map { String(cString: $0) } }
        defer {
            for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } else { unsetenv(name) } }
        }

        setenv("NOTIFY_SOCKET", directory + "/notify", 1)
        setenv("WATCHDOG_USEC", "8000000", 1)
        setenv("WATCHDOG_PID", "\(getpid())", 1)
        let kept = SystemdNotifier.fromEnvironment(unsettingVariables: false)
        XCTAssertEqual(kept.socketAddress, directory + "/notify")
        XCTAssertEqual(kept.watchdogInterval, 4)
        XCTAssertNotNil(getenv("NOTIFY_SOCKET"))

        let notifier = SystemdNotifier.fromEnvironment()
        XCTAssertEqual(notifier.socketAddress, directory + "/notify")
        XCTAssertEqual(notifier.watchdogInterval, 4)
        for name in names { XCTAssertNil(getenv(name), "\(name) is left for children") }
        try notifier.ready()
        XCTAssertEqual(try receiver.receive(), "READY=1")

        XCTAssertFalse(SystemdNotifier.fromEnvironment().isEnabled)
    }
}

/// A datagram socket bound like systemd's notification socket, read with a timeout.
private final class DatagramReceiver {
    let fileDescriptor: Int32

    convenience init(path: String) throws {
        try self.init(addressBytes: Array(path.utf8) + [0])
    }

    /// An abstract name: a leading NUL, the name, no terminator (the length says where it ends).
    convenience init(abstractName: String) throws {
        try self.init(addressBytes: [0] + Array(abstractName.utf8))
    }

    private init(addressBytes: [UInt8]) throws {
        fileDescriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fileDescriptor >= 0 else { throw SystemError(call: "socket", errno: SystemErrno(errno)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: addressBytes) }
        let length = socklen_t(MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + addressBytes.count)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fileDescriptor, $0, length) }
        }
        guard bound == 0 else {
            let error = SystemError(call: "bind", errno: SystemErrno(errno))
            close(fileDescriptor)
            throw error
        }
    }

    deinit { close(fileDescriptor) }

    /// The next datagram's text, nil when none arrives within the timeout.
    func receive(timeoutMilliseconds: Int32 = 2000) throws -> String? {
        guard try !waitForReadable([PollHandle(fileDescriptor)], timeout: Double(timeoutMilliseconds) / 1000).isEmpty
        else {
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fileDescriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        guard count >= 0 else { throw SystemError(call: "recv", errno: SystemErrno(errno)) }
        return String(decoding: buffer.prefix(count), as: UTF8.self)
    }
}
