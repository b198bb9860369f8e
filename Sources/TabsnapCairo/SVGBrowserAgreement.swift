import Foundation

/// What librsvg (2.54) reads otherwise than a browser's `<img>`, so an icon drew blank, or
/// something else, with exit 0 where the browser draws it (hostile round 67): refused before
/// librsvg reads it, naming what to write. A browser ignores an invalid `viewBox` (librsvg drew
/// nothing) and draws nothing for a zero one (librsvg drew); it skips a style sheet of another
/// type or medium (librsvg applied it); it draws a polygon's complete pairs (librsvg drew nothing
/// for an odd count); it ignores an invalid `transform` (librsvg applied the part before the
/// error); librsvg laid `writing-mode: vertical-lr` text out across, outside the icon.
enum SVGBrowserAgreement {
    /// The problem with `tag`, or nil.
    static func problem(with tag: SVGScanner.Tag) -> String? {
        let name = tag.localName
        if ["svg", "symbol", "marker", "pattern", "view"].contains(name), let viewBox = tag.exactAttribute("viewBox"), !isViewBox(viewBox) {
            return "<\(name) viewBox=\"\(short(viewBox))\">: not four numbers with a width and height over 0, which librsvg and a browser draw "
                + "differently (nothing, or the whole); write min-x min-y width height, or leave it out"
        }
        if name == "style" {
            if let type = tag.exactAttribute("type"), !["", "text/css"].contains(type.lowercased()) {
                return "<style type=\"\(short(type))\">: a browser skips a sheet of another type, librsvg applies it; write type=\"text/css\" or leave it out"
            }
            if let media = tag.exactAttribute("media"), !["", "all", "screen"].contains(media.trimmingCharacters(in: .whitespaces).lowercased()) {
                return "<style media=\"\(short(media))\">: a browser applies a sheet for one medium only, librsvg applies it always; leave media out"
            }
        }
        for attribute in tag.attributes where ["transform", "gradientTransform", "patternTransform"].contains(attribute.name) {
            if !isTransformList(attribute.value) {
                return "<\(name) \(attribute.name)=\"\(short(attribute.value))\">: not a transform list, which a browser ignores and librsvg may apply "
                    + "in part (scale(0) before the error drew nothing); write matrix, translate, scale, rotate, skewX or skewY (numbers)"
            }
        }
        if name == "polygon" || name == "polyline", let points = tag.exactAttribute("points"), numbers(in: points) % 2 == 1 {
            return "<\(name) points>: an odd count of numbers, which librsvg draws as nothing (a browser drops the last); write x,y pairs"
        }
        return nil
    }

    /// CSS that librsvg 2.54 does not read and a browser does: drawn as librsvg reads it, the
    /// icon was another picture with exit 0 (hostile round 67: `calc()` and `var()` sizes drawn at
    /// 12, `@media` and `:is()` rules applied or not, `FILL:` ignored, `fill: initial` blank).
    /// `place` names where; `declarations`: a sheet or `style` attribute (property names and
    /// keywords are read), else an attribute's value; `units`: lengths may be written there.
    /// Named, or nil. Conservative: a name in a comment or string counts too.
    static func cssProblem(in text: String, where place: String, declarations: Bool, units: Bool) -> String? {
        let characters = Array(text.lowercased().unicodeScalars)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let startsToken = index == 0 || !isNameCharacter(characters[index - 1]) && characters[index - 1] != "."
            if character == "(" {
                var start = index
                while start > 0, isNameCharacter(characters[start - 1]) { start -= 1 }
                let name = string(characters[start..<index])
                if unreadSelectors.contains(name), declarations {
                    return "\(place): :\(name)(…), which librsvg does not read (a browser does); write the selectors it holds one by one"
                }
                if unreadFunctions.contains(name) { return "\(place): \(name)(…), which librsvg does not read (a browser does); write the value it comes to" }
            } else if character == "@", declarations {
                var end = index + 1
                while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                let name = string(characters[(index + 1)..<end])
                if name != "charset" && name != "import" { return "\(place): @\(name), which librsvg does not read (a browser does); write its rules plainly or leave them out" }
            } else if units, startsToken, isDigit(character) || character == "." {
                // A number, then its unit.
                var end = index
                while end < characters.count, isDigit(characters[end]) || characters[end] == "." { end += 1 }
                if end + 1 < characters.count, characters[end] == "e", isDigit(characters[end + 1]) || "+-".unicodeScalars.contains(characters[end + 1]) {
                    end += 1
                    while end < characters.count, isDigit(characters[end]) || "+-".unicodeScalars.contains(characters[end]) { end += 1 }
                }
                var unitEnd = end
                while unitEnd < characters.count, characters[unitEnd].properties.isAlphabetic { unitEnd += 1 }
                let unit = string(characters[end..<unitEnd])
                if unreadUnits.contains(unit) { return "\(place): the unit \(unit), which librsvg does not read (a browser does); write px, pt, mm or em" }
                index = max(unitEnd, index + 1)
                continue
            }
            index += 1
        }
        guard declarations else { return nil }
        // A property name in capitals (CSS reads names in any case, librsvg only in small letters),
        // and CSS-wide keywords librsvg does not take.
        if let written = capitalizedPropertyName(in: text) {
            return "\(place): \(written), a property name in capitals, which librsvg does not read (a browser does); write it in small letters"
        }
        let lowered = text.lowercased()
        if let keyword = lowered.range(of: #":\s*(initial|revert|revert-layer)\s*(;|\}|!|$)"#, options: .regularExpression) {
            let written = lowered[keyword].trimmingCharacters(in: CharacterSet(charactersIn: ":;}! \t\r\n"))
            return "\(place): \(written), which librsvg does not read (a browser does); write the value"
        }
        return nil
    }

    /// The first declaration's property name (at the start, or after `;` or `{`) holding a capital
    /// letter, or nil; one pass (a regular expression backtracked over long runs of letters).
    private static func capitalizedPropertyName(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        var index = 0, atStart = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ";" || scalar == "{" {
                atStart = true
                index += 1
                continue
            }
            guard atStart else { index += 1; continue }
            if " \t\r\n".unicodeScalars.contains(scalar) { index += 1; continue }
            var end = index
            while end < scalars.count, scalar.isASCII, scalars[end].isASCII, scalars[end].properties.isAlphabetic || scalars[end] == "-" { end += 1 }
            var after = end
            while after < scalars.count, " \t\r\n".unicodeScalars.contains(scalars[after]) { after += 1 }
            let name = scalars[index..<end]
            if end > index, after < scalars.count, scalars[after] == ":", name.contains(where: { $0.properties.isUppercase }) { return string(name) }
            atStart = false
            index = max(end, index + 1)
        }
        return nil
    }

    /// Attributes whose value is a length or a list of them, where a unit may be written.
    static let lengthAttributes: Set<String> = [
        "x", "y", "width", "height", "r", "rx", "ry", "cx", "cy", "x1", "y1", "x2", "y2", "dx", "dy", "fx", "fy",
        "font-size", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "letter-spacing", "word-spacing", "baseline-shift",
        "refX", "refY", "markerWidth", "markerHeight", "textLength",
    ]

    private static let unreadFunctions: Set<String> = [
        "calc", "var", "min", "max", "clamp", "env", "attr", "color-mix", "oklch", "oklab", "lab", "lch", "hwb", "color",
        "light-dark",
    ]
    private static let unreadSelectors: Set<String> = ["is", "where", "has"]
    private static let unreadUnits: Set<String> = ["rem", "vw", "vh", "vmin", "vmax", "vi", "vb", "ch", "lh", "rlh", "cap", "ic", "q", "dvh", "svh", "lvh", "dvw", "svw", "lvw"]

    private static func isNameCharacter(_ character: Unicode.Scalar) -> Bool {
        character.properties.isAlphabetic || isDigit(character) || character == "-" || character == "_"
    }

    private static func isDigit(_ character: Unicode.Scalar) -> Bool { ("0"..."9").contains(character) }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String { String(String.UnicodeScalarView(scalars)) }

    /// Whether the icon's text may be written vertically left to right (anywhere it is named).
    static func namesVerticalLeftToRight(_ bytes: [UInt8]) -> Bool {
        let source = String(decoding: bytes.filter { ![0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }, as: UTF8.self).lowercased()
        return source.contains("vertical-lr")
    }

    static let verticalLeftToRight = "<text> is written vertically left to right (writing-mode: vertical-lr), which librsvg lays out across, "
        + "outside the icon; write vertical-rl, or draw it as paths"

    /// SVG's number: a sign, digits with an optional fraction (or a fraction alone), an exponent.
    private static let number = #"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"#

    private static func isViewBox(_ text: String) -> Bool {
        guard text.utf8.count <= 200 else { return false }
        let separator = #"(?:[ \t\r\n]+,?[ \t\r\n]*|,[ \t\r\n]*)"#
        let pattern = "^[ \\t\\r\\n]*(\(number))\(separator)(\(number))\(separator)(\(number))\(separator)(\(number))[ \\t\\r\\n]*$"
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return false }
        let values = (1...4).compactMap { Range(match.range(at: $0), in: text).flatMap { Double(text[$0]) } }
        // librsvg reads CSS numbers as 32-bit floats: 1e39 is infinite there.
        return values.count == 4 && values.allSatisfy { abs($0) <= Double(Float.greatestFiniteMagnitude) } && values[2] > 0 && values[3] > 0
    }

    /// SVG 1.1's transform list as a browser reads the attribute, strictly: functions by their
    /// exact names with their counts of numbers, at most one comma between two of them.
    static func isTransformList(_ text: String) -> Bool {
        let arities: [Substring: [Int]] = ["matrix": [6], "translate": [1, 2], "scale": [1, 2], "rotate": [1, 3], "skewX": [1], "skewY": [1]]
        var rest = Substring(text)
        func skipSpace() { rest = rest.drop { " \t\r\n".contains($0) } }
        /// An optional comma, then white space; false when the comma is followed by nothing.
        func skipComma(before closer: Character?) -> Bool {
            guard rest.first == "," else { return true }
            rest = rest.dropFirst()
            skipSpace()
            return !rest.isEmpty && rest.first != closer
        }
        skipSpace()
        var first = true
        while !rest.isEmpty {
            if !first { guard skipComma(before: nil) else { return false } }
            let name = rest.prefix { $0.isASCII && $0.isLetter }
            guard let arity = arities[name] else { return false }
            rest = rest.dropFirst(name.count)
            skipSpace()
            guard rest.first == "(" else { return false }
            rest = rest.dropFirst()
            skipSpace()
            var count = 0
            while rest.first != ")" {
                if count > 0 { guard skipComma(before: ")") else { return false } }
                guard let (value, after) = leadingNumber(of: rest), abs(value) <= Double(Float.greatestFiniteMagnitude) else { return false }
                rest = after
                count += 1
                skipSpace()
            }
            rest = rest.dropFirst()
            guard arity.contains(count) else { return false }
            skipSpace()
            first = false
        }
        return true
    }

    /// The SVG number `text` starts with and what follows it, or nil.
    private static func leadingNumber(of text: Substring) -> (Double, Substring)? {
        var end = text.startIndex
        func digits() -> Int {
            var count = 0
            while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end); count += 1 }
            return count
        }
        if end < text.endIndex, text[end] == "+" || text[end] == "-" { end = text.index(after: end) }
        var mantissa = digits()
        if end < text.endIndex, text[end] == "." {
            end = text.index(after: end)
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if end < text.endIndex, text[end] == "e" || text[end] == "E" {
            let mark = end
            end = text.index(after: end)
            if end < text.endIndex, text[end] == "+" || text[end] == "-" { end = text.index(after: end) }
            if digits() == 0 { end = mark }
        }
        guard let value = Double(text[text.startIndex..<end]) else { return nil }
        return (value, text[end...])
    }

    private static func numbers(in text: String) -> Int {
        guard let expression = try? NSRegularExpression(pattern: number) else { return 0 }
        return expression.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    private static func short(_ text: String) -> String { text.count > 24 ? text.prefix(24) + "…" : text }
}
