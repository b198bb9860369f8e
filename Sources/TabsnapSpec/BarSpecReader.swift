import Foundation
import TabsnapModel

/// Reads the spec-file keys into a `Bar`: preset and theme first (they pick the defaults), then
/// every other key overrides its default. The README's "Spec file" section documents each key.
struct BarSpecReader {
    static let topLevelKeys = ["preset", "width", "height", "scale", "position", "direction", "theme", "items",
                               "layout", "button", "indicator", "background"]
    static let layoutKeys = ["mode", "visibleButtons", "spacing", "insets", "alignment", "traits", "fadeEdges"]
    static let buttonKeys = ["style", "tint", "selectedTint", "font", "selectedFont", "adjustsAlpha", "contentInsets"]
    static let indicatorKeys = ["style", "weight", "corners", "overscroll", "progressive", "color", "display", "width"]
    static let itemKeys = ["title", "icon", "selectedIcon", "badge"]
    static let insetKeys = ["left", "right", "top", "bottom"]

    /// Folder that relative icon paths resolve against.
    let baseDirectory: URL

    func read(_ root: SpecNode) throws(SpecError) -> Bar {
        let spec = try root.mapping(allowed: Self.topLevelKeys)
        let preset = try spec["preset"]?.choice(Preset.self) ?? .buttonBar
        let theme = try spec["theme"]?.choice(Theme.self) ?? .light
        let width = try spec.required("width").number(in: 0...10_000, exclusiveLower: true)
        var bar = Bar(preset: preset, width: width, theme: theme)
        if let node = spec["height"] { bar.height = try node.number(in: 0...10_000, exclusiveLower: true) }
        if let node = spec["scale"] { bar.scale = try node.number(in: 0...8, exclusiveLower: true) }
        if let node = spec["position"] { bar.position = try node.number(in: -1_000...1_000) }
        if let node = spec["direction"] { bar.direction = try node.choice(LayoutDirection.self) }
        if let node = spec["background"] { bar.background = try background(node) }
        bar.items = try items(spec.required("items"))
        if let node = spec["layout"] { try readLayout(node, into: &bar.layout) }
        if let node = spec["button"] { try readButton(node, into: &bar.button) }
        if let node = spec["indicator"] { try readIndicator(node, into: &bar.indicator) }
        return bar
    }

    private func items(_ node: SpecNode) throws(SpecError) -> [BarItem] {
        let list = try node.list()
        guard !list.isEmpty else { throw node.error("items: a bar needs at least one item") }
        var items: [BarItem] = []
        for entry in list {
            // A bare string is a title-only item: `items: [Home, Search]`.
            if case .scalar = entry.node, !entry.isNull {
                items.append(BarItem(title: try entry.string()))
                continue
            }
            let item = try entry.mapping(allowed: Self.itemKeys)
            items.append(BarItem(title: try item["title"]?.string(),
                                 icon: try item["icon"].map(iconPath),
                                 selectedIcon: try item["selectedIcon"].map(iconPath),
                                 badge: try item["badge"].map(badge)))
        }
        return items
    }

    /// An icon path, resolved against the spec's folder and checked to exist.
    private func iconPath(_ node: SpecNode) throws(SpecError) -> String {
        let text = try node.string()
        let url = text.hasPrefix("/") ? URL(fileURLWithPath: text) : baseDirectory.appendingPathComponent(text)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw node.error("\(node.path): icon file not found: \(text)")
        }
        let ext = url.pathExtension.lowercased()
        guard ext == "svg" || ext == "png" else {
            throw node.error("\(node.path): icon must be an .svg or .png file, got '\(text)'")
        }
        return url.standardizedFileURL.path
    }

    /// Any scalar: `badge: 3`, `badge: "99+"`; an empty string is a dot badge.
    private func badge(_ node: SpecNode) throws(SpecError) -> String {
        if case .scalar(let scalar) = node.node, scalar.style != .plain, scalar.string.isEmpty { return "" }
        return try node.scalarText(expected: "a badge value (text, a number, or \"\" for a dot)")
    }

    private func background(_ node: SpecNode) throws(SpecError) -> Background {
        if case .scalar(let scalar) = node.node, scalar.string == "clear" { return .clear }
        return .color(try node.color())
    }

    private func insets(_ node: SpecNode) throws(SpecError) -> Insets {
        if case .scalar = node.node, !node.isNull {
            let all = try node.number(in: 0...10_000)
            return Insets(left: all, right: all, top: all, bottom: all)
        }
        let map = try node.mapping(allowed: Self.insetKeys)
        func side(_ key: String) throws(SpecError) -> Double { try map[key]?.number(in: 0...10_000) ?? 0 }
        return Insets(left: try side("left"), right: try side("right"), top: try side("top"), bottom: try side("bottom"))
    }

    private func readLayout(_ node: SpecNode, into layout: inout LayoutOptions) throws(SpecError) {
        let map = try node.mapping(allowed: Self.layoutKeys)
        if let value = map["mode"] { layout.mode = try value.choice(LayoutMode.self) }
        if let value = map["visibleButtons"] { layout.visibleButtons = try value.integer(in: 1...100) }
        if let value = map["spacing"] { layout.spacing = try value.number(in: 0...10_000) }
        if let value = map["insets"] { layout.insets = try insets(value) }
        if let value = map["alignment"] { layout.alignment = try value.choice(Alignment.self) }
        if let value = map["fadeEdges"] { layout.fadeEdges = try value.bool() }
        if let value = map["traits"] {
            var traits = Set<LayoutTrait>()
            for entry in try value.list() { traits.insert(try entry.choice(LayoutTrait.self)) }
            layout.traits = traits
        }
    }

    private func readButton(_ node: SpecNode, into button: inout ButtonOptions) throws(SpecError) {
        let map = try node.mapping(allowed: Self.buttonKeys)
        if let value = map["style"] { button.style = try value.choice(ButtonStyle.self) }
        if let value = map["tint"] { button.tint = try value.color() }
        if let value = map["selectedTint"] { button.selectedTint = try value.color() }
        if let value = map["font"] { button.font = try value.font() }
        if let value = map["selectedFont"] { button.selectedFont = try value.font() }
        if let value = map["adjustsAlpha"] { button.adjustsAlpha = try value.bool() }
        if let value = map["contentInsets"] { button.contentInsets = try insets(value) }
    }

    private func readIndicator(_ node: SpecNode, into indicator: inout IndicatorOptions) throws(SpecError) {
        let map = try node.mapping(allowed: Self.indicatorKeys)
        if let value = map["style"] { indicator.style = try value.choice(IndicatorStyle.self) }
        if let value = map["weight"] { indicator.weight = try weight(value) }
        if let value = map["corners"] { indicator.corners = try value.choice(IndicatorCorners.self) }
        if let value = map["overscroll"] { indicator.overscroll = try value.choice(Overscroll.self) }
        if let value = map["progressive"] { indicator.progressive = try value.bool() }
        if let value = map["color"] { indicator.color = try value.color() }
        if let value = map["display"] { indicator.display = try value.choice(IndicatorDisplay.self) }
        if let value = map["width"] { indicator.width = try indicatorWidth(value) }
    }

    private func weight(_ node: SpecNode) throws(SpecError) -> IndicatorWeight {
        let text = try node.scalarText(expected: "light, medium, heavy or a number")
        if let named = IndicatorWeight(name: text) { return named }
        if Double(text) != nil { return .points(try node.number(in: 0...1_000, exclusiveLower: true)) }
        throw node.error("\(node.path): unknown value '\(text)'; " + KeySuggestion.hint(for: text, in: IndicatorWeight.names))
    }

    private func indicatorWidth(_ node: SpecNode) throws(SpecError) -> IndicatorWidth {
        let text = try node.scalarText(expected: "button, title or a number")
        switch text {
        case "button": return .button
        case "title": return .title
        default:
            if Double(text) != nil { return .points(try node.number(in: 0...10_000, exclusiveLower: true)) }
            throw node.error("\(node.path): unknown value '\(text)'; " + KeySuggestion.hint(for: text, in: ["button", "title"]))
        }
    }
}
