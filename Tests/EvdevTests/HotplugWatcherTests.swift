import Glibc
import LinuxIO
import XCTest

@testable import Evdev

/// inotify on a temporary directory standing in for /dev/input.
final class HotplugWatcherTests: XCTestCase {
    func testSeesEventNodesCreatedChangedAndRemoved() throws {
        let dir = try TemporaryDirectory()
        let watcher = try HotplugWatcher(directory: dir.path)
        XCTAssertEqual(try waitForReadable([watcher.pollHandle], timeout: 0), [], "open, and nothing queued")
        XCTAssertEqual(try watcher.readChanges(), [], "nothing happened yet")

        try dir.write(dir.path + "/event5", "")
        try dir.write(dir.path + "/mouse1", "")
        XCTAssertEqual(chmod(dir.path + "/event5", 0o660), 0)
        XCTAssertEqual(try waitForReadable([watcher.pollHandle], timeout: 1), [watcher.pollHandle])
        let created = try watcher.readChanges()
        XCTAssertEqual(created.first, .added(dir.path + "/event5"))
        XCTAssertEqual(created.last, .attributesChanged(dir.path + "/event5"))
        XCTAssertFalse(created.contains { "\($0)".contains("mouse1") })

        XCTAssertEqual(rename(dir.path + "/event5", dir.path + "/event6"), 0)
        XCTAssertEqual(unlink(dir.path + "/event6"), 0)
        XCTAssertEqual(unlink(dir.path + "/mouse1"), 0)
        XCTAssertEqual(
            try watcher.readChanges(),
            [.removed(dir.path + "/event5"), .added(dir.path + "/event6"), .removed(dir.path + "/event6")])
        XCTAssertEqual(try watcher.readChanges(), [])
    }

    func testReportsTheDirectoryGoingAway() throws {
        let dir = try TemporaryDirectory()
        let sub = dir.path + "/input"
        XCTAssertEqual(mkdir(sub, 0o755), 0)
        let watcher = try HotplugWatcher(directory: sub)
        XCTAssertEqual(rmdir(sub), 0)
        XCTAssertTrue(try watcher.readChanges().contains(.directoryRemoved))
    }

    func testWatchingAMissingDirectoryIsAnError() {
        XCTAssertThrowsError(try HotplugWatcher(directory: "/nonexistent/input")) { error in
            XCTAssertEqual(
                error as? EvdevError,
                .inotify(call: "inotify_add_watch", path: "/nonexistent/input", errno: .noSuchFile))
        }
    }

    func testTheWatcherClosesItsDescriptor() throws {
        let dir = try TemporaryDirectory()
        let before = openDescriptorCount()
        for _ in 0..<20 { _ = try HotplugWatcher(directory: dir.path) }
        XCTAssertEqual(openDescriptorCount(), before)
    }

    func testParsesOverflow() {
        var bytes = [UInt8](repeating: 0, count: 16)
        let overflow = InotifyDescriptor.Events.queueOverflowed.rawValue
        withUnsafeBytes(of: overflow.littleEndian) { bytes.replaceSubrange(4..<8, with: $0) }
        let changes = bytes.withUnsafeBytes { hotplugChanges(parsing: $0) }
        XCTAssertEqual(changes, [.overflowed])
        // A truncated record is ignored, not read past.
        let truncated = [UInt8](repeating: 0xff, count: 20)
        XCTAssertEqual(truncated.withUnsafeBytes { hotplugChanges(parsing: $0) }, [])
    }

    /// What the watcher reports for a buffer of `struct inotify_event`s read from /dev/input.
    private func hotplugChanges(parsing bytes: UnsafeRawBufferPointer) -> [HotplugChange] {
        HotplugWatcher.hotplugChanges(InotifyDescriptor.parse(bytes), directory: "/dev/input")
    }
}
