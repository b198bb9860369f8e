import TabsnapModel

extension LayoutOptions {
    /// The built-in layout these options describe (`IntrinsicLayout`, `FitLayout`,
    /// `ConstrainedLayout`, `TabsLayout`).
    public var builtinLayout: AnyBarLayout {
        switch mode {
        case .intrinsic: return AnyBarLayout(IntrinsicLayout(alignment: alignment))
        case .fit: return AnyBarLayout(FitLayout())
        case .constrained: return AnyBarLayout(ConstrainedLayout(visibleButtons: visibleButtons))
        case .tabs: return AnyBarLayout(TabsLayout())
        }
    }
}

extension LayoutRequest {
    /// `count` equal widths that, `spacing` apart, fill the width between the insets.
    func equalWidths(sharing count: Int) -> Double {
        max(available - spacing * Double(count - 1), 0) / Double(max(count, 1))
    }

    /// Buttons of `widths` one after another from the leading inset.
    func sequential(_ widths: [Double]) -> ButtonPlacement {
        .sequential(widths: widths, start: insets.left, spacing: spacing, insets: insets, barWidth: barWidth)
    }
}
