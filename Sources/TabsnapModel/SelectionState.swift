/// Tabman's position arithmetic: which two buttons a position lies between, and how selected each
/// button is. This is the single home of the selection-interpolation rule.
public struct SelectionState: Sendable, Hashable {
    /// Lower and upper button index, both clamped to [0, cap].
    public let lower: Int
    /// The button the position moves towards: `lower` + 1 mid-swipe, `lower` itself at a whole
    /// position or past either end.
    public let upper: Int
    /// Progress from `lower` to `upper`: p − floor p inside [0, cap], else 0.
    public let fraction: Double
    /// The position clamped to [0, cap].
    public let clampedPosition: Double
    /// The number of buttons (the last index, cap, is one less).
    public let capacity: Int

    /// The state of a bar of `n` buttons at position `p` (any value: fractional mid-swipe, outside
    /// [0, n − 1] in overscroll).
    public init(position p: Double, count n: Int) {
        let cap = max(n - 1, 0)
        capacity = n
        // Clamped before Int conversion: the indices are clamped anyway, and no position can trap.
        let bounded = p.isNaN ? 0 : min(max(p, -1), Double(cap) + 1)
        lower = min(max(Int(bounded.rounded(.down)), 0), cap)
        upper = min(max(Int(bounded.rounded(.up)), 0), cap)
        fraction = (p >= 0 && p <= Double(cap)) ? p - p.rounded(.down) : 0
        clampedPosition = min(max(p, 0), Double(cap))
    }

    /// v_i = max(0, 1 − |clamp(p, 0, cap) − i|): 1 for the selected button, 0 beyond its neighbours.
    public func selection(of index: Int) -> Double {
        max(0, 1 - abs(clampedPosition - Double(index)))
    }
}
