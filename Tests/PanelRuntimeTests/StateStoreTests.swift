import Foundation
import LinuxIO
import XCTest

@testable import PanelRuntime

/// Switch states survive restarts; saving is atomic; corrupt files are reported and ignored.
final class StateStoreTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "switchpanel-state-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: directory) }

    func testSaveThenLoadRoundTripsAndLeavesNoTemporaryFiles() throws {
        let store = StateStore(directory: directory)
        XCTAssertTrue(store.load().states.isEmpty)
        XCTAssertNil(store.load().warning, "a missing file is a first start")
        try store.save(["porch": true, "hall": false, "名前": true])
        let loaded = store.load()
        XCTAssertEqual(loaded.states, ["porch": true, "hall": false, "名前": true])
        XCTAssertNil(loaded.warning)
        try store.save(["porch": false])
        XCTAssertEqual(store.load().states, ["porch": false])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["states.json"])
    }

    func testCorruptFilesAreReportedAndIgnored() throws {
        let store = StateStore(directory: directory)
        let cases: [(String, String)] = [
            ("", "corrupt"),
            ("{\"version\": 1, \"switches\": {\"a\": tru", "corrupt"),
            ("\u{0}\u{ff}garbage", "corrupt"),
            ("[]", "not a version 1 state file"),
            ("{\"version\": 2, \"switches\": {}}", "not a version 1 state file"),
            ("{\"version\": 1, \"switches\": {\"a\": 1}}", "switches.a: expected true or false"),
        ]
        for (text, expected) in cases {
            try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
            let loaded = store.load()
            XCTAssertTrue(loaded.states.isEmpty, text)
            XCTAssertTrue(loaded.warning?.contains(expected) ?? false, "\(text): \(loaded.warning ?? "no warning")")
        }
    }

    func testFailedSaveNamesTheCallAndKeepsThePreviousStates() throws {
        let store = StateStore(directory: directory)
        try store.save(["a": true])
        // A directory where the temporary file should go makes open() fail: the temporary file is
        // created O_EXCL | O_NOFOLLOW, so anything already there (a symlink too) is refused.
        let blocker = store.path + ".tmp-\(getpid())"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        XCTAssertThrowsError(try store.save(["a": false])) { error in
            guard let e = error as? StateStoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.call, "open")
            XCTAssertEqual(e.errno, EEXIST)
        }
        try FileManager.default.removeItem(atPath: blocker)
        XCTAssertEqual(store.load().states, ["a": true])
        // A state directory that does not exist.
        XCTAssertThrowsError(try StateStore(directory: directory + "/missing").save(["a": true])) { error in
            XCTAssertEqual((error as? StateStoreError)?.errno, ENOENT)
        }
    }

    /// Issue 11.6: a states.json that cannot be read — a directory, a FIFO, a symlink to
    /// /dev/zero, a 3 GB file — is reported (not taken for a first start), read never blocks or
    /// reads past the limit, and at start the file is moved aside before anything overwrites it.
    func testUnreadableStatesFileIsReportedAndKeptAsideNotOverwritten() throws {
        let store = StateStore(directory: directory)
        let cases: [(String, () throws -> Void)] = [
            (
                "a directory",
                { try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: false) }
            ),
            ("a FIFO", { XCTAssertEqual(mkfifo(store.path, 0o600), 0) }),
            (
                "a symlink to /dev/zero",
                { try FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: "/dev/zero") }
            ),
            (
                "a 3 GB file",
                {
                    XCTAssertTrue(FileManager.default.createFile(atPath: store.path, contents: nil))
                    XCTAssertEqual(truncate(store.path, 3 << 30), 0)  // sparse: no disk used
                }
            ),
        ]
        for (what, make) in cases {
            try make()
            let loaded = store.load()
            XCTAssertEqual(loaded.states, [:], what)
            XCTAssertTrue(
                loaded.warning?.contains("cannot read the saved states") ?? false,
                "\(what): \(loaded.warning ?? "no warning")")
            let restored = store.restore()
            XCTAssertTrue(
                restored.warning?.contains("the file is kept as") ?? false, "\(what): \(restored.warning ?? "")")
            let aside = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                $0.contains(".unusable-")
            }
            XCTAssertEqual(aside.count, 1, what)
            XCTAssertFalse(FileManager.default.fileExists(atPath: store.path), "\(what): moved, not overwritten")
            try store.save(["a": true])
            XCTAssertEqual(store.load().states, ["a": true], what)
            for name in aside { try FileManager.default.removeItem(atPath: directory + "/" + name) }
            try FileManager.default.removeItem(atPath: store.path)
        }
    }

    /// Issue 11.7: a symlink planted at the temporary path is removed, never written through,
    /// and temporary files a killed panel left are removed at start.
    func testSymlinkAtTheTemporaryPathIsNotFollowedAndLeftoversAreRemoved() throws {
        let store = StateStore(directory: directory)
        let victim = directory + "/victim"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: temporaryPath(for: store.path), withDestinationPath: victim)
        try store.save(["a": true])
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")
        XCTAssertEqual(store.load().states, ["a": true])
        // A leftover of another (killed) process.
        try "{".write(toFile: store.path + ".tmp-99999", atomically: false, encoding: .utf8)
        XCTAssertEqual(store.restore().states, ["a": true])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["states.json", "victim"])
    }
}
