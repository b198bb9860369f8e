/// Text as written: plain, or pango markup.
public enum TextContent: Sendable, Hashable {
    /// Text drawn as written, with no markup parsing.
    case plain(String)
    /// Pango markup such as `<b>Sale</b> 50%`, parsed for its styling.
    case markup(String)

    /// A title's text: its markup when there is one, else the plain title; nil when both are empty.
    public static func shown(title: String?, markup: String?) -> TextContent? {
        if let markup, !markup.isEmpty { return .markup(markup) }
        if let title, !title.isEmpty { return .plain(title) }
        return nil
    }

    /// The text as written, markup and all.
    public var written: String {
        switch self {
        case .plain(let text), .markup(let text): text
        }
    }

    private var isMarkup: Bool {
        if case .markup = self { return true }
        return false
    }

    /// Equal when written alike, byte for byte (`ExactText`): pango draws the bytes it is
    /// given, so two texts Unicode calls equivalent (an é precomposed, or an e and a combining
    /// accent) may shape differently and are two texts here; and texts are keys of the
    /// renderer's memos, which `String`'s normalising hash made three quarters of `lint`'s time.
    public static func == (lhs: TextContent, rhs: TextContent) -> Bool {
        lhs.isMarkup == rhs.isMarkup && ExactText(lhs.written) == ExactText(rhs.written)
    }

    /// Hashes the kind and the written text as `ExactText` does.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isMarkup)
        hasher.combine(ExactText(written))
    }
}

/// One entry of the bar.
public struct BarItem: Sendable, Hashable {
    /// The button's title (spec key `title`; a bare string in `items` is a title); nil or empty for
    /// none.
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
    /// What VoiceOver and TalkBack speak for the button instead of its title (UIKit's
    /// `accessibilityLabel`); an icon-only button needs one. Never drawn.
    public var accessibilityLabel: String?
    /// What is spoken after a pause, saying what the button does (`accessibilityHint`). Never drawn.
    public var accessibilityHint: String?

    /// An item; every part is optional, and each parameter sets the property of the same name.
    public init(title: String? = nil, icon: Icon? = nil, selectedIcon: Icon? = nil, badge: String? = nil,
                markup: String? = nil, renderingMode: RenderingMode? = nil,
                accessibilityLabel: String? = nil, accessibilityHint: String? = nil) {
        self.title = title
        self.icon = icon
        self.selectedIcon = selectedIcon
        self.badge = badge
        self.markup = markup
        self.renderingMode = renderingMode
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityHint = accessibilityHint
    }

    /// What the button shows as text: the markup when there is one, else the plain title.
    public var text: TextContent? { TextContent.shown(title: title, markup: markup) }
}
