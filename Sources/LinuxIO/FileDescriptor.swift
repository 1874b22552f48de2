import CLinux
import Glibc

/// A file descriptor this process owns: it is closed exactly once, when its owner goes away or
/// when ``close()`` is called — so a half-way failure in an initializer releases whatever it had
/// opened without a hand-written `close(2)`.
///
/// Non-copyable, so two owners cannot close one descriptor twice (or close it while the other
/// still uses it). The raw number is for the C libraries of the edges (libdrm, libevdev take a
/// descriptor) and, as a ``PollHandle``, for the poller; owners do not hand it out otherwise.
/// The model is swift-system's `FileDescriptor`, with the ownership swift-system leaves to the
/// caller made part of the type.
public struct FileDescriptor: ~Copyable {
    /// The descriptor number. Do not close it: the owner does.
    public let rawValue: Int32

    /// Takes ownership of an open descriptor (from a call that returned one).
    public init(adopting rawValue: Int32) {
        precondition(rawValue >= 0, "adopting an invalid file descriptor")
        self.rawValue = rawValue
    }

    /// An error of `close(2)` here has nobody to go to; ``close()`` reports it.
    deinit { _ = Glibc.close(rawValue) }

    /// Closes the descriptor and reports what `close(2)` said (a write-back error of NFS or a
    /// full disk can surface only here). The descriptor is closed even when this throws.
    public consuming func close() throws(SystemError) {
        let fd = rawValue
        discard self
        // Never retried on EINTR: Linux has released the descriptor whatever close returned.
        if Glibc.close(fd) != 0 { throw SystemError(call: "close", errno: SystemErrno(errno)) }
    }

    /// Gives the descriptor to a C library that takes it over and closes it itself
    /// (libmicrohttpd's `MHD_OPTION_LISTEN_SOCKET`): it is no longer closed here, and the
    /// number returned is the library's.
    public consuming func handOver() -> Int32 {
        let fd = rawValue
        discard self
        return fd
    }

    /// The handle the poller watches this descriptor by.
    public var pollHandle: PollHandle { PollHandle(rawValue) }

    // MARK: Opening

    /// Opens `path` (`open(2)`, EINTR retried); close-on-exec is always added, since no child
    /// should inherit the panel's devices and files by accident.
    public static func open(
        _ path: String, _ flags: OpenFlags, mode: UInt32 = 0o644
    ) throws(SystemError) -> FileDescriptor {
        switch systemCall({ Glibc.open(path, flags.rawValue | O_CLOEXEC, mode_t(mode)) }) {
        case .success(let fd): return FileDescriptor(adopting: fd)
        case .failure(let e): throw SystemError(call: "open", path: path, errno: e)
        }
    }

    // MARK: Reading and writing

    /// Reads what is there into `buffer`: the byte count, 0 at end of file, or nil when a
    /// non-blocking descriptor has nothing to read now (EAGAIN). Other errors throw.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int? {
        switch systemCall({ Glibc.read(rawValue, buffer.baseAddress, buffer.count) }) {
        case .success(let n): return n
        case .failure(let e) where e == .wouldBlock: return nil
        case .failure(let e): throw SystemError(call: "read", errno: e)
        }
    }

    /// Appends up to `limit` bytes that are there now to `bytes`; returns the count (0 at end of
    /// file) or nil when nothing is there (EAGAIN).
    public func read(appendingTo bytes: inout [UInt8], limit: Int = 16 << 10) throws(SystemError) -> Int? {
        let start = bytes.count
        bytes += repeatElement(0, count: limit)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
            }
        }
        let count = (try? result.get()) ?? nil
        bytes.removeLast(limit - (count ?? 0))
        return try result.get()
    }

    /// Writes as much of `bytes` as the descriptor takes now: the count written, or nil when a
    /// non-blocking descriptor is full (EAGAIN). Other errors (EPIPE, ENOSPC, …) throw.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        switch systemCall({ Glibc.write(rawValue, bytes.baseAddress, bytes.count) }) {
        case .success(let n): return n
        case .failure(let e) where e == .wouldBlock: return nil
        case .failure(let e): throw SystemError(call: "write", errno: e)
        }
    }

    /// Writes all of `bytes`, continuing after short writes (a blocking descriptor).
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let n = try bytes[written...].withUnsafeBytes { buffer in
                Result { () throws(SystemError) in try write(buffer) }
            }.get()
            guard let n, n > 0 else { throw SystemError(call: "write", errno: .wouldBlock) }
            written += n
        }
    }

    /// Flushes the file's data and metadata to the disk (`fsync(2)`).
    public func sync() throws(SystemError) {
        if case .failure(let e) = systemCall({ fsync(rawValue) }) { throw SystemError(call: "fsync", errno: e) }
    }

    /// The file's identity and kind (`fstat(2)`).
    public func status() throws(SystemError) -> FileStatus {
        var info = stat()
        if case .failure(let e) = systemCall({ fstat(rawValue, &info) }) {
            throw SystemError(call: "fstat", errno: e)
        }
        return FileStatus(info)
    }

    /// Makes reads and writes return at once (EAGAIN) instead of waiting.
    public func setNonBlocking() throws(SystemError) {
        let flags = fcntl(rawValue, F_GETFL)
        if case .failure(let e) = systemCall({ fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }) {
            throw SystemError(call: "fcntl", errno: e)
        }
    }
}

/// How to open a file: `O_RDONLY`, `O_WRONLY` or `O_RDWR` plus options. `O_CLOEXEC` is always
/// added by ``FileDescriptor/open(_:_:mode:)``.
public struct OpenFlags: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// `O_RDONLY` (zero: the absence of the write flags).
    public static let readOnly: OpenFlags = []
    /// `O_WRONLY`.
    public static let writeOnly = OpenFlags(rawValue: O_WRONLY)
    /// `O_RDWR`.
    public static let readWrite = OpenFlags(rawValue: O_RDWR)
    /// `O_NONBLOCK`: reads and writes never wait; an open of a FIFO without a peer does not wait.
    public static let nonBlocking = OpenFlags(rawValue: O_NONBLOCK)
    /// `O_CREAT`.
    public static let create = OpenFlags(rawValue: O_CREAT)
    /// `O_EXCL`: with ``create``, fail if the file exists (a symlink there included).
    public static let exclusive = OpenFlags(rawValue: O_EXCL)
    /// `O_TRUNC`.
    public static let truncate = OpenFlags(rawValue: O_TRUNC)
    /// `O_NOFOLLOW`: a symlink at the last component is an error (ELOOP), not followed.
    public static let noFollow = OpenFlags(rawValue: O_NOFOLLOW)
    /// `O_DIRECTORY`: fail unless it is a directory.
    public static let directory = OpenFlags(rawValue: O_DIRECTORY)
    /// `O_NOCTTY`: a terminal opened does not become the controlling terminal.
    public static let noControllingTerminal = OpenFlags(rawValue: O_NOCTTY)
}

/// What `stat(2)` says about a file: its identity (device and inode), kind, mode and size.
public struct FileStatus: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case regular, directory, symbolicLink, socket, characterDevice, blockDevice, fifo
    }

    /// The filesystem's device and the inode: together, the file's identity.
    public var device: UInt64
    public var inode: UInt64
    public var kind: Kind
    /// The permission bits (`0o7777`).
    public var permissions: UInt32
    public var size: Int64
    /// For a device node, its major and minor numbers (`st_rdev`).
    public var deviceNumber: (major: UInt32, minor: UInt32)
    public var owner: UInt32

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        permissions = UInt32(info.st_mode) & 0o7777
        size = Int64(info.st_size)
        owner = UInt32(info.st_uid)
        deviceNumber = Self.deviceNumber(splitting: UInt64(info.st_rdev))
        kind =
            switch UInt32(info.st_mode) & UInt32(S_IFMT) {
            case UInt32(S_IFDIR): .directory
            case UInt32(S_IFLNK): .symbolicLink
            case UInt32(S_IFSOCK): .socket
            case UInt32(S_IFCHR): .characterDevice
            case UInt32(S_IFBLK): .blockDevice
            case UInt32(S_IFIFO): .fifo
            default: .regular
            }
    }

    /// A `dev_t`'s major and minor numbers: glibc's `gnu_dev_major`/`gnu_dev_minor` (macros Swift
    /// cannot import), the kernel's split of a 64-bit device number.
    static func deviceNumber(splitting rdev: UInt64) -> (major: UInt32, minor: UInt32) {
        (
            UInt32(truncatingIfNeeded: ((rdev >> 32) & 0xffff_f000) | ((rdev >> 8) & 0x0000_0fff)),
            UInt32(truncatingIfNeeded: ((rdev >> 12) & 0xffff_ff00) | (rdev & 0x0000_00ff))
        )
    }

    /// The status of `path`; with `followingLinks: false`, of a symlink itself (`lstat(2)`).
    public init(path: String, followingLinks: Bool = true) throws(SystemError) {
        var info = stat()
        let result = followingLinks ? systemCall({ stat(path, &info) }) : systemCall({ lstat(path, &info) })
        if case .failure(let e) = result {
            throw SystemError(call: followingLinks ? "stat" : "lstat", path: path, errno: e)
        }
        self.init(info)
    }

    public static func == (a: FileStatus, b: FileStatus) -> Bool {
        a.device == b.device && a.inode == b.inode && a.kind == b.kind && a.permissions == b.permissions
            && a.size == b.size && a.deviceNumber == b.deviceNumber && a.owner == b.owner
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
    }

    /// Whether `other` is the same file (device and inode).
    public func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
}

/// Removes `path` (`unlink(2)`); a file already gone is not an error.
public func removeFile(_ path: String) throws(SystemError) {
    if case .failure(let e) = systemCall({ unlink(path) }), e != .noSuchFile {
        throw SystemError(call: "unlink", path: path, errno: e)
    }
}

/// Changes `path`'s permission bits (`chmod(2)`).
public func changeMode(_ path: String, to permissions: UInt32) throws(SystemError) {
    if case .failure(let e) = systemCall({ chmod(path, mode_t(permissions)) }) {
        throw SystemError(call: "chmod", path: path, errno: e)
    }
}

/// Makes the directory `path` with `permissions` (`mkdir(2)`; the umask may take bits away,
/// never add them). Something already at `path` fails with `EEXIST`.
public func makeDirectory(_ path: String, permissions: UInt32) throws(SystemError) {
    if case .failure(let e) = systemCall({ mkdir(path, mode_t(permissions)) }) {
        throw SystemError(call: "mkdir", path: path, errno: e)
    }
}

/// What ``checkAccess(_:_:)`` checks.
public enum AccessMode: Sendable {
    case exists, readable, writable
}

/// Whether this process may use `path` as `mode` says (`access(2)`); the error carries why not.
public func checkAccess(_ path: String, _ mode: AccessMode) throws(SystemError) {
    let flag: Int32 =
        switch mode {
        case .exists: F_OK
        case .readable: R_OK
        case .writable: W_OK
        }
    if case .failure(let e) = systemCall({ access(path, flag) }) {
        throw SystemError(call: "access", path: path, errno: e)
    }
}

/// Renames `source` to `destination` (`rename(2)`; replaces a file there atomically).
public func renameFile(_ source: String, to destination: String) throws(SystemError) {
    if case .failure(let e) = systemCall({ rename(source, destination) }) {
        throw SystemError(call: "rename", path: source, errno: e)
    }
}
