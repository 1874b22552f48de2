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

/// The whole contents of the file at `path`, read to its end (for small files: a udev database
/// entry, a sysfs attribute). Throws naming `open` or `read` and the path.
public func readFile(_ path: String) throws(SystemError) -> [UInt8] {
    let file = try FileDescriptor.open(path, .readOnly)
    var bytes: [UInt8] = []
    do throws(SystemError) {
        // A blocking descriptor: nil (EAGAIN) cannot come back, 0 is the end.
        while let count = try file.read(appendingTo: &bytes), count > 0 {}
    } catch {
        throw SystemError(call: error.call, path: path, errno: error.errno)
    }
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
