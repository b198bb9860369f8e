/// What a user set in each section of a bar; nil everywhere means "the preset's default for the
/// theme". `resolved(over:)` fills the gaps from the preset's options (see `Bar.resolved()`).

public struct LayoutSettings: Sendable, Hashable {
    public var mode: LayoutMode?
    public var visibleButtons: Int?
    public var spacing: Double?
    public var insets: Insets?
    public var alignment: BarAlignment?
    public var traits: Set<LayoutTrait>?
    public var fadeEdges: Bool?
    /// Lines between the buttons: `.on` draws them (over the theme's hairline colour), `.off` none.
    public var separators: Switchable<SeparatorSettings>?

    public init() {}

    func resolved(over preset: LayoutOptions, palette: ThemePalette) -> LayoutOptions {
        var options = preset
        options.mode = mode ?? preset.mode
        options.visibleButtons = visibleButtons ?? preset.visibleButtons
        options.spacing = spacing ?? preset.spacing
        options.insets = insets ?? preset.insets
        options.alignment = alignment ?? preset.alignment
        options.traits = traits ?? preset.traits
        options.fadeEdges = fadeEdges ?? preset.fadeEdges
        options.separators = Switchable.resolved(separators, over: preset.separators) { settings, preset in
            settings.resolved(over: preset ?? SeparatorOptions(color: palette.hairline))
        }
        return options
    }
}

public struct ButtonSettings: Sendable, Hashable {
    public var style: BarButtonStyle?
    public var tint: RGBAColor?
    public var selectedTint: RGBAColor?
    public var font: FontSpec?
    public var selectedFont: FontSpec?
    public var adjustsAlpha: Bool?
    public var contentInsets: Insets?
    public var lines: Int?
    public var verticalAlignment: ContentAlignment?
    public var imagePosition: ImagePosition?
    public var iconSize: Double?
    public var iconSpacing: Double?
    /// 1 turns the shrinking off.
    public var unselectedIconScale: Double?
    public var renderingMode: RenderingMode?
    public var selectedBackground: Switchable<SelectedBackground>?

    public init() {}

    func resolved(over preset: ButtonOptions) -> ButtonOptions {
        var options = preset
        options.style = style ?? preset.style
        options.tint = tint ?? preset.tint
        options.selectedTint = selectedTint ?? preset.selectedTint
        options.font = font ?? preset.font
        options.selectedFont = selectedFont ?? preset.selectedFont
        options.adjustsAlpha = adjustsAlpha ?? preset.adjustsAlpha
        options.contentInsets = contentInsets ?? preset.contentInsets
        options.lines = lines ?? preset.lines
        options.verticalAlignment = verticalAlignment ?? preset.verticalAlignment
        options.imagePosition = imagePosition ?? preset.imagePosition
        options.iconSize = iconSize ?? preset.iconSize
        options.iconSpacing = iconSpacing ?? preset.iconSpacing
        options.unselectedIconScale = unselectedIconScale ?? preset.unselectedIconScale
        options.renderingMode = renderingMode ?? preset.renderingMode
        options.selectedBackground = Switchable.resolved(selectedBackground, over: preset.selectedBackground) { set, _ in set }
        return options
    }
}

public struct IndicatorSettings: Sendable, Hashable {
    public var style: IndicatorStyle?
    public var weight: IndicatorWeight?
    public var corners: IndicatorCorners?
    public var overscroll: Overscroll?
    public var progressive: Bool?
    public var color: RGBAColor?
    public var display: IndicatorDisplay?
    public var width: IndicatorWidth?

    public init() {}

    func resolved(over preset: IndicatorOptions) -> IndicatorOptions {
        var options = preset
        options.style = style ?? preset.style
        options.weight = weight ?? preset.weight
        options.corners = corners ?? preset.corners
        options.overscroll = overscroll ?? preset.overscroll
        options.progressive = progressive ?? preset.progressive
        options.color = color ?? preset.color
        options.display = display ?? preset.display
        options.width = width ?? preset.width
        return options
    }
}

/// The bar's edge hairline, field by field over the preset's (or the theme's hairline colour).
public struct HairlineSettings: Sendable, Hashable {
    public var edge: Hairline.Edge?
    public var color: RGBAColor?
    public var width: Double?

    public init(edge: Hairline.Edge? = nil, color: RGBAColor? = nil, width: Double? = nil) {
        self.edge = edge
        self.color = color
        self.width = width
    }

    func resolved(over preset: Hairline) -> Hairline {
        Hairline(edge: edge ?? preset.edge, color: color ?? preset.color, width: width ?? preset.width)
    }
}

/// Lines between the buttons, field by field over the defaults (the theme's hairline colour).
public struct SeparatorSettings: Sendable, Hashable {
    public var color: RGBAColor?
    public var width: Double?
    public var inset: Double?

    public init(color: RGBAColor? = nil, width: Double? = nil, inset: Double? = nil) {
        self.color = color
        self.width = width
        self.inset = inset
    }

    func resolved(over preset: SeparatorOptions) -> SeparatorOptions {
        SeparatorOptions(color: color ?? preset.color, width: width ?? preset.width, inset: inset ?? preset.inset)
    }
}
