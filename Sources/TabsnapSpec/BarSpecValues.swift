import TabsnapModel

/// The spec's values that are more than a number, a word or a colour.
extension BarSpecTables {
    /// `items: [Home, {title: Search, icon: search}]`: at least one, at most `Limits.items`; a
    /// bare string is a title-only item.
    var items: SpecCodec<[BarItem]> {
        let table = item
        let one = SpecCodec<BarItem>(read: { [localizer] (node) throws(SpecError) in
            if case .scalar = node.node, !node.isNull { return BarItem(title: try localizer.title(node)) }
            var item = BarItem()
            try table.read(node, into: &item)
            // A markup title's plain text is its title (the layout JSON prints it).
            if item.title == nil, let markup = item.markup, case .success(let plain) = MarkupCheck.plainText(of: markup) {
                item.title = plain
            }
            return item
        }, write: { item in
            item.title != nil && item == BarItem(title: item.title) ? .text(item.title ?? "") : table.write(item)
        })
        let list = SpecCodec.list(one)
        return SpecCodec(read: { (node) throws(SpecError) in
            // `items: 4`: pages of a bar that draws no buttons (`ItemsAreDrawn` refuses it elsewhere).
            if case .scalar(let scalar) = node.node, !node.isNull {
                guard scalar.style == .plain, Int(scalar.string) != nil else {
                    throw node.error("items: expected a list of items (or, for a bar that draws no buttons, a number of pages), got '\(scalar.string)'")
                }
                return Array(repeating: BarItem(), count: try node.integer(in: Limits.items))
            }
            let count = try node.list().count
            guard count > 0 else { throw node.error("items: a bar needs at least one item") }
            guard count <= Limits.items.upperBound else {
                throw node.error("items: \(count) items; a bar has at most \(Limits.items.upperBound)")
            }
            return try list.read(node)
        }, write: list.write)  // empty items as {}: a count would be refused where buttons are drawn
    }

    /// Any scalar: `badge: 3`, `badge: "99+"`; an empty string is a dot badge.
    static let badge = SpecCodec<String>(read: { (node) throws(SpecError) in
        if case .scalar(let scalar) = node.node, scalar.style != .plain, scalar.string.isEmpty { return "" }
        let text = try node.scalarText(expected: "a badge value (text, a number, or \"\" for a dot)")
        guard text.unicodeScalars.count <= Limits.textLength else {
            throw node.error("\(node.path): \(text.unicodeScalars.count) characters; at most \(Limits.textLength)")
        }
        try SpecNode.refuseLineBreaks(in: text, at: node)
        return text
    }, write: { .text($0) })

    /// Pango markup, checked here so a bad tag is a spec error at its place; a pseudo-locale
    /// transforms its text (tags kept), and the check reads what will be drawn.
    var markup: SpecCodec<String> {
        SpecCodec(read: { [localizer] (node) throws(SpecError) in try Self.checkedMarkup(localizer.transform(markup: try node.string()), at: node) },
                  write: { .text($0) })
    }

    private static func checkedMarkup(_ text: String, at node: SpecNode) throws(SpecError) -> String {
        switch MarkupCheck.plainText(of: text) {
        case .failure(let problem): throw node.error("\(node.path): \(problem.message)")
        case .success(let plain): try SpecNode.refuseLineBreaks(in: plain, at: node)
        }
        return text
    }

    /// `clear` (or switched off) for none, else a colour.
    static let background = SpecCodec<Background>(read: { (node) throws(SpecError) in
        if case .scalar(let scalar) = node.node, scalar.string.lowercased() == "clear" || node.isSwitchedOff { return .clear }
        return .color(try node.color())
    }, write: { background in
        switch background {
        case .clear: return .text("clear")
        case .color(let color): return .text(color.hexRGBA)
        }
    })

    /// One number for every side, or `{left, right, top, bottom}`.
    static let insets = SpecCodec<Insets>(read: { (node) throws(SpecError) in
        if case .scalar = node.node, !node.isNull {
            let all = try node.number(in: 0...10_000)
            return Insets(left: all, right: all, top: all, bottom: all)
        }
        var insets = Insets()
        try insetSides.read(node, into: &insets)
        return insets
    }, write: { insets in
        let sides = [insets.left, insets.right, insets.top, insets.bottom]
        return Set(sides).count == 1 ? .number(insets.left) : insetSides.write(insets)
    })

    static let traits = SpecCodec<Set<LayoutTrait>>(read: { (node) throws(SpecError) in
        Set(try SpecCodec<[LayoutTrait]>.list(.choice).read(node))
    }, write: { traits in .list(LayoutTrait.allCases.filter(traits.contains).map { .text($0.rawValue) }) })

    static let weight = SpecCodec<IndicatorWeight>(read: { (node) throws(SpecError) in
        let text = try node.scalarText(expected: "light, medium, heavy or a number")
        if let named = IndicatorWeight(name: text) { return named }
        if Double(text) != nil { return .points(try node.number(in: 0...1_000, exclusiveLower: true)) }
        throw node.error("\(node.path): unknown value '\(text)'; " + KeySuggestion.hint(for: text, in: IndicatorWeight.names))
    }, write: { weight in
        switch weight {
        case .light: return .text("light")
        case .medium: return .text("medium")
        case .heavy: return .text("heavy")
        case .points(let points): return .number(points)
        }
    })

    static let indicatorWidth = SpecCodec<IndicatorWidth>(read: { (node) throws(SpecError) in
        let text = try node.scalarText(expected: "button, title or a number")
        switch text {
        case "button": return .button
        case "title": return .title
        default:
            if Double(text) != nil { return .points(try node.number(in: 0...10_000, exclusiveLower: true)) }
            throw node.error("\(node.path): unknown value '\(text)'; " + KeySuggestion.hint(for: text, in: ["button", "title"]))
        }
    }, write: { width in
        switch width {
        case .button: return .text("button")
        case .title: return .text("title")
        case .points(let points): return .number(points)
        }
    })
}
