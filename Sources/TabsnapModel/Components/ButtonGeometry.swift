/// One button at the geometry's position: its slot, how selected it is, and the title, icon,
/// selected background and badge it draws, all in content coordinates (points).
public struct ButtonGeometry: Sendable, Hashable, Encodable {
    /// The button's slot: its span from the layout mode, as tall as the bar inside the layout's top
    /// and bottom insets.
    public var frame: Rect
    /// v_i: 0 unselected … 1 selected.
    public var selection: Double
    /// 0.5 + 0.5·v with `adjustsAlpha`, else 1. Multiplies `color`'s own alpha when drawn.
    public var alpha: Double
    /// Interpolated tint.
    public var color: RGBAColor
    /// Plain title (markup's text when the item has markup); nil when the button draws no title.
    public var title: String?
    /// The item's pango markup, drawn instead of `title`; nil when it has none or the button draws
    /// no title.
    public var markup: String?
    /// Most lines the title wraps onto before it is ellipsized.
    public var titleLines: Int
    /// Where the title's logical box goes (zero size without a title).
    public var titleFrame: Rect
    /// The title is narrower than its text: drawn ellipsized (or wrapped onto `lines`).
    public var titleClipped: Bool
    /// The font in effect at this selection, as the button placed it: the built-ins apply the
    /// bar's text scale; a custom button applies `environment.textScale` itself.
    public var font: FontSpec
    /// Where the icon goes, shrunk by selection (zero size without an icon).
    public var iconFrame: Rect
    /// The icon drawn in `iconFrame`; nil when the button draws none.
    public var icon: ButtonIcon?
    /// The selected background behind this button when it fades (motion fade), its alpha already
    /// multiplied by the selection.
    public var background: ShapeGeometry?
    /// The item's badge, placed; nil when the item has none.
    public var badge: BadgeGeometry?
    /// Frames of a custom button's own (`ButtonContent.parts`); none for the built-ins.
    public var parts: [ButtonPart]

    /// A button of these values (`parts`: none unless given).
    public init(frame: Rect, selection: Double, alpha: Double, color: RGBAColor, title: String?, markup: String?,
                titleLines: Int, titleFrame: Rect, titleClipped: Bool, font: FontSpec, iconFrame: Rect, icon: ButtonIcon?,
                background: ShapeGeometry?, badge: BadgeGeometry?, parts: [ButtonPart] = []) {
        self.frame = frame
        self.selection = selection
        self.alpha = alpha
        self.color = color
        self.title = title
        self.markup = markup
        self.titleLines = titleLines
        self.titleFrame = titleFrame
        self.titleClipped = titleClipped
        self.font = font
        self.iconFrame = iconFrame
        self.icon = icon
        self.background = background
        self.badge = badge
        self.parts = parts
    }

    /// The button in `frame` at `selection` with what it placed there, its selected background
    /// and badge.
    public init(frame: Rect, selection: Double, content: ButtonContent, background: ShapeGeometry?, badge: BadgeGeometry?) {
        self.init(frame: frame, selection: selection, alpha: content.alpha, color: content.color, title: content.title,
                  markup: content.markup, titleLines: content.titleLines, titleFrame: content.titleFrame,
                  titleClipped: content.titleClipped, font: content.font, iconFrame: content.iconFrame, icon: content.icon,
                  background: background, badge: badge, parts: content.parts)
    }

    /// What the title draws: the markup when there is one, else the plain title.
    public var text: TextContent? { TextContent.shown(title: title, markup: markup) }

    // `tabsnap layout` prints frames, colours and titles; icon sources and line counts stay out.
    private enum CodingKeys: String, CodingKey {
        case frame, selection, alpha, color, title, markup, titleFrame, titleClipped, font, iconFrame, background, badge, parts
    }

    /// Encodes what `tabsnap layout` prints: frames, selection, colour, title and font (`title` an
    /// explicit null when untitled); the icon and the title's line count stay out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frame, forKey: .frame)
        try container.encode(selection, forKey: .selection)
        try container.encode(alpha, forKey: .alpha)
        try container.encode(color, forKey: .color)
        try container.encode(title, forKey: .title)  // explicit null for an untitled button
        try container.encodeIfPresent(markup, forKey: .markup)
        try container.encode(titleFrame, forKey: .titleFrame)
        try container.encode(titleClipped, forKey: .titleClipped)
        try container.encode(font, forKey: .font)
        try container.encode(iconFrame, forKey: .iconFrame)
        try container.encodeIfPresent(background, forKey: .background)
        try container.encodeIfPresent(badge, forKey: .badge)
        if !parts.isEmpty { try container.encode(parts, forKey: .parts) }
    }
}

/// The icon a button draws: `image`, cross-fading to `selectedImage` (when the item has a different
/// selected icon) as the button is selected.
public struct ButtonIcon: Sendable, Hashable {
    /// The icon at rest: the item's `icon`, or its `selectedIcon` when only that is set.
    public var image: Icon
    /// The icon that fades in as the button is selected; nil when the item has no different
    /// selected icon (then `image` is drawn at every selection).
    public var selectedImage: Icon?
    /// template: drawn in the button's colour; original: in the icon's own colours.
    public var renderingMode: RenderingMode
    /// Whether the icon is where it rests, not part-way through growing, shrinking or moving with
    /// the selection (`unselectedIconScale`, `selectedScale`, `selectedOffset`). Raster output snaps a resting icon
    /// to device pixels, so its edges stay sharp; a growing one keeps its exact place, so it moves
    /// smoothly (round 42: snapped whenever its size happened to be whole pixels, a growing icon
    /// jumped half a pixel at exactly half selection).
    public var isResting: Bool

    /// An icon drawn in `renderingMode`, cross-fading to `selectedImage` when given; `isResting`
    /// false while it grows or shrinks with the selection.
    public init(image: Icon, selectedImage: Icon? = nil, renderingMode: RenderingMode = .template, isResting: Bool = true) {
        self.image = image
        self.selectedImage = selectedImage
        self.renderingMode = renderingMode
        self.isResting = isResting
    }

    /// The item's icons (its own rendering mode over `renderingMode`), or nil when it has none.
    public init?(_ item: BarItem, renderingMode: RenderingMode) {
        guard let image = item.icon ?? item.selectedIcon else { return nil }
        self.image = image
        self.selectedImage = item.icon != nil && item.selectedIcon != image ? item.selectedIcon : nil
        self.renderingMode = item.renderingMode ?? renderingMode
        isResting = true
    }
}
