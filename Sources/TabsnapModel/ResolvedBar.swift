import Foundation

/// A bar with every preset and theme default filled in: what the geometry reads. Made by
/// `Bar.resolved()`, the one place defaults are applied.
public struct ResolvedBar: Sendable, Hashable {
    /// The preset whose defaults were filled in.
    public var preset: Preset
    /// The theme whose colours the defaults took.
    public var theme: Theme
    /// Bar width in points.
    public var width: Double
    /// Bar height in points; nil: the buttons' intrinsic height.
    public var height: Double?
    /// Pixels per point for raster output.
    public var scale: Double
    /// Default position to render at (integer p selects button p; fractions are mid-swipe).
    public var position: Double
    /// Reading direction; right-to-left mirrors the layout.
    public var direction: BarDirection
    /// The bar's entries, one button each, in reading order.
    public var items: [BarItem]
    /// How the buttons are placed: the user's settings over the preset's.
    public var layout: LayoutOptions
    /// The user's own layout, placing the buttons instead of the built-in mode; nil: the built-in.
    public var customLayout: AnyBarLayout?
    /// How each button looks: the user's settings over the preset's.
    public var button: ButtonOptions
    /// The user's own button, drawing every item instead of the built-in style; nil: the built-in.
    public var customButton: AnyBarButton?
    /// What shows the position: the user's settings over the preset's.
    public var indicator: IndicatorOptions
    /// The user's own indicator, drawn instead of the built-in `indicator`; nil: the built-in.
    public var customIndicator: AnyBarIndicator?
    /// What fills the bar behind its content, safe area included.
    public var background: Background
    /// Factor on the title fonts' sizes when they are drawn (1: as set).
    public var textScale: Double
    /// The language the text is shaped in (`Bar.language`); nil: none.
    public var language: String?
    /// The Large Content Viewer asked for (`Bar.largeContent`); drawn when `showsLargeContent`.
    public var largeContent: LargeContentViewer?
    /// Where the bar sits on the screen; a hairline with no edge of its own goes on the opposite
    /// edge.
    public var placement: Placement
    /// Room added above and below the content, filled by the background.
    public var safeArea: SafeArea
    /// A hairline along the top or bottom edge; nil for none.
    public var separator: Hairline?
    /// How badges look; each item's `badge` says whether it has one.
    public var badges: BadgeOptions
    /// The user's own badge, drawn instead of the built-in `badges`; nil: the built-in.
    public var customBadge: AnyBarBadge?
    /// The user's own selected background, drawn instead of the built-in
    /// `button.selectedBackground`; nil: the built-in, if any.
    public var customSelectedBackground: AnyBarSelectedBackground?
    /// The user's font files, drawn from alongside the bundled fonts.
    public var fonts: [URL]
    /// The screen around the bar, when it is shown in one (its width and, at the bottom, its
    /// safe area are then the device's).
    public var screen: ScreenContext? = nil
}
