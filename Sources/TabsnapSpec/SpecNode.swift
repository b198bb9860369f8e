import TabsnapModel
import Yams

/// A spec value with its place in the file: typed accessors that fail with a positioned error.
struct SpecNode {
    let node: Node
    /// Dotted key path for messages, e.g. `indicator.style` or `items[2].title`.
    let path: String
    let file: String

    func error(_ message: String) -> SpecError {
        SpecError(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message: message)
    }

    /// A YAML null (`~`, `null`, or nothing after the colon).
    var isNull: Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    func scalarText(expected: String) throws(SpecError) -> String {
        guard case .scalar(let scalar) = node, !isNull else {
            throw error("\(path): expected \(expected), got \(kindName)")
        }
        // Pango and cairo take C strings: text would end at a NUL without a word.
        guard !scalar.string.utf8.contains(0) else { throw error("\(path): contains a NUL character (\\0), where the text would end") }
        return scalar.string
    }

    var kindName: String {
        switch node {
        case .scalar: return isNull ? "nothing" : "a value"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }

    /// Text up to `Limits.textLength` characters (a title, markup, a badge, an icon path),
    /// counted as Unicode scalars: a character can carry any number of combining marks.
    func string() throws(SpecError) -> String {
        let text = try scalarText(expected: "text")
        guard text.unicodeScalars.count <= Limits.textLength else {
            throw error("\(path): \(text.unicodeScalars.count) characters; at most \(Limits.textLength)")
        }
        return text
    }

    /// A title's or badge's text: `string()`, on one line. Pango starts a new line at each line
    /// break whatever `button.lines` says (round 15: "A\nB\nC…" covered the bar, cut at both
    /// edges); titles wrap at their spaces, by `lines`.
    func line() throws(SpecError) -> String {
        let text = try string()
        try Self.refuseLineBreaks(in: text, at: self)
        return text
    }

    /// Refuses text holding any of `Limits.lineBreaks`.
    static func refuseLineBreaks(in text: String, at node: SpecNode) throws(SpecError) {
        guard let code = Limits.lineBreak(in: text) else { return }
        throw node.error("\(node.path): holds a line break (\(code)); "
            + (node.isSpoken ? "spoken text is one line: leave the break out" : "text is drawn on one line, and button.lines wraps a title at its spaces"))
    }

    /// Whether the node is spoken text (`accessibilityLabel`, `accessibilityHint`), which no
    /// picture draws: its characters are held to the spec reader's rules alone.
    var isSpoken: Bool {
        path.hasSuffix("accessibilityLabel") || path.hasSuffix("accessibilityHint")
    }

    func number() throws(SpecError) -> Double {
        let text = try scalarText(expected: "a number")
        guard let value = Double(text), value.isFinite else {
            throw error("\(path): expected a number, got '\(text)'")
        }
        // -0 is 0: a position list [0, -0] is one position, and no output says -0 (round 42).
        return value == 0 ? 0 : value
    }

    func number(in range: ClosedRange<Double>, exclusiveLower: Bool = false) throws(SpecError) -> Double {
        let value = try number()
        let belowLower = exclusiveLower ? value <= range.lowerBound : value < range.lowerBound
        if belowLower || value > range.upperBound {
            let lower = exclusiveLower ? "more than \(format(range.lowerBound))" : "at least \(format(range.lowerBound))"
            throw error("\(path): \(format(value)) is out of range; expected \(lower) and at most \(format(range.upperBound))")
        }
        return value
    }

    func integer(in range: ClosedRange<Int>) throws(SpecError) -> Int {
        let text = try scalarText(expected: "a whole number")
        guard let value = Int(text) else { throw error("\(path): expected a whole number, got '\(text)'") }
        guard range.contains(value) else {
            throw error("\(path): \(value) is out of range; expected \(range.lowerBound)…\(range.upperBound)")
        }
        return value
    }

    func bool() throws(SpecError) -> Bool {
        let text = try scalarText(expected: "true or false")
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(path): expected true or false, got '\(text)'")
        }
    }

    /// One of a closed set of words, with a suggestion for a near miss.
    func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type) throws(SpecError) -> T where T.RawValue == String {
        let text = try scalarText(expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        if let value = T(rawValue: text) { return value }
        throw error("\(path): unknown value '\(text)'; " + KeySuggestion.hint(for: text, in: T.allCases.map(\.rawValue)))
    }

    func color() throws(SpecError) -> RGBAColor {
        if isNull {
            // The classic YAML trap: an unquoted #RRGGBB is a comment.
            throw error("\(path): expected a colour; in YAML quote it, e.g. \"#007AFF\" (an unquoted # starts a comment)")
        }
        let text = try scalarText(expected: "a colour \"#RRGGBB\" or \"#RRGGBBAA\"")
        guard let color = RGBAColor(hex: text) else {
            throw error("\(path): '\(text)' is not a colour; expected \"#RRGGBB\" or \"#RRGGBBAA\"")
        }
        return color
    }

    func font() throws(SpecError) -> FontSpec {
        let text = try scalarText(expected: "a font such as \"Inter semibold 17\"")
        guard let font = FontSpec(parsing: text) else {
            throw error("\(path): '\(text)' is not a font; expected \"[family] [regular|medium|semibold|bold] SIZE\", e.g. \"Inter semibold 17\"")
        }
        guard font.size <= Limits.fontSize.upperBound else {
            throw error("\(path): font size \(format(font.size)) is out of range; expected at most \(format(Limits.fontSize.upperBound))")
        }
        return font
    }

    /// The node at `path` below this one, when the spec sets it (through mappings only).
    func descendant(_ path: [String]) -> SpecNode? {
        var node = self
        for key in path {
            guard case .mapping(let mapping) = node.node, let entry = mapping.first(where: { $0.key.string == key }) else { return nil }
            node = SpecNode(node: entry.value, path: node.path.isEmpty ? key : "\(node.path).\(key)", file: node.file)
        }
        return node
    }

    func list() throws(SpecError) -> [SpecNode] {
        guard case .sequence(let sequence) = node else { throw error("\(path): expected a list, got \(kindName)") }
        return sequence.enumerated().map { SpecNode(node: $0.element, path: "\(path)[\($0.offset)]", file: file) }
    }

    /// A mapping whose keys must come from `allowed`; unknown and repeated keys are errors.
    /// The value under `key` of a mapping already read, to point a message at: nil when this is
    /// not a mapping or has no such key.
    func entry(_ key: String) -> SpecNode? {
        guard case .mapping(let mapping) = node else { return nil }
        for (keyNode, valueNode) in mapping {
            if case .scalar(let scalar) = keyNode, scalar.string == key { return SpecNode(node: valueNode, path: path.isEmpty ? key : "\(path).\(key)", file: file) }
        }
        return nil
    }

    func mapping(allowed: [String]) throws(SpecError) -> SpecMapping {
        guard case .mapping(let mapping) = node else { throw error("\(path.isEmpty ? "spec" : path): expected a mapping of keys, got \(kindName)") }
        var entries: [String: (key: SpecNode, value: SpecNode)] = [:]
        for (keyNode, valueNode) in mapping {
            let key = SpecNode(node: keyNode, path: path, file: file)
            guard case .scalar(let scalar) = keyNode else { throw key.error("\(path): keys must be plain words") }
            let name = scalar.string
            let childPath = path.isEmpty ? name : "\(path).\(name)"
            guard allowed.contains(name) else {
                let place = path.isEmpty ? "" : " in \(path)"
                throw key.error("unknown key '\(name)'\(place); " + KeySuggestion.hint(for: name, in: allowed))
            }
            guard entries[name] == nil else { throw key.error("duplicate key '\(childPath)'") }
            entries[name] = (key, SpecNode(node: valueNode, path: childPath, file: file))
        }
        return SpecMapping(node: self, entries: entries)
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

struct SpecMapping {
    let node: SpecNode
    let entries: [String: (key: SpecNode, value: SpecNode)]

    /// The value under `key`, or nil when the key is absent.
    subscript(_ key: String) -> SpecNode? { entries[key]?.value }

    func required(_ key: String) throws(SpecError) -> SpecNode {
        guard let value = self[key] else {
            let place = node.path.isEmpty ? "" : " in \(node.path)"
            throw node.error("missing required key '\(key)'\(place)")
        }
        return value
    }
}
