import TabsnapModel

/// Tabman's `TMBlockBarIndicator`: a block behind the focused button, filling the buttons' band
/// inside the layout's top and bottom insets, its corners square, rounded (a sixth of its height)
/// or elliptical (half).
public struct BlockIndicator: BarIndicator {
    /// Corner rounding.
    public var corners: IndicatorCorners
    /// What it does past the ends.
    public var overscroll: Overscroll
    /// Whether it grows from the first button to the focus.
    public var isProgressive: Bool
    /// Its colour; nil: the unselected tint at 25 % alpha.
    public var color: RGBAColor?
    /// The focused button's width, its title's, or points.
    public var width: IndicatorWidth
    /// Only sizes a bar whose buttons draw nothing: as tall as a line of this weight.
    public var weight: IndicatorWeight

    /// A block indicator; the defaults are Tabman's.
    public init(corners: IndicatorCorners = .square, overscroll: Overscroll = .bounce, isProgressive: Bool = false,
                color: RGBAColor? = nil, width: IndicatorWidth = .button, weight: IndicatorWeight = .medium) {
        self.corners = corners
        self.overscroll = overscroll
        self.isProgressive = isProgressive
        self.color = color
        self.width = width
        self.weight = weight
    }

    /// `block`.
    public var name: String { IndicatorStyle.block.rawValue }
    /// It fills the buttons' band: no thickness to weigh.
    public var inertSettings: [InertSetting] {
        [InertSetting("weight", "a block fills the buttons' band; weight sizes lines, dots and chevrons")]
    }
    /// Always `fill`: behind the buttons.
    public var displayMode: IndicatorDisplay { .fill }

    /// A line's thickness of `weight`.
    public func bareHeight(in environment: BarEnvironment) -> Double {
        builtinBareHeight(extent: edgeExtent(in: environment), weight: weight)
    }

    /// Centred on the focus, `width` wide.
    public func span(in context: IndicatorContext) -> HorizontalSpan {
        context.span(width: width)
    }

    /// The span's width over the buttons' band.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        let height = max(context.barHeight - context.insets.vertical, 0)
        let frame = Rect(x: span.x, y: context.insets.top, width: span.width, height: height)
        let radius: Double
        switch corners {
        case .square: radius = 0
        case .rounded: radius = height / 6
        case .elliptical: radius = height / 2
        }
        return IndicatorPlacement(frame: frame, color: color ?? context.environment.tint.multiplyingAlpha(by: 0.25),
                                  cornerRadius: radius)
    }

    /// A rounded rect.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        [.rect(indicator.frame, color: indicator.color, cornerRadius: indicator.cornerRadius)]
    }
}
