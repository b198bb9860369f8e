/// Every preset's defaults, in one table. The README's "Presets" section mirrors this file.
public struct PresetDefaults: Sendable {
    /// Bar height in points; nil for an intrinsic height (only tabs fixes it, at 56).
    public var height: Double?
    /// The preset's layout, which `Bar.layout` overrides field by field.
    public var layout: LayoutOptions
    /// The preset's buttons, which `Bar.button` overrides field by field.
    public var button: ButtonOptions
    /// The preset's indicator (`.hidden` style for tabBar), which `Bar.indicator` overrides field
    /// by field.
    public var indicator: IndicatorOptions
    /// The preset's fill in the theme's colours, unless `Bar.background` replaces it.
    public var background: Background
    /// Where the preset's bar sits: at the bottom for tabBar, at the top for the others.
    public var placement: Placement
    /// The edge hairline: tabBar's 0.5 pt line in the theme's hairline colour; nil (none) for the
    /// others.
    public var separator: Hairline?

    /// The defaults of `preset`, in `theme`'s colours.
    public init(preset: Preset, theme: Theme) {
        let palette = ThemePalette(theme: theme)
        placement = .top
        separator = nil
        switch preset {
        case .buttonBar:
            // Tabman ButtonBar = TMHorizontalBarLayout × TMLabelBarButton × TMLineBarIndicator.
            // TMLabelBarButton: 17 pt semibold, content inset 12 top and bottom.
            height = nil
            layout = LayoutOptions(mode: .intrinsic, traits: [.compactWidth])
            button = ButtonOptions(style: .label, tint: palette.text, selectedTint: palette.accent,
                                   font: FontSpec(weight: .semibold, size: 17), adjustsAlpha: true,
                                   contentInsets: Insets(top: 12, bottom: 12))
            indicator = IndicatorOptions(style: .line)
            background = .color(palette.barBackground)
        case .tabBar:
            // Tabman TabBar = TMConstrainedHorizontalBarLayout × TMTabItemBarButton × no indicator,
            // the look of UITabBar: grey items, accent when selected. Like Tabman's tab item the
            // height is intrinsic: 8 pt padding, a 30 pt icon, 6 pt gap, the title.
            height = nil
            layout = LayoutOptions(mode: .constrained, visibleButtons: 5, traits: [.fullWidth, .stackable])
            button = ButtonOptions(style: .tabItem, tint: palette.secondaryText, selectedTint: palette.accent,
                                   font: FontSpec(weight: .medium, size: 11), adjustsAlpha: false,
                                   contentInsets: Insets(left: 4, right: 4, top: 8, bottom: 4),
                                   iconSize: 30, iconSpacing: 6)
            indicator = IndicatorOptions(style: .hidden)
            background = .color(palette.chromeBackground)
            placement = .bottom
            separator = Hairline(color: palette.hairline, width: 0.5)
        case .lineBar:
            // Tabman LineBar: no buttons; equal slots give a focus W/n wide at W·p/n.
            height = nil
            layout = LayoutOptions(mode: .fit, traits: [.fullWidth, .stackable])
            button = ButtonOptions(style: .hidden, tint: palette.text, selectedTint: palette.accent,
                                   font: FontSpec(size: 17), adjustsAlpha: false, contentInsets: .zero)
            indicator = IndicatorOptions(style: .line)
            background = .color(palette.barBackground)
        case .tabs:
            // Mística TabsView: fixed 56 pt height, a light line under the selected tab.
            height = 56
            layout = LayoutOptions(mode: .tabs, traits: [.fullWidth, .stackable])
            button = ButtonOptions(style: .tabItem, tint: palette.secondaryText, selectedTint: palette.brand,
                                   font: FontSpec(weight: .medium, size: 16), adjustsAlpha: false,
                                   contentInsets: Insets(left: 16, right: 16, top: 0, bottom: 0),
                                   imagePosition: .leading, iconSize: 24, iconSpacing: 8, unselectedIconScale: 1)
            indicator = IndicatorOptions(style: .line, weight: .light, color: palette.brand)
            background = .color(palette.barBackground)
        }
    }
}

/// The colours a theme gives the presets.
public struct ThemePalette: Sendable {
    /// Primary text, the unselected tint of buttonBar and lineBar: black, or white in dark.
    public var text: RGBAColor
    /// Grey (#8E8E93) for unselected tab items (tabBar, tabs).
    public var secondaryText: RGBAColor
    /// The system blue (#007AFF, dark #0A84FF): the selected tint of buttonBar, tabBar and lineBar.
    public var accent: RGBAColor
    /// Mística's brand blue (#0066FF, dark #4D94FF): the tabs preset's selected tint and indicator.
    public var brand: RGBAColor
    /// Background of buttonBar, lineBar and tabs: white, or #1C1C1E in dark.
    public var barBackground: RGBAColor
    /// Background of tabBar, as a UITabBar's: #F9F9F9, or #121212 in dark.
    public var chromeBackground: RGBAColor
    /// Hairlines and separators: black at 30 % alpha, or white at 15 % in dark.
    public var hairline: RGBAColor
    /// The screen around the bar (the system background): white, or black in dark; where the
    /// Large Content Viewer shows.
    public var screen: RGBAColor
    /// The Large Content Viewer's panel: system gray 5, #E5E5EA, or #2C2C2E in dark.
    public var largeContentPanel: RGBAColor

    /// The palette of `theme`.
    public init(theme: Theme) {
        switch theme {
        case .light:
            text = RGBAColor(hex: "#000000")!
            secondaryText = RGBAColor(hex: "#8E8E93")!
            accent = RGBAColor(hex: "#007AFF")!
            brand = RGBAColor(hex: "#0066FF")!
            barBackground = RGBAColor(hex: "#FFFFFF")!
            chromeBackground = RGBAColor(hex: "#F9F9F9")!
            hairline = RGBAColor(hex: "#0000004D")!
            screen = RGBAColor(hex: "#FFFFFF")!
            largeContentPanel = RGBAColor(hex: "#E5E5EA")!
        case .dark:
            text = RGBAColor(hex: "#FFFFFF")!
            secondaryText = RGBAColor(hex: "#8E8E93")!
            accent = RGBAColor(hex: "#0A84FF")!
            brand = RGBAColor(hex: "#4D94FF")!
            barBackground = RGBAColor(hex: "#1C1C1E")!
            chromeBackground = RGBAColor(hex: "#121212")!
            hairline = RGBAColor(hex: "#FFFFFF26")!
            screen = RGBAColor(hex: "#000000")!
            largeContentPanel = RGBAColor(hex: "#2C2C2E")!
        }
    }
}
