/// The view that shows the current position (Tabman's TMBarIndicator types).
public struct IndicatorOptions: Sendable, Hashable, Codable {
    public var style: IndicatorStyle
    public var weight: IndicatorWeight
    public var corners: IndicatorCorners
    public var overscroll: Overscroll
    /// Progressive: the indicator grows from the first button to the focus.
    public var progressive: Bool
    /// nil: the selected tint (block: the tint at 25 % alpha).
    public var color: RGBAColor?
    /// nil: the style's own display (line bottom, block fill, dot and chevron bottom). A block
    /// always fills the buttons' band (specs refuse top and bottom for it).
    public var display: IndicatorDisplay?
    public var width: IndicatorWidth

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

public enum IndicatorStyle: String, Sendable, Hashable, Codable, CaseIterable {
    case line, block, dot, chevron
    /// No indicator (`none` in specs).
    case hidden = "none"
}

/// Tabman's display modes: above the content, below it, or filling the bar behind it.
public enum IndicatorDisplay: String, Sendable, Hashable, Codable, CaseIterable {
    case top, bottom, fill
}

public enum IndicatorCorners: String, Sendable, Hashable, Codable, CaseIterable {
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
    case light, medium, heavy
    case points(Double)

    public static let names = ["light", "medium", "heavy"]

    public init?(name: String) {
        switch name {
        case "light": self = .light
        case "medium": self = .medium
        case "heavy": self = .heavy
        default: return nil
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .light: try container.encode("light")
        case .medium: try container.encode("medium")
        case .heavy: try container.encode("heavy")
        case .points(let value): try container.encode(value)
        }
    }

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
    case points(Double)

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .button: try container.encode("button")
        case .title: try container.encode("title")
        case .points(let value): try container.encode(value)
        }
    }

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
