/// The one error type of the command-line programs: what went wrong, and whose fault it was.
///
/// ``CommandLineProgram`` turns it into the exit status: a usage error is the caller's (exit 2,
/// with the message and the command's usage), a failure is the command's (exit 1, the message).
/// Other errors the commands throw (a config error, a DRM error) are failures too and are
/// printed as they describe themselves.
public enum CommandLineError: Error, Equatable, CustomStringConvertible {
    /// The command line is wrong: an unknown or misplaced option, a missing or bad value.
    case usage(String)
    /// The command was understood but could not do its work.
    case failure(String)

    public var description: String {
        switch self {
        case .usage(let message), .failure(let message): message
        }
    }

    /// The exit status it ends the program with.
    public var exitStatus: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        }
    }
}
