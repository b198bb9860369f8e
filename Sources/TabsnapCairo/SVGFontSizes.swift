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
/// `<use>`); a style rule applies where its simple selectors (a type, `*`, `#id`, `.class`)
/// match, and a rule with any other selector to every element (a relative size then compounding
/// at every level, as it may). Every text is judged on its own: one size of 0 elsewhere (in a
/// browser, 0 draws nothing too) hides nothing.
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
        let rules = styleSheets.flatMap { Self.rules(in: $0) }
        // Each element's size from its parent's and those of the `<use>` elements drawing it, in
        // an order where those come first (Kahn's: a chain of 100 `<use>` written backwards
        // passed a fixed number of passes, round 62). Use cycles are refused before this.
        var waiting = elements.map { ($0.parent == nil ? 0 : 1) + $0.uses.count }
        var dependents = [[Int]](repeating: [], count: elements.count)
        for (index, element) in elements.enumerated() {
            if let parent = element.parent { dependents[parent].append(index) }
            for use in element.uses { dependents[use].append(index) }
        }
        var ready = elements.indices.filter { waiting[$0] == 0 }
        var size = [Double](repeating: initial, count: elements.count)
        var inText = [Bool](repeating: false, count: elements.count)
        var done = [Bool](repeating: false, count: elements.count)
        func settle(_ index: Int) {
            let element = elements[index]
            inText[index] = element.localName == "text" || (element.parent.map { inText[$0] } ?? false)
            let sources = (element.parent.map { [$0] } ?? []) + element.uses
            let inherited = sources.map { size[$0] }.min() ?? initial
            // A size of 0 (or below, which librsvg ignores) draws nothing, in a browser too: it
            // constrains nothing, and passes nothing on.
            var matched: [Value] = []
            if !rules.isEmpty {
                let target = Matched(element)
                matched = rules.filter { $0.mayMatch(target) }.flatMap(\.values)
            }
            let values = ownValues(of: element) + matched
            size[index] = values.isEmpty ? inherited : values.map { value in
                switch value {
                case .absolute(let points): return points > 0 ? points : .infinity
                case .relative(let factor): return factor > 0 ? inherited * factor : .infinity
                }
            }.min() ?? inherited
            done[index] = true
        }
        while let index = ready.popLast() {
            settle(index)
            for dependent in dependents[index] {
                waiting[dependent] -= 1
                if waiting[dependent] == 0 { ready.append(dependent) }
            }
        }
        // Anything left waits on a cycle the preflight refuses; settled from what is known.
        for index in elements.indices where !done[index] { settle(index) }
        return elements.indices.filter { inText[$0] }.map { size[$0] }.filter { $0 < smallest }.min()
    }

    /// A style rule's selectors and the sizes its declarations set.
    struct Rule {
        /// nil: a selector this check does not match (a combinator, an attribute, a pseudo-class),
        /// taken as matching any element.
        var simple: [(type: String?, id: String?, classes: [String])]?
        var values: [Value]

        /// Whether the rule may apply to `element`: a simple selector (a type, `*`, `#id`,
        /// `.class`, or those together) is matched as CSS matches it.
        func mayMatch(_ element: Matched) -> Bool {
            guard let simple else { return true }
            return simple.contains { selector in
                // A type in any case (should a CSS engine read it so: a refusal too many at worst).
                (selector.type.map { $0.lowercased() == element.type } ?? true) && (selector.id.map { $0 == element.id } ?? true)
                    && selector.classes.allSatisfy(element.classes.contains)
            }
        }
    }

    /// What a selector is matched against: an element's type (lowercased), id and classes.
    struct Matched {
        var type: String
        var id: String?
        var classes: Set<String>

        init(_ element: Element) {
            type = element.localName.lowercased()
            id = element.attributes.last { $0.name == "id" }?.value
            classes = Set((element.attributes.last { $0.name == "class" }?.value ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
        }
    }

    /// The rules of a sheet that set a size (an at-rule's block is read for the rules inside it).
    /// Read as a CSS parser reads it: comments set aside, strings' insides no syntax (a `}` or
    /// `/*` in a font family's name ended the rule or began a comment here, not there: round 63),
    /// blocks nested in a value skipped whole.
    static func rules(in sheet: String) -> [Rule] {
        rules(in: neutralized(sheet)[...])
    }

    private static func rules(in text: ArraySlice<Character>) -> [Rule] {
        var found: [Rule] = []
        var prelude = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{" {
                let close = closing(from: index, in: text)
                let block = text[text.index(after: index)..<close]
                if prelude.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@") {
                    found += rules(in: block)
                } else if let rule = rule(selectors: prelude, values: declaredValues(inBlock: block)) {
                    found.append(rule)
                }
                prelude = ""
                index = close < text.endIndex ? text.index(after: close) : close
                continue
            }
            if character == ";", prelude.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@") { prelude = "" } else { prelude.append(character) }
            index = text.index(after: index)
        }
        return found
    }

    /// Where the block opened at `open` closes (its matching `}`, past blocks nested in it), or
    /// the end.
    private static func closing(from open: Int, in text: ArraySlice<Character>) -> Int {
        var nesting = Nesting()
        for index in open..<text.endIndex where nesting.read(text[index]) && nesting.isEmpty { return index }
        return text.endIndex
    }

    /// How deep a sheet's blocks may nest (`SVGIconPreflight` refuses more): each level's rules
    /// are read once more, so the cost is bounded by this times the sheet's length.
    static let deepestNesting = 32

    /// How deep the sheet's blocks and brackets nest, read as CSS reads them.
    static func nestingDepth(of sheet: String) -> Int {
        var nesting = Nesting(), deepest = 0
        for character in neutralized(sheet) {
            _ = nesting.read(character)
            deepest = max(deepest, nesting.depth)
        }
        return deepest
    }

    /// Blocks and brackets as CSS nests them: a closer ends only the block its own opener began
    /// (`(})` is one block holding a `}`: round 63).
    private struct Nesting {
        private var open: [Character] = []
        var isEmpty: Bool { open.isEmpty }
        var depth: Int { open.count }

        /// Reads one character; true when it closed a block.
        mutating func read(_ character: Character) -> Bool {
            switch character {
            case "{": open.append("}")
            case "[": open.append("]")
            case "(": open.append(")")
            case "}", "]", ")":
                if open.last == character {
                    open.removeLast()
                    return true
                }
            default: break
            }
            return false
        }
    }

    private static func rule(selectors selectorText: String, values: [Value]) -> Rule? {
        guard !values.isEmpty else { return nil }
            var simple: [(type: String?, id: String?, classes: [String])] = []
            for selector in selectorText.split(separator: ",") {
                let written = selector.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !written.isEmpty, written.allSatisfy({ $0.isLetter || $0.isNumber || "-_.#*".contains($0) }) else {
                    return Rule(simple: nil, values: values)
                }
                // "text.a#b" → type text, id b, class a.
                var type: String?, id: String?, classes: [String] = []
                var part = "", kind: Character = " "
                func finish() {
                    switch kind {
                    case ".": classes.append(part)
                    case "#": id = part
                    default: type = part.isEmpty || part == "*" ? nil : part
                    }
                }
                for character in written {
                    if character == "." || character == "#" {
                        finish()
                        (part, kind) = ("", character)
                    } else {
                        part.append(character)
                    }
                }
                finish()
                simple.append((type, id, classes))
            }
            return Rule(simple: simple, values: values)
    }

    /// The sizes an element sets itself: its `style` attribute's and its `font-size`
    /// attribute's. An inline style beats the attribute, unless librsvg finds its value invalid
    /// and falls back: both count (a refused icon with a tiny attribute under a normal inline size
    /// is a small price; one drawn without its text is not). Every declaration counts (one marked
    /// `!important` may come first).
    private static func ownValues(of element: Element) -> [Value] {
        element.attributes.filter { $0.name == "style" }.flatMap { declaredValues(inStyle: $0.value) }
            + element.attributes.filter { $0.name == "font-size" }.compactMap { value(String(neutralized($0.value))) }
    }

    /// The sizes a `style` attribute's declarations set (`font-size`, and the `font` shorthand's).
    static func declaredValues(inStyle text: String) -> [Value] {
        declaredValues(inBlock: neutralized(text)[...])
    }

    /// The declarations of a block (already `neutralized`), split at its own semicolons, not
    /// those inside a block or brackets nested in a value.
    private static func declaredValues(inBlock text: ArraySlice<Character>) -> [Value] {
        var declarations: [String] = [], current = ""
        var nesting = Nesting()
        for character in text {
            if character == ";", nesting.isEmpty {
                declarations.append(current)
                current = ""
                continue
            }
            _ = nesting.read(character)
            current.append(character)
        }
        declarations.append(current)
        return declarations.flatMap { declaration -> [Value] in
            guard let colon = declaration.firstIndex(of: ":") else { return [] }
            return sizeValues(property: declaration[..<colon], value: declaration[declaration.index(after: colon)...])
        }
    }

    /// CSS text as its parser tokenizes it: comments become a space, and each string keeps its
    /// quotes but not its insides (nothing in a string is a size or syntax).
    static func neutralized(_ text: String) -> [Character] {
        let characters = Array(text)
        var result: [Character] = []
        result.reserveCapacity(characters.count)
        var index = 0
        var quote: Character?
        while index < characters.count {
            let character = characters[index]
            if let open = quote {
                if character == open || character == "\n" {
                    result.append(open)
                    quote = nil
                } else if character == "\\" {
                    index += 1
                }
            } else if character == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 1
                result.append(" ")
            } else {
                if character == "\"" || character == "'" { quote = character }
                result.append(character)
            }
            index += 1
        }
        if let open = quote { result.append(open) }
        return result
    }

    private static func sizeValues(property: Substring, value: Substring) -> [Value] {
        let name = property.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let written = value.replacingOccurrences(of: #"!\s*important"#, with: " ", options: [.regularExpression, .caseInsensitive])
        // `inherit` (or `unset`, which is the same for a size) takes the parent's: a factor of 1.
        let keyword = written.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if (name == "font-size" || name == "font") && (keyword == "inherit" || keyword == "unset") { return [.relative(1)] }
        if name == "font-size" { return Self.value(written).map { [$0] } ?? [] }
        guard name == "font" else { return [] }
        // Every number of the shorthand may be its size (librsvg takes a bare one; a weight is
        // at least 1, so it never decides), but the line height after a slash (a quoted family
        // name's insides are gone already): split at spaces, quotes and commas.
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
