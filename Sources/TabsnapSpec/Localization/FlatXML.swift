import TabsnapModel

/// The XML of a `strings.xml`: a prolog, one root, and its children, whose text (entities and
/// CDATA decoded, nested tags dropped) is all that is read. Anything else is an error at its line.
struct FlatXML {
    struct Element {
        var tag: String
        var attributes: [String: String]
        var text: String
        var line: Int
        /// The tags nested inside it, in order (their text is in `text`, they are not).
        var nested: [String] = []
    }

    let scalars: [Unicode.Scalar]
    let name: String
    var index = 0
    var line = 1

    init(scalars: [Unicode.Scalar], name: String) {
        self.scalars = scalars
        self.name = name
    }

    func problem(_ message: String, line: Int? = nil) -> SpecError {
        SpecError(file: name, line: line ?? self.line, column: 0, message: message)
    }

    private func starts(with text: String) -> Bool {
        let prefix = Array(text.unicodeScalars)
        return index + prefix.count <= scalars.count && Array(scalars[index..<(index + prefix.count)]) == prefix
    }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1 }
        index += 1
    }

    private mutating func skip(past end: String, what: String) throws(SpecError) {
        let start = line
        while index < scalars.count, !starts(with: end) { advance() }
        guard index < scalars.count else { throw problem("\(what) is not closed", line: start) }
        index += end.unicodeScalars.count
    }

    private mutating func skipSpace() {
        while index < scalars.count, scalars[index].properties.isWhitespace { advance() }
    }

    /// Spaces, the XML declaration, comments and a DOCTYPE without declarations.
    mutating func skipProlog() throws(SpecError) {
        while true {
            skipSpace()
            if starts(with: "<?") { try skip(past: "?>", what: "<?") }
            else if starts(with: "<!--") { try skip(past: "-->", what: "a comment") }
            else if starts(with: "<!DOCTYPE") {
                guard !scalars[index..<min(index + 4096, scalars.count)].prefix(while: { $0 != ">" }).contains("[") else {
                    throw problem("a DOCTYPE with declarations (entities are not read)")
                }
                try skip(past: ">", what: "the DOCTYPE")
            } else { return }
        }
    }

    mutating func expectStart(_ tag: String) throws(SpecError) {
        guard index < scalars.count, scalars[index] == "<" else { throw problem("expected <\(tag)>") }
        let (found, _, selfClosing) = try readStartTag()
        guard found == tag, !selfClosing else { throw problem("expected <\(tag)>, found <\(found)>") }
    }

    /// The root's next child element, nil at the root's end tag.
    mutating func nextChild() throws(SpecError) -> Element? {
        while true {
            skipSpace()
            guard index < scalars.count else { throw problem("<resources> is not closed") }
            if starts(with: "<!--") { try skip(past: "-->", what: "a comment"); continue }
            if starts(with: "</") {
                let name = try readEndTag()
                guard name == "resources" else { throw problem("</\(name)> closes nothing open") }
                skipSpace()
                while starts(with: "<!--") { try skip(past: "-->", what: "a comment"); skipSpace() }
                guard index == scalars.count else { throw problem("text after </resources>") }
                return nil
            }
            guard scalars[index] == "<" else { throw problem("text between the entries of <resources>") }
            // A DOCTYPE (its entities) belongs before <resources>, and is not read even there: said
            // so, not "a tag without a name" (hostile round 48).
            if starts(with: "<![CDATA[") { throw problem("text between the entries of <resources>") }
            if starts(with: "<!") { throw problem("a <!…> declaration inside <resources> (a DOCTYPE goes before it; entities are not read)") }
            let line = self.line
            let (tag, attributes, selfClosing) = try readStartTag()
            var nested: [String] = []
            let text = selfClosing ? "" : try readContent(of: tag, nested: &nested)
            return Element(tag: tag, attributes: attributes, text: text, line: line, nested: nested)
        }
    }

    /// An element's text up to its end tag: nested tags' text kept, their tags dropped (and
    /// listed in `nested`).
    private mutating func readContent(of tag: String, nested tags: inout [String]) throws(SpecError) -> String {
        var text = String.UnicodeScalarView()
        var open = [tag]
        let start = line
        while index < scalars.count {
            if starts(with: "<![CDATA[") {
                index += 9
                while index < scalars.count, !starts(with: "]]>") { text.append(scalars[index]); advance() }
                guard index < scalars.count else { throw problem("a CDATA section is not closed", line: start) }
                index += 3
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "</") {
                let name = try readEndTag()
                guard name == open.last else { throw problem("</\(name)> does not close <\(open.last ?? tag)>") }
                open.removeLast()
                if open.isEmpty { return String(text) }
            } else if starts(with: "<!") {
                throw problem("a <!…> declaration inside <\(open.last ?? tag)> (only comments and CDATA go there; entities are not read)")
            } else if scalars[index] == "<" {
                let (nested, _, selfClosing) = try readStartTag()
                tags.append(nested)
                if !selfClosing { open.append(nested) }
            } else if scalars[index] == "&" {
                text.append(try readReference())
            } else {
                text.append(scalars[index])
                advance()
            }
        }
        throw problem("<\(tag)> is not closed", line: start)
    }

    private mutating func readName() throws(SpecError) -> String {
        var name = String.UnicodeScalarView()
        while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
                || "_:.-".unicodeScalars.contains(scalars[index]) {
            name.append(scalars[index])
            index += 1
        }
        guard !name.isEmpty else { throw problem("a tag or attribute without a name") }
        return String(name)
    }

    private mutating func readStartTag() throws(SpecError) -> (String, [String: String], Bool) {
        index += 1
        let tag = try readName()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < scalars.count else { throw problem("<\(tag) is not closed") }
            if scalars[index] == ">" { index += 1; return (tag, attributes, false) }
            if starts(with: "/>") { index += 2; return (tag, attributes, true) }
            let attribute = try readName()
            skipSpace()
            guard index < scalars.count, scalars[index] == "=" else { throw problem("\(attribute) of <\(tag)> has no value") }
            index += 1
            skipSpace()
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { throw problem("the value of \(attribute) in <\(tag)> is not quoted") }
            let quote = scalars[index]
            index += 1
            var value = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != quote {
                if scalars[index] == "<" { throw problem("'<' in the value of \(attribute) in <\(tag)>") }
                if scalars[index] == "&" { value.append(try readReference()) } else { value.append(scalars[index]); advance() }
            }
            guard index < scalars.count else { throw problem("the value of \(attribute) in <\(tag)> is not closed") }
            index += 1
            attributes[attribute] = String(value)
        }
    }

    private mutating func readEndTag() throws(SpecError) -> String {
        index += 2
        let name = try readName()
        skipSpace()
        guard index < scalars.count, scalars[index] == ">" else { throw problem("</\(name) is not closed") }
        index += 1
        return name
    }

    /// XML's five entities and character references.
    private mutating func readReference() throws(SpecError) -> Unicode.Scalar {
        let end = scalars[index..<min(index + 12, scalars.count)].firstIndex(of: ";")
        guard let end else { throw problem("an unfinished entity (&)") }
        let body = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
        index = end + 1
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
