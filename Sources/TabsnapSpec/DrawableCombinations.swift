import TabsnapModel

/// Settings that are each valid but together cannot draw: refused at their place.
enum DrawableCombinations {
    static func check(_ bar: Bar, root: SpecNode) throws(SpecError) {
        // The built-ins' rules: a custom component answers for its own drawing.
        let custom = CustomComponents(bar)
        if !custom.contains(.indicator) {
            try blockHasNoEdge(bar, root: root)
            try markersNeedAnEdge(bar, root: root)
        }
        if custom.isDisjoint(with: [.layout, .button]) { try slotsHaveWidth(bar, root: root) }
        try insetsLeaveRoom(bar, root: root)
        try tabsHaveTwoItems(bar, root: root)
    }

    /// Mística's tabs require at least two items: a row of one tab has nothing to switch to.
    private static func tabsHaveTwoItems(_ bar: Bar, root: SpecNode) throws(SpecError) {
        guard bar.preset == .tabs, bar.items.count < 2, let node = root.descendant(["items"]) else { return }
        throw node.error("items: the tabs preset needs at least 2 items (Mística's tabs: one tab has nothing to switch to); use another preset for a single title")
    }

    /// A fixed height must leave the buttons some of itself after the layout's top and bottom
    /// insets (else they would be 0 pt tall and their titles spill off the canvas).
    private static func insetsLeaveRoom(_ bar: Bar, root: SpecNode) throws(SpecError) {
        guard let height = bar.resolved().height, let insets = bar.layout.insets, insets.vertical >= height,
              let node = root.descendant(["layout", "insets"]) else { return }
        throw node.error("layout.insets: top \(Limits.format(insets.top)) + bottom \(Limits.format(insets.bottom)) leave no room in a bar \(Limits.format(height)) pt high")
    }

    /// A bar that draws no buttons has no natural widths: intrinsic mode (and tabs past three,
    /// which take natural widths) would make every slot 0 pt wide and draw nothing.
    private static func slotsHaveWidth(_ bar: Bar, root: SpecNode) throws(SpecError) {
        let resolved = bar.resolved()
        guard !resolved.button.style.isDrawn, let node = root.descendant(["layout", "mode"]) else { return }
        let mode = resolved.layout.mode
        guard mode == .intrinsic || (mode == .tabs && bar.items.count > 3) else { return }
        throw node.error("layout.mode: a bar that draws no buttons has no natural widths, so \(mode.rawValue) mode would make its slots 0 pt wide; use mode fit or constrained")
    }

    /// A dot or a chevron marks the selection at the bar's top or bottom edge; filling the bar
    /// would draw it over the selected title.
    private static func markersNeedAnEdge(_ bar: Bar, root: SpecNode) throws(SpecError) {
        let indicator = bar.resolved().indicator
        guard [.dot, .chevron].contains(indicator.style), indicator.resolvedDisplay == .fill,
              let node = root.descendant(["indicator"]) else { return }
        let keys = try node.mapping(allowed: BarSpecTables.indicator.keys)
        guard let place = keys["display"] ?? keys["style"] else { return }
        throw place.error("indicator.display: a \(indicator.style.rawValue) marks the selection at the bar's top or bottom edge; fill would draw it over the selected title; use top or bottom, or style line or block to fill")
    }

    /// A block fills the buttons' band behind them; it has no edge to sit on.
    private static func blockHasNoEdge(_ bar: Bar, root: SpecNode) throws(SpecError) {
        guard let node = root.descendant(["indicator"]), bar.resolved().indicator.style == .block, let display = bar.indicator.display, display != .fill,
              let place = try node.mapping(allowed: BarSpecTables.indicator.keys)["display"] else { return }
        throw place.error("indicator.display: a block fills the buttons' band (inside the layout's top and bottom insets), so it has no \(display.rawValue) edge; use style line, dot or chevron for an edge, or leave display out")
    }
}
