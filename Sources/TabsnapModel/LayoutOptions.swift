/// How buttons are placed along the bar (Tabman's TMBarLayout content modes, plus Mística's tabs).
public struct LayoutOptions: Sendable, Hashable, Codable {
    public var mode: LayoutMode
    /// Constrained mode: how many buttons share the visible width before the content scrolls.
    public var visibleButtons: Int
    /// Space between buttons; nil means what the layout manager gives for the traits.
    public var spacing: Double?
    /// Content insets; nil means what the layout manager gives for the traits.
    public var insets: Insets?
    public var alignment: BarAlignment
    /// Traits that the layout manager turns into insets and spacing (Hub Framework style).
    public var traits: Set<LayoutTrait>
    /// Fade the edges when the content scrolls.
    public var fadeEdges: Bool
    /// Lines between neighbouring buttons; nil for none.
    public var separators: SeparatorOptions?

    public init(mode: LayoutMode, visibleButtons: Int = 5, spacing: Double? = nil, insets: Insets? = nil,
                alignment: BarAlignment = .leading, traits: Set<LayoutTrait>, fadeEdges: Bool = false) {
        self.mode = mode
        self.visibleButtons = visibleButtons
        self.spacing = spacing
        self.insets = insets
        self.alignment = alignment
        self.traits = traits
        self.fadeEdges = fadeEdges
        self.separators = nil
    }
}

public enum LayoutMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Buttons at their natural width, `spacing` between them.
    case intrinsic
    /// Equal widths that fill the bar.
    case fit
    /// Equal widths: min(visibleButtons, n) of them, with `spacing` between, fill the bar; more
    /// buttons scroll.
    case constrained
    /// Mística: 2 → 50 %, 3 → 33 %, more → intrinsic widths capped at 280 pt, scrolling; `spacing`
    /// between them (the preset's stackable trait makes it 0).
    case tabs
}

public enum BarAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    case leading, center, centerDistributed, trailing
}

/// Layout traits describe a bar's needs, not metrics; a `LayoutManager` turns them into margins.
public enum LayoutTrait: String, Sendable, Hashable, Codable, CaseIterable {
    /// Content runs edge to edge: no horizontal margin.
    case fullWidth
    /// Content keeps a horizontal margin on each side.
    case compactWidth
    /// Buttons sit flush against each other: no spacing between them.
    case stackable
}
