/// The attributes pango markup allows on `<span>`, each with the values pango accepts, so a bad
/// one is reported at its spec line instead of pango dropping the whole title at render time.
/// MarkupAgreesWithPangoTests checks this against pango itself, both ways.
enum MarkupAttributes {
    enum Kind {
        case color, alpha, size, points, integer, text, boolean
        case words([String])
        case weight, fontScale, baseline
    }

    static let kinds: [String: Kind] = {
        var kinds: [String: Kind] = [:]
        for name in ["font", "font_desc", "font_family", "face", "font_features", "lang"] { kinds[name] = .text }
        for name in ["foreground", "fgcolor", "color", "background", "bgcolor", "underline_color", "overline_color", "strikethrough_color"] {
            kinds[name] = .color
        }
        for name in ["alpha", "fgalpha", "bgalpha", "background_alpha"] { kinds[name] = .alpha }
        for name in ["size", "font_size"] { kinds[name] = .size }
        kinds["letter_spacing"] = .integer
        kinds["line_height"] = .text  // pango reads any text here (a bad number is ignored)
        kinds["rise"] = .points
        kinds["baseline_shift"] = .baseline
        kinds["font_scale"] = .fontScale
        for name in ["style", "font_style"] { kinds[name] = .words(["normal", "oblique", "italic"]) }
        for name in ["weight", "font_weight"] { kinds[name] = .weight }
        for name in ["variant", "font_variant"] {
            kinds[name] = .words(["normal", "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "title-caps"])
        }
        for name in ["stretch", "font_stretch"] {
            kinds[name] = .words(["ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "normal", "semi-expanded",
                                  "expanded", "extra-expanded", "ultra-expanded", "ultracondensed", "extracondensed",
                                  "semicondensed", "semiexpanded", "extraexpanded", "ultraexpanded"])
        }
        kinds["underline"] = .words(["none", "single", "double", "low", "error"])
        kinds["overline"] = .words(["none", "single"])
        for name in ["strikethrough", "fallback", "insert_hyphens", "allow_breaks"] { kinds[name] = .boolean }
        kinds["gravity"] = .words(["south", "east", "north", "west"])
        kinds["gravity_hint"] = .words(["natural", "strong", "line"])
        kinds["text_transform"] = .words(["none", "lowercase", "uppercase", "capitalize"])
        kinds["show"] = .words(["none", "spaces", "line-breaks", "ignorables"])
        kinds["segment"] = .words(["word", "sentence"])
        return kinds
    }()

    /// The setting an attribute name stands for: pango's aliases (color, fgcolor and foreground)
    /// name one setting, which a span may give only once.
    static func setting(_ name: String) -> String { aliases[name] ?? name }

    private static let aliases = [
        "font_desc": "font", "font_family": "face", "font_size": "size", "font_stretch": "stretch",
        "font_style": "style", "font_variant": "variant", "font_weight": "weight",
        "fgcolor": "foreground", "color": "foreground", "bgcolor": "background",
        "fgalpha": "alpha", "bgalpha": "background_alpha",
    ]

    /// A problem with `name="value"` on `<tag>`, or nil when pango accepts it.
    static func problem(tag: String, name: String, value: String) -> String? {
        guard tag == "span" else { return "<\(tag)> takes no attributes (got \(name)); use <span \(name)=\"…\">" }
        guard let kind = kinds[name] else {
            return "unknown attribute '\(name)' on <span>; " + KeySuggestion.hint(for: name, in: kinds.keys.sorted())
        }
        if accepts(kind, value) { return nil }
        return "<span \(name)=\"\(value)\">: " + expectation(kind)
    }

    private static func accepts(_ kind: Kind, _ value: String) -> Bool {
        switch kind {
        case .text: return true
        case .color: return isColor(value)
        case .alpha:
            if value.hasSuffix("%"), let percent = Double(value.dropLast()) { return (0...100).contains(percent) }
            return Int(value).map { (1...65_536).contains($0) } ?? false
        case .size:
            if sizeWords.contains(value) { return true }
            if value.hasSuffix("pt") { return positive(value.dropLast(2)) }
            if value.hasSuffix("%") { return positive(value.dropLast()) }
            return Int(value).map { $0 > 0 } ?? false
        case .points:
            return Int(value) != nil || (value.hasSuffix("pt") && Double(value.dropLast(2)) != nil)
        case .baseline:
            return ["superscript", "subscript"].contains(value) || Int(value) != nil
                || (value.hasSuffix("pt") && Double(value.dropLast(2)) != nil)
        case .integer: return Int(value) != nil
        case .boolean: return ["true", "yes", "t", "y", "false", "no", "f", "n"].contains(value)
        case .words(let words): return words.contains(value)
        case .weight:
            return weightWords.contains(value) || Int(value) != nil
        case .fontScale: return ["superscript", "subscript", "small-caps"].contains(value)
        }
    }

    private static func positive(_ text: Substring) -> Bool { Double(text).map { $0 > 0 } ?? false }

    static let sizeWords = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller", "larger"]
    static let weightWords = ["ultralight", "light", "normal", "bold", "ultrabold", "heavy", "thin", "semilight", "book",
                              "medium", "semibold", "ultraheavy"]

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `#rrrgggbbb`, `#rrrrggggbbbb`, `#rrrrggggbbbbaaaa`, or
    /// one of pango's colour names (any case, spaces ignored).
    static func isColor(_ value: String) -> Bool {
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            return [3, 4, 6, 8, 9, 12, 16].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
        }
        return MarkupColorNames.all.contains(value.lowercased().filter { $0 != " " })
    }

    private static func expectation(_ kind: Kind) -> String {
        switch kind {
        case .color: return "expected a colour such as \"#FF3B30\" or \"red\""
        case .alpha: return "expected 1…65536 or a percentage such as \"50%\""
        case .size: return "expected a size such as \"12pt\", \"120%\", \"larger\" or pango units (12288)"
        case .points: return "expected pango units (1024 = 1 pt) or points such as \"2pt\""
        case .baseline: return "expected superscript, subscript, pango units or points such as \"3pt\""
        case .integer: return "expected a whole number (pango units: 1024 = 1 pt)"
        case .boolean: return "expected true or false"
        case .words(let words): return "expected one of " + words.joined(separator: ", ")
        case .weight: return "expected one of " + weightWords.joined(separator: ", ") + ", or a number such as 600"
        case .fontScale: return "expected superscript, subscript or small-caps"
        case .text: return ""
        }
    }
}
