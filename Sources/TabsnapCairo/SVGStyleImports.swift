extension SVGIconPreflight.Document {
    /// The `@import` rules of a style sheet that a browser's `<img>` never fetches (anything but a
    /// `data:` sheet: an image loads nothing from elsewhere), as ranges of the sheet's bytes.
    ///
    /// Inkscape's symbolic icons import their theme's colours (`@import '../../highlights.css';`:
    /// 638 of 2 754 icons under `/usr/share/**/icons` on Debian, refused before): a browser draws
    /// them with the colours written in the icon, so Tabsnap takes the rule out (`blankImports`)
    /// and librsvg does the same rather than reading a file beside the icon. Only an `@import`
    /// where CSS starts a rule (or a declaration, in a rule's block) is one: elsewhere it is part of
    /// a selector or a value (`svg@import x; rect{…}`, which a browser drops whole and which, taken
    /// out, would leave `svg rect{…}`: hostile round 88). That one, a `data:` sheet a browser may
    /// apply, and any `@import` this reading does not find (in a comment or a string, or spelt with
    /// an escape) are refused by `checkReferences`.
    static func unfetchedImports(in sheet: [UInt8]) -> [Range<Int>] {
        /// What a `{…}` block holds, and whether its end ends a statement (a rule's block, an
        /// at-rule's block) or not (a block inside a value or a prelude).
        enum Block { case declarations, other }
        var open: [(closer: UInt8, block: Block, endsStatement: Bool)] = []
        var rules: [Range<Int>] = []
        // Whether a rule (at the top) or a declaration (in a rule's block) may begin here, and
        // whether the statement going on began with an at-keyword (`;` ends it at the top).
        var statementStart = true, inAtRule = false
        var index = 0
        while index < sheet.count {
            let byte = sheet[index]
            // Where a statement may begin: the top, a rule's block (never inside brackets or
            // other blocks, where an @import is a value's part).
            let canBegin = open.isEmpty || open.last?.block == .declarations
            if [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(byte) { index += 1; continue }
            if byte == UInt8(ascii: "/"), index + 1 < sheet.count, sheet[index + 1] == UInt8(ascii: "*"),
               let skipped = skipCommentOrString(in: sheet, at: index) {
                index = skipped
                continue
            }
            // `<!--` and `-->` are passed over at the top (CSS's CDO and CDC).
            if open.isEmpty, statementStart, let mark = ["<!--", "-->"].first(where: { sheet[index...].starts(with: Array($0.utf8)) }) {
                index += mark.utf8.count
                continue
            }
            if statementStart, canBegin, isImportKeyword(in: sheet, at: index) {
                let end = endOfAtRule(in: sheet, from: index + 7, insideBlock: !open.isEmpty)
                let prelude = String(decoding: sheet[index..<end], as: UTF8.self).lowercased()
                if !prelude.contains("data:") { rules.append(index..<end) }
                index = end
                continue
            }
            if let skipped = skipCommentOrString(in: sheet, at: index) {
                statementStart = false
                index = skipped
                continue
            }
            switch byte {
            case UInt8(ascii: "{"):
                // A rule's block holds declarations; an at-rule's, or one inside a value or a
                // prelude, is read as brackets (no @import in it is taken out).
                let block: Block = open.isEmpty && !inAtRule ? .declarations : .other
                // Closing it ends a statement when it is a rule's or an at-rule's block: at the top,
                // or an at-rule's inside a rule's block.
                let endsStatement = open.isEmpty || (open.last?.block == .declarations && inAtRule)
                open.append((UInt8(ascii: "}"), block, endsStatement))
                statementStart = block == .declarations
                inAtRule = false
            case UInt8(ascii: "("): open.append((UInt8(ascii: ")"), .other, false)); statementStart = false
            case UInt8(ascii: "["): open.append((UInt8(ascii: "]"), .other, false)); statementStart = false
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if open.last?.closer == byte, let closed = open.popLast() {
                    statementStart = closed.endsStatement
                    // A block's end ends any at-rule begun inside it (`g{@x} a; …`).
                    if closed.endsStatement { inAtRule = false }
                } else {
                    statementStart = false
                }
            case UInt8(ascii: ";") where canBegin && (open.last?.block == .declarations || inAtRule):
                statementStart = true
                inAtRule = false
            case UInt8(ascii: "@") where statementStart && canBegin:
                inAtRule = true
                statementStart = false
            default:
                statementStart = false
            }
            index += 1
        }
        return rules
    }

    /// `@import` as an at-keyword (CSS reads at-keywords in any case), not the start of a longer
    /// name (`@imports`, `@import-x`).
    private static func isImportKeyword(in sheet: [UInt8], at index: Int) -> Bool {
        let keyword = Array("@import".utf8)
        // `@` exactly (folding case would take a backtick for it: review of round 91), the
        // letters in any case.
        guard index + keyword.count <= sheet.count, sheet[index] == UInt8(ascii: "@"),
              zip(sheet[(index + 1)..<(index + keyword.count)], keyword.dropFirst()).allSatisfy({ ($0 | 0x20) == $1 }) else { return false }
        guard index + keyword.count < sheet.count else { return true }
        return !isNameByte(sheet[index + keyword.count])
    }

    /// Past a comment (`/* … */`), a string (quotes, ending at its quote or a line break — CR,
    /// LF or FF, as XML and CSS hand them on — as CSS reads an unfinished one) or an unquoted
    /// `url(…)` (one token to its `)`, where `/*` and quotes are its text: hostile round 87)
    /// starting at `index`; nil when none starts there. (A sheet with a backslash is refused, so
    /// no escape hides a quote or a bracket.)
    private static func skipCommentOrString(in sheet: [UInt8], at index: Int) -> Int? {
        let byte = sheet[index]
        if byte == UInt8(ascii: "/"), index + 1 < sheet.count, sheet[index + 1] == UInt8(ascii: "*") {
            var cursor = index + 2
            while cursor + 1 < sheet.count, !(sheet[cursor] == UInt8(ascii: "*") && sheet[cursor + 1] == UInt8(ascii: "/")) { cursor += 1 }
            return min(cursor + 2, sheet.count)
        }
        if let end = endOfUnquotedURL(in: sheet, at: index) { return end }
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else { return nil }
        var cursor = index + 1
        while cursor < sheet.count, sheet[cursor] != byte, ![0x0A, 0x0D, 0x0C].contains(sheet[cursor]) { cursor += 1 }
        return min(cursor + 1, sheet.count)
    }

    /// Past `url(` + an unquoted URL + `)` when one starts at `index` (CSS's url token, or a bad
    /// one, which also runs to its `)`); nil for anything else, `url("…")` included (a function
    /// with a string, read as brackets and a string are).
    private static func endOfUnquotedURL(in sheet: [UInt8], at index: Int) -> Int? {
        guard index + 4 <= sheet.count, sheet[index + 3] == UInt8(ascii: "("),
              zip(sheet[index..<(index + 3)], Array("url".utf8)).allSatisfy({ $0 | 0x20 == $1 }),
              // `url` starts its own name: not the end of a longer one, a hash (`#url(`) or an
              // at-keyword (`@url(`), where `(` is a bracket (hostile round 88).
              index == 0 || !(isNameByte(sheet[index - 1]) || sheet[index - 1] == UInt8(ascii: "#") || sheet[index - 1] == UInt8(ascii: "@")) else { return nil }
        var cursor = index + 4
        while cursor < sheet.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(sheet[cursor]) { cursor += 1 }
        guard cursor < sheet.count, sheet[cursor] != UInt8(ascii: "\""), sheet[cursor] != UInt8(ascii: "'") else { return nil }
        while cursor < sheet.count, sheet[cursor] != UInt8(ascii: ")") { cursor += 1 }
        return min(cursor + 1, sheet.count)
    }

    /// A byte of a CSS name: a letter, a digit, `-`, `_`, or part of a character past ASCII.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Where an at-rule whose prelude starts at `index` ends, as CSS reads it: after its `;`, or
    /// after its `{}` block, outside brackets; before a `}` that closes a block around it (at the
    /// top a stray `}` is part of the prelude); or at the sheet's end.
    private static func endOfAtRule(in sheet: [UInt8], from index: Int, insideBlock: Bool) -> Int {
        var open: [UInt8] = []
        var cursor = index
        while cursor < sheet.count {
            if let skipped = skipCommentOrString(in: sheet, at: cursor) { cursor = skipped; continue }
            switch sheet[cursor] {
            case UInt8(ascii: "("): open.append(UInt8(ascii: ")"))
            case UInt8(ascii: "["): open.append(UInt8(ascii: "]"))
            case UInt8(ascii: "{"): open.append(UInt8(ascii: "}"))
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                if open.last == sheet[cursor] { open.removeLast() }
            case UInt8(ascii: "}") where open.isEmpty && !insideBlock:
                break
            case UInt8(ascii: "}"):
                guard !open.isEmpty else { return cursor }
                if open.last == UInt8(ascii: "}") {
                    open.removeLast()
                    if open.isEmpty { return cursor + 1 }
                }
            case UInt8(ascii: ";") where open.isEmpty:
                return cursor + 1
            default:
                break
            }
            cursor += 1
        }
        return sheet.count
    }

    /// The sheet with its unfetched imports made spaces (line breaks kept), in the sheet and in
    /// the icon's bytes librsvg gets (`positions`: each sheet byte's place in the icon).
    mutating func blankImports(in sheet: [UInt8], positions: [Int]) -> [UInt8] {
        var blanked = sheet
        for rule in Self.unfetchedImports(in: sheet) {
            for index in rule where sheet[index] != 0x0A && sheet[index] != 0x0D {
                blanked[index] = 0x20
                bytes[positions[index]] = 0x20
            }
        }
        return blanked
    }
}
