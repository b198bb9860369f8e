import Foundation
import TabsnapModel

/// Reads Android's `res/values*/strings.xml`: `<string name="…">` entries of `<resources>`, with
/// Android's escapes (`\'`, `\"`, `\n`, `\t`, `\uXXXX`, `\@`, `\?`), quoted stretches that keep
/// their spaces, and spaces elsewhere collapsed, as `aapt2` compiles them. Its language is its
/// folder's: `values-de` → `de`, `values-pt-rBR` → `pt-BR`, `values-b+sr+Latn` → `sr-Latn`;
/// `values/` holds what every language falls back to. `<plurals>` and format arguments are kept
/// as unusable entries (refused when a title names them), and so are strings with style tags
/// (`<b>`, `<u>`); `<xliff:g>` and `<annotation>` inside a string keep their text. A small reader of its own: the XML here is a flat list, and
/// libxml2 would be a dependency the release archive does not have.
enum AndroidStringsReader {
    static func read(_ bytes: [UInt8], url: URL, name: String) throws(SpecError) -> StringCatalog {
        let folder = url.deletingLastPathComponent().lastPathComponent
        guard let language = language(ofFolder: folder) else {
            throw SpecError(file: name, line: 0, column: 0, message: "an Android strings file's language is its folder's (values-de/strings.xml); \(folder)/ is not a values folder of a language")
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard String(validating: body, as: UTF8.self) != nil else {
            throw SpecError(file: name, line: 0, column: 0, message: "not UTF-8 text")
        }
        var reader = FlatXML(utf8: body, name: name)
        var entries: [String: StringCatalog.Entry] = [:]
        // The first line of each default string by its key (nearly every entry: its key alone,
        // looked up once), and of other products' strings and <plurals> by type, key and product.
        var lines: [String: Int] = [:]
        var otherLines: [String: Int] = [:]
        var productOnly: [String: String] = [:]
        try reader.skipProlog()
        try reader.expectStart("resources")
        var read = 0
        while let element = try reader.nextChild() {
            read += 1
            guard read <= Limits.catalogEntries else { throw StringCatalog.tooManyEntries(name) }
            // `<item type="string" name="…">` is a string resource written the general way.
            let tag = element.tag == "item" && element.attribute("type") == "string" ? "string" : element.tag
            guard let key = element.attribute("name") else {
                if tag == "string" || tag == "plurals" { throw reader.problem("<\(element.tag)> without a name", line: element.line) }
                continue
            }
            // Two resources of one type, name and product: aapt2 refuses the file (Tabsnap took
            // the last). A string and a <plurals> may share a name, and so may a string's
            // products (`product="tablet"` beside the default: round 44 called them twins).
            let product = element.attribute("product").flatMap { $0.isEmpty ? nil : $0 } ?? "default"
            if tag == "string" || tag == "plurals" {
                let first = tag == "string" && product == "default"
                    ? lines.updateValue(element.line, forKey: key)
                    : otherLines.updateValue(element.line, forKey: "\(tag)\u{0}\(key)\u{0}\(product)")
                if let first {
                    throw reader.problem("\(StringCatalog.quoted(key)) is defined twice (first at line \(first))", line: element.line)
                }
            }
            switch tag {
            case "string" where product != "default":
                // Another device's text: Tabsnap draws the default product's, as a phone build does.
                productOnly[key] = productOnly[key] ?? product
                continue
            case "string":
                // A value starting with @ or ? is a reference Android resolves (@string/inbox,
                // ?android:attr/…); a literal one is written \@ or \?. Not followed here, so refused
                // for its key rather than drawn as written (hostile round 22). aapt2 trims C's
                // isspace, ASCII only, before looking: after a no-break space it is text.
                let raw = element.text.drop { $0.isASCII && $0.isWhitespace }
                if let first = raw.first, first == "@" || first == "?" {
                    entries[key] = .unusable("is a resource reference (\(StringCatalog.quoted(String(raw.prefix(40))))), which Tabsnap does not follow; "
                                             + "write the text, or \\\(first) for a literal \(first)")
                    continue
                }
                // Android draws a string's style tags (TabLayout shows <u> underlined); Tabsnap
                // reads a catalog's text as plain, so a styled string is refused rather than drawn
                // plain with exit 0 (hostile round 27). xliff:g and annotation only mark text.
                let styles = element.nested.filter { !["xliff:g", "annotation"].contains($0.lowercased()) }
                if !styles.isEmpty {
                    let named = Array(Set(styles)).sorted().map { "<\($0)>" }.joined(separator: ", ")
                    entries[key] = .unusable("has style tags (\(named)), which Tabsnap does not draw from a catalog; "
                                             + "remove them, or give the item its own markup:")
                    continue
                }
                switch unescape(element.text, spanEdges: element.spanEdges) {
                case .success(let value):
                    // formatted="false": the text is not a format string; its % signs are drawn.
                    let literal = element.attribute("formatted") == "false"
                    entries[key] = literal ? .text(value) : .checked(value)
                case .failure(let problem):
                    entries[key] = .unusable(problem.reason)
                }
            case "plurals", "string-array":
                // Its own name space: a string of that name here or in a language after is the title.
                if entries[key] == nil { entries[key] = .otherKind("is a <\(tag)>; a tab title is one text") }
            default:
                continue
            }
        }
        // Another file of the folder may hold the default (aapt2 judges products per resource
        // across the folder's files): refused only when no catalog has the string.
        for (key, product) in productOnly where !(entries[key]?.isString ?? false) {
            entries[key] = .otherKind("has only a product-specific text (product=\"\(product)\"); Tabsnap draws the default product's: add one without product, or product=\"default\"")
        }
        return StringCatalog(name: name, url: url, languages: [language: entries], sourceLanguage: nil)
    }

    /// `values` → every language; `values-de`, `values-pt-rBR`, `values-b+sr+Latn` → theirs.
    static func language(ofFolder folder: String) -> String? {
        if folder == "values" { return StringCatalog.anyLanguage }
        guard folder.hasPrefix("values-") else { return nil }
        let qualifier = folder.dropFirst("values-".count)
        if qualifier.hasPrefix("b+") {
            return SpecLocale(catalogLanguage: qualifier.dropFirst(2).replacingOccurrences(of: "+", with: "-"))?.identifier
        }
        let parts = qualifier.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        var identifier = String(parts[0])
        if parts.count == 2 {
            guard parts[1].hasPrefix("r"), parts[1].count == 3 else { return nil }
            identifier += "-" + parts[1].dropFirst()
        }
        return SpecLocale(catalogLanguage: identifier)?.identifier
    }

    /// An escape Android's resource compiler refuses.
    struct EscapeProblem: Error {
        /// What is wrong, for "KEY in FILE …".
        var reason: String
    }

    /// A text the rules below leave as it is: printable ASCII without quotes, apostrophes or
    /// backslashes, and single spaces between words — most of a catalog, read without decoding.
    private static func isPlain(_ raw: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in raw.utf8 {
            guard byte > 0x20 || (byte == 0x20 && previous != 0x20), byte < 0x7F,
                  byte != UInt8(ascii: "\""), byte != UInt8(ascii: "'"), byte != UInt8(ascii: "\\") else { return false }
            previous = byte
        }
        return previous != 0x20
    }

    /// White space as aapt2 collapses it: C's `isspace` of an ASCII character (space, tab, line
    /// feed, vertical tab, form feed, carriage return). A no-break space, an em space, a line
    /// separator are text (hostile round 87: Tabsnap made them spaces, and dropped one leading).
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || (0x09...0x0D).contains(scalar.value)
    }

    /// Android's rules: outside double quotes, runs of spaces become one and the ends are
    /// trimmed, and an apostrophe must be escaped; quotes themselves are dropped; a backslash
    /// escapes the next character, and `\u`
    /// takes four hex digits (aapt2 refuses fewer: hostile round 20 drew "\u00" as "u00").
    ///
    /// `spanEdges`: where a span (`<annotation>`) starts or ends in `raw` (UTF-8 offsets). aapt2
    /// reads the text afresh there (`StringBuilder::ResetTextState`): a quote open before it is
    /// closed, and white space on both sides is two spaces, not one.
    static func unescape(_ raw: String, spanEdges: [Int] = []) -> Result<String, EscapeProblem> {
        if isPlain(raw) { return .success(raw) }
        // Bytes in and out (the marks are ASCII, so other scalars are copied whole): a scalar view
        // appended to one scalar at a time cost a third of a large catalog's reading.
        let bytes = Array(raw.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var quoted = false
        // Spaces owed before the next character (one a run of white space, a run on each side
        // of a span's edge); dropped at the start and the end, which aapt2 trims.
        var pendingSpaces = 0, lastWasSpace = false
        var index = 0, edge = 0
        while index < bytes.count {
            while edge < spanEdges.count, spanEdges[edge] <= index {
                quoted = false
                lastWasSpace = false
                edge += 1
            }
            let byte = bytes[index]
            let (scalar, length) = FlatXML.scalar(in: bytes, at: index)
            if byte == UInt8(ascii: "\"") { quoted.toggle(); lastWasSpace = false; index += 1; continue }
            if !quoted && isSpace(scalar) {
                if !lastWasSpace && !out.isEmpty { pendingSpaces += 1 }
                lastWasSpace = true
                index += length
                continue
            }
            lastWasSpace = false
            if pendingSpaces > 0 { out.append(contentsOf: repeatElement(0x20, count: pendingSpaces)); pendingSpaces = 0 }
            // aapt2 refuses an apostrophe outside double quotes ("unescaped apostrophe"): the
            // app would not build, so the title is not one it can show.
            if byte == UInt8(ascii: "'") && !quoted {
                return .failure(EscapeProblem(reason: "holds an apostrophe not preceded by \\ outside double quotes, which Android's resource compiler refuses; write \\' or quote the text"))
            }
            guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else {
                if length == 1 { out.append(byte) } else { out.append(contentsOf: bytes[index..<(index + length)]) }
                index += length
                continue
            }
            index += 1
            let (_, nextLength) = FlatXML.scalar(in: bytes, at: index)
            switch bytes[index] {
            case UInt8(ascii: "n"): out.append(0x0A); index += 1
            case UInt8(ascii: "t"): out.append(0x09); index += 1
            case UInt8(ascii: "u"):
                let digits = bytes[(index + 1)..<min(index + 5, bytes.count)]
                let hex = String(decoding: digits.prefix { UnicodeScalar($0).properties.isASCIIHexDigit }, as: UTF8.self)
                // Four hex digits exactly (UInt32's parser would also take a sign: "\u+041").
                guard hex.utf8.count == 4, let code = UInt32(hex, radix: 16) else {
                    return .failure(EscapeProblem(reason: "holds \\u\(hex) where \\u takes four hex digits (Android's resource compiler refuses it)"))
                }
                guard let decoded = Unicode.Scalar(code), let encoded = UTF8.encode(decoded) else {
                    return .failure(EscapeProblem(reason: "holds \\u\(hex), half of a surrogate pair, which is no character; write the character itself"))
                }
                out.append(contentsOf: encoded)
                index += 5
            default:
                out.append(contentsOf: bytes[index..<(index + nextLength)])
                index += nextLength
            }
        }
        return .success(String(decoding: out, as: UTF8.self))
    }
}
