import Foundation

/// What a markup string asks of the fonts — families (`face`, `font_family`, the family part of
/// `font` / `font_desc`), weights, italics, stretches and `<tt>`'s monospace — so it can be checked
/// like the spec's font keys: pango draws what no face provides in a substitute (or synthesises
/// nothing) without a word.
enum MarkupFonts {
    /// Weight words in font descriptions and attributes, with the four a face can provide.
    private static let nameableWeights: Set = ["normal", "regular", "400", "medium", "500", "semibold", "semi-bold", "600", "bold", "700"]
    private static let otherWeights: Set = ["thin", "ultralight", "ultra-light", "extralight", "light", "semilight", "book",
                                            "ultrabold", "ultra-bold", "extrabold", "heavy", "black", "ultraheavy"]
    private static let slants: Set = ["italic", "oblique"]
    private static let stretches: Set = ["condensed", "expanded", "ultra-condensed", "extra-condensed", "semi-condensed",
                                         "semi-expanded", "extra-expanded", "ultra-expanded", "ultracondensed", "extracondensed",
                                         "semicondensed", "semiexpanded", "extraexpanded", "ultraexpanded"]

    /// The markup's elements as pango reads them (entities replaced; text that looks like an
    /// attribute is text). Reading stops at a syntax error, which MarkupCheck reports.
    private static func elements(in markup: String) -> [(tag: String, attributes: [MarkupReader.Attribute])] {
        var reader = MarkupReader(markup)
        var found: [(tag: String, attributes: [MarkupReader.Attribute])] = []
        while let event = try? reader.next() {
            if case .start(let name, let attributes, _) = event { found.append((name, attributes)) }
        }
        return found
    }

    static func families(in markup: String) -> [String] {
        var found: [String] = []
        for attribute in elements(in: markup).flatMap(\.attributes) {
            let value = attribute.value.trimmingCharacters(in: .whitespaces)
            switch attribute.name {
            case "face", "font_family":
                found += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "font", "font_desc":
                // "Inter Bold 12": the family is what precedes the style words and the size.
                let words = value.split(separator: " ").map(String.init)
                let family = words.prefix { !isStyleWord($0) && Double($0.replacing("px", with: "")) == nil }
                if !family.isEmpty { found.append(family.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
            default:
                break
            }
        }
        return found
    }

    /// Why the markup asks for something no face has (a weight outside regular … bold, italics,
    /// a stretch, monospace), or nil. `italicFaces`: whether a brought face is italic.
    static func problem(in markup: String, italicFaces: Bool) -> String? {
        var weights: [String] = [], styles: [String] = [], stretched: [String] = []
        let elements = elements(in: markup)
        for attribute in elements.flatMap(\.attributes) {
            let value = attribute.value.lowercased().trimmingCharacters(in: .whitespaces)
            switch attribute.name {
            case "weight", "font_weight": weights.append(value)
            case "style", "font_style": styles.append(value)
            case "stretch", "font_stretch": stretched.append(value)
            case "font", "font_desc":
                let words = value.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                // Variations (@wght=900) and features (#smcp) would draw what no face declares,
                // and pango reads the size before them.
                if let word = words.first(where: { $0.hasPrefix("@") || $0.hasPrefix("#") }) {
                    return "markup font '\(value)' sets \(word.hasPrefix("@") ? "variations" : "features") (\(word)); give a family, style words and a size only"
                }
                weights += words.filter { otherWeights.contains($0) }
                styles += words.filter { slants.contains($0) }
                stretched += words.filter { stretches.contains($0) }
            default:
                break
            }
        }
        if elements.contains(where: { $0.tag == "i" }) { styles.append("italic") }
        if let weight = weights.first(where: { !nameableWeights.contains($0) }) {
            return "markup asks for weight '\(weight)'; markup may ask for regular, medium, semibold or bold, where the family has that face"
        }
        if !italicFaces, let style = styles.first(where: { $0 != "normal" }) {
            return "markup asks for \(style) text, and no \(style) face is bundled or brought (fonts:)"
        }
        if let stretch = stretched.first(where: { $0 != "normal" }) {
            return "markup asks for \(stretch) text, and no face has that width"
        }
        if elements.contains(where: { $0.tag == "tt" }) {
            return "<tt> asks for a monospace font, and none is bundled; use <span face='…'> with a brought one"
        }
        return nil
    }

    private static func isStyleWord(_ word: String) -> Bool {
        let word = word.lowercased()
        return nameableWeights.contains(word) || otherWeights.contains(word) || slants.contains(word) || stretches.contains(word)
    }
}
