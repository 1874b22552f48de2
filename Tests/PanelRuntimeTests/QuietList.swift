import Foundation
import LinuxIO
import XCTest

@testable import PanelRuntime

/// The peer the control socket's latency bounds are judged against (PanelAbuseTests,
/// MQTTAbuseTests): a quiet `ctl list`, timed in the same run, so a slow (emulated) machine is
/// judged by its own speed and the issues' figures stand as they are on a real CPU.
extension XCTestCase {
    /// The slowest quiet list the shared x86_64 host has shown: 6–20 ms under load 15 (`make
    /// test` and a build beside it), 3–9 ms at load 8–11 (an arm64 cross-build beside it);
    /// 110–430 ms under qemu-user in the debug build (`arm64-test.sh --debug`), 1–3 ms in the
    /// optimised one, where the scaling is 1. A machine whose quiet list takes longer is that
    /// many times slower than the host (``slowerThanTheHost(quiet:)``).
    static let hostQuietListSeconds = 0.02

    /// How many times slower than the host this machine is, by its quiet list: 1 on the host, so
    /// a figure of the host's times this is the host's figure there and the same figure scaled
    /// where the machine is slower: `max(bound, bound / 20 ms × quiet)`.
    static func slowerThanTheHost(quiet: Double) -> Double { max(1, quiet / hostQuietListSeconds) }

    /// Runs `body` on a thread of its own while this thread drives the panel's loop (a client's
    /// blocking connect and read need the loop to answer), until it returns.
    func whileServing(
        _ panel: EmbeddedPanel, timeout: Double = 60, _ body: @escaping @Sendable () -> Void
    ) throws {
        let done = Flag()
        try startDetachedThread(stackSize: 1 << 20) {
            body()
            done.set()
        }
        XCTAssertTrue(try panel.run(untilReal: { done.isSet }, realTimeout: timeout), "the clients did not finish")
    }

    /// The median of 5 fresh `ctl list`s with nothing else connected: the peer, timed in the
    /// same run, that the latency bounds scale by where this machine is slow (its figures at
    /// ``hostQuietListSeconds``).
    func quietListSeconds(_ panel: EmbeddedPanel, at path: String) throws -> Double {
        let results = Holder<[(reply: String, seconds: Double)]>([])
        try whileServing(panel) { results.update { $0 = Self.listRequests(at: path, tries: 5) } }
        return results.value.map(\.seconds).sorted()[2]
    }

    /// What `switchpanel ctl list` does, `tries` times, 20 ms apart, each from a fresh connection
    /// (waiting up to `timeout` s for its reply): the replies and the seconds from connect to reply.
    static func listRequests(at path: String, tries: Int, timeout: Double = 5) -> [(reply: String, seconds: Double)] {
        (0..<tries).map { _ in
            sleepFor(0.02)
            let start = monotonicNow()
            let reply: String
            do {
                reply =
                    try ControlClient(path: path).request(#"{"cmd":"list"}"#, timeout: timeout)
                    ?? "closed without a reply"
            } catch {
                reply = "\(error)"
            }
            return (reply, monotonicNow() - start)
        }
    }
}

/// A value shared with the test's client threads.
final class Holder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

/// A flag set once by one thread and read by others.
final class Flag: Sendable {
    private let holder = Holder(false)
    var isSet: Bool { holder.value }
    func set() { holder.update { $0 = true } }
}
