import Glibc

/// Lines for a consumer on the other end of standard output (a home-automation bridge reading
/// `print` actions through a pipe, the journal's stream socket) that never stop the panel.
///
/// When the output is a pipe or a socket it is made non-blocking, and what the reader has not
/// taken yet waits in a queue of at most ``queueLimit`` bytes, flushed whenever the loop sees the
/// output writable (``pollInterest``); a line that does not fit is dropped, with one warning
/// until the reader catches up. A terminal or a file is written as before: switching a
/// terminal to non-blocking would change it for the shell that shares it, and neither blocks for
/// long.
public final class LineOutput {
    private let descriptor: Int32
    private let nonBlocking: Bool
    private var queue: [UInt8] = []
    /// The most bytes kept for a reader that is behind.
    public let queueLimit: Int
    /// Lines dropped since the reader last caught up.
    public private(set) var droppedLines = 0
    /// Told once when lines start being dropped (the logger's warning).
    private let warn: (String) -> Void

    public init(descriptor: Int32 = STDOUT_FILENO, queueLimit: Int = 64 << 10, warn: @escaping (String) -> Void) {
        self.descriptor = descriptor
        self.queueLimit = queueLimit
        self.warn = warn
        var info = stat()
        let kind = fstat(descriptor, &info) == 0 ? UInt32(info.st_mode) & UInt32(S_IFMT) : 0
        if kind == UInt32(S_IFIFO) || kind == UInt32(S_IFSOCK) {
            let flags = fcntl(descriptor, F_GETFL)
            nonBlocking = flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
        } else {
            nonBlocking = false
        }
    }

    /// Writes `line` and a newline: at once as far as the output takes it, the rest queued;
    /// dropped when the queue is full.
    public func write(_ line: String) {
        guard nonBlocking else { return writeAll(line + "\n", to: descriptor) }
        flush()
        let bytes = Array(line.utf8) + [0x0A]
        guard queue.count + bytes.count <= queueLimit else {
            if droppedLines == 0 {
                warn("standard output is not being read: dropping print lines until it is (the panel goes on)")
            }
            droppedLines += 1
            return
        }
        queue += bytes
        flush()
    }

    /// Writes what is queued as far as the output takes it. A reader that went away (EPIPE)
    /// empties the queue: nothing will ever read it.
    public func flush() {
        while !queue.isEmpty {
            let result = queue.withUnsafeBytes { bytes in
                systemCall { Glibc.write(descriptor, bytes.baseAddress, bytes.count) }
            }
            switch result {
            case .success(let n) where n > 0: queue.removeFirst(n)
            case .failure(let e) where e == .wouldBlock: return
            default:
                queue.removeAll()
                return
            }
        }
        if droppedLines > 0 {
            warn("standard output is read again; \(droppedLines) print lines were dropped")
            droppedLines = 0
        }
    }

    /// Writable interest while lines wait for the reader; nil otherwise.
    public var pollInterest: PollInterest? {
        queue.isEmpty ? nil : PollInterest(PollHandle(descriptor), readable: false, writable: true)
    }
}
