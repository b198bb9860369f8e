import Foundation
import TabsnapAnimation
import TabsnapModel

/// Reads a spec document: the bar (through the tables in `BarSpecTables`), its transition and
/// its snapshot variants. The bar keeps only what the spec sets; the preset's and theme's
/// defaults are filled in later, by `Bar.resolved()`.
struct BarSpecReader {
    let tables: BarSpecTables
    /// The spec's `transition:`, when it has one.
    private(set) var transition: BarTransition?
    /// The spec's `snapshots:` section (defaults when it has none).
    private(set) var snapshots = SnapshotVariants()

    /// Font files from outside the spec (`--font`), checked by `UserFonts.checkGiven` first.
    private let extraFonts: [URL]

    init(baseDirectory: URL, icons: IconAccess = .specFolder, extraFonts: [URL] = [], components: ComponentRegistry = .builtIn) {
        tables = BarSpecTables(icons: IconReader(baseDirectory: baseDirectory, access: icons), components: components)
        self.extraFonts = extraFonts
    }

    mutating func read(_ root: SpecNode) throws(SpecError) -> Bar {
        var bar = Bar(width: 0)
        try tables.bar.read(root, into: &bar, extraKeys: BarSpecTables.documentKeys)
        bar.fonts += extraFonts.filter { !bar.fonts.contains($0) }
        let spec = try root.mapping(allowed: tables.bar.keys + BarSpecTables.documentKeys)
        try checkTextSize(bar, at: spec["textScale"] ?? spec["button"] ?? root, label: spec["textScale"] == nil && spec["button"] != nil ? "button" : "textScale")
        try ItemsAreDrawn(tables: tables).check(bar, items: spec["items"])
        try DrawableCombinations.check(bar, root: root)
        try InertSettings.check(bar, root: root)
        try FontNames.check(bar, root: root, givenOutside: extraFonts, tables: tables)
        if let node = spec["transition"] { transition = try TransitionReader(defaultFrom: bar.position).read(node) }
        if let node = spec["snapshots"] {
            snapshots = try SnapshotVariants.read(node)
            let count = snapshots.goldenCount(hasTransition: transition != nil)
            guard count <= SnapshotVariants.maxGoldens else {
                throw node.error("snapshots: the lists make \(count) goldens; at most \(SnapshotVariants.maxGoldens) a spec")
            }
            for scale in snapshots.textScales ?? [] {
                var scaled = bar
                scaled.textScale = scale.factor
                try checkTextSize(scaled, at: node, label: "snapshots.textScales: \(scale.label)")
            }
        }
        return bar
    }

    /// Fonts are drawn at size × textScale (and markup may grow a title): that stays within
    /// `Limits.fontSize` too.
    private func checkTextSize(_ bar: Bar, at node: SpecNode, label: String = "textScale") throws(SpecError) {
        if let problem = bar.textSizeProblem { throw node.error("\(label): " + problem) }
    }
}
