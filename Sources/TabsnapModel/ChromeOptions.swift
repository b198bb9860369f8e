/// The parts of a bar around its buttons: badges, separators, hairline, placement on the screen.

/// Where the bar sits on the screen (SwipeTabController offers both). It picks which edge the
/// hairline goes on by default: a bottom bar has it on top, a top bar below.
public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
    case top, bottom
}

/// Extra room above and below the bar's content for the status bar or the home indicator; the
/// background fills it, the buttons stay out of it.
public struct SafeArea: Sendable, Hashable, Codable {
    public var top: Double
    public var bottom: Double

    public init(top: Double = 0, bottom: Double = 0) {
        self.top = top
        self.bottom = bottom
    }

    public static let zero = SafeArea()
}

/// A hairline along the bar's top or bottom edge (UITabBar's shadow line).
public struct Hairline: Sendable, Hashable, Codable {
    public enum Edge: String, Sendable, Hashable, Codable, CaseIterable {
        case top, bottom, both
    }

    /// nil: opposite the placement (top edge for a bottom bar).
    public var edge: Edge?
    public var color: RGBAColor
    public var width: Double

    public init(edge: Edge? = nil, color: RGBAColor, width: Double = 0.5) {
        self.edge = edge
        self.color = color
        self.width = width
    }
}

/// Vertical lines between neighbouring buttons.
public struct SeparatorOptions: Sendable, Hashable, Codable {
    public var color: RGBAColor
    public var width: Double
    /// Gap between a separator's ends and the buttons' top and bottom.
    public var inset: Double

    public init(color: RGBAColor, width: Double = 1, inset: Double = 4) {
        self.color = color
        self.width = width
        self.inset = inset
    }
}

/// How badges look; each item's `badge` gives the value.
public struct BadgeOptions: Sendable, Hashable, Codable {
    public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
        case topTrailing, topLeading
    }

    public var color: RGBAColor
    public var textColor: RGBAColor
    public var font: FontSpec
    public var position: Anchor
    /// Moves the badge from its corner, in points: x outward (away from the side the badge sits
    /// on), y down.
    public var offset: BadgeOffset

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

public struct BadgeOffset: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double = 0, y: Double = 0) {
        self.x = x
        self.y = y
    }
}
