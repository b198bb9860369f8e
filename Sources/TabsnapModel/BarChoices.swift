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

/// The appearance a bar is drawn for: it picks the `ThemePalette` the preset's default colours
/// come from (spec key `theme`).
public enum Theme: String, Sendable, Hashable, Codable, CaseIterable {
    /// Light appearance (black text on white) or dark (white text on near-black).
    case light, dark
}

/// The reading direction a bar is laid out in (spec key `direction`).
public enum BarDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first item at the left (`ltr` in specs; the default).
    case leftToRight = "ltr"
    /// The first item at the right: the whole layout is mirrored, overscroll included (`rtl` in
    /// specs); titles are placed, not mirrored.
    case rightToLeft = "rtl"
}

/// What fills the bar behind its content, safe area included (spec key `background`: a colour,
/// or `clear`).
public enum Background: Sendable, Hashable, Codable {
    /// Nothing drawn: a transparent PNG.
    case clear
    /// A fill colour, which may be translucent.
    case color(RGBAColor)

    /// The fill, or nil for a transparent bar.
    public var color: RGBAColor? {
        if case .color(let color) = self { return color }
        return nil
    }

    /// Encodes the spec form: the string `clear`, or the colour as `#RRGGBBAA`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .clear: try container.encode("clear")
        case .color(let color): try container.encode(color)
        }
    }

    /// Decodes the spec form: the string `clear`, or a colour `#RRGGBB` or `#RRGGBBAA`.
    /// - Throws: `DecodingError.dataCorrupted` when the value is neither.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), text == "clear" {
            self = .clear
        } else {
            self = .color(try container.decode(RGBAColor.self))
        }
    }
}
