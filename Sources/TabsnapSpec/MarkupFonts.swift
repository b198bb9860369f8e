import Foundation

/// The font families a markup string asks for (`face`, `font_family`, and the family part of
/// `font` / `font_desc`), so they can be checked like the spec's font keys: pango would draw an
/// unknown family in a substitute without a word.
enum MarkupFonts {
    static func families(in markup: String) -> [String] {
        var found: [String] = []
        for match in markup.matches(of: /(face|font_family|font_desc|font)\s*=\s*(["'])(.*?)\2/) {
            let value = String(match.3).trimmingCharacters(in: .whitespaces)
            switch match.1 {
            case "face", "font_family":
                found += value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            default:
                // "Inter Bold 12": the family is what precedes the style words and the size.
                let styleWords: Set = ["regular", "medium", "semibold", "bold", "normal", "italic", "oblique", "light", "heavy",
                                       "ultra-light", "semi-bold", "ultra-bold", "book", "thin", "black", "condensed", "expanded"]
                let words = value.split(separator: " ").map(String.init)
                let family = words.prefix { !styleWords.contains($0.lowercased()) && Double($0.replacing("px", with: "")) == nil }
                if !family.isEmpty { found.append(family.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
            }
        }
        return found
    }
}
