import TabsnapModel

/// What an item says is drawn, or the spec is refused: label buttons draw no icons, icon buttons
/// no titles, an item's renderingMode needs an icon, and a bar whose
/// buttons are not drawn (lineBar, `button.style: none`) draws no titles, icons or badges — it
/// counts pages, written `items: 4`. A count suits only such bars.
struct ItemsAreDrawn {
    let tables: BarSpecTables

    func check(_ bar: Bar, items node: SpecNode?) throws(SpecError) {
        guard let node else { return }
        if let custom = bar.customButton { return try check(bar, items: node, drawnBy: custom) }
        let style = bar.resolved().button.style
        guard case .sequence = node.node else {
            // `items: 4`
            guard !style.isDrawn else {
                throw node.error("items: a number of pages suits only bars that draw no buttons (lineBar, button.style none); list the items, e.g. items: [Home, Search]")
            }
            return
        }
        if !style.isDrawn {
            try refuse(in: node, keys: ["title", "markup", "icon", "selectedIcon", "badge", "renderingMode", "accessibilityLabel", "accessibilityHint"]) { key in
                "\(Self.noButtons(bar)), so \(Self.noun(key)) are never drawn; give the number of pages instead: items: \(bar.items.count)"
            }
        } else if style == .label {
            try refuse(in: node, keys: ["icon", "selectedIcon", "renderingMode"]) { key in
                "label buttons draw no icons; use button.style tabItem (icon and title) or icon, or leave the \(key == "renderingMode" ? "renderingMode" : "icon") out"
            }
        } else if style == .icon {
            try refuse(in: node, keys: ["title", "markup"]) { _ in
                "icon buttons draw no titles; use button.style tabItem (icon and title), or leave the title out"
            }
        }
        if style.isDrawn, let index = bar.items.firstIndex(where: { $0.text == nil && $0.icon == nil && $0.selectedIcon == nil }) {
            let entry = try node.list()[index]
            throw entry.error("\(entry.path): the item has nothing to draw; give it a title, markup or an icon")
        }
        for (index, item) in bar.items.enumerated() where item.renderingMode != nil && item.icon == nil && item.selectedIcon == nil {
            let entry = try node.list()[index]
            let place = try entry.mapping(allowed: tables.item.keys)["renderingMode"] ?? entry
            throw place.error("\(entry.path).renderingMode: the item has no icon to render; give it an icon or leave renderingMode out")
        }
    }

    /// The same rules for a custom button, by what it says it draws.
    private func check(_ bar: Bar, items node: SpecNode, drawnBy button: AnyBarButton) throws(SpecError) {
        let name = "the custom button \(button.name)"
        guard case .sequence = node.node else {
            guard !button.drawsContent else {
                throw node.error("items: a number of pages suits only bars that draw no buttons, and \(name) draws; list the items, e.g. items: [Home, Search]")
            }
            return
        }
        if !button.drawsContent {
            try refuse(in: node, keys: ["title", "markup", "icon", "selectedIcon", "badge", "renderingMode", "accessibilityLabel", "accessibilityHint"]) { key in
                "\(name) draws nothing, so \(Self.noun(key)) are never drawn; give the number of pages instead: items: \(bar.items.count)"
            }
        }
        if !button.drawsIcons {
            try refuse(in: node, keys: ["icon", "selectedIcon", "renderingMode"]) { _ in "\(name) draws no icons; leave them out" }
        }
        if !button.drawsTitles {
            try refuse(in: node, keys: ["title", "markup"]) { _ in "\(name) draws no titles; leave them out" }
        }
    }

    /// Throws at the first item that sets one of `keys` (a bare string sets `title`).
    private func refuse(in node: SpecNode, keys: [String], because reason: (String) -> String) throws(SpecError) {
        for entry in try node.list() {
            if case .scalar = entry.node, !entry.isNull {
                guard keys.contains("title") else { continue }
                throw entry.error("\(entry.path): \(reason("title"))")
            }
            let map = try entry.mapping(allowed: tables.item.keys)
            if let key = keys.first(where: { map[$0] != nil }), let value = map[key] {
                throw value.error("\(entry.path).\(key): \(reason(key))")
            }
        }
    }

    private static func noButtons(_ bar: Bar) -> String {
        bar.button.style == nil ? "\(bar.preset.rawValue) draws no buttons" : "button.style none draws no buttons"
    }

    private static func noun(_ key: String) -> String {
        switch key {
        case "title", "markup": return "titles"
        case "icon", "selectedIcon", "renderingMode": return "icons"
        case "accessibilityLabel", "accessibilityHint": return "accessibility labels and hints"
        default: return "badges"
        }
    }
}
