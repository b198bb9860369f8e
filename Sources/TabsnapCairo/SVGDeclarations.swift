/// The CSS declarations an icon writes, wherever librsvg or a browser may read one: its
/// presentation attributes (`fill="red"`), its `style` attributes and its style sheets, with
/// character references and CDATA already decoded (`SVGScanner`, the sheet reader) and CSS
/// comments removed. A plain split at `;`, `{` and `}`, not a CSS parser: a declaration is found
/// wherever one may be read (in a rule librsvg skips, too), so a check over these is
/// conservative. librsvg's own parser says what it skipped (`CSandbox/ignored_css.c`); these are
/// for what it reads and draws otherwise than a browser.
struct SVGDeclarations {
    struct Declaration {
        /// In small letters.
        var property: String
        /// Trimmed, in small letters; in CSS without its `!important`, so a check reads
        /// `sub !important` as `sub` (hostile round 95: it hid `baseline-shift: sub` and a
        /// unitless font-size in a sheet).
        var value: String
        /// Where it is written, for a message: `<text font-size>`, `a style sheet`.
        var place: String
        /// The element it is written on; nil in a style sheet (it may match any element).
        var element: Substring?
        /// Written as CSS (a `style` attribute or a sheet), not as a presentation attribute.
        var isCSS: Bool
        /// Written on the outermost `<svg>` (a sheet's may match it too).
        var mayBeOnRoot: Bool
    }

    private(set) var all: [Declaration] = []

    /// An attribute's value as one declaration (a presentation attribute, or any other: checks
    /// ask by property name), or a `style` attribute's declarations.
    mutating func add(attribute name: String, value: String, on element: Substring, isRoot: Bool) {
        let place = "<\(element) \(name)>"
        if name == "style" {
            add(css: value, place: place, element: element, isRoot: isRoot)
        } else {
            all.append(Declaration(property: name.lowercased(), value: Self.trimmed(value), place: place, element: element, isCSS: false, mayBeOnRoot: isRoot))
        }
    }

    /// A style sheet's declarations.
    mutating func add(sheet: String) { add(css: sheet, place: "a style sheet", element: nil, isRoot: true) }

    /// Declarations read before (the document's sheets', read once).
    mutating func add(_ declarations: [Declaration]) { all += declarations }

    private mutating func add(css: String, place: String, element: Substring?, isRoot: Bool) {
        for piece in Self.withoutComments(css).split(whereSeparator: { $0 == ";" || $0 == "{" || $0 == "}" }) {
            guard let colon = piece.firstIndex(of: ":") else { continue }
            var value = Self.trimmed(piece[piece.index(after: colon)...])
            // (A regular expression is about 25 µs: asked only of a value holding a `!`.)
            if value.contains("!"), let mark = value.range(of: #"![ \t\n\r\f]*important$"#, options: .regularExpression) { value = Self.trimmed(value[..<mark.lowerBound]) }
            all.append(Declaration(property: Self.trimmed(piece[..<colon]), value: value, place: place, element: element, isCSS: true, mayBeOnRoot: isRoot))
        }
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        text.lowercased().trimmingCharacters(in: [" ", "\t", "\n", "\r", "\u{0C}"])
    }

    /// `text` with its `/* … */` comments as spaces (an unclosed one runs to the end, as in CSS).
    static func withoutComments(_ text: String) -> String {
        // One pass over the bytes: `range(of:)` on what was left copied it for every comment,
        // so 40 000 comments in a sheet took 6 s (hostile round 135).
        let bytes = Array(text.utf8)
        guard bytes.count >= 2 else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var found = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                found = true
                result.append(0x20)
                index += 2
                // To past the closing `*/`; an unclosed comment runs to the end.
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return found ? String(decoding: result, as: UTF8.self) : text
    }
}
