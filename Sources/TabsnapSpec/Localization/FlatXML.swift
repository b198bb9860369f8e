import TabsnapModel

/// The XML of a `strings.xml`: a prolog, one root, and its children, whose text (entities and
/// CDATA decoded, nested tags dropped) is all that is read. Anything else is an error at its line.
///
/// It reads the file's UTF-8 bytes (validated before) rather than its scalars: every mark of XML
/// is ASCII, so text is copied in runs between them, and a catalog at the size limit (29 MB,
/// 389 000 entries) is read in a fraction of a second rather than seven (hostile round 85 timed
/// the scalar reader at 26 µs an entry, on the preview's queue).
struct FlatXML {
    struct Element {
        var tag: String
        /// Its attributes in order (a name written twice: the last counts, as `attribute(_:)` reads).
        var attributes: [(name: String, value: String)]
        var text: String
        var line: Int
        /// The tags nested inside it, in order (their text is in `text`, they are not).
        var nested: [String] = []
        /// Where in `text` (UTF-8 offsets) a nested tag without a namespace prefix starts or
        /// ends: aapt2 makes such a tag a span and reads the text afresh at its edges.
        var spanEdges: [Int] = []

        /// The value of the attribute `name`, nil when it has none. (A list, not a dictionary: an
        /// entry has one or two, and a dictionary each cost a tenth of a large catalog's reading.)
        func attribute(_ name: String) -> String? { attributes.last { $0.name == name }?.value }
    }

    let bytes: [UInt8]
    let name: String
    var index = 0
    var line = 1

    /// `bytes` must be valid UTF-8 (text is cut only at ASCII marks, so every cut stays valid).
    init(utf8 bytes: [UInt8], name: String) {
        self.bytes = bytes
        self.name = name
    }

    func problem(_ message: String, line: Int? = nil) -> SpecError {
        SpecError(file: name, line: line ?? self.line, column: 0, message: message)
    }

    private var atEnd: Bool { index >= bytes.count }

    private func starts(with mark: StaticString) -> Bool { starts(with: mark, at: index) }

    private func starts(with mark: StaticString, at position: Int) -> Bool {
        let count = mark.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return mark.withUTF8Buffer { mark in
            for offset in 0..<count where bytes[position + offset] != mark[offset] { return false }
            return true
        }
    }

    private func isByte(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    /// The scalar at `index` and its length in bytes (the input is valid UTF-8).
    private func scalar(at index: Int) -> (Unicode.Scalar, Int) { Self.scalar(in: bytes, at: index) }

    /// The scalar at `index` of valid UTF-8 `bytes`, and its length in bytes.
    static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length where index + offset < bytes.count { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", min(length, bytes.count - index))
    }

    /// Moves to `end`, counting the line breaks passed.
    private mutating func pass(to end: Int) {
        var lines = 0
        for position in index..<end where bytes[position] == 0x0A { lines += 1 }
        line += lines
        index = end
    }

    /// The index of the next `mark` at or after `index`, nil when there is none.
    private func next(_ mark: StaticString) -> Int? {
        let first = mark.utf8Start.pointee
        var position = index
        while let found = bytes[position...].firstIndex(of: first) {
            if starts(with: mark, at: found) { return found }
            position = found + 1
        }
        return nil
    }

    private mutating func skip(past end: StaticString, what: String) throws(SpecError) {
        let start = line
        guard let found = next(end) else {
            pass(to: bytes.count)
            throw problem("\(what) is not closed", line: start)
        }
        pass(to: found)
        index += end.utf8CodeUnitCount
    }

    /// Spaces as the scalar reader took them: any Unicode white space, not only XML's four.
    private mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if byte == 0x0A { line += 1 }
                index += 1
            } else if byte >= 0x80 {
                let (scalar, length) = scalar(at: index)
                guard scalar.properties.isWhitespace else { return }
                index += length
            } else {
                return
            }
        }
    }

    /// Spaces, the XML declaration, comments and a DOCTYPE without declarations.
    mutating func skipProlog() throws(SpecError) {
        while true {
            skipSpace()
            if starts(with: "<?") { try skip(past: "?>", what: "<?") }
            else if starts(with: "<!--") { try skip(past: "-->", what: "a comment") }
            else if starts(with: "<!DOCTYPE") {
                guard !bytes[index..<min(index + 4096, bytes.count)].prefix(while: { $0 != UInt8(ascii: ">") }).contains(UInt8(ascii: "[")) else {
                    throw problem("a DOCTYPE with declarations (entities are not read)")
                }
                try skip(past: ">", what: "the DOCTYPE")
            } else { return }
        }
    }

    mutating func expectStart(_ tag: String) throws(SpecError) {
        guard isByte(UInt8(ascii: "<")) else { throw problem("expected <\(tag)>") }
        let (found, _, selfClosing) = try readStartTag()
        guard found == tag, !selfClosing else { throw problem("expected <\(tag)>, found <\(found)>") }
    }

    /// The root's next child element, nil at the root's end tag.
    mutating func nextChild() throws(SpecError) -> Element? {
        while true {
            skipSpace()
            guard !atEnd else { throw problem("<resources> is not closed") }
            if starts(with: "<!--") { try skip(past: "-->", what: "a comment"); continue }
            if starts(with: "</") {
                let name = try readEndTag()
                guard name == "resources" else { throw problem("</\(name)> closes nothing open") }
                skipSpace()
                while starts(with: "<!--") { try skip(past: "-->", what: "a comment"); skipSpace() }
                guard atEnd else { throw problem("text after </resources>") }
                return nil
            }
            guard isByte(UInt8(ascii: "<")) else { throw problem("text between the entries of <resources>") }
            // A DOCTYPE (its entities) belongs before <resources>, and is not read even there: said
            // so, not "a tag without a name" (hostile round 48).
            if starts(with: "<![CDATA[") { throw problem("text between the entries of <resources>") }
            if starts(with: "<!") { throw problem("a <!…> declaration inside <resources> (a DOCTYPE goes before it; entities are not read)") }
            let line = self.line
            let (tag, attributes, selfClosing) = try readStartTag()
            var nested: [String] = [], edges: [Int] = []
            let text = selfClosing ? "" : try readContent(of: tag, nested: &nested, spanEdges: &edges)
            return Element(tag: tag, attributes: attributes, text: text, line: line, nested: nested, spanEdges: edges)
        }
    }

    /// Copies the bytes up to the next `<` or `&` (or `stop`) into `text`, counting lines.
    private mutating func copyRun(into text: inout [UInt8], stoppingAt stop: UInt8 = UInt8(ascii: "<")) {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == stop || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") { break }
            if byte == 0x0A { line += 1 }
            index += 1
        }
        text.append(contentsOf: bytes[start..<index])
    }

    /// An element's text up to its end tag: nested tags' text kept, their tags dropped (and
    /// listed in `nested`, their edges in `spanEdges` when they have no namespace prefix).
    private mutating func readContent(of tag: String, nested tags: inout [String], spanEdges edges: inout [Int]) throws(SpecError) -> String {
        var text: [UInt8] = []
        var open = [tag]
        let start = line
        while !atEnd {
            if starts(with: "<![CDATA[") {
                index += 9
                guard let end = next("]]>") else {
                    pass(to: bytes.count)
                    throw problem("a CDATA section is not closed", line: start)
                }
                text.append(contentsOf: bytes[index..<end])
                pass(to: end)
                index += 3
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "</") {
                let name = try readEndTag()
                guard name == open.last else { throw problem("</\(name)> does not close <\(open.last ?? tag)>") }
                open.removeLast()
                if open.isEmpty { return String(decoding: text, as: UTF8.self) }
                if !name.contains(":") { edges.append(text.count) }
            } else if starts(with: "<!") {
                throw problem("a <!…> declaration inside <\(open.last ?? tag)> (only comments and CDATA go there; entities are not read)")
            } else if isByte(UInt8(ascii: "<")) {
                let (nested, _, selfClosing) = try readStartTag()
                tags.append(nested)
                if !nested.contains(":") { edges.append(text.count) }
                if !selfClosing { open.append(nested) }
            } else if isByte(UInt8(ascii: "&")) {
                appendScalar(try readReference(), to: &text)
            } else {
                copyRun(into: &text)
            }
        }
        throw problem("<\(tag)> is not closed", line: start)
    }

    private func appendScalar(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
        text.append(contentsOf: String(scalar).utf8)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// A name: letters of any script, digits 0–9 and `_:.-`.
    private mutating func readName() throws(SpecError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard Self.isNameByte(byte) else { break }
                index += 1
            } else {
                let (scalar, length) = scalar(at: index)
                guard scalar.properties.isAlphabetic else { break }
                index += length
            }
        }
        guard index > start else { throw problem("a tag or attribute without a name") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readStartTag() throws(SpecError) -> (String, [(name: String, value: String)], Bool) {
        index += 1
        let tag = try readName()
        var attributes: [(name: String, value: String)] = []
        while true {
            skipSpace()
            guard !atEnd else { throw problem("<\(tag) is not closed") }
            if isByte(UInt8(ascii: ">")) { index += 1; return (tag, attributes, false) }
            if starts(with: "/>") { index += 2; return (tag, attributes, true) }
            let attribute = try readName()
            skipSpace()
            guard isByte(UInt8(ascii: "=")) else { throw problem("\(attribute) of <\(tag)> has no value") }
            index += 1
            skipSpace()
            guard isByte(UInt8(ascii: "\"")) || isByte(UInt8(ascii: "'")) else { throw problem("the value of \(attribute) in <\(tag)> is not quoted") }
            let quote = bytes[index]
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw problem("'<' in the value of \(attribute) in <\(tag)>") }
                if bytes[index] == UInt8(ascii: "&") { appendScalar(try readReference(), to: &value) } else { copyRun(into: &value, stoppingAt: quote) }
            }
            guard !atEnd else { throw problem("the value of \(attribute) in <\(tag)> is not closed") }
            index += 1
            attributes.append((attribute, String(decoding: value, as: UTF8.self)))
        }
    }

    private mutating func readEndTag() throws(SpecError) -> String {
        index += 2
        let name = try readName()
        skipSpace()
        guard isByte(UInt8(ascii: ">")) else { throw problem("</\(name) is not closed") }
        index += 1
        return name
    }

    /// XML's five entities and character references.
    private mutating func readReference() throws(SpecError) -> Unicode.Scalar {
        let end = bytes[index..<min(index + 12, bytes.count)].firstIndex(of: UInt8(ascii: ";"))
        guard let end else { throw problem("an unfinished entity (&)") }
        // Cut between two ASCII bytes (& and ;), so valid UTF-8 whatever lies between.
        let body = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        pass(to: end + 1)
        switch body {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard body.hasPrefix("#") else { throw problem("the entity &\(body); (only XML's own entities are read)") }
        let code = body.hasPrefix("#x") ? UInt32(body.dropFirst(2), radix: 16) : UInt32(body.dropFirst(), radix: 10)
        // XML 1.0's Char: no NUL, no other C0 control but tab and line breaks, no surrogates.
        guard let code, let scalar = Unicode.Scalar(code), code >= 0x20 || [0x9, 0xA, 0xD].contains(code), code != 0xFFFE, code != 0xFFFF else {
            throw problem("the character reference &\(body); names no character XML allows")
        }
        return scalar
    }
}
