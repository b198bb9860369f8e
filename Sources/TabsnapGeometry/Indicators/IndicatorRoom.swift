import TabsnapModel

/// The room an edge indicator takes at the top and bottom of the bar: titles and icons are kept
/// clear of it, and an intrinsic height grows to make it where the insets do not.
struct IndicatorRoom: Sendable, Hashable {
    var top = 0.0
    var bottom = 0.0

    init(_ indicator: AnyBarIndicator?, environment: BarEnvironment) {
        guard let indicator else { return }
        let extent = indicator.edgeExtent(in: environment)
        switch indicator.displayMode {
        case .top: top = extent
        case .bottom: bottom = extent
        case .fill: break
        }
    }

    /// How much taller than its content (plus insets) a button must be so the room is clear.
    func deficit(layoutInsets li: Insets, contentInsets ci: Insets) -> Double {
        max(top - li.top - ci.top, 0) + max(bottom - li.bottom - ci.bottom, 0)
    }

    /// The vertical span content may use in a bar `height` tall.
    func clearSpan(height: Double) -> ClosedRange<Double> {
        top...max(height - bottom, top)
    }
}
