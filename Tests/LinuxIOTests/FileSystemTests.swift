import Glibc
import XCTest

@testable import LinuxIO

/// What the edges read from the filesystem (directory listings, small files, resolved links,
/// device numbers), the descriptor of their own for stdin, mapped memory, and the console
/// ioctls on descriptors that are not consoles (this machine has no VT to take).
final class FileSystemTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory(prefix: "/tmp/linuxio-fs-")
    }

    override func tearDown() {
        for name in (try? listDirectory(directory)) ?? [] { try? removeFile(directory + "/" + name) }
        rmdir(directory)
    }

    private func write(_ name: String, _ text: String) throws {
        try FileDescriptor.open(directory + "/" + name, [.writeOnly, .create, .truncate]).writeAll(Array(text.utf8))
    }

    func testListsNamesOnlyAndNamesTheCallThatFailed() throws {
        XCTAssertEqual(try listDirectory(directory), [], "empty: no . or ..")
        for name in ["event3", "card0", ".hidden"] { try write(name, "") }
        XCTAssertEqual(try listDirectory(directory).sorted(), [".hidden", "card0", "event3"])
        XCTAssertThrowsError(try listDirectory(directory + "/missing")) { error in
            XCTAssertEqual(
                error as? SystemError, SystemError(call: "opendir", path: directory + "/missing", errno: .noSuchFile))
        }
        XCTAssertThrowsError(try listDirectory(directory + "/card0")) { error in
            XCTAssertEqual((error as? SystemError)?.errno, .notADirectory)
        }
    }

    func testReadsAWholeFileLargerThanOneRead() throws {
        let text = String(repeating: "E:LIBINPUT_CALIBRATION_MATRIX=1 0 0 0 1 0\n", count: 1000)
        XCTAssertGreaterThan(text.utf8.count, 16 << 10, "more than one read's worth")
        try write("c13:67", text)
        XCTAssertEqual(try readFile(directory + "/c13:67"), Array(text.utf8))
        try write("empty", "")
        XCTAssertEqual(try readFile(directory + "/empty"), [])
        XCTAssertThrowsError(try readFile(directory + "/c1:3")) { error in
            XCTAssertEqual(
                error as? SystemError, SystemError(call: "open", path: directory + "/c1:3", errno: .noSuchFile))
        }
    }

    func testResolvesLinksToTheOneNameOfAFile() throws {
        try write("event3", "")
        XCTAssertEqual(symlink(directory + "/event3", directory + "/by-id"), 0)
        let resolved = try resolveSymbolicLinks(directory + "/event3")
        XCTAssertEqual(try resolveSymbolicLinks(directory + "/by-id"), resolved)
        XCTAssertEqual(try resolveSymbolicLinks(directory + "/./by-id"), resolved)
        XCTAssertTrue(resolved.hasSuffix("/event3"), resolved)
        XCTAssertThrowsError(try resolveSymbolicLinks(directory + "/gone")) { error in
            XCTAssertEqual(
                error as? SystemError, SystemError(call: "realpath", path: directory + "/gone", errno: .noSuchFile))
        }
    }

    func testDeviceNumbersFollowGlibcLayout() throws {
        // makedev(13, 67) and makedev(259, 300), as glibc encodes them.
        XCTAssertTrue(FileStatus.deviceNumber(splitting: 13 << 8 | 67) == (13, 67))
        XCTAssertTrue(
            FileStatus.deviceNumber(splitting: (259 << 8) | (300 & 0xff) | ((300 & ~0xff) << 12)) == (259, 300))
        // /dev/null is character device 1:3 everywhere.
        let null = try FileStatus(path: "/dev/null")
        XCTAssertEqual(null.kind, .characterDevice)
        XCTAssertTrue(null.deviceNumber == (1, 3))
    }

    func testADuplicateOfAnInheritedDescriptorClosesAloneAndIsNotInherited() throws {
        let original = try FileDescriptor.open("/dev/null", .readOnly)
        var copy: Int32 = -1
        do {
            let duplicate = try FileDescriptor.duplicate(inherited: original.rawValue)
            copy = duplicate.rawValue
            XCTAssertNotEqual(copy, original.rawValue)
            XCTAssertGreaterThanOrEqual(copy, 3, "never takes the place of stdin, stdout or stderr")
            XCTAssertEqual(fcntl(copy, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC)
            XCTAssertTrue(try duplicate.status().isSameFile(as: original.status()))
        }
        XCTAssertEqual(fcntl(copy, F_GETFD), -1, "the duplicate closed with its owner")
        XCTAssertNotEqual(fcntl(original.rawValue, F_GETFD), -1, "the original is still open")
        XCTAssertThrowsError(try { _ = try FileDescriptor.duplicate(inherited: -1) }()) { error in
            XCTAssertEqual((error as? SystemError)?.errno, .badFileDescriptor)
        }
    }

    func testAMappingWritesThroughToTheFileAndIsUnmappedByItsOwner() throws {
        let path = directory + "/buffer"
        let length = Int(sysconf(Int32(_SC_PAGESIZE)))
        try write("buffer", String(repeating: "-", count: length))
        var base = 0
        do {
            let file = try FileDescriptor.open(path, .readWrite)
            let mapping = try MemoryMapping(sharing: file, offset: 0, length: length)
            XCTAssertEqual(mapping.length, length)
            base = Int(bitPattern: mapping.base)
            XCTAssertTrue(mappedRanges().contains(base), "mapped while owned")
            mapping.base.storeBytes(of: UInt8(ascii: "#"), toByteOffset: 5, as: UInt8.self)
        }
        XCTAssertFalse(mappedRanges().contains(base), "unmapped when its owner went away")
        XCTAssertEqual(try readFile(path)[4...6], [UInt8(ascii: "-"), UInt8(ascii: "#"), UInt8(ascii: "-")])

        let readOnly = try FileDescriptor.open(path, .readOnly)
        XCTAssertThrowsError(try { _ = try MemoryMapping(sharing: readOnly, offset: 0, length: length) }()) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "mmap", errno: .permissionDenied))
        }
    }

    /// The start addresses of this process's mappings (/proc/self/maps).
    private func mappedRanges() -> Set<Int> {
        let text = String(decoding: (try? readFile("/proc/self/maps")) ?? [], as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line in Int(line.prefix { $0 != "-" }, radix: 16) })
    }

    func testConsoleIoctlsOnSomethingThatIsNotAConsoleFailWithENOTTY() throws {
        let null = try FileDescriptor.open("/dev/null", .readWrite)
        XCTAssertFalse(null.isVirtualTerminal)
        XCTAssertThrowsError(try null.activeVirtualTerminal()) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "VT_GETSTATE", errno: .notATerminal))
        }
        XCTAssertThrowsError(try null.setVirtualTerminalSwitching(.process(release: SIGUSR1, acquire: SIGUSR2))) {
            error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "VT_SETMODE", errno: .notATerminal))
        }
        XCTAssertThrowsError(try null.setConsoleMode(.graphics)) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "KDSETMODE", errno: .notATerminal))
        }
        XCTAssertThrowsError(try null.allowVirtualTerminalRelease()) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "VT_RELDISP", errno: .notATerminal))
        }
        XCTAssertThrowsError(try null.acknowledgeVirtualTerminalAcquire()) { error in
            XCTAssertEqual(error as? SystemError, SystemError(call: "VT_RELDISP(VT_ACKACQ)", errno: .notATerminal))
        }
    }

    func testASignalIsSafeOnlyWhenBlockedOrHandled() throws {
        var set = sigset_t()
        var previous = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        XCTAssertFalse(signalIsBlockedOrHandled(SIGUSR2), "default action: it would kill the process")
        do {
            let signals = try SignalDescriptor(signals: [SIGUSR2])
            XCTAssertTrue(signalIsBlockedOrHandled(SIGUSR2), "blocked for the descriptor")
            withExtendedLifetime(signals) {}
        }
        setSignalDisposition(SIGUSR2, ignored: true)
        defer { setSignalDisposition(SIGUSR2, ignored: false) }
        XCTAssertFalse(signalIsBlockedOrHandled(SIGUSR2), "ignored: nobody would answer it")
    }
}
