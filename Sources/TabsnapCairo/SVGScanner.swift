/// Reads the element structure of an SVG icon the way libxml2 (librsvg's parser) sees it, before
/// librsvg gets the file: start and end tags with their attributes, and where each tag's name
/// sits in the bytes so `SVGIconPreflight` can rewrite it in place, and character data (text and
/// CDATA, references decoded) so it can see what a `<text>` will draw. Comments and processing
/// instructions are skipped. Stricter than libxml2 where being lenient could hide an
/// element from us: a DOCTYPE declaring more than entities of plain text (which could expand
/// into elements), an entity other than those, XML's five or a character reference, `<` in an attribute value, and
/// unbalanced tags are refused, so what this reader sees is what librsvg draws.
struct SVGScanner {
    /// One start tag (`<g …>`, `<path …/>`), end tag (`</g>`), or run of character data.
    enum Event {
        case start(Tag)
        case end(name: String, nameRange: Range<Int>)
        /// Text or a CDATA section's insides, as UTF-8 with references decoded.
        case text([UInt8])
    }

    struct Tag {
        var name: String
        /// Where the name's bytes are (`svg:a` included).
        var nameRange: Range<Int>
        /// Attribute names as written (`xlink:href`) and their values, references decoded.
        var attributes: [(name: String, value: String)]
        var selfClosing: Bool
        /// Where each attribute's name's bytes are, in the order of `attributes`.
        var attributeNameRanges: [Range<Int>] = []
        /// What the `style` attribute gives each property (lowercased): its last `!important`
        /// value, else its last; read once when the tag is read (hostile round 134: a style of
        /// 400 000 declarations was split again for every property asked, 20 s).
        var styleValues: [String: String] = [:]
        /// How many declarations the `style` attribute writes (each is read and checked).
        var styleDeclarationCount = 0
        /// What a selector may pick it by: `#id` and each `.class`, read once when the tag is
        /// (hostile round 138: a class attribute of 3 MB split again for every element a walk
        /// met, minutes).
        var marks: Set<String> = []

        static func marks(of tag: Tag) -> Set<String> {
            var marks = Set((tag.exactAttribute("class") ?? "").split(whereSeparator: \.isWhitespace).map { "." + $0 })
            if let id = tag.exactAttribute("id") { marks.insert("#" + id) }
            return marks
        }

        /// The name without its namespace prefix (`svg:a` → `a`).
        var localName: Substring { name.split(separator: ":", omittingEmptySubsequences: false).last ?? Substring(name) }

        /// The attribute named exactly `name` (`id`: librsvg reads no other).
        func exactAttribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        func attribute(_ localName: String) -> String? {
            attributes.first { name in
                name.name == localName || name.name.hasSuffix(":" + localName)
            }?.value
        }
    }

    struct Problem: Error {
        var message: String
    }

    private let bytes: [UInt8]
    private(set) var index = 0
    /// Plain-text entities the DOCTYPE declares, and how many bytes their references expanded to.
    private var entities: [String: [UInt8]] = [:]
    private var expanded = 0
    private static let expansionLimit = 1 << 20

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next tag or text, nil at the end; comments and declarations between are skipped.
    mutating func next() throws(Problem) -> Event? {
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                return .text(try readText())
            }
            if starts(with: "<!--") {
                try skipComment()
            } else if starts(with: "<![CDATA[") {
                let start = index + 9
                try skip(past: "]]>", what: "a CDATA section", opener: 9)
                return .text(Array(bytes[start..<(index - 3)]))
            } else if starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else if starts(with: "<?") {
                // Only the XML declaration, first: another instruction (xml-stylesheet) makes
                // librsvg load a style sheet this check never sees.
                guard starts(with: "<?xml "), index == 0 || (index == 3 && bytes.starts(with: [0xEF, 0xBB, 0xBF])) else {
                    throw Problem(message: "a processing instruction other than the XML declaration at byte \(index)")
                }
                try skip(past: "?>", what: "the XML declaration", opener: 2)
            } else if starts(with: "<!") {
                throw Problem(message: "a declaration other than DOCTYPE at byte \(index)")
            } else if starts(with: "</") {
                index += 2
                let start = index
                let name = try readName()
                let range = start..<index
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw Problem(message: "an unfinished end tag </\(name)") }
                index += 1
                return .end(name: name, nameRange: range)
            } else {
                return .start(try readStartTag())
            }
        }
        return nil
    }

    /// Character data up to the next `<`, references decoded (an entity that is not XML's own
    /// would be an internal-subset entity, which we refuse).
    private mutating func readText() throws(Problem) -> [UInt8] {
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            if bytes[index] == UInt8(ascii: "&") {
                text += try readReference()
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        return text
    }

    /// The most attributes one element may have: far past any drawing's (hostile round 134: an
    /// element of 100 000 attributes took 27 s to read).
    static let attributeLimit = 1_000
    /// The most functions a transform list may hold.
    static let transformLimit = 1_000
    /// The most lengths a dash array may list.
    static let dashLimit = 1_000

    private mutating func readStartTag() throws(Problem) -> Tag {
        index += 1
        let start = index
        let name = try readName()
        var tag = Tag(name: name, nameRange: start..<index, attributes: [], selfClosing: false)
        var names = Set<String>()
        while true {
            let hadSpace = skipWhitespace()
            guard index < bytes.count else { throw Problem(message: "an unfinished tag <\(name)") }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                tag.marks = Tag.marks(of: tag)
                return tag
            }
            if starts(with: "/>") {
                index += 2
                tag.selfClosing = true
                tag.marks = Tag.marks(of: tag)
                return tag
            }
            guard hadSpace else { throw Problem(message: "no space before an attribute of <\(name)>") }
            let attributeStart = index
            let attribute = try readName()
            let attributeRange = attributeStart..<index
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw Problem(message: "\(attribute) of <\(name)> has no value") }
            index += 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw Problem(message: "the value of \(attribute) in <\(name)> is not quoted")
            }
            let quote = bytes[index]
            index += 1
            var value: [UInt8] = []
            while true {
                guard index < bytes.count else { throw Problem(message: "the value of \(attribute) in <\(name)> is not closed") }
                let byte = bytes[index]
                if byte == quote { break }
                if byte == UInt8(ascii: "<") { throw Problem(message: "'<' in the value of \(attribute) in <\(name)>") }
                if byte == UInt8(ascii: "&") {
                    let entity = index + 1 < bytes.count && bytes[index + 1] != UInt8(ascii: "#")
                    // An entity's text is normalized as the attribute's own is (XML 3.3.3); a
                    // character reference is not.
                    value += try readReference().map { entity && (0x09 == $0 || 0x0A == $0 || 0x0D == $0) ? 0x20 : $0 }
                } else {
                    // XML normalizes literal tabs and line ends in attribute values to spaces.
                    value.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
                    index += 1
                }
            }
            index += 1
            guard names.insert(attribute).inserted else { throw Problem(message: "\(attribute) twice in <\(name)>") }
            guard names.count <= Self.attributeLimit else { throw Problem(message: "<\(name)> has over \(Self.attributeLimit) attributes") }
            let text = String(decoding: value, as: UTF8.self)
            if attribute == "style" { (tag.styleValues, tag.styleDeclarationCount) = Self.styleValues(text) }
            // A dash array's numbers are each measured by the dash rules: 400 000 took 6 s
            // (hostile round 135); a drawing's hold a few.
            if let dashes = attribute == "style" ? tag.styleValues["stroke-dasharray"] : attribute == "stroke-dasharray" ? text : nil,
               dashes.utf8.split(whereSeparator: { $0 == UInt8(ascii: ",") || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }).count > Self.dashLimit {
                throw Problem(message: "stroke-dasharray of <\(name)> lists over \(Self.dashLimit) lengths")
            }
            // Every check reading a transform parses its list again: 500 000 functions took 7 s
            // (hostile round 135); a drawing's lists hold a few.
            if attribute.hasSuffix("ransform"), value.lazy.filter({ $0 == UInt8(ascii: "(") }).count > Self.transformLimit {
                throw Problem(message: "\(attribute) of <\(name)> lists over \(Self.transformLimit) transforms")
            }
            tag.attributes.append((attribute, text))
            tag.attributeNameRanges.append(attributeRange)
        }
    }

    /// Each property's value in a style attribute's declarations: the last `!important` one,
    /// else the last (comments left out, names trimmed and lowercased, values trimmed).
    /// And how many declarations it writes.
    static func styleValues(_ style: String) -> (values: [String: String], count: Int) {
        var last: [String: String] = [:], important: [String: String] = [:]
        var count = 0
        for piece in SVGDeclarations.withoutComments(style).split(separator: ";") {
            guard let colon = piece.firstIndex(of: ":") else { continue }
            count += 1
            let property = piece[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let value = piece[piece.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            last[property] = value
            if value.replacingOccurrences(of: " ", with: "").lowercased().hasSuffix("!important") { important[property] = value }
        }
        return (last.merging(important) { _, chosen in chosen }, count)
    }

    /// `&amp;` and the other four, or `&#…;` / `&#x…;`, as UTF-8; `index` sits on the `&`.
    private mutating func readReference() throws(Problem) -> [UInt8] {
        let start = index
        guard let end = bytes[index...].prefix(64).firstIndex(of: UInt8(ascii: ";")) else {
            throw Problem(message: "an unfinished entity at byte \(start)")
        }
        let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        index = end + 1
        switch body {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default: break
        }
        if let value = entities[body] {
            // Expanded text is bounded as a whole: each reference copies its entity again.
            expanded += value.count
            guard expanded <= Self.expansionLimit else { throw Problem(message: "entities that expand past \(Self.expansionLimit >> 20) MB") }
            return value
        }
        var digits = Substring(body)
        var radix = 10
        guard digits.first == "#" else { throw Problem(message: "the entity &\(body); (only XML's own, and plain-text ones the DOCTYPE declares, are read)") }
        digits = digits.dropFirst()
        if digits.first == "x" {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isHexDigit && (radix == 16 || $0.isNumber) }),
              let code = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(code), code != 0 else {
            throw Problem(message: "the character reference &\(body);")
        }
        return Array(String(Character(scalar)).utf8)
    }

    /// A name: letters, digits and `_ : . -` (bytes beyond ASCII count as letters, as in XML).
    /// The longest tag or attribute name read, in bytes.
    static let nameLimit = 256

    private mutating func readName() throws(Problem) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isName = byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            guard isName else { break }
            index += 1
        }
        guard index > start else { throw Problem(message: "a tag or attribute without a name at byte \(start)") }
        // Names are read again wherever an element's ancestors are walked (`localName`): a
        // prefix of 7 000 bytes on 97 nested groups took 70 s of checks (hostile round 137). The
        // longest among this machine's 3 215 SVG files is 36 bytes.
        guard index - start <= Self.nameLimit else { throw Problem(message: "a tag or attribute name of over \(Self.nameLimit) bytes at byte \(start)") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index > start
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in
            (0..<count).allSatisfy { bytes[index + $0] == prefix[$0] }
        }
    }

    /// A comment as XML reads it: it ends at the first `-->` after `<!--` (so `<!-->` does not end
    /// it), and `--` inside is an error libxml2 also reports.
    private mutating func skipComment() throws(Problem) {
        let start = index
        index += 4
        while index + 2 <= bytes.count {
            if bytes[index] == UInt8(ascii: "-") && bytes[index + 1] == UInt8(ascii: "-") {
                guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: ">") else {
                    throw Problem(message: "'--' inside the comment at byte \(start)")
                }
                index += 3
                return
            }
            index += 1
        }
        throw Problem(message: "the comment at byte \(start) is not closed")
    }

    /// Past `end`, searching after the whole opener (`opener` bytes), so an opener's own bytes
    /// never close it.
    private mutating func skip(past end: StaticString, what: String, opener: Int) throws(Problem) {
        let count = end.utf8CodeUnitCount
        let start = index
        index += opener
        while index + count <= bytes.count {
            if starts(with: end) {
                index += count
                return
            }
            index += 1
        }
        throw Problem(message: "\(what) at byte \(start) is not closed")
    }

    /// `<!DOCTYPE svg PUBLIC "…" "…">` is fine (librsvg reads no external DTD). An internal
    /// subset may declare entities of plain text, as Illustrator writes for its namespaces
    /// (`<!ENTITY ns_ai "http://ns.adobe.com/…">`): text holding no `<`, `&` or `%` expands into
    /// no element and no other entity, so this reader expands it as libxml2 does. Anything else
    /// there (an element or attribute list declaration could give elements attributes this reader
    /// never sees; parameter entities) is refused.
    private mutating func skipDoctype() throws(Problem) {
        let start = index
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                index += 1
                try readInternalSubset()
                continue
            } else if byte == UInt8(ascii: ">") {
                index += 1
                return
            }
            index += 1
        }
        throw Problem(message: "the DOCTYPE at byte \(start) is not closed")
    }

    /// The declarations between `[` and `]`: plain-text entities and comments only.
    private mutating func readInternalSubset() throws(Problem) {
        let refused = "a DOCTYPE declaring more than entities of plain text (icons' entities hold no <, & or %); remove the DOCTYPE"
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw Problem(message: refused) }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            if starts(with: "<!--") {
                try skipComment()
                continue
            }
            guard starts(with: "<!ENTITY") else { throw Problem(message: refused) }
            index += 8
            guard skipWhitespace(), index < bytes.count, bytes[index] != UInt8(ascii: "%") else { throw Problem(message: refused) }
            let name = try readName()
            guard skipWhitespace(), index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw Problem(message: refused)
            }
            let quote = bytes[index]
            index += 1
            guard let end = bytes[index...].firstIndex(of: quote) else { throw Problem(message: refused) }
            let value = Array(bytes[index..<end])
            guard !value.contains(where: { [UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "%")].contains($0) }), !name.contains(":") else {
                throw Problem(message: refused)
            }
            index = end + 1
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw Problem(message: refused) }
            index += 1
            // The first declaration of a name counts, as in XML.
            if entities[name] == nil { entities[name] = value }
        }
    }
}
