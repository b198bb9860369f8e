import TabsnapModel

/// Tabman's `TMDotBarIndicator`: a dot centred on the focus, `IndicatorMetrics.dotEdgeGap` in from
/// the bar's top or bottom edge.
public struct DotIndicator: BarIndicator {
    /// Diameter: small (light) 6, medium 8, large (heavy) 12 pt, or points.
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

    /// A dot indicator; the defaults are Tabman's.
    public init(weight: IndicatorWeight = .medium, overscroll: Overscroll = .bounce, isProgressive: Bool = false,
                color: RGBAColor? = nil, displayMode: IndicatorDisplay = .bottom, width: IndicatorWidth = .button) {
        self.weight = weight
        self.overscroll = overscroll
        self.isProgressive = isProgressive
        self.color = color
        self.displayMode = displayMode
        self.width = width
    }

    /// `dot`.
    public var name: String { IndicatorStyle.dot.rawValue }
    /// It has its own shape.
    public var inertSettings: [InertSetting] {
        [InertSetting("corners", "a dot has its own shape; corners shape lines and blocks")]
    }

    private var diameter: Double { IndicatorMetrics.dotDiameter(weight) }

    /// The gap and the diameter.
    public func edgeExtent(in environment: BarEnvironment) -> Double {
        displayMode == .fill ? 0 : IndicatorMetrics.dotEdgeGap + diameter
    }

    /// The room it takes at its edge.
    public func bareHeight(in environment: BarEnvironment) -> Double {
        builtinBareHeight(extent: edgeExtent(in: environment), weight: weight)
    }

    /// Centred on the focus, `width` wide.
    public func span(in context: IndicatorContext) -> HorizontalSpan {
        context.span(width: width)
    }

    /// A circle centred on the span.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        let d = diameter
        let frame = Rect(x: span.x + span.width / 2 - d / 2,
                         y: edgeY(displayMode, height: d, barHeight: context.barHeight, gap: IndicatorMetrics.dotEdgeGap),
                         width: d, height: d)
        return IndicatorPlacement(frame: frame, color: color ?? context.environment.selectedTint, cornerRadius: d / 2)
    }

    /// A fully rounded rect.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        [.rect(indicator.frame, color: indicator.color, cornerRadius: indicator.cornerRadius)]
    }
}
