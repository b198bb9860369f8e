import Foundation
import TabsnapModel

/// The custom layouts, buttons, indicators, badges and selected backgrounds a spec may name, each
/// under a word: `layout: {custom: centred, …}`, `button: {custom: growing-icon, …}`,
/// `indicator: {custom: ink-trail, …}`, `badges: {custom: star, …}`,
/// `button: {selectedBackground: {custom: notch, …}}`. The keys beside `custom` are the component's own settings,
/// read through its `Decodable` form with the spec's rules (positioned one-line errors, unknown
/// keys refused, numbers range-checked: `SpecDecoder`), together with the bar's own keys of that
/// section that apply to any component (a layout's `insets`, `spacing`, `traits`, `fadeEdges`,
/// `separators`; a button's `tint`, `selectedTint`, `contentInsets`, `selectedBackground`).
///
/// Give one to `SpecLoader`, `CheckRunner` and the preview, or build your own `tabsnap` with
/// `TabsnapCommandLine.main(components:)` so the command line reads your specs:
///
/// ```swift
/// var components = ComponentRegistry()
/// components.register(layout: CentredLayout.self, as: "centred")
/// components.register(button: GrowingIconButton.self, as: "growing-icon")
/// components.register(indicator: InkTrailIndicator.self, as: "ink-trail")
/// ```
public struct ComponentRegistry: Sendable {
    /// How one registered type is read from its keys and written back.
    struct Entry<Component>: Sendable {
        /// Reads the component from its own keys, in the section node, under its registered name;
        /// the last argument lists the section's other keys (`custom` and the bar's own), which an
        /// unknown key's message names too.
        let read: @Sendable ([String: (key: SpecNode, value: SpecNode)], SpecNode, String, [String]) throws(SpecError) -> Component
        /// The fonts the component's settings hold, each with the node it was written at.
        let fonts: @Sendable ([String: (key: SpecNode, value: SpecNode)], SpecNode, String) throws(SpecError) -> [(node: SpecNode, font: FontSpec)]
        let write: @Sendable (Component) -> SpecValue?
    }

    private(set) var layouts: [String: Entry<AnyBarLayout>] = [:]
    private(set) var buttons: [String: Entry<AnyBarButton>] = [:]
    private(set) var indicators: [String: Entry<AnyBarIndicator>] = [:]
    private(set) var badges: [String: Entry<AnyBarBadge>] = [:]
    private(set) var selectedBackgrounds: [String: Entry<AnyBarSelectedBackground>] = [:]

    /// No custom components: specs use the built-ins only.
    public init() {}

    /// No custom components.
    public static let builtIn = ComponentRegistry()

    /// Lets specs name `Layout` as `layout: {custom: NAME, …}`. A later registration of the same
    /// name replaces an earlier one.
    public mutating func register<Layout: BarLayout & Codable>(layout: Layout.Type, as name: String) {
        layouts[name] = Self.entry(Layout.self, wrap: AnyBarLayout.init, unwrap: { $0.base as? Layout })
    }

    /// Lets specs name `Button` as `button: {custom: NAME, …}`.
    public mutating func register<Button: BarButton & Codable>(button: Button.Type, as name: String) {
        buttons[name] = Self.entry(Button.self, wrap: AnyBarButton.init, unwrap: { $0.base as? Button })
    }

    /// Lets specs name `Indicator` as `indicator: {custom: NAME, …}`.
    public mutating func register<Indicator: BarIndicator & Codable>(indicator: Indicator.Type, as name: String) {
        indicators[name] = Self.entry(Indicator.self, wrap: AnyBarIndicator.init, unwrap: { $0.base as? Indicator })
    }

    /// Lets specs name `Badge` as `badges: {custom: NAME, …}`.
    public mutating func register<Badge: BarBadge & Codable>(badge: Badge.Type, as name: String) {
        badges[name] = Self.entry(Badge.self, wrap: AnyBarBadge.init, unwrap: { $0.base as? Badge })
    }

    /// Lets specs name `Background` as `button: {selectedBackground: {custom: NAME, …}}`.
    public mutating func register<Background: BarSelectedBackground & Codable>(selectedBackground: Background.Type, as name: String) {
        selectedBackgrounds[name] = Self.entry(Background.self, wrap: AnyBarSelectedBackground.init, unwrap: { $0.base as? Background })
    }

    /// The registered layout names, sorted.
    public var layoutNames: [String] { layouts.keys.sorted() }
    /// The registered button names, sorted.
    public var buttonNames: [String] { buttons.keys.sorted() }
    /// The registered indicator names, sorted.
    public var indicatorNames: [String] { indicators.keys.sorted() }
    /// The registered badge names, sorted.
    public var badgeNames: [String] { badges.keys.sorted() }
    /// The registered selected background names, sorted.
    public var selectedBackgroundNames: [String] { selectedBackgrounds.keys.sorted() }

    private static func entry<Component: Codable & Sendable, Erased>(_ type: Component.Type, wrap: @escaping @Sendable (Component) -> Erased,
                                                           unwrap: @escaping @Sendable (Erased) -> Component?) -> Entry<Erased> {
        Entry(read: { (entries, section, name, sectionKeys) throws(SpecError) in
            wrap(try SpecDecoder.decode(Component.self, entries: entries, section: section, component: name, sectionKeys: sectionKeys))
        }, fonts: { (entries, section, name) throws(SpecError) in
            try SpecDecoder.decodeReadingFonts(Component.self, entries: entries, section: section, component: name).fonts
        }, write: { erased in unwrap(erased).flatMap(SpecValue.init(encoding:)) })
    }
}
