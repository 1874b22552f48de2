import Glibc

/// Lines for a consumer on the other end of standard output (a home-automation bridge reading
/// `print` actions through a pipe, the journal's stream socket) that never stop the panel.
///
/// A pipe is reopened through `/proc/self/fd` as a file description of its own, non-blocking —
/// the one the process inherited (which stderr and other processes may share: systemd gives
/// stdout and stderr one journal socket) keeps its flags. A socket is written with
/// `MSG_DONTWAIT`, which needs no flag at all. What the reader has not taken yet waits in a
/// queue of at most ``queueLimit`` bytes, flushed whenever the loop sees the output writable
/// (``pollInterest``); a line that does not fit is dropped, with one warning until the reader
/// catches up. A terminal or a file is written as before: neither blocks for long.
public final class LineOutput {
    private enum Mode {
        case blocking, reopenedPipe, socket
    }

    private let descriptor: Int32
    /// The pipe's own non-blocking file description, for ``Mode/reopenedPipe``.
    private let reopened: FileDescriptor?
    private let mode: Mode
    /// What is written to: the reopened pipe, else `descriptor`.
    private let writingDescriptor: Int32
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
        if kind == UInt32(S_IFSOCK) {
            mode = .socket
            writingDescriptor = descriptor
            reopened = nil
        } else if kind == UInt32(S_IFIFO),
            let pipe = try? FileDescriptor.open("/proc/self/fd/\(descriptor)", [.writeOnly, .nonBlocking])
        {
            mode = .reopenedPipe
            writingDescriptor = pipe.rawValue
            reopened = consume pipe
        } else {
            mode = .blocking
            writingDescriptor = descriptor
            reopened = nil
        }
    }

    /// Writes `line` and a newline: at once as far as the output takes it, the rest queued;
    /// dropped when the queue is full.
    public func write(_ line: String) {
        guard mode != .blocking else { return writeAll(line + "\n", to: descriptor) }
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
            let fd = writingDescriptor
            let result = queue.withUnsafeBytes { bytes in
                mode == .socket
                    ? systemCall { send(fd, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL)) }
                    : systemCall { Glibc.write(fd, bytes.baseAddress, bytes.count) }
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
        queue.isEmpty ? nil : PollInterest(PollHandle(writingDescriptor), readable: false, writable: true)
    }
}
