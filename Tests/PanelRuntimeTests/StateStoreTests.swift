import Foundation
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
}
