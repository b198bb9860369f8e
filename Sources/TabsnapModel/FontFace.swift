import Foundation

/// One face in a user's font file: the family a spec names it by, and its weight when it is one of
/// the four a spec can name (nil for light, black and the like).
public struct FontFace: Sendable, Hashable {
    /// The family a spec names the face by: the file's typographic family (name ID 16), else its
    /// family (name ID 1).
    public var family: String
    /// The face's weight when its OpenType weight class is 400, 500, 600 or 700; nil for any other.
    public var weight: FontSpec.Weight?
    /// An italic (or oblique) face, as fontconfig reads one: a style name saying so ("Italic",
    /// "Oblique", "Kursiv"), else fsSelection's ITALIC or OBLIQUE bit (without an OS/2 table,
    /// the head table's italic bit): markup's `<i>` can use it.
    public var italic: Bool
    /// The font file holding the face (for a .ttc collection, the collection).
    public var file: URL
    /// Every family name the file records (name IDs 1 and 16, every platform and language):
    /// fontconfig answers to all of them.
    public var allFamilyNames: [String]
    /// Its OpenType weight class (400 regular, 300 light…), also for a weight a spec cannot name.
    public var weightClass = 400
    /// Its OpenType width class (5 normal, 3 condensed…): fontconfig tells faces of one family
    /// and weight apart by it.
    public var widthClass = 5
    /// Every style name the file records for the face (name IDs 2, 17 and 22, every platform
    /// and language): fontconfig reads a slant from them before the bits, and a weight or width
    /// when there is no OS/2 table.
    public var styleNames: [String] = []
    /// The head table's font revision (16.16 fixed point): of two faces alike in all else,
    /// fontconfig draws the newer, whatever their order.
    public var revision = 0
    /// The bits FreeType reads a face's italic and bold from, which fontconfig falls back on:
    /// fsSelection's ITALIC, BOLD and OBLIQUE (0x221), or without a whole OS/2 table (78
    /// bytes) the head table's macStyle bold and italic bits plus 0x10000.
    public var styleBits = 0

    /// A face; each parameter sets the property of the same name, and an empty `allFamilyNames`
    /// means just `family`.
    public init(family: String, weight: FontSpec.Weight?, italic: Bool = false, file: URL, allFamilyNames: [String] = []) {
        self.allFamilyNames = allFamilyNames.isEmpty ? [family] : allFamilyNames
        self.family = family
        self.weight = weight
        self.italic = italic
        self.file = file
    }

    /// The weight a spec names for an OpenType weight class (400 regular, 500 medium, 600
    /// semibold, 700 bold), as fontconfig matches them.
    public static func weight(forClass weightClass: Int) -> FontSpec.Weight? {
        [400: .regular, 500: .medium, 600: .semibold, 700: .bold][weightClass]
    }
}

extension FontCatalog {
    /// Why `font` cannot be drawn from the bundled fonts and `faces` (a spec's own), or nil.
    public static func problem(with font: FontSpec, faces: [FontFace]) -> String? {
        // Matched as fontconfig matches them, spaces and case aside: a face named "Brand Serif "
        // (a trailing space) is what "Brand Serif" draws, and could not be named (round 51).
        let key = FontCatalog.fontconfigKey
        // By any family name the file records, as fontconfig answers to each ("DejaVu Serif
        // Condensed" as well as "DejaVu Serif": round 53).
        let own = faces.filter { $0.allFamilyNames.contains { key($0) == key(font.family) } }
        guard !own.isEmpty else {
            guard let problem = problem(with: font) else { return nil }
            return faces.isEmpty ? problem : problem + "; the spec's fonts: " + listing(faces)
        }
        if own.contains(where: { $0.weight == font.weight }) { return nil }
        return "\(own[0].family) has no \(font.weight.rawValue) face in the spec's fonts; it has " + listing(own)
    }

    /// "Brand (regular, bold)", with unnamed weights left out.
    private static func listing(_ faces: [FontFace]) -> String {
        var order: [String] = []
        var weights: [String: [String]] = [:]
        for face in faces {
            if weights[face.family] == nil { order.append(face.family) }
            weights[face.family, default: []] += face.weight.map { [$0.rawValue] } ?? []
        }
        return order.map { family in
            let named = weights[family] ?? []
            return "\(family) (\(named.isEmpty ? "no weight a spec can name" : named.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }
}
