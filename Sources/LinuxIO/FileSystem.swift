import Glibc

// Reading the filesystem as the edges need it: a directory's names (device nodes to scan), a
// small file's bytes (a udev database entry), a path with its links resolved (a configured
// `/dev/input/by-id/…`), and a descriptor of its own for one the process inherited.

/// The names in the directory `path` (`opendir(3)`/`readdir(3)`), without `.` and `..`, in the
/// filesystem's order. Throws naming `opendir` (`ENOENT`, `ENOTDIR`, `EACCES`) or `readdir`.
public func listDirectory(_ path: String) throws(SystemError) -> [String] {
    let directory: OpaquePointer
    switch nonNullCall({ opendir(path) }) {
    case .success(let opened): directory = opened
    case .failure(let e): throw SystemError(call: "opendir", path: path, errno: e)
    }
    defer { closedir(directory) }
    var names: [String] = []
    while true {
        // readdir returns NULL both at the end and on an error; only errno tells them apart.
        errno = 0
        guard let entry = readdir(directory) else {
            if errno != 0 { throw SystemError(call: "readdir", path: path, errno: SystemErrno(errno)) }
            return names
        }
        let name = withUnsafeBytes(of: entry.pointee.d_name) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
}

/// The contents of the regular file at `path` (a udev database entry, a state file, a board
/// config), read whole — at most `limit` bytes (1 MiB unless given): a larger
/// file is refused (`EFBIG`) before it is read, and so is anything that is not a regular file
/// (a directory `EISDIR`, a FIFO or device `EINVAL`: reading those could block or never end).
/// With `followingLinks: false` a symlink is refused too (`ELOOP`).
public func readFile(_ path: String, limit: Int = 1 << 20, followingLinks: Bool = true) throws(SystemError) -> [UInt8] {
    // Non-blocking, so opening a FIFO does not wait for a writer before its kind is checked.
    let file = try FileDescriptor.open(path, followingLinks ? [.nonBlocking] : [.nonBlocking, .noFollow])
    let status: FileStatus
    do {
        status = try file.status()
    } catch {
        throw SystemError(call: error.call, path: path, errno: error.errno)
    }
    switch status.kind {
    case .regular: break
    case .directory: throw SystemError(call: "read", path: path, errno: SystemErrno(EISDIR))
    default: throw SystemError(call: "read", path: path, errno: .invalidArgument)
    }
    guard status.size <= limit else { throw SystemError(call: "read", path: path, errno: SystemErrno(EFBIG)) }
    var bytes: [UInt8] = []
    // Reads sized by the file (one more byte to see its end; 4 KiB at least, for /sys files whose
    // size says nothing): each read zero-fills its room first, and 1 MiB of room for a 2 KB
    // config was most of the time a debug build took to read one.
    let expected = Int(status.size) + 1
    while bytes.count <= limit {
        let room = max(4096, min(limit + 1, expected) - bytes.count)
        do {
            guard let n = try file.read(appendingTo: &bytes, limit: min(room, limit + 1 - bytes.count, 1 << 20)),
                n > 0
            else { break }
        } catch {
            throw SystemError(call: error.call, path: path, errno: error.errno)
        }
    }
    // The file grew while it was read.
    guard bytes.count <= limit else { throw SystemError(call: "read", path: path, errno: SystemErrno(EFBIG)) }
    return bytes
}

/// `path` with every symbolic link, `.` and `..` resolved (`realpath(3)`): the one name that two
/// paths of the same file share. Throws naming `realpath` when a component does not exist.
public func resolveSymbolicLinks(_ path: String) throws(SystemError) -> String {
    switch nonNullCall({ realpath(path, nil) }) {
    case .success(let resolved):
        defer { free(resolved) }
        return String(cString: resolved)
    case .failure(let e): throw SystemError(call: "realpath", path: path, errno: e)
    }
}

/// A new directory only this user can enter, named `prefix` and six random characters
/// (`mkdtemp(3)`), e.g. `/tmp/switchpanel-XXXXXX`. The name is read from the template while it
/// is still alive: the pointer `mkdtemp` returns is into the template's storage, which the
/// optimiser may free as soon as the call returns (a release build then read a reused buffer).
public func makeTemporaryDirectory(prefix: String) throws(SystemError) -> String {
    var template = Array((prefix + "XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
        nonNullCall({ mkdtemp(buffer.baseAddress!) }).map { String(cString: $0) }
    }
    switch made {
    case .success(let path): return path
    case .failure(let e): throw SystemError(call: "mkdtemp", path: prefix, errno: e)
    }
}

extension FileDescriptor {
    /// The number of standard input, which the process inherits rather than opens: for
    /// ``duplicate(inherited:)``.
    public static let standardInputNumber: Int32 = STDIN_FILENO

    /// A descriptor of its own (close-on-exec, numbered 3 or above) for the open file behind
    /// `inherited`, a descriptor this process was given and does not own (standard input): the
    /// copy can be configured and closed without closing the original.
    public static func duplicate(inherited: Int32) throws(SystemError) -> FileDescriptor {
        switch systemCall({ fcntl(inherited, F_DUPFD_CLOEXEC, 3) }) {
        case .success(let fd): return FileDescriptor(adopting: fd)
        case .failure(let e): throw SystemError(call: "fcntl(F_DUPFD_CLOEXEC)", errno: e)
        }
    }
}

/// This machine's host name (`gethostname(2)`): what an MQTT panel calls itself by default.
public func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The process's working directory (`getcwd(3)`), where a relative path given on a command line
/// is taken from; nil if it cannot be read (removed, or longer than PATH_MAX).
public func currentDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
