/// Every preset's defaults, in one table. The README's "Presets" section mirrors this file.
public struct PresetDefaults: Sendable {
    public var height: Double?
    public var layout: LayoutOptions
    public var button: ButtonOptions
    public var indicator: IndicatorOptions
    public var background: Background

    public init(preset: Preset, theme: Theme) {
        let palette = ThemePalette(theme: theme)
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
            // the look of UITabBar: 49 pt high, grey items, accent when selected.
            height = 49
            layout = LayoutOptions(mode: .constrained, visibleButtons: 5, traits: [.fullWidth, .stackable])
            button = ButtonOptions(style: .tabItem, tint: palette.secondaryText, selectedTint: palette.accent,
                                   font: FontSpec(weight: .medium, size: 11), adjustsAlpha: false,
                                   contentInsets: Insets(left: 4, right: 4, top: 4, bottom: 4))
            indicator = IndicatorOptions(style: .none)
            background = .color(palette.chromeBackground)
        case .lineBar:
            // Tabman LineBar: no buttons; equal slots give a focus W/n wide at W·p/n.
            height = nil
            layout = LayoutOptions(mode: .fit, traits: [.fullWidth, .stackable])
            button = ButtonOptions(style: .none, tint: palette.text, selectedTint: palette.accent,
                                   font: FontSpec(size: 17), adjustsAlpha: false, contentInsets: .zero)
            indicator = IndicatorOptions(style: .line)
            background = .color(palette.barBackground)
        case .tabs:
            // Mística TabsView: fixed 56 pt height, a light line under the selected tab.
            height = 56
            layout = LayoutOptions(mode: .tabs, traits: [.fullWidth, .stackable])
            button = ButtonOptions(style: .tabItem, tint: palette.secondaryText, selectedTint: palette.brand,
                                   font: FontSpec(weight: .medium, size: 16), adjustsAlpha: false,
                                   contentInsets: Insets(left: 16, right: 16, top: 0, bottom: 0))
            indicator = IndicatorOptions(style: .line, weight: .light, color: palette.brand)
            background = .color(palette.barBackground)
        }
    }
}

/// The colours a theme gives the presets.
public struct ThemePalette: Sendable {
    public var text: Color
    public var secondaryText: Color
    public var accent: Color
    public var brand: Color
    public var barBackground: Color
    public var chromeBackground: Color

    public init(theme: Theme) {
        switch theme {
        case .light:
            text = Color(hex: "#000000")!
            secondaryText = Color(hex: "#8E8E93")!
            accent = Color(hex: "#007AFF")!
            brand = Color(hex: "#0066FF")!
            barBackground = Color(hex: "#FFFFFF")!
            chromeBackground = Color(hex: "#F9F9F9")!
        case .dark:
            text = Color(hex: "#FFFFFF")!
            secondaryText = Color(hex: "#8E8E93")!
            accent = Color(hex: "#0A84FF")!
            brand = Color(hex: "#4D94FF")!
            barBackground = Color(hex: "#1C1C1E")!
            chromeBackground = Color(hex: "#121212")!
        }
    }
}
