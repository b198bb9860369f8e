/// How each bar button looks (Tabman's TMBarButton types).
public struct ButtonOptions: Sendable, Hashable, Codable {
    public var style: ButtonStyle
    /// Colour when unselected.
    public var tint: Color
    /// Colour when selected; in between, colours interpolate per sRGB channel.
    public var selectedTint: Color
    public var font: FontSpec
    /// Font once the button is at least half selected; nil keeps `font`.
    public var selectedFont: FontSpec?
    /// Tabman's default state: alpha 0.5 unselected → 1.0 selected.
    public var adjustsAlpha: Bool
    /// Space inside each button around its content.
    public var contentInsets: Insets

    public init(style: ButtonStyle, tint: Color, selectedTint: Color, font: FontSpec,
                selectedFont: FontSpec? = nil, adjustsAlpha: Bool, contentInsets: Insets) {
        self.style = style
        self.tint = tint
        self.selectedTint = selectedTint
        self.font = font
        self.selectedFont = selectedFont
        self.adjustsAlpha = adjustsAlpha
        self.contentInsets = contentInsets
    }
}

public enum ButtonStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A title (Tabman's TMLabelBarButton).
    case label
    /// An icon alone.
    case icon
    /// Icon above the title (Tabman's TMTabItemBarButton).
    case tabItem
    /// No buttons at all (Tabman's LineBar).
    case none
}
