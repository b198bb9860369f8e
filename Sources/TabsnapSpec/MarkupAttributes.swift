import TabsnapModel
import Foundation

/// The attributes pango markup allows on `<span>`, each with the values pango accepts, so a bad
/// one is reported at its spec line instead of pango dropping the whole title at render time.
/// MarkupAgreesWithPangoTests checks this against pango itself, both ways.
enum MarkupAttributes {
    enum Kind {
        /// `lineColor`: the colours of underlines, overlines and strikethroughs, which pango
        /// takes without an alpha part.
        case color, lineColor, alpha, size, points, integer, text, boolean, lineHeight
        case words([String])
        case weight, fontScale, baseline
    }

    static let kinds: [String: Kind] = {
        var kinds: [String: Kind] = [:]
        for name in ["font", "font_desc", "font_family", "face", "font_features", "lang"] { kinds[name] = .text }
        for name in ["foreground", "fgcolor", "color", "background", "bgcolor"] { kinds[name] = .color }
        for name in ["underline_color", "overline_color", "strikethrough_color"] { kinds[name] = .lineColor }
        for name in ["alpha", "fgalpha", "bgalpha", "background_alpha"] { kinds[name] = .alpha }
        for name in ["size", "font_size"] { kinds[name] = .size }
        kinds["letter_spacing"] = .integer
        kinds["line_height"] = .lineHeight
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
        kinds["overline"] = .words(["single"])  // "none" too, but pango 1.50 aborts on it (see `aborts`)
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
        if let reason = aborts(name, value) { return "<span \(name)=\"\(value)\">: \(reason)" }
        if accepts(kind, value) { return nil }
        return "<span \(name)=\"\(value)\">: " + expectation(kind)
    }

    /// Values pango's parser takes and pango 1.50 then aborts on while laying the text out.
    private static func aborts(_ name: String, _ value: String) -> String? {
        if name == "overline" && value == "none" {
            return "pango aborts on overline=\"none\"; leave the attribute out (no overline is the default)"
        }
        if name == "baseline_shift", let units = Int(value), (3...1024).contains(units) {
            return "pango aborts on a shift of 3…1024 units; use superscript, subscript, 0, or more than 1024 units (1024 = 1 pt)"
        }
        return nil
    }

    /// Pango stores these numbers as 32-bit integers (points as 1024ths).
    private static let int32 = Int(Int32.min)...Int(Int32.max)

    /// Points ("3pt") in pango units, when they fit 32 bits.
    private static func pointUnits(_ value: String) -> Int? {
        guard value.hasSuffix("pt"), let points = Double(value.dropLast(2)), points.isFinite else { return nil }
        let units = points * 1024
        guard units >= Double(Int32.min), units <= Double(Int32.max) else { return nil }
        return Int(units)
    }

    private static func accepts(_ kind: Kind, _ value: String) -> Bool {
        switch kind {
        case .text: return true
        case .color: return isColor(value)
        case .lineColor: return isColor(value, alpha: false)
        case .alpha:
            if value.hasSuffix("%") { return Int(value.dropLast()).map { (1...100).contains($0) } ?? false }
            return Int(value).map { (1...65_535).contains($0) } ?? false
        case .size:
            if sizeWords.contains(value) { return true }
            if value.hasSuffix("pt") { return pointUnits(value).map { $0 > 0 } ?? false }
            if value.hasSuffix("%") { return positive(value.dropLast()) }
            return Int(value).map { (1...Int(Int32.max)).contains($0) } ?? false
        case .points:
            return Int(value).map { int32.contains($0) } ?? (pointUnits(value) != nil)
        case .baseline:
            // A number is a shift in pango units beyond ±1024 (0, 1 and 2 name none, superscript
            // and subscript); points likewise beyond ±1 pt.
            if ["superscript", "subscript"].contains(value) { return true }
            if let units = Int(value) { return int32.contains(units) && ((0...2).contains(units) || abs(units) > 1024) }
            return pointUnits(value).map { abs($0) > 1024 } ?? false
        case .integer: return Int(value).map { int32.contains($0) } ?? false
        case .lineHeight:
            // Any text (pango ignores a bad number), but not a number out of a double's range,
            // which pango's strtod reports (ERANGE) and refuses.
            errno = 0
            _ = strtod(value, nil)
            return errno != ERANGE
        case .boolean: return ["true", "yes", "t", "y", "false", "no", "f", "n"].contains(value)
        case .words(let words): return words.contains(value)
        case .weight:
            return weightWords.contains(value) || Int(value).map { (0...Int(Int32.max)).contains($0) } ?? false
        case .fontScale: return ["superscript", "subscript", "small-caps"].contains(value)
        }
    }

    private static func positive(_ text: Substring) -> Bool { Double(text).map { $0 > 0 } ?? false }

    static let sizeWords = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "smaller", "larger"]
    static let weightWords = ["ultralight", "light", "normal", "bold", "ultrabold", "heavy", "thin", "semilight", "book",
                              "medium", "semibold", "ultraheavy"]

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `#rrrgggbbb`, `#rrrrggggbbbb`, `#rrrrggggbbbbaaaa`
    /// (without the alpha forms when `alpha` is false), or one of pango's colour names (any case,
    /// spaces ignored).
    static func isColor(_ value: String, alpha: Bool = true) -> Bool {
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            return (alpha ? [3, 4, 6, 8, 9, 12, 16] : [3, 6, 9, 12]).contains(digits.count) && digits.allSatisfy(\.isHexDigit)
        }
        return MarkupColorNames.all.contains(value.lowercased().filter { $0 != " " })
    }

    private static func expectation(_ kind: Kind) -> String {
        switch kind {
        case .color: return "expected a colour such as \"#FF3B30\" or \"red\""
        case .lineColor: return "expected a colour without alpha, such as \"#FF3B30\" or \"red\""
        case .alpha: return "expected 1…65535 or a whole percentage 1%…100%"
        case .size: return "expected a size such as \"12pt\", \"120%\", \"larger\" or pango units (12288), within 32 bits"
        case .points: return "expected pango units (1024 = 1 pt) or points such as \"2pt\", within 32 bits"
        case .baseline: return "expected superscript, subscript, 0, or a shift beyond ±1024 units (1024 = 1 pt) such as 3072 or \"3pt\""
        case .integer: return "expected a whole number within 32 bits (pango units: 1024 = 1 pt)"
        case .boolean: return "expected true or false"
        case .words(let words): return "expected one of " + words.joined(separator: ", ")
        case .weight: return "expected one of " + weightWords.joined(separator: ", ") + ", or a number such as 600"
        case .fontScale: return "expected superscript, subscript or small-caps"
        case .lineHeight: return "expected a factor such as 1.5 or pango units (a number a double can hold)"
        case .text: return ""
        }
    }
}
