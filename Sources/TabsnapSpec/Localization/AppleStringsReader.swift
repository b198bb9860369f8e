import Foundation
import TabsnapModel

/// Reads Apple's `Localizable.strings`: `"key" = "value";` lines with `/* */` and `//` comments,
/// in UTF-8 or UTF-16 (Xcode long wrote UTF-16 with a byte-order mark). Its language is its
/// folder's: `de.lproj` → `de`; `Base.lproj` holds what every language falls back to.
enum AppleStringsReader {
    static func read(_ bytes: [UInt8], url: URL, name: String) throws(SpecError) -> StringCatalog {
        let folder = url.deletingLastPathComponent().lastPathComponent
        guard folder.hasSuffix(".lproj") else {
            throw SpecError(file: name, line: 0, column: 0, message: "a .strings file's language is its folder's (de.lproj/Localizable.strings); this one is in \(folder)/")
        }
        let folderLanguage = String(folder.dropLast(".lproj".count))
        let language: String
        if folderLanguage == "Base" {
            language = StringCatalog.anyLanguage
        } else if let locale = SpecLocale(catalogLanguage: folderLanguage) {
            language = locale.identifier
        } else {
            throw SpecError(file: name, line: 0, column: 0, message: "\(folder): not a language folder")
        }
        if let problem = encodingProblem(bytes) { throw SpecError(file: name, line: 0, column: 0, message: problem) }
        guard let text = decode(bytes) else {
            throw SpecError(file: name, line: 0, column: 0, message: "not UTF-8 or UTF-16 text")
        }
        var parser = Parser(scalars: Array(text.unicodeScalars), name: name)
        var entries: [String: StringCatalog.Entry] = [:], read = 0
        while let (key, value) = try parser.nextPair() {
            read += 1
            guard read <= Limits.catalogEntries else { throw StringCatalog.tooManyEntries(name) }
            entries[key] = .checked(value)
        }
        return StringCatalog(name: name, url: url, languages: [language: entries], sourceLanguage: nil)
    }

    /// Why the bytes are in an encoding this reader does not take, said as such: UTF-32, and
    /// UTF-16 without its byte-order mark, would otherwise be read as UTF-16 or UTF-8 text full
    /// of NULs and refused for a stray character (hostile round 32).
    static func encodingProblem(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return "UTF-32 text (its byte-order mark says so); save it as UTF-8, or UTF-16 with a byte-order mark"
        }
        guard !bytes.starts(with: [0xFF, 0xFE]), !bytes.starts(with: [0xFE, 0xFF]), let nul = bytes.firstIndex(of: 0) else { return nil }
        // ASCII in UTF-16 without a mark: every other byte is 0.
        return "holds a NUL byte at byte \(nul): UTF-16 or UTF-32 text without a byte-order mark? Save it as UTF-8, or UTF-16 with a byte-order mark"
    }

    /// UTF-16 with a byte-order mark, else UTF-8 (its own mark dropped).
    private static func decode(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard bytes.count % 2 == 0 else { return nil }
            let littleEndian = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            for index in stride(from: 2, to: bytes.count, by: 2) {
                let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
            }
            return String(validating: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self)
    }

    /// The old-style property list grammar `.strings` files use, one pair at a time, with the
    /// line of anything wrong.
    private struct Parser {
        let scalars: [Unicode.Scalar]
        let name: String
        var index = 0
        var line = 1

        init(scalars: [Unicode.Scalar], name: String) {
            self.scalars = scalars
            self.name = name
        }

        func problem(_ message: String) -> SpecError { SpecError(file: name, line: line, column: 0, message: message) }

        mutating func nextPair() throws(SpecError) -> (String, String)? {
            try skipSpaceAndComments()
            guard index < scalars.count else { return nil }
            let key = try readString(what: "a key")
            try skipSpaceAndComments()
            // `"key";` is the key as its own text, as Foundation's reader takes it (round 39).
            if index < scalars.count, scalars[index] == ";" {
                index += 1
                return (key, key)
            }
            guard index < scalars.count, scalars[index] == "=" else { throw problem("expected = or ; after \(StringCatalog.quoted(key))") }
            index += 1
            try skipSpaceAndComments()
            let value = try readString(what: "the value of \(StringCatalog.quoted(key))")
            try skipSpaceAndComments()
            guard index < scalars.count, scalars[index] == ";" else { throw problem("expected ; after the value of \(StringCatalog.quoted(key))") }
            index += 1
            return (key, value)
        }

        private mutating func skipSpaceAndComments() throws(SpecError) {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\n" { line += 1; index += 1; continue }
                if scalar.properties.isWhitespace { index += 1; continue }
                if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    let start = line
                    index += 2
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") {
                        if scalars[index] == "\n" { line += 1 }
                        index += 1
                    }
                    guard index + 1 < scalars.count else { line = start; throw problem("a comment (/*) is not closed") }
                    index += 2
                    continue
                }
                if scalar == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { index += 1 }
                    continue
                }
                return
            }
        }

        /// A quoted string with its escapes, or a bare word (letters, digits, `_ . - $ : /`).
        private mutating func readString(what: String) throws(SpecError) -> String {
            guard index < scalars.count else { throw problem("expected \(what), the file ends") }
            guard scalars[index] == "\"" else {
                var word = String.UnicodeScalarView()
                while index < scalars.count, Self.isBare(scalars[index]) { word.append(scalars[index]); index += 1 }
                guard !word.isEmpty else { throw problem("expected \(what) in quotes, found '\(Character(scalars[index]))'") }
                return String(word)
            }
            let start = line
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "\"" {
                let scalar = scalars[index]
                index += 1
                if scalar == "\n" { line += 1 }
                guard scalar == "\\" else { text.append(scalar); continue }
                guard index < scalars.count else { break }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "a": text.append("\u{07}")
                case "b": text.append("\u{08}")
                case "f": text.append("\u{0C}")
                case "v": text.append("\u{0B}")
                case "0"..."7":
                    // Up to three octal digits, as Apple's reader takes them (`\101` is "A", hostile
                    // round 30: it was drawn as "101"). Past \177 they name NeXTSTEP bytes, not
                    // Unicode: refused, as a NUL is.
                    var code = escaped.value - 0x30
                    var digits = 1
                    while digits < 3, index < scalars.count, ("0"..."7").contains(scalars[index]) {
                        code = code * 8 + scalars[index].value - 0x30
                        index += 1
                        digits += 1
                    }
                    guard code != 0, code < 0x80, let scalar = Unicode.Scalar(code) else {
                        throw problem("the octal escape \\\(String(code, radix: 8)) in \(what) is \(code == 0 ? "a NUL" : "a NeXTSTEP byte, not a character"); write the character or \\Uxxxx")
                    }
                    text.append(scalar)
                case "U", "u":
                    let digits = scalars[index..<min(index + 4, scalars.count)]
                    guard digits.count == 4, let code = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else {
                        throw problem("\\\(escaped) in \(what) needs four hex digits")
                    }
                    index += 4
                    var unit = code
                    // A surrogate pair spelled as two escapes.
                    if (0xD800...0xDBFF).contains(code), index + 6 <= scalars.count, scalars[index] == "\\",
                       scalars[index + 1] == "U" || scalars[index + 1] == "u",
                       let low = UInt32(String(String.UnicodeScalarView(scalars[(index + 2)..<(index + 6)])), radix: 16),
                       (0xDC00...0xDFFF).contains(low) {
                        unit = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                    guard let scalar = Unicode.Scalar(unit), unit != 0 else { throw problem("\\\(escaped) in \(what) is not a character") }
                    text.append(scalar)
                default: text.append(escaped)
                }
            }
            guard index < scalars.count else { line = start; throw problem("\(what) is not closed (\")") }
            index += 1
            return String(text)
        }

        private static func isBare(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.-$:/".unicodeScalars.contains(scalar)
        }
    }
}
