/// Disc shadow profiles by (radius, σ): what depends on a style and never on a position, kept
/// for the canvas's life (a handful per panel; the oldest half is dropped past `limit`).
final class DiscShadowProfiles {
    private struct Key: Hashable {
        let radius: Double
        let sigma: Double
    }
    @exclusivity(unchecked) private var profiles: [Key: DiscShadowProfile] = [:]
    @exclusivity(unchecked) private var order: [Key] = []
    let limit = 32

    /// Profiles built since creation, for tests and benchmarks.
    private(set) var builds = 0

    @exclusivity(unchecked) private var capsules: [Key: CapsuleShadowProfile] = [:]
    @exclusivity(unchecked) private var lastCapsule: CapsuleShadowProfile?

    /// The capsule tables for cap radius `radius` and `sigma` (with the disc's profile).
    func capsule(radius: Double, sigma: Double) -> CapsuleShadowProfile {
        if let last = lastCapsule, last.radius == radius, last.sigma == sigma { return last }
        let key = Key(radius: radius, sigma: sigma)
        if let p = capsules[key] {
            lastCapsule = p
            return p
        }
        if capsules.count >= limit { capsules.removeAll() }
        let p = CapsuleShadowProfile(radius: radius, sigma: sigma, disc: profile(radius: radius, sigma: sigma))
        builds += 1
        capsules[key] = p
        lastCapsule = p
        return p
    }

    /// The last profile returned: a panel's thumbs share one style, and the dictionary lookup
    /// (hashing two Doubles) cost ~3,000 instructions a shadow.
    @exclusivity(unchecked) private var last: DiscShadowProfile?

    func profile(radius: Double, sigma: Double) -> DiscShadowProfile {
        if let last, last.radius == radius, last.sigma == sigma { return last }
        let key = Key(radius: radius, sigma: sigma)
        if let p = profiles[key] {
            last = p
            return p
        }
        let p = DiscShadowProfile(radius: radius, sigma: sigma)
        builds += 1
        if order.count >= limit {
            for old in order.prefix(limit / 2) { profiles[old] = nil }
            order.removeFirst(limit / 2)
        }
        profiles[key] = p
        order.append(key)
        last = p
        return p
    }
}
