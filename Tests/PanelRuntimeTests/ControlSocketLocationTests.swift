import Foundation
import LinuxIO
import Panel
import XCTest

@testable import PanelRuntime

/// Issue 25 §3: where the control socket is without --socket — systemd's runtime directory, else
/// the session's, else /tmp/switchpanel-UID — the user's own directories made 0700 and checked,
/// and `ctl` finding the panel by the same rule.
final class ControlSocketLocationTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "socket-location-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func testTheRule() {
        func standard(_ environment: [String: String]) -> ControlSocketLocation {
            ControlSocketLocation.standard(environment: environment, userID: 1000)
        }
        // Under systemd: its directory, which exists (nothing to make).
        XCTAssertEqual(standard(["RUNTIME_DIRECTORY": "/run/switchpanel"]).path, "/run/switchpanel/control.sock")
        XCTAssertNil(standard(["RUNTIME_DIRECTORY": "/run/switchpanel"]).privateDirectory)
        XCTAssertEqual(
            standard(["RUNTIME_DIRECTORY": "/run/a/:/run/b", "XDG_RUNTIME_DIR": "/run/user/1000"]).path,
            "/run/a/control.sock")
        // A login session's runtime directory.
        let session = standard(["RUNTIME_DIRECTORY": "", "XDG_RUNTIME_DIR": "/run/user/1000/"])
        XCTAssertEqual(session.path, "/run/user/1000/switchpanel/control.sock")
        XCTAssertEqual(session.privateDirectory, "/run/user/1000/switchpanel")
        // Neither (or a relative XDG_RUNTIME_DIR, which the spec does not allow): per user under /tmp.
        for environment in [[:], ["XDG_RUNTIME_DIR": "run"], ["XDG_RUNTIME_DIR": ""]] {
            XCTAssertEqual(standard(environment).path, "/tmp/switchpanel-1000/control.sock", "\(environment)")
            XCTAssertEqual(standard(environment).privateDirectory, "/tmp/switchpanel-1000")
        }
        // A path given is used as it is.
        XCTAssertEqual(ControlSocketLocation(path: "out/control.sock").path, "out/control.sock")
        XCTAssertNil(ControlSocketLocation(path: "out/control.sock").privateDirectory)
    }

    func testThePrivateDirectoryIsMade0700AndReused() throws {
        let location = ControlSocketLocation.standard(environment: ["XDG_RUNTIME_DIR": directory])
        let made = directory + "/switchpanel"
        let oldMask = umask(0)
        defer { umask(oldMask) }
        try location.prepare()
        var info = stat()
        XCTAssertEqual(lstat(made, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFDIR)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        XCTAssertEqual(info.st_uid, getuid())
        try location.prepare()  // a second panel start finds it ready
    }

    func testADirectoryThatIsNotSafelyTheUsersIsRefused() throws {
        let location = ControlSocketLocation.standard(environment: ["XDG_RUNTIME_DIR": directory])
        let made = directory + "/switchpanel"
        func refusal() -> String {
            do {
                try location.prepare()
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        // Open to others.
        XCTAssertEqual(mkdir(made, 0o700), 0)
        XCTAssertEqual(chmod(made, 0o755), 0)
        XCTAssertEqual(
            refusal(),
            "\(made) has mode 0755, which lets other users in (0700 keeps them out): the socket is not put there "
                + "(remove it, or choose another socket path)")
        // Another user's (this test runs as root on CI; chown needs it).
        XCTAssertEqual(chmod(made, 0o700), 0)
        if getuid() == 0 {
            XCTAssertEqual(chown(made, 4242, 4242), 0)
            XCTAssertEqual(
                refusal(),
                "\(made) belongs to user 4242, not to this one (0): the socket is not put there "
                    + "(remove it, or choose another socket path)")
        }
        // A link to a directory of the user's own is not that directory.
        XCTAssertEqual(rmdir(made), 0)
        XCTAssertEqual(mkdir(directory + "/elsewhere", 0o700), 0)
        XCTAssertEqual(symlink(directory + "/elsewhere", made), 0)
        XCTAssertTrue(refusal().hasPrefix("\(made) is a symbolic link: "), refusal())
        XCTAssertEqual(unlink(made), 0)
        XCTAssertEqual(FileManager.default.createFile(atPath: made, contents: Data()), true)
        XCTAssertTrue(refusal().hasPrefix("\(made) is not a directory: "), refusal())
        // A session directory that is missing altogether: mkdir's own error.
        let missing = ControlSocketLocation.standard(environment: ["XDG_RUNTIME_DIR": directory + "/gone"])
        XCTAssertThrowsError(try missing.prepare()) { XCTAssertTrue("\($0)".contains("No such file"), "\($0)") }
    }

    /// The panel started without a path puts its socket in the session's directory, making it;
    /// a client with the same environment finds it there; the installed service's socket is the
    /// client's last resort.
    func testThePanelAndItsClientMeetByTheSameRule() throws {
        let environment = ["XDG_RUNTIME_DIR": directory]
        let service = directory + "/service.sock"
        XCTAssertEqual(
            ControlSocketLocation.forClient(environment: environment, service: service),
            directory + "/switchpanel/control.sock", "no panel anywhere: the place the error names")
        var options = PanelOptions(log: { _, _ in })
        options.socket = ControlSocketLocation.standard(environment: environment)
        let board = LoadedConfig(config: try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "porch"}]}"#))
        let panel = try EmbeddedPanel(board: board, options: options)
        try panel.advance(by: 0.1)
        let path = ControlSocketLocation.forClient(environment: environment, service: service)
        XCTAssertEqual(path, directory + "/switchpanel/control.sock")
        let client = try ControlClient(path: path)
        try client.send(#"{"cmd":"get","id":"porch"}"#)
        XCTAssertTrue(
            try panel.run(untilReal: { (try? waitForReadable([client.pollHandle], timeout: 0))?.isEmpty == false }))
        XCTAssertEqual(try client.readLine(timeout: 1)?.contains(#""state":"off""#), true)
        panel.panel.close()

        // No panel of the user's, but the service's socket is there: the client goes to it.
        let serviceServer = try ControlServer(path: service)
        XCTAssertEqual(ControlSocketLocation.forClient(environment: environment, service: service), service)
        withExtendedLifetime(serviceServer) {}
    }

    /// A path given explicitly is not made: a missing directory still fails start, loudly.
    func testAGivenPathInAMissingDirectoryStillFailsStart() throws {
        let board = LoadedConfig(config: try BoardConfig.parse(#"{"version": 1, "switches": [{"id": "porch"}]}"#))
        let path = directory + "/missing/control.sock"
        XCTAssertThrowsError(
            try EmbeddedPanel(board: board, options: PanelOptions(socketPath: path, log: { _, _ in }))
        ) { error in
            XCTAssertTrue("\(error)".contains("the runtime directory must exist"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/missing"))
    }
}
