import Foundation

/// A tab bar as the user describes it: Tabman's triad of layout × button × indicator, plus the
/// items and the chrome around them. It stores only what was set; everything left nil takes the
/// preset's default for the theme when the bar is resolved (`resolved()`), so changing `preset`
/// or `theme` changes every default at once.
///
/// A `Bar` is a plain value: rendering it at a position is a pure function of the bar, the
/// position and the scale. Its Codable form is the spec format (`tabsnap render` reads it).
public struct Bar: Sendable, Hashable {
    /// The Tabman-style bar whose defaults fill every option left nil (spec key `preset`; default
    /// `.buttonBar`).
    public var preset: Preset
    /// Light or dark: picks the colours of the preset's defaults (spec key `theme`; default
    /// `.light`).
    public var theme: Theme
    /// Bar width in points.
    public var width: Double
    /// Bar height in points; nil: the preset's height, or the buttons' intrinsic height.
    public var height: Double?
    /// Pixels per point for raster output.
    public var scale: Double
    /// Default position to render at (integer p selects button p; fractions are mid-swipe).
    public var position: Double
    /// Reading direction (spec key `direction`: `ltr`, the default, or `rtl`); right-to-left
    /// mirrors the layout, so the first item sits at the right and overscroll flips sides.
    public var direction: BarDirection
    /// The bar's entries, one button each, in reading order (spec key `items`; a spec gives at
    /// least one and at most `Limits.items`).
    public var items: [BarItem]
    /// How the buttons are placed (spec section `layout`); fields left nil take the preset's.
    public var layout: LayoutSettings
    /// A layout of your own (any `BarLayout`), placing the buttons instead of the built-in mode
    /// that `layout` names; nil: the built-in. `layout`'s insets, spacing, traits, fade and
    /// separators still apply.
    public var customLayout: AnyBarLayout?
    /// How each button looks (spec section `button`); fields left nil take the preset's.
    public var button: ButtonSettings
    /// A button of your own (any `BarButton`), drawing every item instead of the built-in style
    /// that `button` names; nil: the built-in. `button`'s tints (the environment's, and a selected
    /// background's) and content insets (the room an edge indicator keeps) still apply.
    public var customButton: AnyBarButton?
    /// What shows the position (spec section `indicator`; `indicator: none` sets its style to
    /// `.hidden`); fields left nil take the preset's.
    public var indicator: IndicatorSettings
    /// An indicator of your own (any `BarIndicator`), drawn instead of the built-in one that
    /// `indicator` describes; nil: the built-in. Specs name one with `indicator: {custom: NAME}`
    /// once a tabsnap build registers it.
    public var customIndicator: AnyBarIndicator?
    /// nil: the preset's background for the theme.
    public var background: Background?
    /// Multiplies every title's font size, to preview large accessibility text sizes.
    public var textScale: Double
    /// The language the bar's text is in (BCP 47: `ja`, `zh-Hans`, `zh-Hant`, `ko`), which
    /// shapes it as that language writes it — the same Han character takes Japanese, Simplified
    /// or Traditional Chinese or Korean forms. nil: none (each script's default forms: Japanese
    /// for Han). Spec key `language`; a spec's locale sets it when the spec does not.
    public var language: String?
    /// The Large Content Viewer shown for an item at accessibility text sizes (spec key
    /// `largeContent`); nil: none.
    public var largeContent: LargeContentViewer?
    /// nil: the preset's placement (a tab bar sits at the bottom).
    public var placement: Placement?
    /// Room added above and below the bar for the status bar or the home indicator (spec key
    /// `safeArea`; default none).
    public var safeArea: SafeArea
    /// The hairline along the top or bottom edge: nil for the preset's, `.off` for none.
    public var separator: Switchable<HairlineSettings>?
    /// How badges look (spec key `badges`); each item's `badge` says whether it has one.
    public var badges: BadgeOptions
    /// A badge of your own (any `BarBadge`), drawn instead of the built-in one that `badges`
    /// describes; nil: the built-in. Specs name one with `badges: {custom: NAME}` once a tabsnap
    /// build registers it.
    public var customBadge: AnyBarBadge?
    /// The user's own font files (a spec's `fonts:`), added to the bundled ones for this bar only,
    /// so its renders stay the same on every machine.
    public var fonts: [URL]
    /// The phone screen the bar is shown in (spec key `screen`), with pages that slide with the
    /// position; nil: the bar alone. With a screen the bar takes the device's width (`width` is
    /// not used) and, placed at the bottom, the device's bottom inset as its safe area.
    public var screen: ScreenContext?

    /// A bar with nothing set: every option takes the preset's default for the theme.
    public init(preset: Preset = .buttonBar, width: Double, theme: Theme = .light, items: [BarItem] = []) {
        self.preset = preset
        self.theme = theme
        self.width = width
        self.height = nil
        self.scale = 2
        self.position = 0
        self.direction = .leftToRight
        self.items = items
        self.layout = LayoutSettings()
        self.button = ButtonSettings()
        self.indicator = IndicatorSettings()
        self.customIndicator = nil
        self.customLayout = nil
        self.customButton = nil
        self.background = nil
        self.textScale = 1
        self.language = nil
        self.largeContent = nil
        self.placement = nil
        self.safeArea = .zero
        self.separator = nil
        self.badges = BadgeOptions()
        self.customBadge = nil
        self.fonts = []
        self.screen = nil
    }

    /// The bar with the preset's and theme's defaults filled in wherever nothing was set.
    public func resolved() -> ResolvedBar {
        let defaults = PresetDefaults(preset: preset, theme: theme)
        let palette = ThemePalette(theme: theme)
        let placement = placement ?? defaults.placement
        // In a screen: the device's width, and at the bottom the room its home indicator keeps.
        let device = screen?.device.metrics
        let safeArea = device.map { placement == .bottom ? SafeArea(bottom: $0.bottomInset) : .zero } ?? safeArea
        return ResolvedBar(
            preset: preset, theme: theme, width: device?.size.width ?? width, height: height ?? defaults.height, scale: scale,
            position: position, direction: direction, items: items,
            layout: layout.resolved(over: defaults.layout, palette: palette), customLayout: customLayout,
            button: button.resolved(over: defaults.button), customButton: customButton,
            indicator: indicator.resolved(over: defaults.indicator), customIndicator: customIndicator,
            background: background ?? defaults.background, textScale: textScale, language: language, largeContent: largeContent,
            placement: placement, safeArea: safeArea,
            separator: Switchable.resolved(separator, over: defaults.separator) { settings, preset in
                settings.resolved(over: preset ?? Hairline(color: palette.hairline))
            },
            badges: badges, customBadge: customBadge, customSelectedBackground: button.customSelectedBackground, fonts: fonts,
            screen: screen)
    }
}

/// An option a spec can switch off (`none`, `false`, `off`, `no`) or set, over the preset's.
public enum Switchable<Settings: Sendable & Hashable>: Sendable, Hashable {
    /// Switched off: nothing is drawn for the option, whatever the preset's default.
    case off
    /// Switched on and drawn with these settings; what they leave unset takes the preset's or the
    /// theme's default.
    case on(Settings)

    /// Unset keeps the preset's value; off is none; on applies the settings over the preset's.
    static func resolved<Value>(_ setting: Switchable?, over preset: Value?,
                                _ apply: (Settings, Value?) -> Value) -> Value? {
        switch setting {
        case nil: return preset
        case .off: return nil
        case .on(let settings): return apply(settings, preset)
        }
    }
}
