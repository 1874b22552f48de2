import Glibc

// Every call into libc, libevdev and libdrm that can fail goes through these two functions, so EINTR is
// retried in one place and every failure comes back as an errno (the model is swift-system's
// `valueOrErrno(retryOnInterrupt:)`).

/// Runs a libc call that returns -1 and sets `errno` on failure, retrying it while it is
/// interrupted by a signal. Returns the call's result, or the errno it failed with.
public func systemCall<T: FixedWidthInteger>(_ call: () -> T) -> Result<T, SystemErrno> {
    while true {
        let result = call()
        if result != -1 { return .success(result) }
        let code = errno
        if code != EINTR { return .failure(SystemErrno(code)) }
    }
}

/// Runs a call that returns a negative errno on failure (libevdev, and libdrm's `drm*` helpers
/// that return `-errno`) and 0 or a status otherwise,
/// retrying it while it is interrupted by a signal.
public func negativeErrnoCall(_ call: () -> Int32) -> Result<Int32, SystemErrno> {
    while true {
        let result = call()
        if result >= 0 { return .success(result) }
        if result != -EINTR { return .failure(SystemErrno(-result)) }
    }
}

/// Runs a C call that returns NULL and sets `errno` on failure (libdrm's `drmModeGet*` and
/// `drmGetVersion`, `opendir`, `realpath`), retrying it while it is interrupted by a signal.
/// Returns the non-null result, or the errno it failed with.
public func nonNullCall<T>(_ call: () -> T?) -> Result<T, SystemErrno> {
    while true {
        if let result = call() { return .success(result) }
        let code = errno
        if code != EINTR { return .failure(SystemErrno(code)) }
    }
}

/// Runs a C call that returns NULL on failure and may fail without setting `errno`
/// (libmicrohttpd's `MHD_start_daemon` refuses some arguments that way): `errno` is cleared
/// first, so a failure comes back with the errno the call set, or nil when it set none.
public func nonNullCallClearingErrno<T>(_ call: () -> T?) -> (result: T?, errno: SystemErrno?) {
    errno = 0
    if let result = call() { return (result, nil) }
    return (nil, errno == 0 ? nil : SystemErrno(errno))
}

/// An errno value with its symbolic name and the C library's message.
public struct SystemErrno: Error, RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }
    public init(_ rawValue: Int32) { self.rawValue = rawValue }

    /// `EACCES`: permission denied.
    public static let permissionDenied = SystemErrno(EACCES)
    /// `EPERM`: operation not permitted.
    public static let notPermitted = SystemErrno(EPERM)
    /// `ENOENT`: no such file or directory.
    public static let noSuchFile = SystemErrno(ENOENT)
    /// `ENODEV`: the device is gone (unplugged).
    public static let noDevice = SystemErrno(ENODEV)
    /// `EAGAIN`: nothing to read right now.
    public static let wouldBlock = SystemErrno(EAGAIN)
    /// `EINTR`: interrupted by a signal.
    public static let interrupted = SystemErrno(EINTR)
    /// `ENOTTY`: the file does not understand the ioctl (not an input device).
    public static let notATerminal = SystemErrno(ENOTTY)
    /// `EINVAL`: invalid argument.
    public static let invalidArgument = SystemErrno(EINVAL)
    /// `EBUSY`: someone else holds it (a grab).
    public static let busy = SystemErrno(EBUSY)
    /// `ENOTDIR`: not a directory.
    public static let notADirectory = SystemErrno(ENOTDIR)
    /// `EBADF`: a bad file descriptor.
    public static let badFileDescriptor = SystemErrno(EBADF)
    /// `EINPROGRESS`: a non-blocking connect is under way.
    public static let inProgress = SystemErrno(EINPROGRESS)
    /// `ECONNREFUSED`: nobody listens there.
    public static let connectionRefused = SystemErrno(ECONNREFUSED)
    /// `EADDRINUSE`: another socket has the address (a port taken).
    public static let addressInUse = SystemErrno(EADDRINUSE)
    /// `ECONNRESET`: the peer reset the connection.
    public static let connectionReset = SystemErrno(ECONNRESET)
    public static let brokenPipe = SystemErrno(EPIPE)
    /// `EMFILE`, `ENFILE`: this process, or the system, has no descriptor left.
    public static let processOutOfDescriptors = SystemErrno(EMFILE)
    public static let systemOutOfDescriptors = SystemErrno(ENFILE)
    /// `EEXIST`: something is already there.
    public static let exists = SystemErrno(EEXIST)
    /// `EISDIR`: a directory where a file was expected.
    public static let isADirectory = SystemErrno(EISDIR)
    /// `ELOOP`: a symlink where none may be (`O_NOFOLLOW`).
    public static let symbolicLink = SystemErrno(ELOOP)
    /// `EFBIG`: larger than allowed.
    public static let tooLarge = SystemErrno(EFBIG)
    /// `ENXIO`: no such device (a FIFO opened for writing with no reader).
    public static let noReader = SystemErrno(ENXIO)
    /// `ENOMEM`: out of memory (a C library's allocation failed).
    public static let outOfMemory = SystemErrno(ENOMEM)
    /// `EOPNOTSUPP`: the driver does not support the operation.
    public static let notSupported = SystemErrno(EOPNOTSUPP)
    /// `ENOSYS`: the kernel or driver does not implement the call.
    public static let notImplemented = SystemErrno(ENOSYS)

    /// The C name (`EACCES`), or `errno N` for values without one here.
    public var name: String {
        switch rawValue {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EFAULT: "EFAULT"
        case EBUSY: "EBUSY"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOTTY: "ENOTTY"
        case ENOSPC: "ENOSPC"
        case ELOOP: "ELOOP"
        case ENAMETOOLONG: "ENAMETOOLONG"
        case EROFS: "EROFS"
        case EPIPE: "EPIPE"
        case ENOSYS: "ENOSYS"
        case EOPNOTSUPP: "EOPNOTSUPP"
        case ECONNRESET: "ECONNRESET"
        case EADDRINUSE: "EADDRINUSE"
        case ETIMEDOUT: "ETIMEDOUT"
        case ECHILD: "ECHILD"
        case EEXIST: "EEXIST"
        case EFBIG: "EFBIG"
        case EINPROGRESS: "EINPROGRESS"
        case ECONNREFUSED: "ECONNREFUSED"
        case ECONNABORTED: "ECONNABORTED"
        default: "errno \(rawValue)"
        }
    }

    /// The C library's message (`strerror`).
    public var message: String { String(cString: strerror(rawValue)) }

    /// `Permission denied (EACCES)`.
    public var description: String { "\(message) (\(name))" }
}

/// A failed system call: which call, on what (a path, or empty), and the errno.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var path: String
    public var errno: SystemErrno

    public init(call: String, path: String = "", errno: SystemErrno) {
        self.call = call
        self.path = path
        self.errno = errno
    }

    public var description: String {
        path.isEmpty ? "\(call) failed: \(errno)" : "\(call)(\(path)) failed: \(errno)"
    }
}
