/// Tabman's position arithmetic: which buttons the focus lies between, and how selected each
/// button is. This is the single home of the selection-interpolation rule.
///
/// A swipe's state is a position: the focus lies between the two neighbouring buttons around it.
/// A jump (a tap on a far button) is a focus between two buttons that need not be neighbours:
/// the state at its start blended towards the state at its end, every button between them left
/// unselected. Components read both the same way — `selection(of:)`, `offset(of:)`,
/// `focusArea(buttons:barHeight:)`, `interpolated(_:)` — so a custom component animates a jump
/// without knowing it is one.
public struct SelectionState: Sendable, Hashable {
    /// Lower and upper button index, both clamped to [0, cap]. Mid-jump between whole positions:
    /// the jump's two buttons, lower first; when a jump starts or ends between buttons, those
    /// around the position it passes (read `interpolated(_:)` for what the jump blends).
    public let lower: Int
    /// The button the position moves towards: `lower` + 1 mid-swipe, `lower` itself at a whole
    /// position or past either end; mid-jump, the jump's other button.
    public let upper: Int
    /// Progress from `lower` to `upper`: p − floor p inside [0, cap], else 0; mid-jump, the
    /// progress towards `upper`.
    public let fraction: Double
    /// The position, unclamped (overscroll lies outside [0, cap]); mid-jump, the position the
    /// jump passes, from + (to − from)·progress.
    public let position: Double
    /// The position clamped to [0, cap]; mid-jump, the ends' clamped positions blended.
    public let clampedPosition: Double
    /// The number of buttons (the last index, cap, is one less).
    public let capacity: Int
    /// A jump's two ends and its progress; nil for a swipe's (or a still's) position.
    public let jump: Jump?

    /// A jump: the state at position `from` blended towards the state at position `to`.
    public struct Jump: Sendable, Hashable {
        /// The position the jump leaves.
        public let from: Double
        /// The position it reaches.
        public let to: Double
        /// 0 at the start, 1 at the end; an easing that overshoots (a spring) goes past either.
        public let progress: Double
    }

    /// A jump's ends as states (positions' states).
    private func ends(of jump: Jump) -> (start: SelectionState, end: SelectionState) {
        (SelectionState(position: jump.from, count: capacity), SelectionState(position: jump.to, count: capacity))
    }

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
        // -0 is 0: it printed as "position": -0 (round 42).
        position = p == 0 ? 0 : p
        clampedPosition = min(max(position, 0), Double(cap))
        jump = nil
    }

    /// The state `progress` of the way through a jump from position `from` to position `to` of a
    /// bar of `n` buttons: a focus between the two ends, whatever lies between them.
    public init(jumpingFrom from: Double, to: Double, progress: Double, count n: Int) {
        let start = SelectionState(position: from, count: n), end = SelectionState(position: to, count: n)
        let passed = SelectionState(position: from + (to - from) * progress, count: n)
        capacity = n
        position = passed.position
        clampedPosition = Self.mix(start.clampedPosition, end.clampedPosition, progress)
        jump = Jump(from: from, to: to, progress: progress)
        // Whole ends: the jump's two buttons, lower first. Else the buttons around the position passed.
        if start.lower == start.upper, end.lower == end.upper {
            lower = min(start.lower, end.lower)
            upper = max(start.lower, end.lower)
            fraction = start.lower <= end.lower ? progress : 1 - progress
        } else {
            lower = passed.lower
            upper = passed.upper
            fraction = passed.fraction
        }
    }

    /// v_i = max(0, 1 − |clamp(p, 0, cap) − i|): 1 for the selected button, 0 beyond its neighbours.
    /// Mid-jump, the two ends' selections blended: the buttons between stay at 0.
    public func selection(of index: Int) -> Double {
        if let jump {
            let (start, end) = ends(of: jump)
            return Self.mix(start.selection(of: index), end.selection(of: index), jump.progress)
        }
        return max(0, 1 - abs(clampedPosition - Double(index)))
    }

    /// Where the focus is from button `index`: position − index clamped to −1…1 (negative: the
    /// focus is before it; 0: on it). Mid-jump, the two ends' offsets blended, so the buttons
    /// between keep theirs.
    public func offset(of index: Int) -> Double {
        if let jump {
            let (start, end) = ends(of: jump)
            return Self.mix(start.offset(of: index), end.offset(of: index), jump.progress)
        }
        return min(max(clampedPosition - Double(index), -1), 1)
    }

    /// A value of the buttons (a frame, a width, a shape) at this state: `value(lower)` blended
    /// towards `value(upper)` by `fraction` with `blend`; mid-jump, the value at the jump's start
    /// blended towards its end's. Nil when `value` is nil at a button it needs.
    public func interpolated<Value>(_ value: (Int) -> Value?, blend: (Value, Value, Double) -> Value) -> Value? {
        if let jump {
            let (start, end) = ends(of: jump)
            guard let a = start.interpolated(value, blend: blend), let b = end.interpolated(value, blend: blend) else { return nil }
            return blend(a, b, jump.progress)
        }
        guard let a = value(lower), let b = value(upper) else { return nil }
        return blend(a, b, fraction)
    }

    /// A number of the buttons at this state (`interpolated(_:blend:)` with linear blending).
    public func interpolated(_ value: (Int) -> Double?) -> Double? {
        interpolated(value) { Self.mix($0, $1, $2) }
    }

    private static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double {
        a + (b - a) * t
    }
}
