/// The indicator at a geometry's position: placed by its `BarIndicator` on the span it follows
/// (Tabman's focus area by default) after the overscroll rule, then mirrored, scrolled and moved
/// with the rest of the bar. The draw list asks `indicator` to draw it.
public struct IndicatorGeometry: Sendable, Hashable, Encodable {
    /// The indicator's name (`line`, `block`, `dot`, `chevron` or a custom one's).
    public var style: String
    /// In content coordinates, points. A line, dot or chevron sits on the bar's top or bottom edge
    /// (a dot `IndicatorMetrics.dotEdgeGap` in from it); a block fills the band inside the layout's
    /// top and bottom insets.
    public var frame: Rect
    /// Corner radius in points: a line's or block's from the `corners` option, half the size for a
    /// dot, 0 for a chevron and, unless it says otherwise, a custom indicator.
    public var cornerRadius: Double
    /// Colour from `BarIndicator.place(on:in:)`: for the built-ins, the indicator's own, else the
    /// selected tint (a block: the tint at 25 % alpha).
    public var color: RGBAColor
    /// `top` or `bottom`: on that edge, drawn over the buttons (a chevron points away from its
    /// edge); `fill`: drawn first, behind the separators and buttons.
    public var display: IndicatorDisplay
    /// The indicator that placed this and draws it.
    public var indicator: AnyBarIndicator

    /// A placed indicator.
    public init(indicator: AnyBarIndicator, placement: IndicatorPlacement) {
        self.style = indicator.name
        self.frame = placement.frame
        self.cornerRadius = placement.cornerRadius
        self.color = placement.color
        self.display = indicator.displayMode
        self.indicator = indicator
    }

    private enum CodingKeys: String, CodingKey {
        case style, frame, cornerRadius, color, display
    }

    /// Encodes what `tabsnap layout` prints: name, frame, corner radius, colour and display.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(style, forKey: .style)
        try container.encode(frame, forKey: .frame)
        try container.encode(cornerRadius, forKey: .cornerRadius)
        try container.encode(color, forKey: .color)
        try container.encode(display, forKey: .display)
    }

    /// What the indicator paints.
    public func commands(direction: BarDirection) -> [DrawCommand] {
        indicator.draw(self, direction: direction)
    }
}
