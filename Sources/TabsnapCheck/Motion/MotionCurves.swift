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
}

/// The golden's curves and the render's, for a transition that failed against a golden that
/// keeps its motion (JSON `motion`).
public struct MotionComparison: Codable, Equatable, Sendable {
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
