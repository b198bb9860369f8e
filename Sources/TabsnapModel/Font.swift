import Foundation

/// A font request: family, weight and size in points. The backend turns it into a pango description.
public struct FontSpec: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The weights a spec can name: Inter ships all four, DejaVu Sans regular and bold.
    public enum Weight: String, Sendable, Hashable, Codable, CaseIterable {
        /// OpenType weight classes 400, 500, 600 and 700; specs write them in any case, with or
        /// without a hyphen (`SemiBold` and `semi-bold` read as `semibold`).
        case regular, medium, semibold, bold
    }

    /// Family name: a bundled one (`FontCatalog.families`) or one the spec's `fonts` bring; default
    /// Inter.
    public var family: String
    /// Weight; default regular.
    public var weight: Weight
    /// Size in points, more than 0; a bar's `textScale` multiplies it when titles are drawn.
    public var size: Double
    /// The language text in this font is shaped in (`Bar.language`, set on the bar's fonts when
    /// they are drawn); nil: none. Not part of the spec form (`description`).
    public var language: String?

    /// A font request of `size` points; family defaults to Inter and weight to regular.
    public init(family: String = "Inter", weight: Weight = .regular, size: Double) {
        self.family = family
        self.weight = weight
        self.size = size
    }

    /// Parses the spec-file form "Inter SemiBold 17": an optional family, an optional weight word,
    /// and a size. Family defaults to Inter and weight to regular. Returns nil without a valid size.
    public init?(parsing text: String) {
        var words = text.split(separator: " ").map(String.init)
        guard let last = words.popLast(), let size = Double(last), size > 0, size.isFinite else { return nil }
        var weight = Weight.regular
        if let word = words.last, let parsed = Weight(rawValue: String(word.lowercased().filter { $0 != "-" })) {
            weight = parsed
            words.removeLast()
        }
        self.init(family: words.isEmpty ? "Inter" : words.joined(separator: " "), weight: weight, size: size)
    }

    /// The spec-file form, e.g. "Inter semibold 17".
    public var description: String {
        let size = self.size == self.size.rounded() ? String(Int(self.size)) : String(self.size)
        return "\(family) \(weight.rawValue) \(size)"
    }

    /// Encodes the spec form, `description` (e.g. "Inter semibold 17").
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// Decodes the spec form as `init(parsing:)` reads it.
    /// - Throws: `DecodingError.dataCorrupted` when the text has no valid size.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let font = FontSpec(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a font such as \"Inter semibold 17\", got \(text)")
        }
        self = font
    }
}

/// The families and weights Tabsnap ships (Fonts/): a spec may name only these, since anything
/// else would be drawn in a substitute font without a word. A test checks this table against
/// the font files.
public enum FontCatalog {
    /// The bundled families, each with the weights it ships: Inter (regular, medium, semibold,
    /// bold), DejaVu Sans and the Noto families of other scripts (regular, bold), and Noto Color
    /// Emoji (regular). Text falls back through them in this order after the family asked
    /// (CSandbox/fallbacks.c), so a title in any of these scripts needs no font of its own.
    public static let families: [(name: String, weights: [FontSpec.Weight])] = [
        ("Inter", [.regular, .medium, .semibold, .bold]),
        ("DejaVu Sans", [.regular, .bold]),
        ("Noto Sans Arabic", [.regular, .bold]),
        ("Noto Sans Hebrew", [.regular, .bold]),
        ("Noto Sans Thai", [.regular, .bold]),
        ("Noto Sans Devanagari", [.regular, .bold]),
        ("Noto Sans CJK JP", [.regular, .bold]),
        (emojiFamily, [.regular]),
    ]

    /// A family name as fontconfig compares it, as a key to compare (not to show): spaces left
    /// out and Unicode case folding ("ſ" is "s", "ß" is "ss"), so "In ter" and "DejaVu ſans"
    /// are the bundled names to it; then compared code point by code point, as fontconfig
    /// compares bytes, where Swift's strings compare by canonical equivalence: "á" composed and
    /// "a" with a combining accent are two families to fontconfig (hostile round 55).
    public static func fontconfigKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive], locale: nil).unicodeScalars.filter { $0 != " " }
            .map { String($0.value, radix: 16) }.joined(separator: ".")
    }

    /// What is available, for messages: "Inter (regular, medium, semibold, bold), DejaVu Sans (regular, bold), …".
    public static var listing: String {
        families.map { "\($0.name) (\($0.weights.map(\.rawValue).joined(separator: ", ")))" }.joined(separator: ", ")
    }

    /// The bundled family whose glyphs are colour pictures: the fallback for emoji in any
    /// title, never a title's own family.
    public static let emojiFamily = "Noto Color Emoji"

    /// Why `font` cannot be drawn as asked, or nil when it can.
    public static func problem(with font: FontSpec) -> String? {
        // Named, it would draw every character it has — digits, #, * — as grey keycap pictures,
        // which ignore the button's colour (selected and unselected look the same).
        if fontconfigKey(font.family) == fontconfigKey(emojiFamily) {
            return "\(emojiFamily) draws colour pictures, which ignore the button's colour (its digits and # are grey keycaps); "
                + "it already draws the emoji in any title, so name a text family: "
                + families.filter { $0.name != emojiFamily }.map(\.name).joined(separator: ", ")
        }
        if let family = families.first(where: { $0.name.lowercased() == font.family.lowercased() }) {
            guard family.weights.contains(font.weight) else {
                return "\(family.name) has no \(font.weight.rawValue) weight; it has \(family.weights.map(\.rawValue).joined(separator: ", "))"
            }
            return nil
        }
        // "Inter heavy 17" parses as family "Inter heavy": name the word that is not a weight.
        let words = font.family.split(separator: " ").map(String.init)
        if words.count > 1, let family = families.first(where: { $0.name.lowercased() == words.dropLast().joined(separator: " ").lowercased() }) {
            return "unknown weight '\(words.last ?? "")' for \(family.name); it has \(family.weights.map(\.rawValue).joined(separator: ", "))"
        }
        return "font family '\(font.family)' is not bundled; available: \(listing)"
    }
}
