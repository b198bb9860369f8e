/// What shows the position: Tabman's `TMBarIndicator`, as a value.
///
/// Tabman asks an indicator to lay itself out in the frame the bar gives it; here the bar asks in
/// two steps, both pure functions of their arguments (nothing is remembered between calls, so the
/// same bar at the same position always gives the same picture):
///
/// 1. **Placing.** The bar works out the horizontal span the indicator follows — `span(in:)`, by
///    default Tabman's focus area — and puts it through the overscroll rule (`overscroll`,
///    `isProgressive`). `place(on:in:)` then turns that span into the indicator's frame and colour.
///    The frame is what `tabsnap layout` prints, what right-to-left mirrors, what the safe area
///    moves. In a jump the focus goes straight from one button to the other (`SelectionState.jump`).
/// 2. **Drawing.** `draw(_:direction:)` gets the placed indicator, in canvas coordinates, and
///    returns draw commands: any shape, gradient or group of the draw vocabulary.
///
/// A top or bottom indicator is drawn over the buttons and keeps titles clear of the room it takes
/// (`edgeExtent(in:)`); a `fill` one is drawn behind them.
///
/// ```swift
/// struct CapsuleIndicator: BarIndicator {
///     var name: String { "capsule" }
///     var displayMode: IndicatorDisplay { .fill }
///     func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
///         let frame = Rect(x: span.x + 4, y: 6, width: max(span.width - 8, 0), height: max(context.barHeight - 12, 0))
///         return IndicatorPlacement(frame: frame, color: context.environment.selectedTint.multiplyingAlpha(by: 0.2))
///     }
///     func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
///         [.rect(indicator.frame, color: indicator.color, cornerRadius: indicator.frame.height / 2)]
///     }
/// }
/// ```
public protocol BarIndicator: Sendable, Hashable {
    /// The name `tabsnap layout` prints as the indicator's `style` (the built-ins: `line`,
    /// `block`, `dot`, `chevron`).
    var name: String { get }
    /// Keys of the spec's `indicator` section this component ignores, each with why (default none):
    /// the spec reader refuses them where a spec sets them.
    var inertSettings: [InertSetting] { get }
    /// On the bar's top or bottom edge, drawn over the buttons; or `fill`, drawn behind them.
    var displayMode: IndicatorDisplay { get }
    /// What the span does past the first or last button (default `bounce`).
    var overscroll: Overscroll { get }
    /// Whether the span runs from the first button's leading edge to the focus instead of following
    /// the focus (default false).
    var isProgressive: Bool { get }
    /// How far the indicator reaches in from its edge: titles and icons are kept clear of it, and a
    /// bar of intrinsic height grows to make room (default 0).
    func edgeExtent(in environment: BarEnvironment) -> Double
    /// How tall a bar whose buttons draw nothing is made, insets aside (default `edgeExtent(in:)`).
    func bareHeight(in environment: BarEnvironment) -> Double
    /// The span the indicator wants before the overscroll rule (default: the focus area's). Not
    /// asked for a progressive indicator.
    func span(in context: IndicatorContext) -> HorizontalSpan
    /// The indicator's frame and colour on `span` (already through the overscroll rule), in
    /// content coordinates with the bar's top at y = 0; nil draws nothing at this position.
    func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement?
    /// What to paint for the placed indicator, whose frame is in canvas coordinates (scrolled,
    /// mirrored in right-to-left, moved by the safe area).
    func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand]
}

extension BarIndicator {
    /// Ignores none of the section's keys.
    public var inertSettings: [InertSetting] { [] }
    /// Bounces past the ends, as Tabman's indicators do by default.
    public var overscroll: Overscroll { .bounce }
    /// Follows the focus.
    public var isProgressive: Bool { false }
    /// Takes no room from the titles.
    public func edgeExtent(in environment: BarEnvironment) -> Double { 0 }
    /// As tall as the room it takes at its edge.
    public func bareHeight(in environment: BarEnvironment) -> Double { edgeExtent(in: environment) }
    /// Tabman's focus area.
    public func span(in context: IndicatorContext) -> HorizontalSpan { context.focusSpan }
}

/// Where an indicator goes and in which colour, from `BarIndicator.place(on:in:)`.
public struct IndicatorPlacement: Sendable, Hashable {
    /// The indicator's frame in content coordinates.
    public var frame: Rect
    /// Its colour (what the built-ins fill with).
    public var color: RGBAColor
    /// Corner rounding the built-in lines, blocks and dots use; 0 for most shapes.
    public var cornerRadius: Double

    /// A placement; `cornerRadius` 0 unless given.
    public init(frame: Rect, color: RGBAColor, cornerRadius: Double = 0) {
        self.frame = frame
        self.color = color
        self.cornerRadius = cornerRadius
    }
}

/// What an indicator is placed from: the focus, the buttons, the bar's height and insets, all in
/// content coordinates laid out left to right (right-to-left mirrors the result afterwards).
public struct IndicatorContext: Sendable {
    /// Which buttons the position lies between, and how far.
    public var selection: SelectionState
    /// The position as given: fractional mid-swipe, outside the buttons in overscroll.
    public var position: Double
    /// Tabman's focus area: the frame between the two buttons around the position, the bar's full
    /// height.
    public var focus: Rect
    /// Every button's slot.
    public var buttons: [Rect]
    /// Each button's title: its width and how far its centre sits off the button's (zero for a
    /// button without one).
    public var titles: [TitleExtent]
    /// The bar's height, safe area excluded.
    public var barHeight: Double
    /// The layout's insets: a block fills the band inside the top and bottom ones.
    public var insets: Insets
    /// The bar's colours, direction and measurer.
    public var environment: BarEnvironment

    /// A context of these values.
    public init(selection: SelectionState, position: Double, focus: Rect, buttons: [Rect], titles: [TitleExtent],
                barHeight: Double, insets: Insets, environment: BarEnvironment) {
        self.selection = selection
        self.position = position
        self.focus = focus
        self.buttons = buttons
        self.titles = titles
        self.barHeight = barHeight
        self.insets = insets
        self.environment = environment
    }

    /// The focus area's horizontal extent.
    public var focusSpan: HorizontalSpan { HorizontalSpan(x: focus.x, width: focus.width) }

    /// How `width` (the focused button's, its title's, or points) makes a span centred on the
    /// focus. Title widths and offsets are interpolated between the two buttons around the
    /// position, so the span follows titles that sit off their buttons' centres.
    public func span(width: IndicatorWidth) -> HorizontalSpan {
        var centre = focus.midX
        let extent: Double
        switch width {
        case .button:
            extent = focus.width
        case .title:
            let title = { (index: Int) in self.titles.indices.contains(index) ? self.titles[index] : .zero }
            extent = selection.interpolated { title($0).width } ?? 0
            centre += selection.interpolated { title($0).centreOffset } ?? 0
        case .points(let points):
            extent = points
        }
        return HorizontalSpan(x: centre - extent / 2, width: extent)
    }
}

/// A title's extent inside its button.
public struct TitleExtent: Sendable, Hashable {
    /// The title's width in points.
    public var width: Double
    /// How far right of its button's centre the title's centre sits.
    public var centreOffset: Double

    /// A title `width` points wide, its centre `centreOffset` points right of its button's.
    public init(width: Double, centreOffset: Double) {
        self.width = width
        self.centreOffset = centreOffset
    }

    /// No title.
    public static let zero = TitleExtent(width: 0, centreOffset: 0)
}
