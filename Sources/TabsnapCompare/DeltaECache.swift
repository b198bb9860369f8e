/// ΔE of recently compared pixel pairs, and the L*a*b* of recently seen colours. A bar's changed
/// pixels are the same few pairs over and over (a shifted edge repeats down every row and
/// through every frame of a swipe), so one comparison, or one animation's, shares one cache.
/// Direct-mapped: each slot keeps the last pair that hashed there. Its tables are made at the
/// first question, so comparing identical images (most of a passing check) costs nothing.
struct DeltaECache {
    private static let slots = 8192
    /// The pair as two premultiplied pixels; `.max` marks an empty slot (no pair is two white
    /// opaque pixels, which are equal and never asked about).
    private var keys: [UInt64] = []
    private var values: [Double] = []
    private var labs = LabCache()

    /// ΔE 2000 between two pixels, premultiplied RGBA packed as PremultipliedPixels gives them.
    mutating func deltaE(_ e: UInt32, _ a: UInt32) -> Double {
        if keys.isEmpty {
            keys = [UInt64](repeating: .max, count: Self.slots)
            values = [Double](repeating: 0, count: Self.slots)
        }
        let key = UInt64(e) << 32 | UInt64(a)
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 51)
        if keys[slot] == key { return values[slot] }
        let distance = ColorDifference.deltaE(PremultipliedPixels.straight(e), PremultipliedPixels.straight(a), labs: &labs)
        keys[slot] = key
        values[slot] = distance
        return distance
    }
}
