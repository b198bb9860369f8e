/// The built-in pseudo-locales: the spec's own titles (or its catalogs' source text) transformed
/// so that truncation, clipping and mirroring problems show before any translation exists, as
/// Xcode's and Android's pseudo-languages do.
///
/// - `pseudo-accented`: every Latin letter with an accent, in brackets (`Home` → `[Ĥöɱé]`):
///   text drawn outside the catalog (hard-coded) stays plain, cut brackets show truncation,
///   accents show clipped ascenders.
/// - `pseudo-expanded`: 40 % longer (at least 3 characters more), padded with words, as German
///   and Finnish run long (`Home` → `Home one two`).
/// - `pseudo-rtl`: right to left, titles mirrored with a right-to-left override (as Android's
///   `ar-XB`), so an unmirrored layout shows.
public enum PseudoLocale: String, Sendable, Hashable, CaseIterable {
    /// `[Ĥöɱé]`.
    case accented = "pseudo-accented"
    /// +40 % length.
    case expanded = "pseudo-expanded"
    /// Right to left, text mirrored.
    case rightToLeft = "pseudo-rtl"

    /// `text` in this pseudo-locale.
    public func transform(_ text: String) -> String {
        switch self {
        case .accented: return "[" + Self.accented(Array(text.unicodeScalars)) + "]"
        case .expanded: return Self.expand(text)
        case .rightToLeft: return "\u{202E}" + text + "\u{202C}"
        }
    }

    /// The transformed text of markup: only the text between tags changes (tags, attributes and
    /// entities stay as written).
    public func transform(markup: String) -> String {
        switch self {
        case .rightToLeft: return transform(markup)
        case .expanded: return Self.expand(markup, visibleCount: Self.visibleText(of: markup).count)
        case .accented:
            var out = ""
            var text: [Unicode.Scalar] = []
            var inTag = false, inEntity = false
            for scalar in markup.unicodeScalars {
                if scalar == "<" { inTag = true } else if scalar == "&" && !inTag { inEntity = true }
                if inTag || inEntity {
                    out += Self.accented(text)
                    text = []
                    out.unicodeScalars.append(scalar)
                } else {
                    text.append(scalar)
                }
                if scalar == ">" { inTag = false } else if scalar == ";" { inEntity = false }
            }
            return "[" + out + Self.accented(text) + "]"
        }
    }

    /// Text with its Latin letters accented, format specifiers (`%1$s`, `%lld`, `%@`) kept as
    /// written: an accented specifier would no longer take its argument.
    private static func accented(_ scalars: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let length = FormatSpecifier.length(in: scalars, at: index)
            if length > 0 {
                out.append(contentsOf: scalars[index..<(index + length)])
                index += length
            } else {
                out.append(accents[scalars[index]] ?? scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    private static func visibleText(of markup: String) -> String {
        var out = String.UnicodeScalarView()
        var inTag = false
        for scalar in markup.unicodeScalars {
            if scalar == "<" { inTag = true }
            if !inTag { out.append(scalar) }
            if scalar == ">" { inTag = false }
        }
        return String(out)
    }

    /// Pads with words (one, two, … ten, one, …) to 40 % more characters, at least three more.
    private static func expand(_ text: String, visibleCount: Int? = nil) -> String {
        let count = visibleCount ?? text.count
        let target = max(count * 14 / 10, count + 3)
        var padded = text
        var visible = count
        var next = 0
        while visible < target {
            let word = padding[next % padding.count]
            next += 1
            padded += " " + word
            visible += word.count + 1
        }
        return padded
    }

    private static let padding = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Latin letters and their accented twins (Android's pseudo-locale table, in part).
    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            ("abcdefghijklmnopqrstuvwxyz", "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "ÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (plain, accented) in pairs {
            for (from, to) in zip(plain.unicodeScalars, accented.unicodeScalars) { table[from] = to }
        }
        return table
    }()
}
