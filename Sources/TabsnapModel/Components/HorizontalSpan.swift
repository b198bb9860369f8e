/// A horizontal extent in content coordinates, points: where a layout puts a button, and what an
/// indicator follows.
public struct HorizontalSpan: Sendable, Hashable {
    /// The leading (left) edge.
    public var x: Double
    /// The extent; never negative for a button, nor for an indicator after the overscroll rule.
    public var width: Double

    /// A span from `x`, `width` points wide.
    public init(x: Double, width: Double) {
        self.x = x
        self.width = width
    }

    /// The centre.
    public var midX: Double { x + width / 2 }
    /// The trailing (right) edge.
    public var maxX: Double { x + width }
}
