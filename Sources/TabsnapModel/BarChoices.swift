/// The closed sets of words a bar's top-level keys take.
public enum Preset: String, Sendable, Hashable, Codable, CaseIterable {
    /// Tabman's ButtonBar: intrinsic layout, label buttons, line indicator.
    case buttonBar
    /// Tabman's TabBar: constrained layout, tab-item buttons, no indicator.
    case tabBar
    /// Tabman's LineBar: no buttons, just a line whose focus is W/n wide.
    case lineBar
    /// Mística Tabs: 56 pt high, 2 or 3 equal tabs, more scroll with a 280 pt maximum.
    case tabs
}

public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    case light, dark
}

public enum BarDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}

public enum Background: Sendable, Hashable, Codable {
    /// Nothing drawn: a transparent PNG.
    case clear
    case color(RGBAColor)

    /// The fill, or nil for a transparent bar.
    public var color: RGBAColor? {
        if case .color(let color) = self { return color }
        return nil
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .clear: try container.encode("clear")
        case .color(let color): try container.encode(color)
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), text == "clear" {
            self = .clear
        } else {
            self = .color(try container.decode(RGBAColor.self))
        }
    }
}
