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

    init(baseDirectory: URL, icons: IconAccess = .specFolder, extraFonts: [URL] = []) {
        tables = BarSpecTables(icons: IconReader(baseDirectory: baseDirectory, access: icons))
        self.extraFonts = extraFonts
    }

    mutating func read(_ root: SpecNode) throws(SpecError) -> Bar {
        var bar = Bar(width: 0)
        try tables.bar.read(root, into: &bar, extraKeys: BarSpecTables.documentKeys)
        bar.fonts += extraFonts.filter { !bar.fonts.contains($0) }
        let spec = try root.mapping(allowed: tables.bar.keys + BarSpecTables.documentKeys)
        try checkTextSize(bar, at: spec["textScale"] ?? spec["button"] ?? root)
        try ItemsAreDrawn(tables: tables).check(bar, items: spec["items"])
        try checkBlockDisplay(bar, indicator: spec["indicator"])
        try InertSettings.check(bar, root: root)
        try checkFontsAreThere(bar, root: root)
        try checkSlotsHaveWidth(bar, root: root)
        try checkInsetsLeaveRoom(bar, root: root)
        if let node = spec["transition"] { transition = try TransitionReader(defaultFrom: bar.position).read(node) }
        if let node = spec["snapshots"] { snapshots = try SnapshotVariants.read(node) }
        return bar
    }

    /// Every font the spec names is a bundled one or one of its own `fonts` — anything else would
    /// be drawn in a substitute without a word.
    private func checkFontsAreThere(_ bar: Bar, root: SpecNode) throws(SpecError) {
        var faces: [FontFace] = []
        for file in bar.fonts { faces += try UserFonts.faces(of: file, at: root.descendant(["fonts"]) ?? root) }
        let named: [([String], FontSpec?)] = [(["button", "font"], bar.button.font), (["button", "selectedFont"], bar.button.selectedFont),
                                               (["badges", "font"], bar.badges.font)]
        for (path, font) in named {
            guard let font, let problem = FontCatalog.problem(with: font, faces: faces), let node = root.descendant(path) else { continue }
            throw node.error("\(path.joined(separator: ".")): \(problem)")
        }
        var families = Set(named.compactMap { $0.1?.family.lowercased() })
        for (index, item) in bar.items.enumerated() {
            guard let markup = item.markup else { continue }
            for family in MarkupFonts.families(in: markup) {
                families.insert(family.lowercased())
                let probe = FontSpec(family: family, weight: faces.first { $0.family.lowercased() == family.lowercased() }?.weight ?? .regular, size: 1)
                guard let problem = FontCatalog.problem(with: probe, faces: faces) else { continue }
                let node = try root.descendant(["items"])?.list()[index]
                let place = node?.descendant(["markup"]) ?? node ?? root
                throw place.error("items[\(index)].markup: \(problem)")
            }
        }
        if let node = root.descendant(["fonts"]), !faces.contains(where: { families.contains($0.family.lowercased()) && !extraFonts.contains($0.file) }) {
            let own = Array(Set(faces.map(\.family))).sorted().joined(separator: ", ")
            throw node.error("fonts: no font key (button.font, button.selectedFont, badges.font) or markup names \(own), so they would change nothing; name one, or leave fonts out")
        }
    }

    /// A fixed height must leave the buttons some of itself after the layout's top and bottom
    /// insets (else they would be 0 pt tall and their titles spill off the canvas).
    private func checkInsetsLeaveRoom(_ bar: Bar, root: SpecNode) throws(SpecError) {
        guard let height = bar.resolved().height, let insets = bar.layout.insets, insets.vertical >= height,
              let node = root.descendant(["layout", "insets"]) else { return }
        throw node.error("layout.insets: top \(Limits.format(insets.top)) + bottom \(Limits.format(insets.bottom)) leave no room in a bar \(Limits.format(height)) pt high")
    }

    /// A bar that draws no buttons has no natural widths: intrinsic mode (and tabs past three,
    /// which take natural widths) would make every slot 0 pt wide and draw nothing.
    private func checkSlotsHaveWidth(_ bar: Bar, root: SpecNode) throws(SpecError) {
        let resolved = bar.resolved()
        guard !resolved.button.style.isDrawn, let node = root.descendant(["layout", "mode"]) else { return }
        let mode = resolved.layout.mode
        guard mode == .intrinsic || (mode == .tabs && bar.items.count > 3) else { return }
        throw node.error("layout.mode: a bar that draws no buttons has no natural widths, so \(mode.rawValue) mode would make its slots 0 pt wide; use mode fit or constrained")
    }

    /// A block fills the buttons' band behind them; it has no edge to sit on.
    private func checkBlockDisplay(_ bar: Bar, indicator node: SpecNode?) throws(SpecError) {
        guard let node, bar.resolved().indicator.style == .block, let display = bar.indicator.display, display != .fill,
              let place = try node.mapping(allowed: BarSpecTables.indicator.keys)["display"] else { return }
        throw place.error("indicator.display: a block fills the buttons' band (inside the layout's top and bottom insets), so it has no \(display.rawValue) edge; use style line, dot or chevron for an edge, or leave display out")
    }

    /// Fonts are drawn at size × textScale: that product stays within `Limits.fontSize` too.
    private func checkTextSize(_ bar: Bar, at node: SpecNode) throws(SpecError) {
        let fonts = bar.resolved()
        let largest = max(fonts.button.font.size, fonts.button.selectedFont?.size ?? 0, fonts.badges.font.size) * bar.textScale
        guard largest <= Limits.fontSize.upperBound else {
            throw node.error("textScale: fonts would be drawn at \(Limits.format(largest)) pt; size × textScale is at most \(Limits.format(Limits.fontSize.upperBound))")
        }
    }
}
