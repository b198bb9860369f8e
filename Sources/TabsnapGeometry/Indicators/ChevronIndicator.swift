import TabsnapModel

/// Tabman's `TMChevronBarIndicator`: a triangle centred on the focus, on the bar's top or bottom
/// edge, pointing away from it.
public struct ChevronIndicator: BarIndicator {
    /// Size: 10×8, 14×12, 20×16 pt, or a width in points (its height is 0.8 of it).
    public var weight: IndicatorWeight
    /// What it does past the ends.
    public var overscroll: Overscroll
    /// Whether it follows a span grown from the first button to the focus (centred on that span).
    public var isProgressive: Bool
    /// Its colour; nil: the selected tint.
    public var color: RGBAColor?
    /// Top or bottom edge.
    public var displayMode: IndicatorDisplay
    /// The span it is centred on: the focused button's width, its title's, or points.
    public var width: IndicatorWidth

    /// A chevron indicator; the defaults are Tabman's.
    public init(weight: IndicatorWeight = .medium, overscroll: Overscroll = .bounce, isProgressive: Bool = false,
                color: RGBAColor? = nil, displayMode: IndicatorDisplay = .bottom, width: IndicatorWidth = .button) {
        self.weight = weight
        self.overscroll = overscroll
        self.isProgressive = isProgressive
        self.color = color
        self.displayMode = displayMode
        self.width = width
    }

    /// `chevron`.
    public var name: String { IndicatorStyle.chevron.rawValue }
    /// It has its own shape.
    public var inertSettings: [InertSetting] {
        [InertSetting("corners", "a chevron has its own shape; corners shape lines and blocks")]
    }

    private var size: Size { IndicatorMetrics.chevronSize(weight) }

    /// Its height.
    public func edgeExtent(in environment: BarEnvironment) -> Double {
        displayMode == .fill ? 0 : size.height
    }

    /// The room it takes at its edge.
    public func bareHeight(in environment: BarEnvironment) -> Double {
        builtinBareHeight(extent: edgeExtent(in: environment), weight: weight)
    }

    /// Centred on the focus, `width` wide.
    public func span(in context: IndicatorContext) -> HorizontalSpan {
        context.span(width: width)
    }

    /// The triangle's box, centred on the span.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        let frame = Rect(x: span.x + span.width / 2 - size.width / 2,
                         y: edgeY(displayMode, height: size.height, barHeight: context.barHeight),
                         width: size.width, height: size.height)
        return IndicatorPlacement(frame: frame, color: color ?? context.environment.selectedTint)
    }

    /// A triangle filling the frame, its apex away from its edge.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        [.fill(.triangle(in: indicator.frame, pointsUp: displayMode != .top), paint: .color(indicator.color))]
    }
}
