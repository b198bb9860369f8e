/// What a button placed in its slot: `BarButton.place(_:measured:in:)`'s answer, in content
/// coordinates laid out left to right. The bar adds the slot, the selection, a selected background
/// around `restingContent` and a badge on `badgeAnchor`, and reports it all as a `ButtonGeometry`.
public struct ButtonContent: Sendable, Hashable {
    /// The content's colour at this selection (titles and template icons are drawn in it).
    public var color: RGBAColor
    /// Multiplies `color`'s alpha (Tabman's default state: 0.5 unselected → 1 selected).
    public var alpha: Double
    /// The plain title; nil draws none.
    public var title: String?
    /// Pango markup drawn instead of `title`; nil for none.
    public var markup: String?
    /// Where the title's logical box goes.
    public var titleFrame: Rect
    /// Most lines the title wraps onto.
    public var titleLines: Int
    /// The title is narrower than its text: drawn ellipsized (or wrapped onto `titleLines`).
    public var titleClipped: Bool
    /// The title's font at this selection.
    public var font: FontSpec
    /// The icon; nil draws none.
    public var icon: ButtonIcon?
    /// Where the icon goes.
    public var iconFrame: Rect
    /// Where a badge rides: it sits on this frame's top corner (or beside it, after a title, when
    /// `badgeBesideTitle`).
    public var badgeAnchor: Rect
    /// The badge follows the title (the button made room for it) rather than riding an icon.
    public var badgeBesideTitle: Bool
    /// What a selected background encloses (the content at rest, so the background does not
    /// breathe with the selection); zero: the whole slot.
    public var restingContent: Rect
    /// Frames of the button's own, for its drawing and for `tabsnap layout`.
    public var parts: [ButtonPart]

    /// Content of these values; a button without a title or icon leaves them out.
    public init(color: RGBAColor, alpha: Double = 1, title: String? = nil, markup: String? = nil, titleFrame: Rect = .zero,
                titleLines: Int = 1, titleClipped: Bool = false, font: FontSpec = FontSpec(size: 15), icon: ButtonIcon? = nil,
                iconFrame: Rect = .zero, badgeAnchor: Rect, badgeBesideTitle: Bool = false, restingContent: Rect = .zero,
                parts: [ButtonPart] = []) {
        self.color = color
        self.alpha = alpha
        self.title = title
        self.markup = markup
        self.titleFrame = titleFrame
        self.titleLines = titleLines
        self.titleClipped = titleClipped
        self.font = font
        self.icon = icon
        self.iconFrame = iconFrame
        self.badgeAnchor = badgeAnchor
        self.badgeBesideTitle = badgeBesideTitle
        self.restingContent = restingContent
        self.parts = parts
    }
}
