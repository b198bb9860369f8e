import Foundation
import TabsnapAnimation
import TabsnapModel

/// Reads the spec-file keys into a `Bar`: preset and theme first (they pick the defaults), then
/// every other key overrides its default. The README's "Spec file" section documents each key.
struct BarSpecReader {
    static let topLevelKeys = ["preset", "width", "height", "scale", "position", "direction", "theme", "items",
                               "layout", "button", "indicator", "background", "textScale", "placement", "safeArea",
                               "separator", "badges", "transition", "snapshots"]
    static let layoutKeys = ["mode", "visibleButtons", "spacing", "insets", "alignment", "traits", "fadeEdges", "separators"]
    static let buttonKeys = ["style", "tint", "selectedTint", "font", "selectedFont", "adjustsAlpha", "contentInsets",
                             "lines", "verticalAlignment", "imagePosition", "iconSize", "iconSpacing", "unselectedIconScale",
                             "renderingMode", "selectedBackground"]
    static let indicatorKeys = ["style", "weight", "corners", "overscroll", "progressive", "color", "display", "width"]
    static let itemKeys = ["title", "icon", "selectedIcon", "badge", "markup", "renderingMode"]
    static let insetKeys = ["left", "right", "top", "bottom"]
    static let safeAreaKeys = ["top", "bottom"]
    static let hairlineKeys = ["edge", "color", "width"]
    static let separatorKeys = ["color", "width", "inset"]
    static let badgeKeys = ["color", "textColor", "font", "position", "offset"]
    static let offsetKeys = ["x", "y"]
    static let selectedBackgroundKeys = ["style", "color", "insets", "cornerRadius"]

    /// Folder that relative icon paths resolve against.
    let baseDirectory: URL
    /// The spec's theme, once read (theme-dependent defaults of optional sections use it).
    private var theme: Theme = .light
    /// The spec's `transition:`, when it has one.
    private(set) var transition: Transition?
    /// The spec's `snapshots:` section (defaults when it has none).
    private(set) var snapshots = SnapshotVariants()
    /// Replaces the spec's theme (rendering one of its `snapshots.themes`).
    let themeOverride: Theme?

    /// Where icon files may come from.
    let icons: IconAccess

    init(baseDirectory: URL, theme: Theme? = nil, icons: IconAccess = .specFolder) {
        self.baseDirectory = baseDirectory
        self.themeOverride = theme
        self.icons = icons
    }

    mutating func read(_ root: SpecNode) throws(SpecError) -> Bar {
        let spec = try root.mapping(allowed: Self.topLevelKeys)
        let preset = try spec["preset"]?.choice(Preset.self) ?? .buttonBar
        let specTheme = try spec["theme"]?.choice(Theme.self) ?? .light
        let theme = themeOverride ?? specTheme
        self.theme = theme
        let width = try spec.required("width").number(in: Limits.width, exclusiveLower: true)
        var bar = Bar(preset: preset, width: width, theme: theme)
        if let node = spec["height"] { bar.height = try node.number(in: Limits.height, exclusiveLower: true) }
        if let node = spec["scale"] { bar.scale = try node.number(in: Limits.scale, exclusiveLower: true) }
        if let node = spec["position"] { bar.position = try node.number(in: Limits.position) }
        if let node = spec["direction"] { bar.direction = try node.choice(LayoutDirection.self) }
        if let node = spec["background"] { bar.background = try background(node) }
        bar.items = try items(spec.required("items"))
        if let node = spec["layout"] { try readLayout(node, into: &bar.layout) }
        if let node = spec["button"] { try readButton(node, into: &bar.button) }
        if let node = spec["indicator"] { try readIndicator(node, into: &bar.indicator) }
        if let node = spec["textScale"] { bar.textScale = try node.number(in: Limits.textScale) }
        if let node = spec["placement"] { bar.placement = try node.choice(Placement.self) }
        if let node = spec["safeArea"] {
            let map = try node.mapping(allowed: Self.safeAreaKeys)
            bar.safeArea = SafeArea(top: try map["top"]?.number(in: 0...1_000) ?? 0,
                                    bottom: try map["bottom"]?.number(in: 0...1_000) ?? 0)
        }
        if let node = spec["separator"] { bar.separator = try hairline(node, default: bar.separator, palette: ThemePalette(theme: theme)) }
        if let node = spec["badges"] { try readBadges(node, into: &bar.badges) }
        try checkTextSize(bar, at: spec["textScale"] ?? spec["button"] ?? root)
        if let node = spec["transition"] { transition = try TransitionReader(defaultFrom: bar.position).read(node) }
        if let node = spec["snapshots"] { snapshots = try SnapshotVariants.read(node) }
        return bar
    }

    /// Fonts are drawn at size × textScale: that product stays within `Limits.fontSize` too.
    private func checkTextSize(_ bar: Bar, at node: SpecNode) throws(SpecError) {
        let largest = max(bar.button.font.size, bar.button.selectedFont?.size ?? 0, bar.badges.font.size) * bar.textScale
        guard largest <= Limits.fontSize.upperBound else {
            throw node.error("textScale: fonts would be drawn at \(Limits.format(largest)) pt; size × textScale is at most \(Limits.format(Limits.fontSize.upperBound))")
        }
    }

    /// `separator: none`, or a mapping over the preset's (or the theme's default) hairline.
    private func hairline(_ node: SpecNode, default current: Hairline?, palette: ThemePalette) throws(SpecError) -> Hairline? {
        if case .scalar(let scalar) = node.node, ["none", "false"].contains(scalar.string) { return nil }
        let map = try node.mapping(allowed: Self.hairlineKeys)
        var line = current ?? Hairline(color: palette.hairline)
        if let value = map["edge"] { line.edge = try value.choice(Hairline.Edge.self) }
        if let value = map["color"] { line.color = try value.color() }
        if let value = map["width"] { line.width = try value.number(in: 0...100, exclusiveLower: true) }
        return line
    }

    private func readBadges(_ node: SpecNode, into badges: inout BadgeOptions) throws(SpecError) {
        let map = try node.mapping(allowed: Self.badgeKeys)
        if let value = map["color"] { badges.color = try value.color() }
        if let value = map["textColor"] { badges.textColor = try value.color() }
        if let value = map["font"] { badges.font = try value.font() }
        if let value = map["position"] { badges.position = try value.choice(BadgeOptions.Anchor.self) }
        if let value = map["offset"] {
            let offset = try value.mapping(allowed: Self.offsetKeys)
            badges.offsetX = try offset["x"]?.number(in: -1_000...1_000) ?? 0
            badges.offsetY = try offset["y"]?.number(in: -1_000...1_000) ?? 0
        }
    }

    private func items(_ node: SpecNode) throws(SpecError) -> [BarItem] {
        let list = try node.list()
        guard !list.isEmpty else { throw node.error("items: a bar needs at least one item") }
        guard list.count <= Limits.items.upperBound else {
            throw node.error("items: \(list.count) items; a bar has at most \(Limits.items.upperBound)")
        }
        var items: [BarItem] = []
        for entry in list {
            // A bare string is a title-only item: `items: [Home, Search]`.
            if case .scalar = entry.node, !entry.isNull {
                items.append(BarItem(title: try entry.string()))
                continue
            }
            let item = try entry.mapping(allowed: Self.itemKeys)
            var title = try item["title"]?.string()
            var markup: String?
            if let node = item["markup"] {
                let text = try node.string()
                switch MarkupCheck.plainText(of: text) {
                case .success(let plain): title = title ?? plain
                case .failure(let problem): throw node.error("\(node.path): \(problem.message)")
                }
                markup = text
            }
            items.append(BarItem(title: title,
                                 icon: try item["icon"].map(icon),
                                 selectedIcon: try item["selectedIcon"].map(icon),
                                 badge: try item["badge"].map(badge),
                                 markup: markup,
                                 renderingMode: try item["renderingMode"]?.choice(RenderingMode.self)))
        }
        return items
    }

    /// A built-in icon name (a word without a dot or slash), or an icon file: an .svg or .png
    /// inside the spec's folder (see `IconAccess`), checked to exist.
    private func icon(_ node: SpecNode) throws(SpecError) -> Icon {
        let text = try node.string()
        if !text.contains("."), !text.contains("/") {
            guard let builtin = BuiltinIcon(rawValue: text) else {
                let names = BuiltinIcon.allCases.map(\.rawValue)
                throw node.error("\(node.path): unknown built-in icon '\(text)'; " + KeySuggestion.hint(for: text, in: names)
                                 + " (or give an .svg or .png path)")
            }
            return .builtin(builtin)
        }
        let ext = URL(fileURLWithPath: text).pathExtension.lowercased()
        guard ext == "svg" || ext == "png" else {
            throw node.error("\(node.path): icon must be an .svg or .png file, got '\(text)'")
        }
        switch icons.resolve(text, specFolder: baseDirectory) {
        case .success(let url): return .file(url)
        case .failure(.outside):
            throw node.error("\(node.path): '\(text)' is outside the spec's folder; icons must be inside it "
                             + "(--allow-outside-icons allows other places)")
        case .failure(.missing):
            throw node.error("\(node.path): icon file not found: \(text)")
        }
    }

    /// Any scalar: `badge: 3`, `badge: "99+"`; an empty string is a dot badge.
    private func badge(_ node: SpecNode) throws(SpecError) -> String {
        if case .scalar(let scalar) = node.node, scalar.style != .plain, scalar.string.isEmpty { return "" }
        let text = try node.scalarText(expected: "a badge value (text, a number, or \"\" for a dot)")
        guard text.count <= Limits.textLength else { throw node.error("\(node.path): \(text.count) characters; at most \(Limits.textLength)") }
        return text
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
        if let value = map["separators"] {
            if case .scalar(let scalar) = value.node, ["none", "false"].contains(scalar.string) {
                layout.separators = nil
            } else {
                let separators = try value.mapping(allowed: Self.separatorKeys)
                var options = layout.separators ?? SeparatorOptions(color: ThemePalette(theme: theme).hairline)
                if let node = separators["color"] { options.color = try node.color() }
                if let node = separators["width"] { options.width = try node.number(in: 0...100, exclusiveLower: true) }
                if let node = separators["inset"] { options.inset = try node.number(in: 0...1_000) }
                layout.separators = options
            }
        }
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
        if let value = map["lines"] { button.lines = try value.integer(in: 1...10) }
        if let value = map["verticalAlignment"] { button.verticalAlignment = try value.choice(VerticalAlignment.self) }
        if let value = map["imagePosition"] { button.imagePosition = try value.choice(ImagePosition.self) }
        if let value = map["iconSize"] { button.iconSize = try value.number(in: 1...500) }
        if let value = map["iconSpacing"] { button.iconSpacing = try value.number(in: 0...500) }
        if let value = map["unselectedIconScale"] {
            // `false` switches the shrinking off; a number sets the unselected scale.
            if case .scalar(let scalar) = value.node, ["false", "no", "off"].contains(scalar.string.lowercased()) {
                button.unselectedIconScale = 1
            } else {
                button.unselectedIconScale = try value.number(in: 0.1...1)
            }
        }
        if let value = map["renderingMode"] { button.renderingMode = try value.choice(RenderingMode.self) }
        if let value = map["selectedBackground"] { button.selectedBackground = try selectedBackground(value) }
    }

    private func selectedBackground(_ node: SpecNode) throws(SpecError) -> SelectedBackground? {
        if case .scalar(let scalar) = node.node, ["none", "false"].contains(scalar.string) { return nil }
        let map = try node.mapping(allowed: Self.selectedBackgroundKeys)
        var background = SelectedBackground()
        if let value = map["style"] { background.style = try value.choice(SelectedBackground.Style.self) }
        if let value = map["color"] { background.color = try value.color() }
        if let value = map["insets"] { background.insets = try insets(value) }
        if let value = map["cornerRadius"] { background.cornerRadius = try value.number(in: 0...1_000) }
        return background
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
