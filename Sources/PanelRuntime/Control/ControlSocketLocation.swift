import LinuxIO

/// Where the control socket is when no path is given: one rule for the panel (`run`), which
/// binds it there, and for its client (`ctl`), which looks for it there.
///
/// 1. `$RUNTIME_DIRECTORY/control.sock` (the first directory when systemd gives several): the
///    service, whose `RuntimeDirectory=switchpanel` makes `/run/switchpanel` for it.
/// 2. Else `$XDG_RUNTIME_DIR/switchpanel/control.sock`: under the login session's own runtime
///    directory.
/// 3. Else `/tmp/switchpanel-UID/control.sock`.
///
/// The directories of 2 and 3 are the user's own: the panel makes them (mode 0700) when they
/// are missing, and refuses one that is not a directory, belongs to another user or lets others
/// in (another user who made it first would see the socket and every request). A client outside
/// systemd that finds no socket there talks to the installed service, at
/// ``serviceSocketPath``. A path given explicitly is none of this: its directory must exist.
public struct ControlSocketLocation: Hashable, Sendable {
    /// The socket's path.
    public var path: String
    /// The user's own directory the socket is in, made by ``prepare()`` when missing and checked
    /// to be theirs alone; nil: the directory must exist already (systemd's, or a path given).
    public var privateDirectory: String?

    /// The installed service's socket (the unit's `RuntimeDirectory=switchpanel`).
    public static let serviceSocketPath = "/run/switchpanel/control.sock"
    public static let socketName = "control.sock"

    /// A path given explicitly (`--socket`): used as it is.
    public init(path: String) {
        self.path = path
        privateDirectory = nil
    }

    private init(directory: String, isPrivate: Bool) {
        let trimmed = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        path = FilePaths.join(trimmed, Self.socketName)
        privateDirectory = isPrivate ? trimmed : nil
    }

    /// The panel's place by the rule above.
    public static func standard(environment: [String: String], userID: UInt32 = currentUserID())
        -> ControlSocketLocation
    {
        if let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first, !runtime.isEmpty {
            return ControlSocketLocation(directory: String(runtime), isPrivate: false)
        }
        // The XDG spec's directory is absolute; a relative one would move with the working directory.
        if let session = environment["XDG_RUNTIME_DIR"], session.hasPrefix("/") {
            return ControlSocketLocation(directory: FilePaths.join(session, "switchpanel"), isPrivate: true)
        }
        return ControlSocketLocation(directory: "/tmp/switchpanel-\(userID)", isPrivate: true)
    }

    /// Where a client connects without a path: the panel's place by the rule when a socket is
    /// there (or under systemd), else the installed service's when something is there (a
    /// socket, or a directory this user may not look into: connecting then says "permission
    /// denied", which is the news), else the panel's place (whose absence the error reports).
    public static func forClient(
        environment: [String: String], userID: UInt32 = currentUserID(), service: String = serviceSocketPath
    ) -> String {
        let own = standard(environment: environment, userID: userID)
        if own.privateDirectory == nil || (try? FileStatus(path: own.path, followingLinks: false))?.kind == .socket {
            return own.path
        }
        do {
            _ = try FileStatus(path: service, followingLinks: false)
        } catch  where error.errno == .noSuchFile || error.errno == .notADirectory {
            return own.path
        } catch {}
        return service
    }

    /// Makes ``privateDirectory`` (0700) when it is missing, and checks that it is a directory
    /// (not a link to one), this user's, and closed to everyone else. Nothing to do without one.
    public func prepare() throws(ControlServerError) {
        guard let directory = privateDirectory else { return }
        do {
            try makeDirectory(directory, permissions: 0o700)
        } catch  where error.errno == .exists {
            // Made before: by an earlier panel of ours, or by someone else (checked below).
        } catch {
            throw .system(error)
        }
        let status: FileStatus
        do { status = try FileStatus(path: directory, followingLinks: false) } catch { throw .system(error) }
        let user = currentUserID()
        if status.kind != .directory {
            throw .unsafeDirectory(
                path: directory, reason: status.kind == .symbolicLink ? "is a symbolic link" : "is not a directory")
        }
        if status.owner != user {
            throw .unsafeDirectory(
                path: directory, reason: "belongs to user \(status.owner), not to this one (\(user))")
        }
        if status.permissions & 0o077 != 0 {
            throw .unsafeDirectory(
                path: directory,
                reason:
                    "has mode 0\(String(status.permissions, radix: 8)), which lets other users in (0700 keeps them out)"
            )
        }
    }
}
