/// A transition's curves as a report keeps them to draw (`MotionChart`): time, position,
/// indicator x and width, scroll, per frame; no titles or selections.
public struct MotionCurves: Codable, Equatable, Sendable {
    /// Seconds from the start, per frame.
    public var time: [Double]
    /// The bar's position per frame.
    public var position: [Double]
    /// The indicator's x per frame (canvas coordinates); nil without an indicator.
    public var indicatorX: [Double]?
    /// The indicator's width per frame.
    public var indicatorWidth: [Double]?
    /// The scroll offset per frame.
    public var scroll: [Double]

    /// The curves of `record`.
    public init(_ record: MotionRecord) {
        time = record.time
        position = record.position
        indicatorX = record.indicatorX
        indicatorWidth = record.indicatorWidth
        scroll = record.scroll
    }

    /// Frames past which a report keeps no curves (a chart has no room for more, and the JSON
    /// report stays small).
    public static let largestFrameCount = 2_000

    /// Numbers a merged report keeps of all its curves (about 6 MB of JSON): past it, later
    /// failures keep their words but no chart.
    public static let reportBudget = 500_000

    /// Every curve as long as the times, at most `largestFrameCount`, every number finite and
    /// within ±10⁹: what `MotionRecord` would have made.
    var isDrawable: Bool {
        let count = time.count
        let curves = [time, position, scroll] + [indicatorX, indicatorWidth].compactMap { $0 }
        return count >= 2 && count <= Self.largestFrameCount && curves.allSatisfy { $0.count == count }
            && curves.allSatisfy { $0.allSatisfy { $0.isFinite && abs($0) <= 1e9 } }
            && zip(time, time.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// The numbers it holds.
    var pointCount: Int { time.count * (3 + (indicatorX == nil ? 0 : 2)) }
}

/// The golden's curves and the render's, for a transition that failed against a golden that
/// keeps its motion (JSON `motion`).
public struct MotionComparison: Codable, Equatable, Sendable {
    /// Both sides drawable (`MotionCurves.isDrawable`).
    var isDrawable: Bool { expected.isDrawable && actual.isDrawable }
    /// The numbers both sides hold.
    var pointCount: Int { expected.pointCount + actual.pointCount }

    /// The golden's.
    public var expected: MotionCurves
    /// The render's.
    public var actual: MotionCurves

    /// Both records' curves; nil when either has more frames than a report keeps.
    public init?(expected: MotionRecord, actual: MotionRecord) {
        guard max(expected.time.count, actual.time.count) <= MotionCurves.largestFrameCount else { return nil }
        self.expected = MotionCurves(expected)
        self.actual = MotionCurves(actual)
    }
}
