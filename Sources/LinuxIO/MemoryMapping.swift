import Glibc

/// Memory shared with a device or file (`mmap(2)`, `MAP_SHARED`, readable and writable), unmapped
/// exactly once when its owner goes away: a DRM dumb buffer's pixels, written here and scanned out
/// by the display controller.
///
/// Non-copyable for the reason ``FileDescriptor`` is: two owners would unmap it twice, or one
/// would unmap it under the other. The mapping holds its own reference to the device's memory, so
/// it may outlive the descriptor it was made from.
public struct MemoryMapping: ~Copyable {
    /// The first byte. Valid while the mapping lives.
    public let base: UnsafeMutableRawPointer
    /// The mapped length in bytes.
    public let length: Int

    /// Maps `length` bytes of what `descriptor` refers to, from `offset` (a multiple of the page
    /// size; for a dumb buffer, the fake offset `DRM_IOCTL_MODE_MAP_DUMB` returned).
    public init(sharing descriptor: borrowing FileDescriptor, offset: UInt64, length: Int) throws(SystemError) {
        // mmap reports failure as MAP_FAILED, not -1, so it does not fit systemCall; it is never
        // interrupted (no EINTR to retry).
        let mapped = mmap(
            nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor.rawValue, off_t(bitPattern: UInt(offset)))
        guard let mapped, mapped != MAP_FAILED else { throw SystemError(call: "mmap", errno: SystemErrno(errno)) }
        base = mapped
        self.length = length
    }

    /// munmap fails only for a range that is not a mapping, which this type rules out.
    deinit { munmap(base, length) }
}
