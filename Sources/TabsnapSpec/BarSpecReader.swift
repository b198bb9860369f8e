import Foundation
import TabsnapAnimation
import TabsnapModel

/// Reads a spec document: the bar (through the tables in `BarSpecTables`), its transition and
/// its snapshot variants. The bar keeps only what the spec sets; the preset's and theme's
/// defaults are filled in later, by `Bar.resolved()`.
struct BarSpecReader {
    private(set) var tables: BarSpecTables
    /// The spec's `transition:`, when it has one.
    private(set) var transition: BarTransition?
    /// The spec's `snapshots:` section (defaults when it has none).
    private(set) var snapshots = SnapshotVariants()

    /// The spec's locale and catalogs, when it has either (or a locale is asked for).
    private(set) var localization: SpecLocalization?
    /// The spec's `lint:` section (every rule at its default when it has none).
    private(set) var lint = LintSettings()

    /// Font files from outside the spec (`--font`), checked by `UserFonts.checkGiven` first.
    private let extraFonts: [URL]
    /// The locale asked for instead of the spec's own (`--locale`, a `snapshots.locales` entry).
    private let localeOverride: SpecLocale?

    init(baseDirectory: URL, icons: IconAccess = .specFolder, extraFonts: [URL] = [], components: ComponentRegistry = .builtIn,
         locale: SpecLocale? = nil) {
        tables = BarSpecTables(icons: IconReader(baseDirectory: baseDirectory, access: icons), components: components)
        self.extraFonts = extraFonts
        localeOverride = locale
    }

    mutating func read(_ root: SpecNode) throws(SpecError) -> Bar {
        let spec = try root.mapping(allowed: tables.bar.keys + BarSpecTables.documentKeys)
        let files = CatalogFiles(baseDirectory: tables.icons.baseDirectory, access: tables.icons.access)
        if let (read, localizer) = try SpecLocalization.read(spec, override: localeOverride, files: files) {
            var found = read
            // The items as written, for writing the spec back; then the bar in its locale.
            tables.localizer = TitleLocalizer(catalogs: localizer.catalogs, locale: nil, keysAsWritten: true)
            var source = Bar(width: 0)
            if let items = spec["items"] { source.items = try tables.items.read(items) }
            found.sourceItems = source.items
            found.titleKeys = SpecLocalization.titleKeys(in: spec["items"])
            tables.localizer = localizer
            localization = found
        }
        var bar = Bar(width: 0)
        try tables.bar.read(root, into: &bar, extraKeys: BarSpecTables.documentKeys)
        if let locale = localization?.locale, spec["direction"] == nil {
            bar.direction = locale.direction
            localization?.directionFromLocale = true
        }
        if let locale = localization?.locale, locale.pseudo == nil, spec["language"] == nil {
            bar.language = locale.identifier
            localization?.languageFromLocale = true
        }
        try ScreenRules.check(bar, spec: spec, root: root)
        // `--font` files the spec lists too are the spec's own (hostile round 32: the same file
        // in both was refused as a font nothing names).
        let own = Set(bar.fonts.map { $0.resolvingSymlinksInPath().standardizedFileURL.path })
        let outside = extraFonts.filter { !own.contains($0.resolvingSymlinksInPath().standardizedFileURL.path) }
        bar.fonts += outside
        // The limit is on the fonts a bar draws with, wherever they come from.
        guard bar.fonts.count <= Limits.fontFiles else {
            throw (spec["fonts"] ?? root).error("fonts: \(bar.fonts.count) font files with --font's; a bar draws with at most \(Limits.fontFiles)")
        }
        try checkTextSize(bar, at: spec["textScale"] ?? spec["button"] ?? root, label: spec["textScale"] == nil && spec["button"] != nil ? "button" : "textScale",
                          items: spec["items"])
        try ItemsAreDrawn(tables: tables).check(bar, items: spec["items"])
        try DrawableCombinations.check(bar, root: root)
        try InertSettings.check(bar, root: root)
        try LargeContentRules.check(bar, root: root)
        try FontNames.check(bar, root: root, givenOutside: outside, tables: tables)
        if let node = spec["transition"] { transition = try TransitionReader(defaultFrom: bar.position, pageCount: bar.items.count).read(node) }
        if let node = spec["snapshots"] {
            snapshots = try SnapshotVariants.read(node)
            let count = snapshots.goldenCount(hasTransition: transition != nil)
            guard count <= SnapshotVariants.maxGoldens else {
                throw node.error("snapshots: the lists make \(count) goldens; at most \(SnapshotVariants.maxGoldens) a spec")
            }
            if snapshots.textScales != nil, bar.largeContent == nil, let reason = bar.preset.keepsTextSizeReason {
                throw node.error("snapshots.textScales: \(reason)")
            }
            for scale in snapshots.textScales ?? [] {
                var scaled = bar
                scaled.textScale = scale.factor
                try checkTextSize(scaled, at: node, label: "snapshots.textScales: \(scale.label)", items: spec["items"])
            }
        }
        if let node = spec["lint"] { lint = try LintSettings.read(node) }
        try checkLocalizationMatters(spec, root: root)
        return bar
    }

    /// A key that could not change the picture is refused: catalogs no title reads, and a
    /// language that would draw the spec's own titles left to right (a pseudo-locale changes the
    /// text, a right-to-left language the direction).
    private func checkLocalizationMatters(_ spec: SpecMapping, root: SpecNode) throws(SpecError) {
        guard localization?.titleKeys.isEmpty ?? true, !SpecLocalization.hasSpokenKeys(in: spec["items"]) else { return }
        if let node = spec["strings"] {
            throw node.error("strings: no item's title is a key (title: {key: …}), so no catalog is read")
        }
        func inert(_ locale: SpecLocale) -> Bool { locale.pseudo == nil && !locale.isRightToLeft }
        if let locale = localization?.locale, inert(locale) {
            throw (spec["locale"] ?? root).error("locale \(locale) draws the spec's own titles: no item's title is a key (title: {key: …}) in the spec's catalogs (strings:)")
        }
        if let listed = snapshots.locales?.first(where: inert), let node = spec["snapshots"] {
            throw node.error("snapshots.locales: \(listed) draws the spec's own titles: no item's title is a key (title: {key: …}) in the spec's catalogs (strings:)")
        }
    }

    /// Fonts are drawn at size × textScale (and markup may grow a title): that stays within
    /// `Limits.fontSize` too.
    private func checkTextSize(_ bar: Bar, at node: SpecNode, label: String = "textScale", items: SpecNode?) throws(SpecError) {
        guard let problem = bar.textSizeProblem else { return }
        if let (item, size) = bar.markupGrowingPastTheLimit, let entries = try? items?.list(), entries.indices.contains(item),
           let markup = entries[item].entry("markup") {
            throw markup.error("\(markup.path): its relative sizes grow the title to \(Limits.format(size)) pt (size × textScale × selectedScale × "
                               + "the markup's growth); at most \(Limits.format(Limits.fontSize.upperBound))")
        }
        throw node.error("\(label): " + problem)
    }
}
