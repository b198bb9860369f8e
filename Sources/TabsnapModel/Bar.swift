/// A tab bar: Tabman's triad of layout × button × indicator, plus the items and the chrome around them.
///
/// A `Bar` is a plain value: rendering it at a position is a pure function of the bar, the position
/// and the scale. Start from `Bar(preset:width:theme:)` and change what you need.
public struct Bar: Sendable, Hashable, Codable {
    public var preset: Preset
    /// Bar width in points.
    public var width: Double
    /// Bar height in points; nil means the preset's height, or the buttons' intrinsic height.
    public var height: Double?
    /// Pixels per point for raster output.
    public var scale: Double
    /// Default position to render at (integer p selects button p; fractions are mid-swipe).
    public var position: Double
    public var direction: LayoutDirection
    public var theme: Theme
    public var items: [BarItem]
    public var layout: LayoutOptions
    public var button: ButtonOptions
    public var indicator: IndicatorOptions
    public var background: Background
    /// Multiplies every title's font size, to preview large accessibility text sizes.
    public var textScale: Double
    public var placement: Placement
    public var safeArea: SafeArea
    /// A hairline along the top or bottom edge; nil for none.
    public var separator: Hairline?
    public var badges: BadgeOptions

    /// A bar with every option at the preset's default for the theme.
    public init(preset: Preset, width: Double, theme: Theme = .light, items: [BarItem] = []) {
        let defaults = PresetDefaults(preset: preset, theme: theme)
        self.preset = preset
        self.width = width
        self.height = defaults.height
        self.scale = 2
        self.position = 0
        self.direction = .leftToRight
        self.theme = theme
        self.items = items
        self.layout = defaults.layout
        self.button = defaults.button
        self.indicator = defaults.indicator
        self.background = defaults.background
        self.textScale = 1
        self.placement = defaults.placement
        self.safeArea = .zero
        self.separator = defaults.separator
        self.badges = BadgeOptions()
    }
}

/// Text as written: plain, or pango markup.
public enum TextContent: Sendable, Hashable {
    case plain(String)
    case markup(String)

    /// A title's text: its markup when there is one, else the plain title; nil when both are empty.
    public static func shown(title: String?, markup: String?) -> TextContent? {
        if let markup, !markup.isEmpty { return .markup(markup) }
        if let title, !title.isEmpty { return .plain(title) }
        return nil
    }
}

/// One entry of the bar.
public struct BarItem: Sendable, Hashable, Codable {
    public var title: String?
    /// A built-in icon or an SVG / PNG file (a spec's relative paths are resolved by the reader).
    public var icon: Icon?
    /// Shown instead of `icon` as the button is selected (the two cross-fade).
    public var selectedIcon: Icon?
    /// Badge value; an empty string means a dot badge, nil means none.
    public var badge: String?
    /// Pango markup for the title, e.g. `<b>Sale</b> 50%`; drawn instead of `title` when set.
    public var markup: String?
    /// Overrides the button's rendering mode for this item's icons (as UIKit sets it per image).
    public var renderingMode: RenderingMode?

    public init(title: String? = nil, icon: Icon? = nil, selectedIcon: Icon? = nil, badge: String? = nil,
                markup: String? = nil, renderingMode: RenderingMode? = nil) {
        self.title = title
        self.icon = icon
        self.selectedIcon = selectedIcon
        self.badge = badge
        self.markup = markup
        self.renderingMode = renderingMode
    }

    /// What the button shows as text: the markup when there is one, else the plain title.
    public var text: TextContent? { TextContent.shown(title: title, markup: markup) }
}

public enum Preset: String, Sendable, Hashable, Codable, CaseIterable {
    /// Tabman's ButtonBar: intrinsic layout, label buttons, line indicator.
    case buttonBar
    /// Tabman's TabBar: constrained layout, tab-item buttons, no indicator.
    case tabBar
    /// Tabman's LineBar: no buttons, just a line whose focus is W/n wide.
    case lineBar
    /// Mística Tabs: 56 pt high, 2 or 3 equal tabs, more scroll with a 280 pt maximum.
    case tabs
}

public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    case light, dark
}

public enum LayoutDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

public enum Background: Sendable, Hashable, Codable {
    /// Nothing drawn: a transparent PNG.
    case clear
    case color(Color)

    /// The fill, or nil for a transparent bar.
    public var color: Color? {
        if case .color(let color) = self { return color }
        return nil
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .clear: try container.encode("clear")
        case .color(let color): try container.encode(color)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), text == "clear" {
            self = .clear
        } else {
            self = .color(try container.decode(Color.self))
        }
    }
}
