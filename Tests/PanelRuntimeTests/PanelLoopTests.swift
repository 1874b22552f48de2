import Foundation
import Glibc
import LinuxIO
import Panel
import Presentation
import Raster
import Widget
import XCTest

@testable import PanelRuntime

/// The live loop on the in-memory display, driven through its control socket from the test's
/// thread: it paints, answers, saves, publishes, ends on SIGTERM — and does not wake up at rest.
final class PanelLoopTests: XCTestCase {
    /// What the loop thread and the test share; the test reads it only after joining.
    private final class Shared: @unchecked Sendable {
        var thread = pthread_t()
        var exitSignal: Int32?
        var error: Error?
        var wakeTimes: [Double] = []
        var firstFrameTime: Double?
        var frontAfterExit: Image?
        var restRender: Image?
        var printed: [String] = []
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
    }

    func testServesTheSocketSavesBeforeItAnswersAndSleepsAtRest() throws {
        let directory = NSTemporaryDirectory() + "loop-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let json = #"""
            {"version": 1, "layout": {"columns": 2}, "switches": [
              {"id": "porch", "label": "Porch", "actions": [{"print": true}]},
              {"id": "fan", "label": "Fan", "initial": true, "actions": [{"print": true}]}]}
            """#
        let shared = Shared()
        let thread = Thread {
            shared.thread = pthread_self()
            do {
                let config = try BoardConfig.parse(json)
                let display = HeadlessDisplay(width: 800, height: 480)
                let session = try PanelSession(
                    config: config, display: display, renderer: SwitchRenderer(),
                    store: StateStore(directory: directory),
                    actions: ActionRunner(printLine: { shared.printed.append($0) }), log: { _, _ in })
                let control = try ControlServer(path: socket)
                let loop = try PanelLoop(
                    session: session, display: display, inputs: nil, control: control, reloadConfig: nil,
                    log: { _, _ in })
                loop.onFirstFrame = { shared.firstFrameTime = monotonicNow() }
                shared.started.signal()
                shared.exitSignal = try loop.run()
                shared.wakeTimes = loop.wakeTimes
                control.close()
                shared.frontAfterExit = display.snapshot()
                // What a fresh start with the saved states shows, through the same path.
                let fresh = HeadlessDisplay(width: 800, height: 480)
                let restarted = try PanelSession(
                    config: config, display: fresh, renderer: SwitchRenderer(), store: StateStore(directory: directory),
                    actions: ActionRunner(printLine: { _ in }), log: { _, _ in })
                try restarted.renderFrame(at: 0)
                _ = try fresh.dispatchEvents(now: 1)
                shared.restRender = fresh.snapshot()
            } catch {
                shared.error = error
                shared.started.signal()
            }
            shared.finished.signal()
        }
        thread.start()
        shared.started.wait()
        XCTAssertNil(shared.error)

        // A subscriber, then a set from another client.
        let watcher = try ControlClient(path: socket)
        let snapshot = try XCTUnwrap(try watcher.request(#"{"cmd":"subscribe"}"#))
        XCTAssertTrue(snapshot.contains(#""ok":true"#), snapshot)
        let client = try ControlClient(path: socket)
        let reply = try XCTUnwrap(try client.request(#"{"cmd":"set","id":"porch","state":"on","tag":7}"#))
        XCTAssertTrue(reply.contains(#""changed":true"#) && reply.contains(#""tag":7"#), reply)
        // Answered only once the state is on disk.
        let saved = try String(contentsOfFile: directory + "/states.json", encoding: .utf8)
        XCTAssertTrue(saved.contains(#""porch": true"#), saved)
        let event = try XCTUnwrap(try watcher.readLine(timeout: 10))
        XCTAssertEqual(event, #"{"event":"changed","id":"porch","state":"on","source":"socket"}"#)
        // A subscriber's own set: its reply first, then the event it caused.
        let own = try XCTUnwrap(try watcher.request(#"{"cmd":"set","id":"fan","state":"off"}"#))
        XCTAssertTrue(own.hasPrefix(#"{"ok":true"#), own)
        XCTAssertEqual(
            try watcher.readLine(timeout: 10), #"{"event":"changed","id":"fan","state":"off","source":"socket"}"#)
        let unknown = try XCTUnwrap(try client.request(#"{"cmd":"get","id":"garage"}"#))
        XCTAssertTrue(unknown.hasPrefix(#"{"ok":false"#), unknown)
        let lastRequest = monotonicNow()

        // At rest: the animation (0.25 s) ends, the last frame is shown, then nothing wakes the loop.
        Thread.sleep(forTimeInterval: 1.2)
        let restEnd = monotonicNow()
        pthread_kill(shared.thread, SIGTERM)
        XCTAssertEqual(shared.finished.wait(timeout: .now() + 10), .success)
        XCTAssertNil(shared.error)
        XCTAssertEqual(shared.exitSignal, SIGTERM)
        XCTAssertNotNil(shared.firstFrameTime)
        XCTAssertEqual(shared.printed, [#"{"id":"porch","state":"on"}"#, #"{"id":"fan","state":"off"}"#])
        let atRest = shared.wakeTimes.filter { $0 > lastRequest + 0.6 && $0 < restEnd }
        XCTAssertEqual(atRest, [], "the loop woke up at rest")
        XCTAssertFalse(shared.wakeTimes.filter { $0 <= lastRequest }.isEmpty, "wake-ups are recorded")
        // The screen after the animation is the panel at rest with the saved states.
        let front = try XCTUnwrap(shared.frontAfterExit)
        let rest = try XCTUnwrap(shared.restRender)
        XCTAssertEqual(
            Array(UnsafeRawBufferPointer(start: front.surface.base, count: front.surface.stride * front.height)),
            Array(UnsafeRawBufferPointer(start: rest.surface.base, count: rest.surface.stride * rest.height)))
    }

    /// What the reloading loop logged, written on its thread and read on the test's.
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// Issue 11: a SIGHUP with a config that `check-config` accepted but that crashed the panel
    /// (thumbSize 1e300). The reader refuses it, so the running panel keeps its config, says
    /// why, goes on serving, and takes the next good config.
    func testASIGHUPWithAThumbSizeOf1e300KeepsTheRunningConfigAndSaysWhy() throws {
        let directory = NSTemporaryDirectory() + "reload-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/control.sock"
        let file = directory + "/board.json"
        func write(_ json: String) throws { try Data(json.utf8).write(to: URL(fileURLWithPath: file)) }
        try write(#"{"version": 1, "switches": [{"id": "porch"}]}"#)
        let shared = Shared()
        let log = Log()
        let thread = Thread {
            shared.thread = pthread_self()
            do {
                let display = HeadlessDisplay(width: 800, height: 480)
                let session = try PanelSession(
                    config: try LoadedConfig.read(path: file).config, display: display, renderer: SwitchRenderer(),
                    store: nil, actions: ActionRunner(printLine: { _ in }), log: { log.append($1) })
                let control = try ControlServer(path: socket)
                let loop = try PanelLoop(
                    session: session, display: display, inputs: nil, control: control,
                    reloadConfig: { try LoadedConfig.read(path: file) }, log: { log.append($1) })
                shared.started.signal()
                shared.exitSignal = try loop.run()
                control.close()
            } catch {
                shared.error = error
                shared.started.signal()
            }
            shared.finished.signal()
        }
        thread.start()
        shared.started.wait()
        XCTAssertNil(shared.error)
        let client = try ControlClient(path: socket)
        /// Sends SIGHUP, then waits until the loop (or the session) has logged `text` about it.
        func reload(expecting text: String) {
            let before = log.all.count
            pthread_kill(shared.thread, SIGHUP)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, !log.all.dropFirst(before).contains(where: { $0.contains(text) }) {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }

        try write(#"{"version":1,"switches":[{"id":"garage"}],"theme":{"style":{"thumbSize":1e300}}}"#)
        reload(expecting: "reload failed")
        XCTAssertTrue(
            log.all.contains(
                "reload failed, keeping the running config: theme.style.thumbSize: 1e+300 is out of range (0…64)"),
            "\(log.all)")
        let kept = try XCTUnwrap(try client.request(#"{"cmd":"list"}"#))
        XCTAssertTrue(kept.contains(#""id":"porch""#) && !kept.contains("garage"), kept)

        try write(#"{"version":1,"switches":[{"id":"garage"}]}"#)
        reload(expecting: "reloaded")
        XCTAssertTrue(log.all.contains { $0.hasPrefix("reloaded SwitchPanel: 1 switches") }, "\(log.all)")
        let reloaded = try XCTUnwrap(try client.request(#"{"cmd":"list"}"#))
        XCTAssertTrue(reloaded.contains(#""id":"garage""#), reloaded)

        pthread_kill(shared.thread, SIGTERM)
        XCTAssertEqual(shared.finished.wait(timeout: .now() + 10), .success)
        XCTAssertNil(shared.error)
        XCTAssertEqual(shared.exitSignal, SIGTERM)
    }
}
