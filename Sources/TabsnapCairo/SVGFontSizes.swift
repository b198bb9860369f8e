import Foundation

/// The font sizes an icon's text can be set at, from what the icon writes. librsvg hands pango a
/// text's size in the text's own units (a transform enlarges the drawing afterwards), and pango
/// holds sizes and positions in 1/1024ths of a unit: a `font-size` of 0.0001 in a group scaled
/// 200 000 times, 20 units high in a browser, was set at size 0 and drew nothing, and sizes up to
/// about 0.1 were drawn visibly distorted (exit 0, hostile round 60). Such text is refused before
/// librsvg reads it (`SVGIconPreflight`), so no probe or threshold of this machine's pango
/// decides it.
///
/// A conservative reading, so that no way of writing a size slips past (round 61 found thirty):
/// sizes are read from `font-size` attributes, `style` attributes and style sheets (`font-size`
/// and every number of the `font` shorthand), comments and `!important` set aside; each text's
/// size is followed down the element tree and into what a `<use>` draws (which inherits from the
/// `<use>`); a style sheet's sizes may apply to any element (its rules are not matched here), a
/// relative one once along a chain. Every text is judged on its own: one size of 0 elsewhere (in
/// a browser, 0 draws nothing too) hides nothing.
enum SVGFontSizes {
    /// The smallest size, in the text's own units, drawn as asked: 512 steps of pango's unit.
    static let smallest = 0.5
    /// librsvg's size for text that sets none (`medium`).
    static let initial = 12.0

    /// A `font-size` value: a size in user units, or a factor of the parent's size.
    enum Value: Equatable {
        case absolute(Double)
        case relative(Double)
    }

    /// An element as the preflight read it; `uses`: the `<use>` elements drawing it.
    struct Element {
        var localName: Substring
        var attributes: [(name: String, value: String)]
        var parent: Int?
        var uses: [Int] = []
    }

    /// The smallest size under `smallest` that a text element (`<text>` and what is inside one)
    /// may be set at, or nil. A size of 0 is none (it draws nothing, in a browser too).
    static func tooSmall(in elements: [Element], styleSheets: [String]) -> Double? {
        let sheet = styleSheets.flatMap { declaredValues(inStyleSheet: $0) }
        let sheetSize = sheet.compactMap { if case .absolute(let size) = $0, size > 0 { size } else { nil } }.min()
        let sheetFactor = sheet.compactMap { if case .relative(let factor) = $0, factor > 0 { factor } else { nil } }.min()
        // Per element: `plain`, its smallest size with no sheet factor applied yet, and
        // `factored`, with one applied somewhere above or here. Sizes only shrink from pass to
        // pass (a `<use>` drawing an element drawn by another `<use>`), so a few passes settle.
        var plain = [Double](repeating: .infinity, count: elements.count)
        var factored = plain
        let own = elements.map { ownValues(of: $0) }
        var inText = [Bool](repeating: false, count: elements.count)
        for pass in 0..<64 {
            var changed = false
            for (index, element) in elements.enumerated() {
                if pass == 0 { inText[index] = element.localName == "text" || (element.parent.map { inText[$0] } ?? false) }
                // What it inherits: its parent's, and each `<use>` drawing it.
                let parents = (element.parent.map { [$0] } ?? []) + element.uses
                let parentPlain = parents.isEmpty ? initial : parents.map { plain[$0] }.min() ?? initial
                let parentFactored = parents.isEmpty ? initial : parents.map { factored[$0] }.min() ?? initial
                // A size of 0 (or below, which librsvg ignores) draws nothing, in a browser too:
                // it constrains nothing, and passes nothing on.
                func applied(_ base: Double) -> Double {
                    own[index].isEmpty ? base : own[index].map { value in
                        switch value {
                        case .absolute(let size): return size > 0 ? size : .infinity
                        case .relative(let factor): return factor > 0 ? base * factor : .infinity
                        }
                    }.min() ?? base
                }
                var newPlain = applied(parentPlain)
                if let sheetSize { newPlain = min(newPlain, sheetSize) }
                var newFactored = min(applied(parentFactored), newPlain)
                if let sheetFactor { newFactored = min(newFactored, parentPlain * sheetFactor) }
                if newPlain < plain[index] || newFactored < factored[index] {
                    (plain[index], factored[index], changed) = (min(plain[index], newPlain), min(factored[index], newFactored), true)
                }
            }
            if !changed { break }
        }
        return elements.indices.filter { inText[$0] }.map { factored[$0] }.filter { $0 < smallest }.min()
    }

    /// The sizes an element sets itself: its `style` attribute's, or without one that sizes, its
    /// `font-size` attribute's (an inline style beats it). Every declaration counts (one marked
    /// `!important` may come first).
    private static func ownValues(of element: Element) -> [Value] {
        let inline = element.attributes.filter { $0.name == "style" }.flatMap { declaredValues(inStyle: $0.value) }
        if !inline.isEmpty { return inline }
        return element.attributes.filter { $0.name == "font-size" }.compactMap { value(withoutComments($0.value)) }
    }

    /// The sizes a `style` attribute's declarations set (`font-size`, and the `font` shorthand's).
    static func declaredValues(inStyle text: String) -> [Value] {
        withoutComments(text).split(separator: ";").flatMap { declaration -> [Value] in
            guard let colon = declaration.firstIndex(of: ":") else { return [] }
            return sizeValues(property: declaration[..<colon], value: declaration[declaration.index(after: colon)...])
        }
    }

    /// The sizes a style sheet's rules set, wherever they apply.
    static func declaredValues(inStyleSheet sheet: String) -> [Value] {
        withoutComments(sheet).split(whereSeparator: { $0 == "{" || $0 == "}" }).flatMap { declaredValues(inStyle: String($0)) }
    }

    /// CSS comments taken out, as librsvg's CSS parser skips them (`font-size:/**/0.0001px`).
    static func withoutComments(_ text: String) -> String {
        guard text.contains("/*") else { return text }
        var result = "", rest = text[...]
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound] + " "
            guard let end = rest[start.upperBound...].range(of: "*/") else { return result }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }

    private static func sizeValues(property: Substring, value: Substring) -> [Value] {
        let name = property.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let written = value.replacingOccurrences(of: #"!\s*important"#, with: " ", options: [.regularExpression, .caseInsensitive])
        if name == "font-size" { return Self.value(written).map { [$0] } ?? [] }
        guard name == "font" else { return [] }
        // Every number of the shorthand may be its size (librsvg takes a bare one; a weight is
        // at least 1, so it never decides), but the line height after a slash: split at
        // spaces, quotes and commas.
        let sizes = written.replacingOccurrences(of: #"/\s*[^\s"',]*"#, with: " ", options: .regularExpression)
        return sizes.split(whereSeparator: { $0.isWhitespace || "\"',".contains($0) }).compactMap { Self.value(String($0)) }
    }

    /// A `font-size` value as librsvg reads it, or nil for one this check does not size (a
    /// keyword other than `smaller` or `larger`, `inherit`, a unit librsvg does not take).
    static func value(_ text: String) -> Value? {
        let written = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if written == "smaller" { return .relative(1 / 1.2) }
        if written == "larger" { return .relative(1.2) }
        // The number: sign, digits, fraction, exponent (an `e` followed by a digit or sign and
        // digit, so "2em" is 2 and em).
        let characters = Array(written.unicodeScalars)
        var end = 0
        if end < characters.count, characters[end] == "+" || characters[end] == "-" { end += 1 }
        while end < characters.count, CharacterSet.decimalDigits.contains(characters[end]) || characters[end] == "." { end += 1 }
        if end < characters.count, characters[end] == "e" {
            var exponent = end + 1
            if exponent < characters.count, characters[exponent] == "+" || characters[exponent] == "-" { exponent += 1 }
            if exponent < characters.count, CharacterSet.decimalDigits.contains(characters[exponent]) {
                end = exponent
                while end < characters.count, CharacterSet.decimalDigits.contains(characters[end]) { end += 1 }
            }
        }
        guard let number = Double(String(String.UnicodeScalarView(characters[..<end]))), number.isFinite else { return nil }
        switch String(String.UnicodeScalarView(characters[end...])) {
        case "", "px": return .absolute(number)
        case "pt": return .absolute(number * 4 / 3)
        case "pc": return .absolute(number * 16)
        case "in": return .absolute(number * 96)
        case "cm": return .absolute(number * 96 / 2.54)
        case "mm": return .absolute(number * 96 / 25.4)
        case "q": return .absolute(number * 96 / 101.6)
        case "em", "rem": return .relative(number)
        case "ex", "ch": return .relative(number / 2)
        case "%": return .relative(number / 100)
        default: return nil
        }
    }
}
