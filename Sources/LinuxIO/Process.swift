import CLinux
import Glibc

/// The two ends of a pipe, both close-on-exec.
@frozen public struct PipeEnds: ~Copyable {
    public var reading: FileDescriptor
    public var writing: FileDescriptor

    /// `pipe2(O_CLOEXEC)`: no window in which a child spawned meanwhile inherits the ends.
    public init() throws(SystemError) {
        var fds: [Int32] = [0, 0]
        if case .failure(let e) = systemCall({ pipe2(&fds, O_CLOEXEC) }) {
            throw SystemError(call: "pipe2", errno: e)
        }
        reading = FileDescriptor(adopting: fds[0])
        writing = FileDescriptor(adopting: fds[1])
    }
}

/// How a child process ended.
public enum ExitStatus: Hashable, Sendable, CustomStringConvertible {
    case exited(code: Int32)
    case killed(signal: Int32)

    public var succeeded: Bool { self == .exited(code: 0) }

    public var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .killed(let signal): "killed by signal \(signal)"
        }
    }
}

/// A child process this process started. It leads its own process group, so a timeout or the
/// panel's exit ends everything it started (`sh -c "sleep 9 & sleep 9"` included).
public struct ChildProcess: Hashable, Sendable {
    public let id: Int32

    /// The exit status once it has ended (and is reaped, so this reports it once), nil while it
    /// runs (`waitpid(WNOHANG)`). ECHILD — not our child any more — throws.
    ///
    /// Whatever the child left running in its group (`sh -c "job &"`) is killed when it ends:
    /// nothing an action starts outlives the action. That happens between seeing the exit and
    /// reaping, while the unreaped child still holds its pid, so the group id cannot have been
    /// reused by then.
    public func exitStatus() throws(SystemError) -> ExitStatus? {
        switch systemCall({ clinux_child_has_exited(id) }) {
        case .success(0): return nil
        case .success: kill(-id, SIGKILL)
        case .failure(let e): throw SystemError(call: "waitid", errno: e)
        }
        return try reap()
    }

    /// Reaps the exited child (`waitpid`, EINTR retried).
    private func reap() throws(SystemError) -> ExitStatus {
        var status: Int32 = 0
        if case .failure(let e) = systemCall({ waitpid(id, &status, 0) }) {
            throw SystemError(call: "waitpid", errno: e)
        }
        return status & 0x7F == 0 ? .exited(code: (status >> 8) & 0xFF) : .killed(signal: status & 0x7F)
    }

    /// Waits until the child has ended (after a SIGKILL to its group) and reaps it.
    public func waitUntilGone() {
        _ = try? reap()
    }

    /// Sends `signal` to the child's whole process group (what it started too). Called only
    /// while the child is not reaped, so the group id is still this child's.
    public func signalGroup(_ signal: Int32) {
        kill(-id, signal)
    }
}

/// Starts `argv` (the program by path or found on PATH; never a shell) with `environment`,
/// stdin on /dev/null, stdout on /dev/null unless given, stderr into `standardError`, in a new
/// process group, with no signals blocked and every disposition at its default — the panel
/// blocks the signals its signalfd reads, and a child must not inherit that, or `kill -TERM`
/// would not reach it and its own children would never report.
public func spawnProcess(
    _ argv: [String], environment: [String: String], standardError: borrowing FileDescriptor,
    standardOutput: borrowing FileDescriptor? = nil
) throws(SystemError) -> ChildProcess {
    precondition(!argv.isEmpty, "spawnProcess needs a program")
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    posix_spawn_file_actions_addopen(&fileActions, 0, "/dev/null", O_RDONLY, 0)
    switch standardOutput {
    case .some(let out): posix_spawn_file_actions_adddup2(&fileActions, out.rawValue, 1)
    case .none: posix_spawn_file_actions_addopen(&fileActions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&fileActions, standardError.rawValue, 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var defaults = sigset_t()
    sigfillset(&defaults)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
        &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    let environmentStrings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let result = withCStrings(argv) { cArgv in
        withCStrings(environmentStrings) { cEnvironment in
            // posix_spawnp searches PATH: configs give programs by path or by name alike.
            posix_spawnp(&pid, argv[0], &fileActions, &attributes, cArgv, cEnvironment)
        }
    }
    guard result == 0 else { throw SystemError(call: "posix_spawnp", path: argv[0], errno: SystemErrno(result)) }
    // The group is made from this side too, the shells' race-free idiom. The child's own
    // setpgid (POSIX_SPAWN_SETPGROUP) runs before its exec, and glibc's vfork keeps us waiting
    // until then; where that vfork is a plain fork (qemu-user) we could return first, and a
    // signalGroup would find no group. Whichever call comes second changes nothing (EACCES
    // once the child has exec'd: its own call came first).
    _ = setpgid(pid, pid)
    return ChildProcess(id: pid)
}

/// This process's real user ID (`getuid(2)`, which cannot fail).
public func currentUserID() -> UInt32 { UInt32(getuid()) }

/// This process's environment.
public func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        entry += 1
    }
    return result
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for p in pointers { free(p) } }
    return body(pointers)
}
