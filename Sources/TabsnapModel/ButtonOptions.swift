/// How each bar button looks (Tabman's TMBarButton types).
public struct ButtonOptions: Sendable, Hashable, Codable {
    /// What each button shows: a title, an icon, both, or nothing (spec key `button.style`).
    public var style: BarButtonStyle
    /// Colour when unselected.
    public var tint: RGBAColor
    /// Colour when selected; in between, colours interpolate per sRGB channel.
    public var selectedTint: RGBAColor
    /// Title font (spec key `button.font`); from half selection on, `selectedFont` replaces it when
    /// set.
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
    /// The content's scale once selected (1 + (s − 1)·v on the way): a Tinder-like growing icon.
    /// Titles grow with their font. Buttons are sized for their largest state.
    public var selectedScale: Double = 1
    /// How far the content moves once selected (v times it on the way), in points, y down: a
    /// raised selected tab is `ContentOffset(x: 0, y: -6)`. Buttons keep room for it.
    public var selectedOffset: ContentOffset = .zero

    /// Button options; each parameter sets the property of the same name. The defaults are those
    /// every preset shares: one line, centred, icon above the title, 30 pt icons 6 pt from it,
    /// unselected icons at 0.9, template icons, no selected background.
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

/// A move of a button's content, in points, y growing downward (spec key `button.selectedOffset`).
public struct ContentOffset: Sendable, Hashable, Codable {
    /// Rightward.
    public var x: Double
    /// Downward (negative raises).
    public var y: Double

    /// No move.
    public static let zero = ContentOffset(x: 0, y: 0)

    /// The offset (`x`, `y`).
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }
}

/// What a button shows (Tabman's TMBarButton types; spec key `button.style`).
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

/// Where a button's content sits in its height (spec key `button.verticalAlignment`).
public enum ContentAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Against the top content inset, centred between the insets (the default), or against the
    /// bottom inset.
    case top, center, bottom
}

/// Where a tab item's icon sits relative to its title (spec key `button.imagePosition`).
public enum ImagePosition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Icon above the title (UITabBar, Tabman's tab item).
    case top
    /// Icon before the title on the same line (SwipeTabController's alternative).
    case leading
}

/// How icons are coloured, as with UIKit's `UIImage.RenderingMode` (spec key `renderingMode`, on
/// `button` or on an item).
public enum RenderingMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// `template` (the default) fills the icon's shape with the button's colour, so it follows the
    /// tint and the selection and loses its own colours; `original` draws the icon in its own
    /// colours, never tinted.
    case template, original
}

/// The segmented / pill look: a shape behind the selected button.
public struct SelectedBackground: Sendable, Hashable, Codable {
    /// The shape's outline (spec key `selectedBackground.style`).
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

    /// Pill or rounded rect (default `.pill`).
    public var style: Style
    /// nil: the selected tint at 15 % alpha.
    public var color: RGBAColor?
    /// Inset from the button's frame; the shape always encloses the button's content with this
    /// much to spare (a tight label button gets a pill wider than itself).
    public var insets: Insets
    /// Corner radius in points of a `.roundedRect` (default 8); a pill's is always half its height.
    public var cornerRadius: Double
    /// How the shape moves from one button to the next (default `.slide`).
    public var motion: Motion

    /// A selected background; each parameter sets the property of the same name. The defaults make
    /// a pill inset 4 pt from the button's frame, in the selected tint at 15 % alpha, sliding from
    /// button to button.
    public init(style: Style = .pill, color: RGBAColor? = nil, insets: Insets = Insets(left: 4, right: 4, top: 4, bottom: 4),
                cornerRadius: Double = 8, motion: Motion = .slide) {
        self.style = style
        self.color = color
        self.insets = insets
        self.cornerRadius = cornerRadius
        self.motion = motion
    }
}
