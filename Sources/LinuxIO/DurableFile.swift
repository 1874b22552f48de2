import Glibc

/// Replaces the file at `path` with `bytes` atomically and durably: written beside it (same
/// directory, so the rename cannot cross filesystems), fsync'd, renamed over it, and the
/// directory fsync'd, so a power cut leaves either the old contents or the new ones, never a torn
/// file. A symlink at `path` is replaced, not followed; the temporary file is created with
/// `O_EXCL | O_NOFOLLOW`, so a symlink planted at its name is refused rather than written
/// through. On failure the old file is untouched and the temporary file removed. The error
/// names the call and the path it failed on.
public func writeFileDurably(_ bytes: [UInt8], to path: String, mode: UInt32 = 0o644) throws(SystemError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let temporary = temporaryPath(for: path)
    // A temporary file left by a process that was killed (same pid after a reboot) is ours.
    try? removeFile(temporary)
    do throws(SystemError) {
        let file = try FileDescriptor.open(temporary, [.writeOnly, .create, .exclusive, .noFollow], mode: mode)
        do throws(SystemError) {
            try file.writeAll(bytes)
            try file.sync()
            try file.close()
        } catch {
            throw SystemError(call: error.call, path: temporary, errno: error.errno)
        }
        if case .failure(let e) = systemCall({ rename(temporary, path) }) {
            throw SystemError(call: "rename", path: path, errno: e)
        }
    } catch {
        try? removeFile(temporary)
        throw error
    }
    // The rename is durable only once the directory entry is on disk.
    let directoryFile = try FileDescriptor.open(directory, [.readOnly, .directory])
    do throws(SystemError) {
        try directoryFile.sync()
    } catch {
        throw SystemError(call: error.call, path: directory, errno: error.errno)
    }
}

/// The temporary name ``writeFileDurably(_:to:mode:)`` writes `path` under: beside it, hidden
/// behind the process id.
public func temporaryPath(for path: String) -> String { path + ".tmp-\(getpid())" }
