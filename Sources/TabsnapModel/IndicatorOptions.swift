/// The view that shows the current position (Tabman's TMBarIndicator types).
public struct IndicatorOptions: Sendable, Hashable, Codable {
    /// Which indicator is drawn, if any (spec key `indicator.style`).
    public var style: IndicatorStyle
    /// Line thickness, or dot and chevron size (spec key `indicator.weight`; default medium).
    public var weight: IndicatorWeight
    /// Rounding of a line's or block's corners (spec key `indicator.corners`; default square).
    public var corners: IndicatorCorners
    /// What the indicator does when the position is before the first button or past the last (spec
    /// key `indicator.overscroll`; default bounce).
    public var overscroll: Overscroll
    /// Progressive: the indicator grows from the first button to the focus.
    public var progressive: Bool
    /// nil: the selected tint (block: the tint at 25 % alpha).
    public var color: RGBAColor?
    /// nil: the style's own display (line bottom, block fill, dot and chevron bottom). A block
    /// always fills the buttons' band (specs refuse top and bottom for it).
    public var display: IndicatorDisplay?
    /// How wide the indicator is (spec key `indicator.width`; default the focused button's width).
    public var width: IndicatorWidth

    /// Indicator options; each parameter sets the property of the same name. The defaults are
    /// Tabman's: medium weight, square corners, as wide as the button, bouncing on overscroll, not
    /// progressive, in the default colour, at the style's own display.
    public init(style: IndicatorStyle, weight: IndicatorWeight = .medium, corners: IndicatorCorners = .square,
                overscroll: Overscroll = .bounce, progressive: Bool = false, color: RGBAColor? = nil,
                display: IndicatorDisplay? = nil, width: IndicatorWidth = .button) {
        self.style = style
        self.weight = weight
        self.corners = corners
        self.overscroll = overscroll
        self.progressive = progressive
        self.color = color
        self.display = display
        self.width = width
    }

    /// Where the indicator is drawn, resolving the style's default.
    public var resolvedDisplay: IndicatorDisplay {
        if style == .block { return .fill }
        return display ?? .bottom
    }
}

/// The kind of indicator (Tabman's TMBarIndicator types; spec key `indicator.style`).
public enum IndicatorStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A line along the bar's edge (TMLineBarIndicator), a block behind the focused button
    /// (TMBlockBarIndicator), a dot 4 pt off the edge (TMDotBarIndicator), or an upward-pointing
    /// triangle at the edge (TMChevronBarIndicator); dot and chevron are centred on the focus.
    case line, block, dot, chevron
    /// No indicator (`none` in specs).
    case hidden = "none"
}

/// Tabman's display modes: above the content, below it, or filling the bar behind it.
public enum IndicatorDisplay: String, Sendable, Hashable, Codable, CaseIterable {
    /// Along the bar's top edge, along its bottom edge, or filling its height behind the buttons'
    /// content.
    case top, bottom, fill
}

/// How round a line's or block's corners are (Tabman's `TMLineBarIndicator.CornerStyle`; spec key
/// `indicator.corners`).
public enum IndicatorCorners: String, Sendable, Hashable, Codable, CaseIterable {
    /// Sharp corners; a radius of a quarter of a line's thickness (a sixth of a block's height); or
    /// a radius of half the height, for fully round ends (Tabman spells it `eliptical`).
    case square, rounded, elliptical
}

/// What the indicator does past the first or last button.
public enum Overscroll: String, Sendable, Hashable, Codable, CaseIterable {
    /// Moves on past the end.
    case bounce
    /// Shrinks against the end.
    case compress
    /// Stays clamped at the end (`none` in specs; a Swift name that cannot be mistaken for nil).
    case clamp = "none"
}

/// Line thickness / dot and chevron size, by name or in points.
public enum IndicatorWeight: Sendable, Hashable, Codable {
    /// Tabman's named weights: a line 2, 4 or 8 pt thick, a dot 6, 8 or 12 pt across, a chevron
    /// 10×8, 14×12 or 20×16 pt.
    case light, medium, heavy
    /// A line's thickness, a dot's diameter, or a chevron's width (its height is 0.8 of it), in
    /// points (Tabman's `custom(value:)`).
    case points(Double)

    /// The names a spec may write, for the suggestions of error messages.
    public static let names = ["light", "medium", "heavy"]

    /// The weight `name` stands for, spelt exactly as in `names`; nil for any other word.
    public init?(name: String) {
        switch name {
        case "light": self = .light
        case "medium": self = .medium
        case "heavy": self = .heavy
        default: return nil
        }
    }

    /// Encodes the spec form: the name, or the number of points.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .light: try container.encode("light")
        case .medium: try container.encode("medium")
        case .heavy: try container.encode("heavy")
        case .points(let value): try container.encode(value)
        }
    }

    /// Decodes the spec form: a number of points, or a name from `names`.
    /// - Throws: `DecodingError.dataCorrupted` for any other word.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Double.self) {
            self = .points(value)
        } else {
            let name = try container.decode(String.self)
            guard let weight = IndicatorWeight(name: name) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown weight \(name)")
            }
            self = weight
        }
    }
}

/// How wide the indicator is relative to the focus area.
public enum IndicatorWidth: Sendable, Hashable, Codable {
    /// As wide as the focused button (Tabman).
    case button
    /// As wide as the measured title, centred in the focus.
    case title
    /// A fixed width in points, centred in the focus.
    case points(Double)

    /// Encodes the spec form: `button`, `title`, or the number of points.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .button: try container.encode("button")
        case .title: try container.encode("title")
        case .points(let value): try container.encode(value)
        }
    }

    /// Decodes the spec form: a number of points, `button` or `title`.
    /// - Throws: `DecodingError.dataCorrupted` for any other word.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Double.self) {
            self = .points(value)
        } else {
            switch try container.decode(String.self) {
            case "button": self = .button
            case "title": self = .title
            case let other:
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown indicator width \(other)")
            }
        }
    }
}
