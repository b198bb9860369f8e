import Foundation

/// A bar with every preset and theme default filled in: what the geometry reads. Made by
/// `Bar.resolved()`, the one place defaults are applied.
public struct ResolvedBar: Sendable, Hashable {
    public var preset: Preset
    public var theme: Theme
    /// Bar width in points.
    public var width: Double
    /// Bar height in points; nil: the buttons' intrinsic height.
    public var height: Double?
    public var scale: Double
    public var position: Double
    public var direction: BarDirection
    public var items: [BarItem]
    public var layout: LayoutOptions
    public var button: ButtonOptions
    public var indicator: IndicatorOptions
    public var background: Background
    public var textScale: Double
    public var placement: Placement
    public var safeArea: SafeArea
    /// A hairline along the top or bottom edge; nil for none.
    public var separator: Hairline?
    public var badges: BadgeOptions
    /// The user's font files, drawn from alongside the bundled fonts.
    public var fonts: [URL]
}
