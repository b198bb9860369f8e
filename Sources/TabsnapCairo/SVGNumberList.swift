/// Numbers as a browser reads them in SVG's attributes (Blink's `ParseNumber`): a sign, digits
/// with a fraction whose point has a digit after it (`48.` is no number: a browser drops the
/// attribute, librsvg reads 48; hostile round 94), an exponent with digits; in a list, white space
/// and at most one comma between two, or none where the next starts with a sign or a point
/// (`4-4`, `.5.5`). One reader for the checks that must read a number as a browser does.
enum SVGNumberList {
    /// The number `text` starts with and what follows it, or nil.
    static func leadingNumber(of text: Substring) -> (Double, Substring)? {
        var end = text.startIndex
        func digits() -> Int {
            var count = 0
            while end < text.endIndex, text[end].isASCII, text[end].isNumber { end = text.index(after: end); count += 1 }
            return count
        }
        if end < text.endIndex, text[end] == "+" || text[end] == "-" { end = text.index(after: end) }
        let whole = digits()
        if end < text.endIndex, text[end] == "." {
            end = text.index(after: end)
            guard digits() > 0 else { return nil }
        } else if whole == 0 {
            return nil
        }
        if end < text.endIndex, text[end] == "e" || text[end] == "E" {
            let mark = end
            end = text.index(after: end)
            if end < text.endIndex, text[end] == "+" || text[end] == "-" { end = text.index(after: end) }
            if digits() == 0 { end = mark }
        }
        guard let value = Double(text[text.startIndex..<end]) else { return nil }
        return (value, text[end...])
    }

    /// The numbers of a list, nil when `text` is none (empty, a stray comma, a unit, `,,`).
    static func read(_ text: String) -> [Double]? {
        var rest = Substring(text)
        func skipSpace() { rest = rest.drop { $0.isXMLSpace } }
        skipSpace()
        var values: [Double] = []
        while !rest.isEmpty {
            if !values.isEmpty, rest.first == "," {
                rest = rest.dropFirst()
                skipSpace()
                guard !rest.isEmpty else { return nil }
            }
            guard let (value, after) = leadingNumber(of: rest) else { return nil }
            values.append(value)
            rest = after
            skipSpace()
        }
        return values.isEmpty ? nil : values
    }
}
