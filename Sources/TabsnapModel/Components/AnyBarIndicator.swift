/// Any `BarIndicator`, type-erased: what a bar built from a spec holds, where the kind of
/// indicator is chosen at run time. Two are equal when they wrap equal indicators of the same
/// type.
public struct AnyBarIndicator: BarIndicator {
    /// The wrapped indicator.
    public let base: any BarIndicator

    /// Wraps `indicator` (an `AnyBarIndicator` is not wrapped twice).
    public init<Indicator: BarIndicator>(_ indicator: Indicator) {
        if let erased = indicator as? AnyBarIndicator {
            self = erased
        } else {
            base = indicator
        }
    }

    /// The wrapped indicator's name.
    public var name: String { base.name }
    /// The keys the wrapped component ignores.
    public var inertSettings: [InertSetting] { base.inertSettings }
    /// The wrapped indicator's display mode.
    public var displayMode: IndicatorDisplay { base.displayMode }
    /// The wrapped indicator's overscroll.
    public var overscroll: Overscroll { base.overscroll }
    /// Whether the wrapped indicator is progressive.
    public var isProgressive: Bool { base.isProgressive }

    /// The wrapped indicator's edge extent.
    public func edgeExtent(in environment: BarEnvironment) -> Double { base.edgeExtent(in: environment) }
    /// The wrapped indicator's bare height.
    public func bareHeight(in environment: BarEnvironment) -> Double { base.bareHeight(in: environment) }
    /// The wrapped indicator's span.
    public func span(in context: IndicatorContext) -> HorizontalSpan { base.span(in: context) }
    /// The wrapped indicator's placement.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        base.place(on: span, in: context)
    }
    /// The wrapped indicator's drawing.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        base.draw(indicator, direction: direction)
    }

    /// Equal when both wrap equal indicators of the same type.
    public static func == (a: AnyBarIndicator, b: AnyBarIndicator) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    /// Hashes the wrapped indicator.
    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}
