import Glibc

/// The thread's current `errno`, for a C library that reports failures through it (libmosquitto's
/// `MOSQ_ERR_ERRNO`).
public var currentErrno: SystemErrno { SystemErrno(errno) }

/// Runs `body` once on a new detached thread with a stack of `stackSize` bytes (at least the
/// system's minimum), for the one blocking call a C library cannot do without (libmosquitto's
/// name resolution): the panel's loop never waits for it. The thread ends when `body` returns.
public func startDetachedThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN)))
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
        &thread, &attributes,
        { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
    guard result == 0 else {
        Unmanaged<Box>.fromOpaque(context).release()
        throw SystemError(call: "pthread_create", errno: SystemErrno(result))
    }
}

/// Sleeps the calling thread for `seconds` (resumed after a signal until the time is up): for a
/// tool waiting on real processes, never the panel's loop, which sleeps in its poller.
public func sleepFor(_ seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
}
