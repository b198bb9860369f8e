/// How each bar button looks (Tabman's TMBarButton types).
public struct ButtonOptions: Sendable, Hashable, Codable {
    public var style: BarButtonStyle
    /// Colour when unselected.
    public var tint: RGBAColor
    /// Colour when selected; in between, colours interpolate per sRGB channel.
    public var selectedTint: RGBAColor
    public var font: FontSpec
    /// Font once the button is at least half selected; nil keeps `font`.
    public var selectedFont: FontSpec?
    /// Tabman's default state: alpha 0.5 unselected → 1.0 selected.
    public var adjustsAlpha: Bool
    /// Space inside each button around its content.
    public var contentInsets: Insets
    /// Most lines a title may wrap onto before it is ellipsized.
    public var lines: Int
    /// Where the content sits inside the button's height.
    public var verticalAlignment: ContentAlignment
    /// Tab items: icon above the title, or before it.
    public var imagePosition: ImagePosition
    /// Icon box, in points.
    public var iconSize: Double
    /// Gap between icon and title.
    public var iconSpacing: Double
    /// Unselected icons are drawn at this scale, growing to 1 when selected (1 turns it off).
    public var unselectedIconScale: Double
    /// template: icons take the button colour; original: they keep their own.
    public var renderingMode: RenderingMode
    /// A pill or rounded rect behind the selected button, fading in with selection.
    public var selectedBackground: SelectedBackground?

    public init(style: BarButtonStyle, tint: RGBAColor, selectedTint: RGBAColor, font: FontSpec,
                selectedFont: FontSpec? = nil, adjustsAlpha: Bool, contentInsets: Insets,
                lines: Int = 1, verticalAlignment: ContentAlignment = .center, imagePosition: ImagePosition = .top,
                iconSize: Double = 30, iconSpacing: Double = 6, unselectedIconScale: Double = 0.9,
                renderingMode: RenderingMode = .template, selectedBackground: SelectedBackground? = nil) {
        self.style = style
        self.tint = tint
        self.selectedTint = selectedTint
        self.font = font
        self.selectedFont = selectedFont
        self.adjustsAlpha = adjustsAlpha
        self.contentInsets = contentInsets
        self.lines = lines
        self.verticalAlignment = verticalAlignment
        self.imagePosition = imagePosition
        self.iconSize = iconSize
        self.iconSpacing = iconSpacing
        self.unselectedIconScale = unselectedIconScale
        self.renderingMode = renderingMode
        self.selectedBackground = selectedBackground
    }
}

public enum BarButtonStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A title (Tabman's TMLabelBarButton).
    case label
    /// An icon alone.
    case icon
    /// Icon and title (Tabman's TMTabItemBarButton).
    case tabItem
    /// No buttons at all (Tabman's LineBar; `none` in specs, a Swift name that cannot be mistaken for nil).
    case hidden = "none"

    /// Icon buttons have no title: it is neither measured nor drawn.
    public var hasTitle: Bool { self != .icon }
    /// LineBar's buttons are empty slots: laid out (they place the indicator) but never drawn.
    public var isDrawn: Bool { self != .hidden }
}

public enum ContentAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    case top, center, bottom
}

public enum ImagePosition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Icon above the title (UITabBar, Tabman's tab item).
    case top
    /// Icon before the title on the same line (SwipeTabController's alternative).
    case leading
}

public enum RenderingMode: String, Sendable, Hashable, Codable, CaseIterable {
    case template, original
}

/// The segmented / pill look: a shape behind the selected button.
public struct SelectedBackground: Sendable, Hashable, Codable {
    public enum Style: String, Sendable, Hashable, Codable, CaseIterable {
        /// Fully rounded ends.
        case pill
        /// Corners of `cornerRadius`.
        case roundedRect
    }

    /// How the shape moves from one button to the next.
    public enum Motion: String, Sendable, Hashable, Codable, CaseIterable {
        /// One shape whose frame interpolates between the two buttons, as a segmented control's
        /// thumb slides.
        case slide
        /// A shape behind each button, its alpha following the button's selection.
        case fade
    }

    public var style: Style
    /// nil: the selected tint at 15 % alpha.
    public var color: RGBAColor?
    /// Inset from the button's frame; the shape always encloses the button's content with this
    /// much to spare (a tight label button gets a pill wider than itself).
    public var insets: Insets
    public var cornerRadius: Double
    public var motion: Motion

    public init(style: Style = .pill, color: RGBAColor? = nil, insets: Insets = Insets(left: 4, right: 4, top: 4, bottom: 4),
                cornerRadius: Double = 8, motion: Motion = .slide) {
        self.style = style
        self.color = color
        self.insets = insets
        self.cornerRadius = cornerRadius
        self.motion = motion
    }
}
