import TabsnapModel

/// Tabman's `TMLineBarIndicator`: a line along the bar's top or bottom edge, as thick as its
/// weight, or filling the bar's height (`display: fill`), its corners square, rounded (a quarter
/// of its height) or elliptical (half).
public struct LineIndicator: BarIndicator {
    /// Thickness: light 2, medium 4, heavy 8 pt, or points.
    public var weight: IndicatorWeight
    /// Corner rounding.
    public var corners: IndicatorCorners
    /// What it does past the ends.
    public var overscroll: Overscroll
    /// Whether it grows from the first button to the focus.
    public var isProgressive: Bool
    /// Its colour; nil: the selected tint.
    public var color: RGBAColor?
    /// Top or bottom edge, or filling the bar.
    public var displayMode: IndicatorDisplay
    /// The focused button's width, its title's, or points.
    public var width: IndicatorWidth

    /// A line indicator; the defaults are Tabman's.
    public init(weight: IndicatorWeight = .medium, corners: IndicatorCorners = .square, overscroll: Overscroll = .bounce,
                isProgressive: Bool = false, color: RGBAColor? = nil, displayMode: IndicatorDisplay = .bottom,
                width: IndicatorWidth = .button) {
        self.weight = weight
        self.corners = corners
        self.overscroll = overscroll
        self.isProgressive = isProgressive
        self.color = color
        self.displayMode = displayMode
        self.width = width
    }

    /// `line`.
    public var name: String { IndicatorStyle.line.rawValue }
    /// Filling the bar, it has no thickness to weigh.
    public var inertSettings: [InertSetting] {
        displayMode == .fill ? [InertSetting("weight", "a line with display fill fills the bar; weight sizes lines on an edge")] : []
    }

    private var thickness: Double { IndicatorMetrics.lineThickness(weight) }

    /// Its thickness on an edge; none when it fills the bar.
    public func edgeExtent(in environment: BarEnvironment) -> Double {
        displayMode == .fill ? 0 : thickness
    }

    /// Its thickness.
    public func bareHeight(in environment: BarEnvironment) -> Double {
        builtinBareHeight(extent: edgeExtent(in: environment), weight: weight)
    }

    /// Centred on the focus, `width` wide.
    public func span(in context: IndicatorContext) -> HorizontalSpan {
        context.span(width: width)
    }

    /// The span's width, on the edge or the bar's full height.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        let height = displayMode == .fill ? context.barHeight : thickness
        let frame = Rect(x: span.x, y: edgeY(displayMode, height: height, barHeight: context.barHeight),
                         width: span.width, height: height)
        let radius: Double
        switch corners {
        case .square: radius = 0
        case .rounded: radius = height / 4
        case .elliptical: radius = height / 2
        }
        return IndicatorPlacement(frame: frame, color: color ?? context.environment.selectedTint, cornerRadius: radius)
    }

    /// A rounded rect.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        [.rect(indicator.frame, color: indicator.color, cornerRadius: indicator.cornerRadius)]
    }
}
