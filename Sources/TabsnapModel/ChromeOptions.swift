/// The parts of a bar around its buttons: badges, separators, hairline, placement on the screen.

/// Where the bar sits on the screen (SwipeTabController offers both). It picks which edge the
/// hairline goes on by default: a bottom bar has it on top, a top bar below.
public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
    /// At the top of the screen with its hairline below (the default of every preset but tabBar),
    /// or at the bottom with its hairline above.
    case top, bottom
}

/// Extra room above and below the bar's content for the status bar or the home indicator; the
/// background fills it, the buttons stay out of it.
public struct SafeArea: Sendable, Hashable, Codable {
    /// Points added above the content, as the status bar's room.
    public var top: Double
    /// Points added below the content, as the home indicator's room (34 on Face ID iPhones in
    /// portrait).
    public var bottom: Double

    /// A safe area of `top` and `bottom` points; either left out is 0.
    public init(top: Double = 0, bottom: Double = 0) {
        self.top = top
        self.bottom = bottom
    }

    /// No extra room (the default).
    public static let zero = SafeArea()
}

/// A hairline along the bar's top or bottom edge (UITabBar's shadow line).
public struct Hairline: Sendable, Hashable, Codable {
    /// Which edge of the bar a hairline runs along (spec key `separator.edge`).
    public enum Edge: String, Sendable, Hashable, Codable, CaseIterable {
        /// The top edge, the bottom edge, or both; the edges of the whole picture, safe area
        /// included.
        case top, bottom, both
    }

    /// nil: opposite the placement (top edge for a bottom bar).
    public var edge: Edge?
    /// Line colour (spec key `separator.color`).
    public var color: RGBAColor
    /// Thickness in points (spec key `separator.width`; default 0.5).
    public var width: Double

    /// A hairline `width` points thick in `color`; a nil `edge` puts it opposite the bar's
    /// placement.
    public init(edge: Edge? = nil, color: RGBAColor, width: Double = 0.5) {
        self.edge = edge
        self.color = color
        self.width = width
    }
}

/// Vertical lines between neighbouring buttons.
public struct SeparatorOptions: Sendable, Hashable, Codable {
    /// Line colour (spec key `layout.separators.color`); the lines beside the selected button fade
    /// out with its selection.
    public var color: RGBAColor
    /// Line thickness in points (spec key `layout.separators.width`; default 1).
    public var width: Double
    /// Gap between a separator's ends and the buttons' top and bottom.
    public var inset: Double

    /// Separators in `color`, `width` points thick, stopping `inset` points short of the buttons'
    /// top and bottom.
    public init(color: RGBAColor, width: Double = 1, inset: Double = 4) {
        self.color = color
        self.width = width
        self.inset = inset
    }
}

/// How badges look; each item's `badge` gives the value.
public struct BadgeOptions: Sendable, Hashable, Codable {
    /// The top corner a badge sits on (spec key `badges.position`).
    public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
        /// The top trailing corner (the default, as iOS draws badges) or the top leading one;
        /// trailing is the right in a left-to-right bar. Beside a title, the badge follows or
        /// precedes it.
        case topTrailing, topLeading
    }

    /// Badge fill (spec key `badges.color`; default iOS red, #FF3B30).
    public var color: RGBAColor
    /// Colour of the badge's value (spec key `badges.textColor`; default white).
    public var textColor: RGBAColor
    /// Font of the badge's value (spec key `badges.font`; default Inter bold 11).
    public var font: FontSpec
    /// Which top corner the badge sits on (spec key `badges.position`; default `.topTrailing`).
    public var position: Anchor
    /// Moves the badge from its corner, in points: x outward (away from the side the badge sits
    /// on), y down.
    public var offset: BadgeOffset

    /// Badge options; each parameter sets the property of the same name, and the defaults are iOS's
    /// look: white Inter bold 11 on red at the top-trailing corner, not moved.
    public init(color: RGBAColor = RGBAColor(hex: "#FF3B30")!, textColor: RGBAColor = .white,
                font: FontSpec = FontSpec(weight: .bold, size: 11), position: Anchor = .topTrailing,
                offset: BadgeOffset = BadgeOffset()) {
        self.color = color
        self.textColor = textColor
        self.font = font
        self.position = position
        self.offset = offset
    }
}

/// How far badges are moved from their place, in points (spec key `badges.offset`).
public struct BadgeOffset: Sendable, Hashable, Codable {
    /// Points outward, away from the side the badge sits on; negative values move it inward.
    public var x: Double
    /// Points down; negative values move it up.
    public var y: Double

    /// An offset of `x` points outward and `y` points down; both 0 (no move) by default.
    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }
}
