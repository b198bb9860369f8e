/// Everything a bar component (`BarIndicator`, and the layouts and buttons that follow it) may read
/// besides its own settings and the arguments of the call: the bar's theme and colours, its text
/// scale and direction, the layout manager, the text measurer and the bar's badge.
///
/// Components are pure: the same settings, arguments and environment give the same result on any
/// thread, in any order, and nothing is remembered between calls. The measurer is the only way to
/// size text, so text is always measured with the bundled fonts and the spec's own.
public struct BarEnvironment: Sendable {
    /// The appearance the bar is drawn for.
    public var theme: Theme
    /// The theme's colours, for a component's defaults.
    public var palette: ThemePalette
    /// The unselected buttons' colour.
    public var tint: RGBAColor
    /// The selected button's colour: the default colour of an indicator.
    public var selectedTint: RGBAColor
    /// Factor on the titles' font sizes (1: as set): the bar's text scale where its preset scales
    /// text, else 1 (`Preset.scalesText`).
    public var textScale: Double
    /// The bar's reading direction. Geometry is placed mirrored in right-to-left; a component reads
    /// this only to orient what it draws (a leading icon, an asymmetric shape).
    public var direction: BarDirection
    /// Turns layout traits into margins and spacing.
    public var layoutManager: any LayoutManager
    /// Sizes text with the fonts the bar is drawn with.
    public var measurer: any TextMeasurer
    /// How the bar's badges look: a button that keeps room for a badge beside its title asks it
    /// the badge's size.
    public var badge: AnyBarBadge

    /// An environment of these values (badges: the built-in's unless given).
    public init(theme: Theme, palette: ThemePalette, tint: RGBAColor, selectedTint: RGBAColor, textScale: Double,
                direction: BarDirection, layoutManager: any LayoutManager, measurer: any TextMeasurer,
                badge: AnyBarBadge = AnyBarBadge(StandardBadge())) {
        self.theme = theme
        self.palette = palette
        self.tint = tint
        self.selectedTint = selectedTint
        self.textScale = textScale
        self.direction = direction
        self.layoutManager = layoutManager
        self.measurer = measurer
        self.badge = badge
    }
}
