import CEvdev
import Glibc
import LinuxIO
import TouchCore
import XCTest

@testable import Evdev

/// Opening things that are not input devices: typed errors naming the call and the errno, never a
/// crash. (This machine has no /dev/input and no /dev/uinput; the real-kernel path runs in the QEMU
/// guest of scripts/vm-evdev-test.sh.)
final class InputDeviceTests: XCTestCase {
    func testOpeningAMissingPathReportsENOENT() {
        XCTAssertThrowsError(try InputDevice(path: "/nonexistent/event0")) { error in
            XCTAssertEqual(error as? EvdevError, .open(path: "/nonexistent/event0", errno: .noSuchFile))
            XCTAssertTrue("\(error)".contains("switchpanel devices"), "\(error)")
        }
    }

    func testOpeningDevNullIsALibevdevErrorNotACrash() throws {
        // qemu-user answers an ioctl it cannot translate with ENOSYS instead of passing it to
        // the kernel, which answers ENOTTY (make test ARCH=arm64 sets this; the aarch64 kernel
        // path is the QEMU guests').
        try XCTSkipIf(
            getenv("SWITCHPANEL_TEST_UNDER_QEMU_USER") != nil, "qemu-user answers untranslated ioctls ENOSYS")
        XCTAssertThrowsError(try InputDevice(path: "/dev/null")) { error in
            guard case .libevdev(let call, let path, let errno) = error as? EvdevError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(call, "libevdev_set_fd")
            XCTAssertEqual(path, "/dev/null")
            XCTAssertTrue(errno == .notATerminal || errno == .invalidArgument, "\(errno)")
            XCTAssertTrue("\(error)".contains("not an evdev input device"), "\(error)")
        }
    }

    func testOpeningARegularFileOrADirectoryIsALibevdevError() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path + "/event0"
        try dir.write(file, "not an input device")
        for path in [file, dir.path] {
            XCTAssertThrowsError(try InputDevice(path: path)) { error in
                guard case .libevdev(let call, _, _) = error as? EvdevError else { return XCTFail("\(error)") }
                XCTAssertEqual(call, "libevdev_set_fd")
            }
        }
    }

    func testFailedOpensReleaseTheirDescriptors() throws {
        let before = openDescriptorCount()
        for _ in 0..<50 { _ = try? InputDevice(path: "/dev/null") }
        XCTAssertEqual(openDescriptorCount(), before)
    }

    func testErrorDescriptionsNameTheFix() {
        let denied = EvdevError.open(path: "/dev/input/event3", errno: .permissionDenied)
        XCTAssertTrue(denied.isPermissionDenied)
        XCTAssertTrue(denied.description.contains("`input` group"), denied.description)
        XCTAssertTrue(denied.description.contains("EACCES"), denied.description)
        XCTAssertTrue(EvdevError.open(path: "/dev/input/event3", errno: .notPermitted).description.contains("input"))

        let gone = EvdevError.libevdev(call: "libevdev_next_event", path: "/dev/input/event3", errno: .noDevice)
        XCTAssertTrue(gone.isDeviceGone)
        XCTAssertFalse(gone.isPermissionDenied)
        XCTAssertTrue(gone.description.contains("unplugged"), gone.description)

        let busy = EvdevError.libevdev(call: "libevdev_grab", path: "/dev/input/event3", errno: .busy)
        XCTAssertTrue(busy.description.contains("grabbed"), busy.description)

        let noDir = EvdevError.listDirectory(path: "/dev/input", errno: .noSuchFile)
        XCTAssertTrue(noDir.description.contains("/dev/input does not exist"), noDir.description)

        XCTAssertTrue(EvdevError.uinput(call: "x", errno: .noSuchFile).description.contains("modprobe uinput"))
        XCTAssertEqual(SystemErrno.noDevice.name, "ENODEV")
        XCTAssertEqual(SystemErrno(9999).name, "errno 9999")
    }
}

/// A directory under /tmp, removed with everything in it when the object goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = try makeTemporaryDirectory(prefix: "/tmp/evdev-tests-")
    }

    deinit {
        _ = try? FileManagerLite.removeTree(path)
    }

    func write(_ path: String, _ text: String) throws {
        try FileDescriptor.open(path, [.writeOnly, .create, .truncate]).writeAll(Array(text.utf8))
    }
}

/// `rm -r` without Foundation.
enum FileManagerLite {
    static func removeTree(_ path: String) throws {
        guard let status = try? FileStatus(path: path, followingLinks: false) else { return }
        if status.kind == .directory {
            for name in try listDirectory(path) { try removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            try removeFile(path)
        }
    }
}

/// How many descriptors this process has open (entries of /proc/self/fd).
func openDescriptorCount() -> Int {
    (try? listDirectory("/proc/self/fd").count) ?? -1
}
