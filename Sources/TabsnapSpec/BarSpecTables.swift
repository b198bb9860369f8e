import Foundation
import TabsnapModel

/// Every section of a spec, described once as a table of fields: key → how it is read → where it
/// goes. The README's "Spec file" section documents each key; `Bar`'s Codable form writes the
/// same keys back.
struct BarSpecTables {
    /// Reads `items[].icon` (icon files are checked against the spec's folder).
    let icons: IconReader
    /// The custom components `layout`, `button` and `indicator` may name.
    var components = ComponentRegistry.builtIn
    /// Titles and markup in the spec's locale (keys looked up in its catalogs).
    var localizer = TitleLocalizer()

    /// A layout's keys that apply to any layout, a custom one too: the bar's margins, spacing,
    /// traits, edge fade and separators.
    static let sharedLayoutKeys = ["spacing", "insets", "traits", "fadeEdges", "separators"]
    /// A button's keys that apply to any button: the tints (a component's environment), the
    /// content insets (the room an edge indicator keeps) and the selected background.
    static let sharedButtonKeys = ["tint", "selectedTint", "contentInsets", "selectedBackground"]

    var bar: SpecTable<Bar> {
        SpecTable(fields: [
            SpecField("preset", \.preset, .choice, default: .buttonBar),
            // Required without a screen (BarSpecReader says so): a screen's device sets it.
            SpecField("width", \.width, .number(in: Limits.width, exclusiveLower: true), default: 0),
            SpecField("height", \.height, .number(in: Limits.height, exclusiveLower: true)),
            SpecField("scale", \.scale, .number(in: Limits.scale, exclusiveLower: true), default: 2),
            SpecField("position", \.position, .number(in: Limits.position), default: 0),
            SpecField("direction", \.direction, .choice, default: .leftToRight),
            SpecField("theme", \.theme, .choice, default: .light),
            SpecField("items", \.items, items),
            SpecField("layout", \.layoutSection, .component("layout", table: Self.layout, empty: LayoutSettings(),
                                                             sharedKeys: Self.sharedLayoutKeys, registered: components.layouts),
                      default: ComponentSection(settings: LayoutSettings(), custom: nil)),
            SpecField("button", \.buttonSection, .component("button", table: button, empty: ButtonSettings(),
                                                             sharedKeys: Self.sharedButtonKeys, registered: components.buttons),
                      default: ComponentSection(settings: ButtonSettings(), custom: nil)),
            SpecField("indicator", \.indicatorSection, indicatorOrOff, default: ComponentSection(settings: IndicatorSettings(), custom: nil)),
            SpecField("background", \.background, Self.background),
            SpecField("textScale", \.textScale, .number(in: Limits.textScale), default: 1),
            SpecField("language", \.language, Self.language),
            SpecField("largeContent", \.largeContent, Self.largeContent),
            SpecField("placement", \.placement, .choice),
            SpecField("safeArea", \.safeArea, Self.safeArea.codec(empty: .zero), default: .zero),
            SpecField("separator", \.separator, .switchable(Self.hairline.codec(empty: HairlineSettings()))),
            SpecField("badges", \.badgesSection, .component("badges", table: Self.badges, empty: BadgeOptions(), sharedKeys: [],
                                                             registered: components.badges),
                      default: ComponentSection(settings: BadgeOptions(), custom: nil)),
            SpecField("fonts", \.fonts, UserFonts(baseDirectory: icons.baseDirectory, access: icons.access).codec, default: []),
            SpecField("screen", \.screen, screen.codec(empty: ScreenContext())),
        ])
    }

    /// `screen: {device: pixel-8, navigationTitle: Mail, pages: [placeholder, "#FFCC00", p.png], finger: true}`.
    var screen: SpecTable<ScreenContext> {
        SpecTable(fields: [
            SpecField("device", \.device, .choice, default: .iphone15),
            SpecField("navigationTitle", \.navigationTitle, .line),
            SpecField("pages", \.pages, .list(page), default: []),
            SpecField("finger", \.finger, .flag, default: false),
        ])
    }

    /// A page: `placeholder`, a colour (`"#FFCC00"`), or an image file read as icons are (an
    /// .svg or .png inside the spec's folder).
    var page: SpecCodec<PageContent> {
        let files = icons
        return SpecCodec(read: { (node) throws(SpecError) in
            let text = try node.string()
            if text == "placeholder" { return .placeholder }
            if text.hasPrefix("#") { return .color(try node.color()) }
            guard text.contains(".") || text.contains("/") else {
                throw node.error("\(node.path): '\(text)' is not a page; expected placeholder, a colour \"#RRGGBB\", or an .svg or .png file")
            }
            return .image(try files.file(text, at: node, noun: "page image"))
        }, write: { page in
            switch page {
            case .placeholder: return .text("placeholder")
            case .color(let color): return .text(color.hexRGBA)
            case .image(let url): return .text(url.path)
            }
        })
    }

    /// `language: zh-Hans`: a language as BCP 47 writes it (`_` read as `-`).
    static let language = SpecCodec<String>(read: { (node) throws(SpecError) in
        let text = try node.string()
        guard let language = SpecLocale(catalogLanguage: text) else {
            throw node.error("language: '\(text)' is not a language; expected one such as ja, zh-Hans, zh-Hant, ko, de")
        }
        return language.identifier
    }, write: { .text($0) })

    /// `largeContent: {item: 1}` (or `{item: selected}`, the item under the finger): the Large
    /// Content Viewer (checked against the items and the text size by `LargeContentRules`).
    static let largeContent = SpecCodec<LargeContentViewer>(read: { (node) throws(SpecError) in
        let mapping = try node.mapping(allowed: ["item"])
        let item = try mapping.required("item")
        if case .scalar(let scalar) = item.node, scalar.string == "selected" { return LargeContentViewer(item: nil) }
        return LargeContentViewer(item: try item.integer(in: 0...(Limits.items.upperBound - 1)))
    }, write: { .map([(key: "item", value: $0.item.map { .number(Double($0)) } ?? .text("selected"))]) })

    /// Keys of the top level that belong to the spec document rather than the bar.
    static let documentKeys = ["transition", "snapshots", "strings", "locale", "lint"]

    static let layout = SpecTable<LayoutSettings>(fields: [
        SpecField("mode", \.mode, .choice),
        SpecField("visibleButtons", \.visibleButtons, .integer(in: 1...100)),
        SpecField("spacing", \.spacing, .number(in: 0...10_000)),
        SpecField("insets", \.insets, insets),
        SpecField("alignment", \.alignment, .choice),
        SpecField("traits", \.traits, traits),
        SpecField("fadeEdges", \.fadeEdges, .flag),
        SpecField("separators", \.separators, .switchable(separators.codec(empty: SeparatorSettings()))),
    ])

    var button: SpecTable<ButtonSettings> {
        SpecTable<ButtonSettings>(fields: [
            SpecField("style", \.style, .choice),
            SpecField("tint", \.tint, .color),
            SpecField("selectedTint", \.selectedTint, .color),
            SpecField("font", \.font, .font),
            SpecField("selectedFont", \.selectedFont, .font),
            SpecField("adjustsAlpha", \.adjustsAlpha, .flag),
            SpecField("contentInsets", \.contentInsets, Self.insets),
            SpecField("lines", \.lines, .integer(in: 1...10)),
            SpecField("verticalAlignment", \.verticalAlignment, .choice),
            SpecField("imagePosition", \.imagePosition, .choice),
            SpecField("iconSize", \.iconSize, .number(in: 1...500)),
            SpecField("iconSpacing", \.iconSpacing, .number(in: 0...500)),
            // Switched off, unselected icons keep their full size (scale 1).
            SpecField("unselectedIconScale", \.unselectedIconScale, SpecCodec(
                read: { (node) throws(SpecError) in node.isSwitchedOff ? 1 : try node.number(in: 0.1...1) },
                write: { .number($0) })),
            SpecField("renderingMode", \.renderingMode, .choice),
            SpecField("selectedBackground", \.selectedBackgroundSection,
                      .switchableComponent("selected background", table: Self.selectedBackground, empty: SelectedBackground(),
                                           registered: components.selectedBackgrounds),
                      default: ComponentSection(settings: nil, custom: nil)),
            SpecField("selectedScale", \.selectedScale, .number(in: 0.25...4)),
            SpecField("selectedOffset", \.selectedOffset, Self.contentOffset.codec(empty: .zero)),
        ])
    }

    static let contentOffset = SpecTable<ContentOffset>(fields: [
        SpecField("x", \.x, .number(in: -1000...1000), default: 0),
        SpecField("y", \.y, .number(in: -1000...1000), default: 0),
    ])

    static let indicator = SpecTable<IndicatorSettings>(fields: [
        SpecField("style", \.style, .choice),
        SpecField("weight", \.weight, weight),
        SpecField("corners", \.corners, .choice),
        SpecField("overscroll", \.overscroll, .choice),
        SpecField("progressive", \.progressive, .flag),
        SpecField("color", \.color, .color),
        SpecField("display", \.display, .choice),
        SpecField("width", \.width, indicatorWidth),
    ])

    /// `indicator: none` (or off) is `indicator: {style: none}`; otherwise the built-in settings
    /// or a custom indicator (which has no keys of the bar's own).
    var indicatorOrOff: SpecCodec<ComponentSection<IndicatorSettings, AnyBarIndicator>> {
        let section = SpecCodec<ComponentSection<IndicatorSettings, AnyBarIndicator>>.component(
            "indicator", table: Self.indicator, empty: IndicatorSettings(), sharedKeys: [], registered: components.indicators)
        return SpecCodec(read: { (node) throws(SpecError) in
            guard node.isSwitchedOff else { return try section.read(node) }
            var settings = IndicatorSettings()
            settings.style = .hidden
            return ComponentSection(settings: settings, custom: nil)
        }, write: section.write)
    }

    var item: SpecTable<BarItem> {
        SpecTable(fields: [
            SpecField("title", \.title, SpecCodec(read: { [localizer] (node) throws(SpecError) in try localizer.title(node) }, write: { .text($0) })),
            SpecField("icon", \.icon, icons.codec),
            SpecField("selectedIcon", \.selectedIcon, icons.codec),
            SpecField("badge", \.badge, Self.badge),
            SpecField("markup", \.markup, markup),
            SpecField("renderingMode", \.renderingMode, .choice),
            // Spoken text is translated as titles are: text, or {key: …} from the catalogs.
            SpecField("accessibilityLabel", \.accessibilityLabel, SpecCodec(read: { [localizer] (node) throws(SpecError) in try localizer.title(node) }, write: { .text($0) })),
            SpecField("accessibilityHint", \.accessibilityHint, SpecCodec(read: { [localizer] (node) throws(SpecError) in try localizer.title(node) }, write: { .text($0) })),
        ])
    }

    static let hairline = SpecTable<HairlineSettings>(fields: [
        SpecField("edge", \.edge, .choice),
        SpecField("color", \.color, .color),
        SpecField("width", \.width, .number(in: 0...100, exclusiveLower: true)),
    ])

    static let separators = SpecTable<SeparatorSettings>(fields: [
        SpecField("color", \.color, .color),
        SpecField("width", \.width, .number(in: 0...100, exclusiveLower: true)),
        SpecField("inset", \.inset, .number(in: 0...1_000)),
    ])

    static let selectedBackground = SpecTable<SelectedBackground>(fields: [
        SpecField("style", \.style, .choice, default: .pill),
        SpecField("color", \.color, .color),
        SpecField("insets", \.insets, insets, default: SelectedBackground().insets),
        SpecField("cornerRadius", \.cornerRadius, .number(in: 0...1_000), default: SelectedBackground().cornerRadius),
        SpecField("motion", \.motion, .choice, default: .slide),
    ])

    static let safeArea = SpecTable<SafeArea>(fields: [
        SpecField("top", \.top, .number(in: 0...1_000), default: 0),
        SpecField("bottom", \.bottom, .number(in: 0...1_000), default: 0),
    ])

    static let badges = SpecTable<BadgeOptions>(fields: [
        SpecField("color", \.color, .color, default: BadgeOptions().color),
        SpecField("textColor", \.textColor, .color, default: BadgeOptions().textColor),
        SpecField("font", \.font, .font, default: BadgeOptions().font),
        SpecField("position", \.position, .choice, default: BadgeOptions().position),
        SpecField("offset", \.offset, offset.codec(empty: BadgeOffset()), default: BadgeOffset()),
    ])

    static let offset = SpecTable<BadgeOffset>(fields: [
        SpecField("x", \.x, .number(in: -1_000...1_000), default: 0),
        SpecField("y", \.y, .number(in: -1_000...1_000), default: 0),
    ])

    static let insetSides = SpecTable<Insets>(fields: [
        SpecField("left", \.left, .number(in: 0...10_000), default: 0),
        SpecField("right", \.right, .number(in: 0...10_000), default: 0),
        SpecField("top", \.top, .number(in: 0...10_000), default: 0),
        SpecField("bottom", \.bottom, .number(in: 0...10_000), default: 0),
    ])
}
