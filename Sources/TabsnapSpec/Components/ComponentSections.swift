import TabsnapModel

/// A spec section that names either a built-in component through its settings or a custom one
/// (`custom: NAME` and the component's own keys), beside the bar's keys that apply to both.
struct ComponentSection<Settings: Hashable & Sendable, Component: Hashable & Sendable>: Hashable, Sendable {
    var settings: Settings
    var custom: Component?
}

extension Bar {
    /// `layout:` as read: the built-in settings and the custom layout.
    var layoutSection: ComponentSection<LayoutSettings, AnyBarLayout> {
        get { ComponentSection(settings: layout, custom: customLayout) }
        set { (layout, customLayout) = (newValue.settings, newValue.custom) }
    }

    /// `button:` as read: the built-in settings and the custom button.
    var buttonSection: ComponentSection<ButtonSettings, AnyBarButton> {
        get { ComponentSection(settings: button, custom: customButton) }
        set { (button, customButton) = (newValue.settings, newValue.custom) }
    }

    /// `indicator:` as read: the built-in settings and the custom indicator.
    var indicatorSection: ComponentSection<IndicatorSettings, AnyBarIndicator> {
        get { ComponentSection(settings: indicator, custom: customIndicator) }
        set { (indicator, customIndicator) = (newValue.settings, newValue.custom) }
    }

    /// `badges:` as read: the built-in settings and the custom badge.
    var badgesSection: ComponentSection<BadgeOptions, AnyBarBadge> {
        get { ComponentSection(settings: badges, custom: customBadge) }
        set { (badges, customBadge) = (newValue.settings, newValue.custom) }
    }
}

extension ButtonSettings {
    /// `button.selectedBackground:` as read: the built-in settings (or off) and the custom one.
    var selectedBackgroundSection: ComponentSection<Switchable<SelectedBackground>?, AnyBarSelectedBackground> {
        get { ComponentSection(settings: selectedBackground, custom: customSelectedBackground) }
        set { (selectedBackground, customSelectedBackground) = (newValue.settings, newValue.custom) }
    }
}

/// Which of a bar's components are its own rather than built in: rules about the built-ins'
/// settings (inert keys, combinations that cannot draw, what items may carry) skip those.
struct CustomComponents: OptionSet {
    let rawValue: Int
    static let layout = CustomComponents(rawValue: 1)
    static let button = CustomComponents(rawValue: 2)
    static let indicator = CustomComponents(rawValue: 4)
    static let badge = CustomComponents(rawValue: 8)
    static let selectedBackground = CustomComponents(rawValue: 16)

    init(rawValue: Int) { self.rawValue = rawValue }

    init(_ bar: Bar) {
        var kinds: CustomComponents = []
        if bar.customLayout != nil { kinds.insert(.layout) }
        if bar.customButton != nil { kinds.insert(.button) }
        if bar.customIndicator != nil { kinds.insert(.indicator) }
        if bar.customBadge != nil { kinds.insert(.badge) }
        if bar.button.customSelectedBackground != nil { kinds.insert(.selectedBackground) }
        self = kinds
    }
}

extension SpecCodec {
    /// A component section: without `custom`, the built-in table reads every key; with it, the
    /// table reads only `sharedKeys` (the bar's own, which apply to any component) and the
    /// registered type named by `custom` reads the rest, refusing what it does not know.
    static func component<Settings, Component: ErasedComponent>(_ kind: String, table: SpecTable<Settings>, empty: Settings, sharedKeys: [String],
                                               registered: [String: ComponentRegistry.Entry<Component>])
        -> SpecCodec where Value == ComponentSection<Settings, Component> {
        SpecCodec(read: { (node) throws(SpecError) in
            guard case .mapping(let mapping) = node.node, mapping.keys.contains(where: { $0.string == "custom" }) else {
                return ComponentSection(settings: try table.codec(empty: empty).read(node), custom: nil)
            }
            let all = try node.mapping(allowed: mapping.keys.compactMap(\.string))
            let nameNode = try all.required("custom")
            let name = try nameNode.string()
            guard let entry = registered[name] else {
                let known = registered.keys.sorted()
                throw nameNode.error("\(nameNode.path): unknown custom \(kind) '\(name)'; "
                    + (known.isEmpty ? "none are registered here (register yours: TabsnapCommandLine.main(components:) in a tabsnap of your own; "
                                     + "SpecLoader's, CheckRunner's or .spec(_:components:)'s components in Swift)"
                                     : KeySuggestion.hint(for: name, in: known)))
            }
            var settings = empty
            let shared = all.entries.filter { sharedKeys.contains($0.key) }
            try table.read(SpecMapping(node: node, entries: shared), into: &settings)
            let own = all.entries.filter { $0.key != "custom" && !sharedKeys.contains($0.key) }
            return ComponentSection(settings: settings, custom: try entry.read(own, node, name, ["custom"] + sharedKeys))
        }, write: { section in
            guard let custom = section.custom else { return table.write(section.settings) }
            var shared: [(key: String, value: SpecValue)] = []
            if case .map(let settings) = table.write(section.settings) { shared = settings.filter { sharedKeys.contains($0.key) } }
            // The registered name whose type this is; else (a `Bar` encoded on its own) the
            // component's own name. Then the bar's keys, then the component's settings.
            let named = registered.sorted(by: { $0.key < $1.key }).lazy.compactMap { name, entry in entry.write(custom).map { (name, $0) } }.first
            let name = named?.0 ?? custom.name
            guard case .map(let own)? = named?.1 ?? custom.settingsValue else { return .map([(key: "custom", value: .text(name))] + shared) }
            return .map([(key: "custom", value: .text(name))] + shared + own)
        })
    }
}

/// A type-erased component as a spec writes it back.
protocol ErasedComponent {
    /// The component's own name.
    var name: String { get }
    /// Its settings, when it is `Encodable`.
    var settingsValue: SpecValue? { get }
}

extension AnyBarLayout: ErasedComponent {
    var settingsValue: SpecValue? { (base as? any Encodable).flatMap { SpecValue(encoding: $0) } }
}

extension AnyBarButton: ErasedComponent {
    var settingsValue: SpecValue? { (base as? any Encodable).flatMap { SpecValue(encoding: $0) } }
}

extension AnyBarIndicator: ErasedComponent {
    var settingsValue: SpecValue? { (base as? any Encodable).flatMap { SpecValue(encoding: $0) } }
}

extension AnyBarBadge: ErasedComponent {
    var settingsValue: SpecValue? { (base as? any Encodable).flatMap { SpecValue(encoding: $0) } }
}

extension AnyBarSelectedBackground: ErasedComponent {
    var settingsValue: SpecValue? { (base as? any Encodable).flatMap { SpecValue(encoding: $0) } }
}

extension SpecCodec {
    /// A section that can also be switched off (`none`): off, the built-in settings, or a custom
    /// component (`custom: NAME` and its own keys; no keys of the bar's own beside it).
    static func switchableComponent<Settings: Hashable & Sendable, Component: ErasedComponent>(
        _ kind: String, table: SpecTable<Settings>, empty: Settings, registered: [String: ComponentRegistry.Entry<Component>])
        -> SpecCodec where Value == ComponentSection<Switchable<Settings>?, Component> {
        let component = SpecCodec<ComponentSection<Settings, Component>>.component(kind, table: table, empty: empty, sharedKeys: [],
                                                                                  registered: registered)
        let builtIn = SpecCodec<Switchable<Settings>>.switchable(table.codec(empty: empty))
        return SpecCodec(read: { (node) throws(SpecError) in
            guard case .mapping(let mapping) = node.node, mapping.keys.contains(where: { $0.string == "custom" }) else {
                return ComponentSection(settings: try builtIn.read(node), custom: nil)
            }
            return ComponentSection(settings: nil, custom: try component.read(node).custom)
        }, write: { section in
            if let custom = section.custom { return component.write(ComponentSection(settings: empty, custom: custom)) }
            return section.settings.map(builtIn.write) ?? .map([])
        })
    }
}

extension BarSpecTables {
    /// The fonts the spec's custom components read from their settings, each where it is written.
    func customComponentFonts(in root: SpecNode) throws(SpecError) -> [(node: SpecNode, font: FontSpec)] {
        func fonts<Component>(_ path: [String], _ registered: [String: ComponentRegistry.Entry<Component>], shared: [String])
            throws(SpecError) -> [(node: SpecNode, font: FontSpec)] {
            guard let section = root.descendant(path), case .mapping(let mapping) = section.node,
                  mapping.keys.contains(where: { $0.string == "custom" }) else { return [] }
            let all = try section.mapping(allowed: mapping.keys.compactMap(\.string))
            guard let name = try? all.required("custom").string(), let entry = registered[name] else { return [] }
            return try entry.fonts(all.entries.filter { $0.key != "custom" && !shared.contains($0.key) }, section, name)
        }
        return try fonts(["layout"], components.layouts, shared: Self.sharedLayoutKeys)
            + fonts(["button"], components.buttons, shared: Self.sharedButtonKeys)
            + fonts(["indicator"], components.indicators, shared: [])
            + fonts(["badges"], components.badges, shared: [])
            + fonts(["button", "selectedBackground"], components.selectedBackgrounds, shared: [])
    }
}
