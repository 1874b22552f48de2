import Raster

/// The bookkeeping of a display's buffers, apart from the kernel: which buffer is on screen,
/// which is queued, which to paint next and how old its contents are — the same rules as
/// Presentation's `HeadlessDisplay`, so a loop sees the same behaviour on either display.
///
/// It also keeps each buffer's *upload damage*: what changed in that buffer since the kernel
/// last read it. Drivers that copy a framebuffer to the screen (virtio-gpu's host resources,
/// SPI and USB panels) need that region, not just the frame's damage: a double-buffered buffer
/// missed the previous frame's damage too.
struct SwapChain {
    let count: Int
    /// The frame counter at which each buffer was last shown (nil: never, or forgotten).
    private(set) var shownAt: [UInt64?]
    /// The buffer on screen, nil before the first flip completes.
    private(set) var front: Int?
    /// The buffer queued for the next vblank.
    private(set) var pending: Int?
    /// Flips completed so far.
    private(set) var framesShown: UInt64 = 0
    /// Per buffer, what changed since the kernel last read it (nil: all of it).
    private var uploadDamage: [DamageRegion?]

    init(count: Int) {
        precondition(count >= 1)
        self.count = count
        shownAt = Array(repeating: nil, count: count)
        uploadDamage = Array(repeating: nil, count: count)
    }

    /// The buffer to paint next and its age (0: contents unknown), or nil while a flip is
    /// pending: the least recently shown buffer that is not on screen, never-shown ones first.
    func nextBuffer() -> (index: Int, age: Int)? {
        guard pending == nil else { return nil }
        let candidates = (0..<count).filter { $0 != front || count == 1 }
        guard let index = candidates.min(by: { (shownAt[$0] ?? 0) < (shownAt[$1] ?? 0) }) else { return nil }
        let age = shownAt[index].map { Int(framesShown - $0) + 1 } ?? 0
        return (index, age)
    }

    /// Records that `index` was handed to the kernel with this frame's `damage` and returns the
    /// region of that buffer the kernel must re-read (nil: all of it).
    mutating func queue(_ index: Int, damage: [IntRect]) -> [IntRect]? {
        precondition(pending == nil && (0..<count).contains(index))
        pending = index
        for i in 0..<count where uploadDamage[i] != nil {
            for rect in damage { uploadDamage[i]!.add(rect) }
        }
        let upload = uploadDamage[index]?.rects
        uploadDamage[index] = DamageRegion()
        return upload
    }

    /// The pending flip completed: its buffer is on screen. Returns its index (nil when nothing
    /// was pending: a stray event).
    mutating func complete() -> Int? {
        guard let index = pending else { return nil }
        pending = nil
        framesShown += 1
        shownAt[index] = framesShown
        front = index
        return index
    }

    /// Forgets the queued flip without showing it (the kernel refused it).
    mutating func cancelPending() {
        if let index = pending { uploadDamage[index] = nil }
        pending = nil
    }

    /// Forgets every buffer's contents: after a mode set or a VT switch every age is 0 and every
    /// buffer is uploaded whole.
    mutating func invalidate() {
        for i in 0..<count {
            shownAt[i] = nil
            uploadDamage[i] = nil
        }
    }
}
