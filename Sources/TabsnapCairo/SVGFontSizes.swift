import Foundation

/// The smallest font size an icon's text can be set at, from what the icon writes. librsvg hands
/// pango a text's size in the text's own units (a transform enlarges the drawing afterwards), and
/// pango holds sizes and positions in 1/1024ths of a unit: a `font-size` of 0.0001 in a group
/// scaled 200 000 times, 20 units high in a browser, was set at size 0 and drew nothing, and
/// sizes up to about 0.1 were drawn visibly distorted (exit 0, hostile round 60). Such text is
/// refused before librsvg reads it (`SVGIconPreflight`), so no probe or threshold of this
/// machine's pango decides it.
///
/// Read from `font-size` attributes, `style` attributes and style sheets (`font-size` and the
/// `font` shorthand), in the units librsvg knows. Inheritance is followed down the element tree;
/// a style sheet's rule may match any element, so its sizes are taken as applying at any level
/// (a conservative reading: a sheet's 0.5em counts as halving every text below it once).
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

    /// An element as the preflight read it.
    struct Element {
        var localName: Substring
        var attributes: [(name: String, value: String)]
        var parent: Int?
    }

    /// The smallest size any text element (`<text>` and what is inside one) may be set at, when it
    /// is above 0 and under `smallest`; nil otherwise (0 draws nothing in a browser too).
    static func tooSmall(in elements: [Element], styleSheets: [String]) -> Double? {
        let sheet = styleSheets.flatMap { declaredValues(inStyleSheet: $0) }
        let sheetSizes = sheet.compactMap { if case .absolute(let size) = $0 { size } else { nil } }
        let sheetFactors = sheet.compactMap { if case .relative(let factor) = $0 { factor } else { nil } }
        var computed: [Double] = []
        var inText: [Bool] = []
        var smallestText = Double.infinity
        for element in elements {
            let parentSize = element.parent.map { computed[$0] } ?? initial
            var size = parentSize
            // An inline style beats the attribute (CSS's order).
            let inline = element.attributes.last { $0.name == "style" }.flatMap { declaredValues(inStyle: $0.value).last }
            switch inline ?? element.attributes.last(where: { $0.name == "font-size" }).flatMap({ value($0.value) }) {
            case .absolute(let value)?: size = value
            case .relative(let factor)?: size = parentSize * factor
            case nil: break
            }
            // A sheet's rule may set it instead (an attribute yields to it).
            if inline == nil {
                size = ([size] + sheetSizes + sheetFactors.map { parentSize * $0 }).min() ?? size
            }
            computed.append(size)
            let isText = element.localName == "text" || (element.parent.map { inText[$0] } ?? false)
            inText.append(isText)
            if isText { smallestText = min(smallestText, size) }
        }
        return smallestText > 0 && smallestText < smallest ? smallestText : nil
    }

    /// The sizes a `style` attribute's declarations set (`font-size`, and the `font` shorthand's).
    static func declaredValues(inStyle text: String) -> [Value] {
        text.split(separator: ";").compactMap { declaration in
            guard let colon = declaration.firstIndex(of: ":") else { return nil }
            return sizeValue(property: declaration[..<colon], value: declaration[declaration.index(after: colon)...])
        }
    }

    /// The sizes a style sheet's rules set, wherever they apply.
    static func declaredValues(inStyleSheet sheet: String) -> [Value] {
        sheet.split(whereSeparator: { $0 == "{" || $0 == "}" }).flatMap { declaredValues(inStyle: String($0)) }
    }

    private static func sizeValue(property: Substring, value: Substring) -> Value? {
        let name = property.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let written = value.replacingOccurrences(of: "!important", with: "", options: .caseInsensitive)
        if name == "font-size" { return Self.value(written) }
        guard name == "font" else { return nil }
        // The shorthand's size is its first token with a unit (a bare number there is a weight),
        // before any "/line-height".
        for token in written.split(whereSeparator: \.isWhitespace) {
            let size = token.split(separator: "/", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if let parsed = Self.value(size), size.last.map({ !$0.isNumber && $0 != "." }) ?? false { return parsed }
        }
        return nil
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
