// The roundings every coverage kernel uses per pixel, without libm's calls and the range checks
// of the standard conversions (discs, capsules, edges and rounded rectangles alike).

/// ⌊u⌋ for 0 ≤ u < 2³¹ without the range checks of `Int(_: Double)` (11 instructions a pixel):
/// adding 1.5·2⁵² rounds u − ½ to an integer in the low bits of the sum. Exact integers may come
/// out one less (u = k gives k − 1), which callers interpolating over [⌊u⌋, ⌊u⌋ + 1] absorb.
@inline(__always)
func floorIndex(_ u: Double) -> Int {
    Int(truncatingIfNeeded: (u - 0.5 + 6_755_399_441_055_744.0).bitPattern & 0xFFFF_FFFF)
}

/// round(v) clamped to 0…255 (ties to even), without `UInt8(_: Double)`'s range checks.
@inline(__always)
func roundedLevel(_ v: Double) -> UInt8 {
    UInt8(truncatingIfNeeded: (min(255, max(0, v)) + 6_755_399_441_055_744.0).bitPattern)
}

/// ⌊v⌋ for |v| < 2³¹ (callers clamp), without a call to libm's floor and Int's range checks.
@inline(__always)
func floorInt(_ v: Double) -> Int {
    let i = Int(Int32(truncatingIfNeeded: (v + 6_755_399_441_055_744.0).bitPattern))
    return Double(i) > v ? i - 1 : i
}

/// ⌈v⌉ for |v| < 2³¹ (callers clamp).
@inline(__always)
func ceilInt(_ v: Double) -> Int {
    let i = Int(Int32(truncatingIfNeeded: (v + 6_755_399_441_055_744.0).bitPattern))
    return Double(i) < v ? i + 1 : i
}
