/// SplitMix64: a small, fast, deterministic generator for reproducible randomised tests
/// (every test target's random inputs come from here, seeded per test).
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    /// Uniform in [a, b).
    public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    /// Uniform integer in the range.
    public mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
    public mutating func bool() -> Bool { next() & 1 == 1 }
    public mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
    public mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
    /// A random premultiplied ARGB8888 word (each channel ≤ alpha).
    public mutating func premultipliedPixel() -> UInt32 {
        let a = UInt32(byte())
        func ch() -> UInt32 { a == 0 ? 0 : UInt32(next() % UInt64(a + 1)) }
        return a << 24 | ch() << 16 | ch() << 8 | ch()
    }
}
