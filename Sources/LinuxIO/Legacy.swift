import CLinux
import Glibc

// TEMPORARY: the raw-descriptor API from before owned descriptors and the poller, kept only
// while the edges move over; removed when the last caller is gone.

/// Waits until some of `descriptors` are readable.
public func waitForReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32 = -1) throws(SystemError) -> [Int32] {
    try waitForReadable(
        descriptors.map(PollHandle.init), timeout: timeoutMilliseconds < 0 ? nil : Double(timeoutMilliseconds) / 1000
    ).map(\.rawValue)
}

extension SignalDescriptor {
    public var fileDescriptor: Int32 { pollHandle.rawValue }
}

extension PollHandle {
    public var legacyRawValue: Int32 { rawValue }
}
