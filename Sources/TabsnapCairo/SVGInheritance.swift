/// What an element inherits where it is drawn: from its parents as written, and, for what a
/// `<use>` draws, from that use and what holds it (SVG: a use's copy inherits from the use, not
/// from where the original is written), through chains of uses; and what a style sheet may give
/// along each of those lines. The one reader of inherited properties for the checks that judge
/// how something is stroked or marked, and of what multiplies along those same lines: whether
/// an element is drawn under something (`drawnUnder`: a marker, a stretch) and the product of
/// per-element factors down each line (`product`: the scales a shape is drawn at, round 126).
///
/// Hostile round 122: the checks read only the parents as written, so an outline in `<defs>`
/// given its dashes (`<use href="#p" stroke-dasharray="20 20" stroke-linecap="round">`) or its
/// markers (`<use href="#p" style="marker-end:url(#m)">`, a sheet's `use { marker-end: … }`)
/// by the use drawing it passed the dash and filter checks (robust 332 and 3 600).
///
/// Each property is read once for all elements (a fold over the lines, each element once), so
/// asking for every element costs what the icon's size does.
final class SVGInheritance {
    private let document: SVGIconPreflight.Document
    /// The uses drawing each element (by any of their `href`s: which one librsvg or a browser
    /// reads does not matter to what may be inherited).
    private let users: [Int: [Int]]
    /// Each property's values as written and inherited, by node.
    private var written: [String: [Int: Set<String?>]] = [:]
    /// Each property's style sheet rules, and the ones that may match each element or what
    /// it is drawn under.
    private var rules: [String: [(selection: SVGIconPreflight.Document.SheetSelection, values: [String])]] = [:]
    private var matching: [String: [Int: Set<Int>]] = [:]
    /// Each property's rules' values as meanings, and the rules among them that inherit: read
    /// once per property (hostile round 136: read again for each element, 998 rules over 998
    /// elements took 17 s).
    private var meanings: [String: (values: [[Meaning]], inheriting: Set<Int>)] = [:]
    /// `drawnUnder`'s answers, by question and node.
    private var answers: [String: [Int: Bool]] = [:]
    /// `product`'s answers, by question and node.
    private var products: [String: [Int: Double]] = [:]

    /// Reads which uses draw what in `document`.
    init(_ document: SVGIconPreflight.Document, uses: SVGUseReach) {
        self.document = document
        var users: [Int: [Int]] = [:]
        for (use, targets) in uses.targets.sorted(by: { $0.key < $1.key }) {
            for target in Set(targets) { users[target, default: []].append(use) }
        }
        self.users = users
    }

    /// An element on a line: as drawn (through uses), or along its parents as written only
    /// (above what is drawn by reference). Kept as one number: `index * 2`, plus 1 as written.
    private typealias Node = Int

    /// What a node inherits from, one step up. As drawn: each use drawing it, and its parent,
    /// unless it is drawn only through uses there (a `<symbol>`, a child of `<defs>`); what is
    /// drawn by reference inherits along its parents as written. As written: its parent.
    private func drawnParents(_ node: Node) -> [Node] {
        let index = node / 2, element = document.elements[index]
        guard let parent = element.parent else { return [] }
        if node % 2 == 1 || SVGIconPreflight.Document.referencedContent.contains(element.tag.localName) { return [parent * 2 + 1] }
        let throughUses = element.tag.localName == "symbol" || document.elements[parent].tag.localName == "defs"
        return (throughUses ? [] : [parent * 2]) + (users[index] ?? []).map { $0 * 2 }
    }

    /// What a value means to inheritance: a value (trimmed, `!important` left out), `inherit`
    /// (what is above: `inherit`, `unset`, `revert`, `revert-layer` for these inherited
    /// properties) or `initial` (the initial value, nil).
    private enum Meaning: Equatable {
        case value(String)
        case inherit
        case initial

        init(_ written: String) {
            var text = written.trimmingCharacters(in: .whitespacesAndNewlines)
            // (A regular expression is about 25 µs: asked only of a value holding a `!`.)
            if text.contains("!"), let bang = text.range(of: #"!\s*important$"#, options: [.regularExpression, .caseInsensitive]) {
                text = text[..<bang.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            switch text.lowercased() {
            case "inherit", "unset", "revert", "revert-layer": self = .inherit
            case "initial": self = .initial
            default: self = .value(text)
            }
        }
    }

    /// Every value `property` may have on the element as written on it or inherited along the
    /// lines it is drawn on (as written, in its case; nil: none written on a line, the initial
    /// value).
    func written(_ property: String, at index: Int) -> Set<String?> { written(property, node: index * 2) }

    private func written(_ property: String, node: Node) -> Set<String?> {
        let sheetInherits = sheetMeanings(property).inheriting
        // (Taken out while it grows: left in, each change would copy it.)
        var memo = written.removeValue(forKey: property) ?? [:]
        defer { written[property] = memo }
        return fold(node, &memo) { at, above in
            // (Nothing above and not the root: not drawn — say, in <defs> and used by nothing.)
            guard at / 2 == 0 || !above.isEmpty else { return [] }
            let inheritsAbove = at / 2 == 0 ? [nil] : above.reduce(into: Set<String?>()) { $0.formUnion($1) }
            guard let declared = SVGIconPreflight.Document.declared(property, on: document.elements[at / 2].tag) else { return inheritsAbove }
            switch Meaning(declared) {
            case .inherit: return inheritsAbove
            case .initial: return [nil]
            case .value(let value):
                // (A sheet's `inherit` may win over what is written as an attribute.)
                let overridden = !sheetInherits.isEmpty && !matching(property, at).isDisjoint(with: sheetInherits)
                return overridden ? inheritsAbove.union([value]) : [value]
            }
        }
    }

    /// Every value `property` may have on the element: as `written(_:at:)`, and each value a
    /// style sheet's rule may give it or anything it is drawn under (as written, in its case;
    /// nil for the initial value). A sheet's values are judged beside the written ones: which
    /// wins is not worked out.
    func candidates(_ property: String, at index: Int) -> [String?] {
        var found = written(property, at: index)
        let rules = sheetMeanings(property).values
        for rule in matching(property, index * 2) {
            for meaning in rules[rule] {
                switch meaning {
                case .inherit: continue
                case .initial: found.insert(nil)
                case .value(let value): found.insert(value)
                }
            }
        }
        // (In one order: the first refused is named.)
        return found.sorted { ($0 ?? "") < ($1 ?? "") }
    }

    /// Whether the element may be drawn with `property` set to something other than `none`
    /// (as written, inherited, or from a style sheet).
    func mayBeSet(_ property: String, at index: Int) -> Bool {
        candidates(property, at: index).contains { ($0?.lowercased() ?? "none") != "none" }
    }

    /// Whether the element, or anything it is drawn under (its parents, the uses drawing it or
    /// them), is one `test` picks; answers are kept by `question`, which names `test`.
    func drawnUnder(_ index: Int, _ question: String, _ test: (Int) -> Bool) -> Bool {
        var memo = answers.removeValue(forKey: question) ?? [:]
        defer { answers[question] = memo }
        return fold(index * 2, &memo) { at, above in (at / 2 == 0 || !above.isEmpty) && (test(at / 2) || above.contains(true)) }
    }

    /// The largest (or smallest) product of `factor` along the lines the element is drawn on,
    /// from the root: what a use draws at the use's scale times what holds the use, through
    /// chains of uses. The content of a marker, pattern, mask or clip path starts from
    /// `byReference` (the scale of what may refer to it), as does what is drawn nowhere.
    /// Answers are kept by `question`.
    func product(_ index: Int, _ question: String, largest: Bool, byReference: Double, _ factor: (Int) -> Double) -> Double {
        var memo = products.removeValue(forKey: question) ?? [:]
        defer { products[question] = memo }
        return fold(index * 2, &memo) { node, above in
            let at = node / 2
            if node % 2 == 0, SVGIconPreflight.Document.referencedContent.contains(document.elements[at].tag.localName) { return byReference * factor(at) }
            guard let first = above.first else { return (at == 0 ? 1 : byReference) * factor(at) }
            return above.dropFirst().reduce(first) { largest ? max($0, $1) : min($0, $1) } * factor(at)
        }
    }

    /// Each style sheet rule declaring `property`, values in their case (an id in `url(#Id)`).
    private func sheetRules(_ property: String) -> [(selection: SVGIconPreflight.Document.SheetSelection, values: [String])] {
        if let known = rules[property] { return known }
        let found = document.sheetRules(declaring: property, keepingCase: true)
        rules[property] = found
        return found
    }

    /// `sheetRules(property)`'s values as meanings, and which rules hold an `inherit`.
    private func sheetMeanings(_ property: String) -> (values: [[Meaning]], inheriting: Set<Int>) {
        if let known = meanings[property] { return known }
        let values = sheetRules(property).map { $0.values.map(Meaning.init) }
        let found = (values, Set(values.indices.filter { values[$0].contains(.inherit) }))
        meanings[property] = found
        return found
    }

    /// The rules declaring `property` that may match the node's element or anything above it on
    /// its lines.
    private func matching(_ property: String, _ node: Node) -> Set<Int> {
        let rules = sheetRules(property)
        guard !rules.isEmpty else { return [] }
        var memo = matching.removeValue(forKey: property) ?? [:]
        defer { matching[property] = memo }
        return fold(node, &memo) { at, above in
            guard at / 2 == 0 || !above.isEmpty else { return [] }
            let tag = document.elements[at / 2].tag
            var found = Set(rules.indices.filter { rules[$0].selection.mayMatch(tag, root: at / 2 == 0) })
            for set in above { found.formUnion(set) }
            return found
        }
    }

    /// `step` applied to a node (as `Node`) with what it gave each node above it
    /// (`drawnParents`), worked out from the top down, each node once (`memo`). Without
    /// recursion: a chain of uses may be as long as the file. (A cycle of uses, refused
    /// elsewhere, is cut.) The root's nodes are 0 and 1.
    private func fold<Value>(_ node: Node, _ memo: inout [Node: Value], _ step: (Node, [Value]) -> Value) -> Value {
        var stack: [(at: Node, ready: Bool)] = [(node, false)]
        var open = Set<Node>()
        while let (at, ready) = stack.popLast() {
            guard memo[at] == nil else { continue }
            if ready {
                memo[at] = step(at, drawnParents(at).compactMap { memo[$0] })
                open.remove(at)
            } else if open.insert(at).inserted {
                stack.append((at, true))
                for parent in drawnParents(at) where memo[parent] == nil && !open.contains(parent) { stack.append((parent, false)) }
            }
        }
        return memo[node] ?? step(node, [])
    }
}
