/// Reads pango markup's syntax the way GLib's GMarkup parser (which pango uses) does: elements
/// with quoted attributes, `<b/>`, the five XML entities and character references; comments,
/// CDATA, `<!DOCTYPE…>` and `<?…?>` are skipped, as pango ignores them. Which tags and attributes mean
/// something is MarkupCheck's business. MarkupAgreesWithPangoTests runs it against pango itself.
///
/// Our own reader, not Foundation's XMLParser: that one brought libxml2 and ICU into every run of
/// the command-line tool, about a millisecond of start-up before any work.
struct MarkupReader {
    enum Event: Equatable {
        case text(String)
        case start(name: String, attributes: [Attribute], closed: Bool)
        case end(name: String)
    }

    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ markup: String) { bytes = Array(markup.utf8) }

    /// The next piece of the markup, nil at its end; throws the problem's description.
    mutating func next() throws(MarkupCheck.MarkupProblem) -> Event? {
        // Pango is handed a C string: it would read up to a NUL and no further.
        if index == 0, bytes.contains(0) { throw problem("contains a NUL character (\\0), where pango would stop reading") }
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") { return .text(try readText()) }
            if let event = try readMarkup() { return event }
        }
        return nil
    }

    // MARK: Text and entities

    private mutating func readText() throws(MarkupCheck.MarkupProblem) -> String {
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            if bytes[index] == UInt8(ascii: "&") {
                text += try readEntity()
            } else {
                text.append(readCharacter(inAttribute: false))
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The byte at `index`, line ends normalised as GMarkup does: CR LF and a lone CR read as LF
    /// (as a space in an attribute value, where tabs and LFs are spaces too).
    private mutating func readCharacter(inAttribute: Bool) -> UInt8 {
        let byte = bytes[index]
        index += 1
        switch byte {
        case 0x0D:
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
            return inAttribute ? 0x20 : 0x0A
        case 0x09, 0x0A:
            return inAttribute ? 0x20 : byte
        default:
            return byte
        }
    }

    /// `&amp;`, `&#38;`, `&#x26;` and the like, as UTF-8; `index` sits on the `&`.
    private mutating func readEntity() throws(MarkupCheck.MarkupProblem) -> [UInt8] {
        let start = index + 1
        guard let semicolon = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "<") }),
              bytes[semicolon] == UInt8(ascii: ";"), semicolon > start else {
            throw problem("'&' begins no entity; write &amp; for an ampersand")
        }
        let name = String(decoding: bytes[start..<semicolon], as: UTF8.self)
        index = semicolon + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        guard name.hasPrefix("#") else { throw problem("unknown entity &\(name);; write &amp; for an ampersand") }
        // The characters XML allows; GMarkup refuses the rest (NUL, surrogates, U+FFFE…).
        guard let code = Self.characterReference(name.dropFirst()),
              (0x1...0xD7FF).contains(code) || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code),
              let scalar = Unicode.Scalar(code) else {
            throw problem("&\(name); is not a character reference pango accepts")
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// The number of `&#…;` as GMarkup reads it, with C's strtoul: `x` first for hex, then
    /// leading white space, a sign and (hex) `0x` allowed, at least one digit, no overflow.
    private static func characterReference(_ reference: Substring) -> UInt32? {
        let hex = reference.first == "x"
        var rest = (hex ? reference.dropFirst() : reference).drop { " \t\n\r\u{0B}\u{0C}".contains($0) }
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        if hex, rest.hasPrefix("0x") || rest.hasPrefix("0X"), rest.dropFirst(2).first?.isHexDigit == true { rest = rest.dropFirst(2) }
        guard !rest.isEmpty, rest.allSatisfy({ hex ? $0.isHexDigit : ("0"..."9").contains($0) }) else { return nil }
        // strtoul negates a "-" number into a huge one, which no character is; too large a
        // number is its overflow error.
        guard !negative else { return nil }
        return UInt32(String(rest), radix: hex ? 16 : 10)
    }

    // MARK: Tags

    /// A tag, or nil for something skipped (a comment, CDATA, a declaration, an instruction);
    /// `index` sits on the `<`.
    private mutating func readMarkup() throws(MarkupCheck.MarkupProblem) -> Event? {
        index += 1
        guard index < bytes.count else { throw problem("'<' at the end begins no tag; write &lt; for a less-than sign") }
        switch bytes[index] {
        case UInt8(ascii: "?"):
            try skip(past: "?>", what: "<?")
            return nil
        case UInt8(ascii: "!"):
            if starts(with: "!--") { try skip(past: "-->", what: "comment") }
            else if starts(with: "![CDATA[") { try skip(past: "]]>", what: "CDATA section") }
            else if starts(with: "!DOCTYPE") { try skipDoctype() }
            else { throw problem("'<!' begins no comment (<!-- -->) or CDATA section; write &lt; for a less-than sign") }
            return nil
        case UInt8(ascii: "/"):
            index += 1
            let name = try readName(after: "</")
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw problem("</\(name) is not ended by '>'") }
            index += 1
            return .end(name: name)
        default:
            let name = try readName(after: "<")
            var attributes: [Attribute] = []
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw problem("<\(name) is not ended by '>'") }
                switch bytes[index] {
                case UInt8(ascii: ">"):
                    index += 1
                    return .start(name: name, attributes: attributes, closed: false)
                case UInt8(ascii: "/"):
                    index += 1
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw problem("<\(name)/ is not ended by '>'") }
                    index += 1
                    return .start(name: name, attributes: attributes, closed: true)
                default:
                    // GMarkup takes `a="1"b="2"` as two attributes; so does this.
                    attributes.append(try readAttribute(of: name))
                }
            }
        }
    }

    /// `name="value"` or `name='value'`, entities replaced.
    private mutating func readAttribute(of tag: String) throws(MarkupCheck.MarkupProblem) -> Attribute {
        let name = try readName(after: "<\(tag) ")
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw problem("<\(tag)>: attribute '\(name)' has no value (write \(name)=\"…\")") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw problem("<\(tag)>: the value of '\(name)' must be in quotes")
        }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            if bytes[index] == UInt8(ascii: "&") {
                value += try readEntity()
            } else {
                value.append(readCharacter(inAttribute: true))
            }
        }
        guard index < bytes.count else { throw problem("<\(tag)>: the value of '\(name)' has no closing quote") }
        index += 1
        return Attribute(name: name, value: String(decoding: value, as: UTF8.self))
    }

    /// A tag or attribute name: a letter, '_' or ':' first, then letters, digits, '.', '-', '_', ':'.
    /// Bytes of non-ASCII characters count as letters: no tag or attribute has them, so such a
    /// name is refused by name later, as pango refuses it.
    private mutating func readName(after opener: String) throws(MarkupCheck.MarkupProblem) -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index], first: index == start) { index += 1 }
        guard index > start else {
            if opener == "<" { throw problem("'<' begins no tag; write &lt; for a less-than sign") }
            throw problem("\(opener) is not followed by a name")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...:
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return !first
        default:
            return false
        }
    }

    // MARK: Scanning

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return bytes.count - index >= pattern.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    /// `<!DOCTYPE …>`, which GMarkup ends where its `<` and `>` balance (`<!DOCTYPE x [<y>]>`).
    private mutating func skipDoctype() throws(MarkupCheck.MarkupProblem) {
        var depth = 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") { depth += 1 }
            if bytes[index] == UInt8(ascii: ">") { depth -= 1 }
            index += 1
            if depth == 0 { return }
        }
        throw problem("a <!DOCTYPE is never ended by '>'")
    }

    private mutating func skip(past end: String, what: String) throws(MarkupCheck.MarkupProblem) {
        let pattern = Array(end.utf8)
        while index < bytes.count {
            if starts(with: end) {
                index += pattern.count
                return
            }
            index += 1
        }
        throw problem("a \(what) is never ended by '\(end)'")
    }

    private func problem(_ message: String) -> MarkupCheck.MarkupProblem { MarkupCheck.MarkupProblem(message: message) }
}
