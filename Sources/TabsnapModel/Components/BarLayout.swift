/// How the buttons are placed along the bar: Tabman's `TMBarLayout`, as a value.
///
/// Tabman lays a bar out once (`layout(in:)`, `insert(buttons:at:)`) and then asks the layout for
/// the focus area at each position (`focusArea(for:capacity:)`). Here both are pure functions of
/// their arguments, asked again for every picture with all the buttons: nothing is inserted,
/// removed or remembered, so the same bar at the same position always gives the same picture.
///
/// 1. **Placing.** `place(_:)` gets the bar's width, each button's natural width (what its
///    content needs, content insets included), the insets and spacing the bar resolved from its
///    layout traits, and the environment; it returns every button's span from left to right, the
///    content's width (wider than the bar: the content scrolls) and the insets it used. Placement
///    does not depend on the position: the bar scrolls to centre the focus instead (Tabman's
///    scroll centring). Right-to-left mirrors the placement afterwards, so a layout always works
///    left to right.
/// 2. **Focus.** `focusArea(for:buttons:barHeight:)` is the frame the indicator follows and the
///    bar centres; the default is Tabman's interpolation between the two buttons around the
///    position (`SelectionState.focusArea(buttons:barHeight:)`).
///
/// ```swift
/// /// The seed's Tinder bar: each button half the bar wide, a quarter of the bar of padding at
/// /// both ends, so the selected button sits in the middle and its neighbours peek in beside it.
/// struct CentredLayout: BarLayout {
///     var name: String { "centred" }
///     func place(_ request: LayoutRequest) -> ButtonPlacement {
///         let w = request.barWidth
///         return .sequential(widths: request.naturalWidths.map { _ in w / 2 }, start: w / 4, spacing: 0,
///                            insets: Insets(left: w / 4, right: w / 4, top: request.insets.top, bottom: request.insets.bottom),
///                            barWidth: w)
///     }
/// }
/// ```
public protocol BarLayout: Sendable, Hashable {
    /// The name `tabsnap layout` and error messages use (the built-ins: `intrinsic`, `fit`,
    /// `constrained`, `tabs`).
    var name: String { get }
    /// Keys of the spec's `layout` section this component ignores, each with why (default none):
    /// the spec reader refuses them where a spec sets them.
    var inertSettings: [InertSetting] { get }
    /// Every button's span, left to right, and the content's width and insets. The bar uses as many
    /// spans as it has buttons (missing ones are empty at the content's end); widths below zero and
    /// values that are not finite count as zero.
    func place(_ request: LayoutRequest) -> ButtonPlacement
    /// Tabman's focus area at the selection, over the bar's full height, from the buttons' frames
    /// (default: the interpolation between the two buttons around the position).
    func focusArea(for selection: SelectionState, buttons: [Rect], barHeight: Double) -> Rect
}

extension BarLayout {
    /// Ignores none of the section's keys.
    public var inertSettings: [InertSetting] { [] }
    /// Tabman's interpolation between the two buttons around the position.
    public func focusArea(for selection: SelectionState, buttons: [Rect], barHeight: Double) -> Rect {
        selection.focusArea(buttons: buttons, barHeight: barHeight)
    }
}

/// What a layout places the buttons from.
public struct LayoutRequest: Sendable {
    /// The bar's width: the visible window, in points.
    public var barWidth: Double
    /// Each button's natural width, content insets included, in the items' order.
    public var naturalWidths: [Double]
    /// The margins the bar resolved (the spec's `layout.insets`, else the layout manager's for the
    /// traits).
    public var insets: Insets
    /// The space between buttons the bar resolved (`layout.spacing`, else the layout manager's).
    public var spacing: Double
    /// The bar's colours, direction, text scale and measurer.
    public var environment: BarEnvironment

    /// A request of these values.
    public init(barWidth: Double, naturalWidths: [Double], insets: Insets, spacing: Double, environment: BarEnvironment) {
        self.barWidth = barWidth
        self.naturalWidths = naturalWidths
        self.insets = insets
        self.spacing = spacing
        self.environment = environment
    }

    /// The width between the horizontal insets.
    public var available: Double { barWidth - insets.horizontal }
}

/// Where a layout put the buttons.
public struct ButtonPlacement: Sendable, Hashable {
    /// Each button's span, left to right, in content coordinates (x = 0 is the content's left edge).
    public var spans: [HorizontalSpan]
    /// The scrollable content's width, insets included; the bar never makes it narrower than itself.
    public var contentWidth: Double
    /// The insets actually used (the built-in `center` alignment widens the horizontal ones).
    public var insets: Insets

    /// A placement of these values.
    public init(spans: [HorizontalSpan], contentWidth: Double, insets: Insets) {
        self.spans = spans
        self.contentWidth = contentWidth
        self.insets = insets
    }

    /// Buttons of `widths` one after another from `start`, `spacing` apart; the content ends
    /// `insets.right` after the last one and is at least `barWidth` wide.
    public static func sequential(widths: [Double], start: Double, spacing: Double, insets: Insets,
                                  barWidth: Double) -> ButtonPlacement {
        var x = start
        var spans: [HorizontalSpan] = []
        for width in widths {
            spans.append(HorizontalSpan(x: x, width: width))
            x += width + spacing
        }
        let extent = widths.isEmpty ? start + insets.right : x - spacing + insets.right
        return ButtonPlacement(spans: spans, contentWidth: max(extent, barWidth), insets: insets)
    }
}
