/// What a user set in each section of a bar; nil everywhere means "the preset's default for the
/// theme". `resolved(over:)` fills the gaps from the preset's options (see `Bar.resolved()`).

/// The `layout` section as a user set it: each field left nil takes the preset's (see
/// `LayoutOptions` for what each one does).
public struct LayoutSettings: Sendable, Hashable {
    /// How the buttons share the width (`layout.mode`); nil: the preset's.
    public var mode: LayoutMode?
    /// Buttons sharing the visible width in constrained mode (`layout.visibleButtons`); nil: the
    /// preset's.
    public var visibleButtons: Int?
    /// Points between neighbouring buttons (`layout.spacing`); nil: the preset's, else what the
    /// layout manager gives for the traits.
    public var spacing: Double?
    /// Space between the bar's edges and its buttons (`layout.insets`); nil: the preset's, else
    /// what the layout manager gives for the traits.
    public var insets: Insets?
    /// Where intrinsic-mode content sits along the bar (`layout.alignment`); nil: the preset's.
    public var alignment: BarAlignment?
    /// Traits the layout manager turns into insets and spacing (`layout.traits`); nil: the
    /// preset's.
    public var traits: Set<LayoutTrait>?
    /// Whether scrolling content fades out at the bar's edges (`layout.fadeEdges`); nil: the
    /// preset's.
    public var fadeEdges: Bool?
    /// Lines between the buttons: `.on` draws them (over the theme's hairline colour), `.off` none.
    public var separators: Switchable<SeparatorSettings>?

    /// Layout settings with nothing set: the preset's layout throughout.
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

/// The `button` section as a user set it: each field left nil takes the preset's (see
/// `ButtonOptions` for what each one does).
public struct ButtonSettings: Sendable, Hashable {
    /// Label, icon, tab item or none (`button.style`); nil: the preset's.
    public var style: BarButtonStyle?
    /// Colour of unselected buttons (`button.tint`); nil: the preset's for the theme.
    public var tint: RGBAColor?
    /// Colour of the selected button (`button.selectedTint`); nil: the preset's for the theme.
    public var selectedTint: RGBAColor?
    /// Title font (`button.font`); nil: the preset's.
    public var font: FontSpec?
    /// Title font from half selection on (`button.selectedFont`); nil: the preset's, which keeps
    /// `font`.
    public var selectedFont: FontSpec?
    /// Whether unselected buttons are drawn at half alpha (`button.adjustsAlpha`); nil: the
    /// preset's.
    public var adjustsAlpha: Bool?
    /// Space inside each button around its content (`button.contentInsets`); nil: the preset's.
    public var contentInsets: Insets?
    /// Most lines a title wraps onto before it is ellipsized (`button.lines`); nil: the preset's.
    public var lines: Int?
    /// Where the content sits in the button's height (`button.verticalAlignment`); nil: the
    /// preset's.
    public var verticalAlignment: ContentAlignment?
    /// Icon above or before the title (`button.imagePosition`); nil: the preset's.
    public var imagePosition: ImagePosition?
    /// Side of the icon box in points (`button.iconSize`); nil: the preset's.
    public var iconSize: Double?
    /// Points between icon and title (`button.iconSpacing`); nil: the preset's.
    public var iconSpacing: Double?
    /// 1 turns the shrinking off.
    public var unselectedIconScale: Double?
    /// Whether icons take the button colour or keep their own (`button.renderingMode`); nil: the
    /// preset's.
    public var renderingMode: RenderingMode?
    /// A shape behind the selected button (`button.selectedBackground`): `.off` for none; nil: the
    /// preset's (none in every preset).
    public var selectedBackground: Switchable<SelectedBackground>?
    /// A selected background of your own (any `BarSelectedBackground`), drawn instead of the
    /// built-in one (and even where `selectedBackground` is off); nil: the built-in. Specs name one
    /// with `button: {selectedBackground: {custom: NAME}}` once a tabsnap build registers it.
    public var customSelectedBackground: AnyBarSelectedBackground?
    /// The content's scale once selected (`button.selectedScale`); nil: 1.
    public var selectedScale: Double?
    /// How far the content moves once selected (`button.selectedOffset`); nil: nowhere.
    public var selectedOffset: ContentOffset?

    /// Button settings with nothing set: the preset's buttons throughout.
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
        options.selectedScale = selectedScale ?? preset.selectedScale
        options.selectedOffset = selectedOffset ?? preset.selectedOffset
        return options
    }
}

/// The `indicator` section as a user set it: each field left nil takes the preset's (see
/// `IndicatorOptions` for what each one does).
public struct IndicatorSettings: Sendable, Hashable {
    /// Line, block, dot, chevron or `.hidden` (`indicator.style`; `indicator: none` sets
    /// `.hidden`); nil: the preset's.
    public var style: IndicatorStyle?
    /// Line thickness, or dot and chevron size (`indicator.weight`); nil: the preset's.
    public var weight: IndicatorWeight?
    /// Rounding of a line's or block's corners (`indicator.corners`); nil: the preset's.
    public var corners: IndicatorCorners?
    /// What the indicator does past the first or last button (`indicator.overscroll`); nil: the
    /// preset's.
    public var overscroll: Overscroll?
    /// Whether the indicator grows from the first button to the focus (`indicator.progressive`);
    /// nil: the preset's.
    public var progressive: Bool?
    /// Indicator colour (`indicator.color`); nil: the preset's, else the selected tint (a block:
    /// the unselected tint at 25 % alpha).
    public var color: RGBAColor?
    /// Top, bottom or fill (`indicator.display`); nil: the preset's, else the style's own.
    public var display: IndicatorDisplay?
    /// The focused button's width, the title's, or a number of points (`indicator.width`); nil: the
    /// preset's.
    public var width: IndicatorWidth?

    /// Indicator settings with nothing set: the preset's indicator throughout.
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
    /// Which edge the line runs along (`separator.edge`); nil: the preset's, else opposite the
    /// placement.
    public var edge: Hairline.Edge?
    /// Line colour (`separator.color`); nil: the preset's, else the theme's hairline colour.
    public var color: RGBAColor?
    /// Thickness in points (`separator.width`); nil: the preset's, else 0.5.
    public var width: Double?

    /// Hairline settings; each field left nil takes the preset's value, else the default.
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
    /// Line colour (`layout.separators.color`); nil: the theme's hairline colour.
    public var color: RGBAColor?
    /// Line thickness in points (`layout.separators.width`); nil: 1.
    public var width: Double?
    /// Gap in points between a line's ends and the buttons' top and bottom
    /// (`layout.separators.inset`); nil: 4.
    public var inset: Double?

    /// Separator settings; each field left nil takes its default.
    public init(color: RGBAColor? = nil, width: Double? = nil, inset: Double? = nil) {
        self.color = color
        self.width = width
        self.inset = inset
    }

    func resolved(over preset: SeparatorOptions) -> SeparatorOptions {
        SeparatorOptions(color: color ?? preset.color, width: width ?? preset.width, inset: inset ?? preset.inset)
    }
}
