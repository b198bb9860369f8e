/// How buttons are placed along the bar (Tabman's TMBarLayout content modes, plus Mística's tabs).
public struct LayoutOptions: Sendable, Hashable, Codable {
    /// How the buttons share the width (spec key `layout.mode`).
    public var mode: LayoutMode
    /// Constrained mode: how many buttons share the visible width before the content scrolls.
    public var visibleButtons: Int
    /// Space between buttons; nil means what the layout manager gives for the traits.
    public var spacing: Double?
    /// Content insets; nil means what the layout manager gives for the traits.
    public var insets: Insets?
    /// Intrinsic mode: where the content sits along the bar (spec key `layout.alignment`; default
    /// leading).
    public var alignment: BarAlignment
    /// Traits that the layout manager turns into insets and spacing (Hub Framework style).
    public var traits: Set<LayoutTrait>
    /// Fade the edges when the content scrolls.
    public var fadeEdges: Bool
    /// Lines between neighbouring buttons; nil for none.
    public var separators: SeparatorOptions?

    /// Layout options; each parameter sets the property of the same name, and there are no
    /// separators.
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

/// How buttons are sized along the bar (spec key `layout.mode`): `intrinsic` and `fit` are Tabman's
/// `TMBarLayout.ContentMode`, `constrained` its TMConstrainedHorizontalBarLayout, `tabs` Mística's.
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

/// Where intrinsic-mode content sits along the bar (Tabman's `TMBarLayout.Alignment`; spec key
/// `layout.alignment`).
public enum BarAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// `leading` starts at the leading inset; `center` widens the insets so the first and last
    /// buttons can reach the bar's centre; `centerDistributed` centres content narrower than the
    /// bar; `trailing` puts such content against the trailing end.
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
