import TabsnapModel

/// An indicator of a fixed size centred on the focus, on the bar's top or bottom edge: Tabman's
/// `TMDotBarIndicator` (`DotIndicator`) and `TMChevronBarIndicator` (`ChevronIndicator`). Both
/// keep the same settings and follow the focus the same way; their `Mark` says what differs —
/// the shape's size, its gap from the edge and how it is drawn.
public struct CentredMarkIndicator<Mark: CentredMark>: BarIndicator {
    /// The mark's size: small (light), medium, large (heavy), or points (see the mark).
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

    /// The indicator; the defaults are Tabman's.
    public init(weight: IndicatorWeight = .medium, overscroll: Overscroll = .bounce, isProgressive: Bool = false,
                color: RGBAColor? = nil, displayMode: IndicatorDisplay = .bottom, width: IndicatorWidth = .button) {
        self.weight = weight
        self.overscroll = overscroll
        self.isProgressive = isProgressive
        self.color = color
        self.displayMode = displayMode
        self.width = width
    }

    /// The mark's style word: `dot` or `chevron`.
    public var name: String { Mark.style.rawValue }
    /// It has its own shape.
    public var inertSettings: [InertSetting] {
        [InertSetting("corners", "a \(Mark.style.rawValue) has its own shape; corners shape lines and blocks")]
    }

    private var size: Size { Mark.size(weight) }

    /// The gap from the edge and the mark's height.
    public func edgeExtent(in environment: BarEnvironment) -> Double {
        displayMode == .fill ? 0 : Mark.edgeGap + size.height
    }

    /// The room it takes at its edge.
    public func bareHeight(in environment: BarEnvironment) -> Double {
        builtinBareHeight(extent: edgeExtent(in: environment), weight: weight)
    }

    /// Centred on the focus, `width` wide.
    public func span(in context: IndicatorContext) -> HorizontalSpan {
        context.span(width: width)
    }

    /// The mark's box, centred on the span, `Mark.edgeGap` in from its edge.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        let size = size
        let frame = Rect(x: span.x + span.width / 2 - size.width / 2,
                         y: edgeY(displayMode, height: size.height, barHeight: context.barHeight, gap: Mark.edgeGap),
                         width: size.width, height: size.height)
        return IndicatorPlacement(frame: frame, color: color ?? context.environment.selectedTint, cornerRadius: Mark.cornerRadius(of: size))
    }

    /// The mark's shape.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        Mark.draw(indicator)
    }
}

/// What a centred mark is: its size for a weight, its gap from the edge, its drawing.
public protocol CentredMark: Sendable, Hashable {
    /// Its `indicator.style` word.
    static var style: IndicatorStyle { get }
    /// Its box for a weight.
    static func size(_ weight: IndicatorWeight) -> Size
    /// How far in from its edge it sits.
    static var edgeGap: Double { get }
    /// Corner rounding of its box.
    static func cornerRadius(of size: Size) -> Double
    /// Its drawing at the placed indicator's frame (canvas coordinates).
    static func draw(_ indicator: IndicatorGeometry) -> [DrawCommand]
}

/// A dot: 6, 8 or 12 pt across (light, medium, heavy) or points, `IndicatorMetrics.dotEdgeGap`
/// in from its edge.
public enum DotMark: CentredMark {
    /// `dot`.
    public static var style: IndicatorStyle { .dot }
    /// A square as wide as the diameter.
    public static func size(_ weight: IndicatorWeight) -> Size {
        let d = IndicatorMetrics.dotDiameter(weight)
        return Size(width: d, height: d)
    }
    /// The dot's gap.
    public static var edgeGap: Double { IndicatorMetrics.dotEdgeGap }
    /// Fully round.
    public static func cornerRadius(of size: Size) -> Double { size.width / 2 }
    /// A fully rounded rect.
    public static func draw(_ indicator: IndicatorGeometry) -> [DrawCommand] {
        [.rect(indicator.frame, color: indicator.color, cornerRadius: indicator.cornerRadius)]
    }
}

/// A chevron: a triangle 10×8, 14×12 or 20×16 pt (or a width in points, 0.8 of it tall) on its
/// edge, pointing away from it.
public enum ChevronMark: CentredMark {
    /// `chevron`.
    public static var style: IndicatorStyle { .chevron }
    /// The triangle's box.
    public static func size(_ weight: IndicatorWeight) -> Size { IndicatorMetrics.chevronSize(weight) }
    /// On the edge.
    public static var edgeGap: Double { 0 }
    /// Square corners.
    public static func cornerRadius(of size: Size) -> Double { 0 }
    /// A triangle filling the frame, its apex away from its edge.
    public static func draw(_ indicator: IndicatorGeometry) -> [DrawCommand] {
        [.fill(.triangle(in: indicator.frame, pointsUp: indicator.display != .top), paint: .color(indicator.color))]
    }
}

/// Tabman's `TMDotBarIndicator`: a dot centred on the focus, `IndicatorMetrics.dotEdgeGap` in from
/// the bar's top or bottom edge.
public typealias DotIndicator = CentredMarkIndicator<DotMark>

/// Tabman's `TMChevronBarIndicator`: a triangle centred on the focus, on the bar's top or bottom
/// edge, pointing away from it.
public typealias ChevronIndicator = CentredMarkIndicator<ChevronMark>
