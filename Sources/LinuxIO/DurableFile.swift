import Glibc

/// Replaces the file at `path` with `bytes` atomically and durably: written beside it (same
/// directory, so the rename cannot cross filesystems), fsync'd, renamed over it, and the
/// directory fsync'd, so a power cut leaves either the old contents or the new ones, never a torn
/// file. A symlink at `path` is replaced, not followed. On failure the old file is untouched and
/// the temporary file removed. The error names the call and the path it failed on.
public func writeFileDurably(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(SystemError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let temporary = path + ".tmp-\(getpid())"
    let fd: Int32
    switch systemCall({ open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }) {
    case .success(let opened): fd = opened
    case .failure(let e): throw SystemError(call: "open", path: temporary, errno: e)
    }
    var failure: SystemError?
    var written = 0
    while written < bytes.count && failure == nil {
        let result = bytes[written...].withUnsafeBytes { buffer in
            systemCall { write(fd, buffer.baseAddress, buffer.count) }
        }
        switch result {
        case .success(let n): written += n
        case .failure(let e): failure = SystemError(call: "write", path: temporary, errno: e)
        }
    }
    if failure == nil, case .failure(let e) = systemCall({ fsync(fd) }) {
        failure = SystemError(call: "fsync", path: temporary, errno: e)
    }
    if close(fd) != 0, failure == nil {
        failure = SystemError(call: "close", path: temporary, errno: SystemErrno(errno))
    }
    if failure == nil, case .failure(let e) = systemCall({ rename(temporary, path) }) {
        failure = SystemError(call: "rename", path: path, errno: e)
    }
    if let failure {
        unlink(temporary)
        throw failure
    }
    // The rename is durable only once the directory entry is on disk.
    let dir: Int32
    switch systemCall({ open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }) {
    case .success(let opened): dir = opened
    case .failure(let e): throw SystemError(call: "open", path: directory, errno: e)
    }
    defer { close(dir) }
    if case .failure(let e) = systemCall({ fsync(dir) }) { throw SystemError(call: "fsync", path: directory, errno: e) }
}
