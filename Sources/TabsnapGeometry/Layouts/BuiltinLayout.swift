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

extension LayoutMode {
    /// The keys of the `layout` section only another mode reads: `visibleButtons` is constrained
    /// mode's, `alignment` intrinsic mode's.
    var inertSettings: [InertSetting] {
        var keys: [InertSetting] = []
        if self != .constrained {
            keys.append(InertSetting("visibleButtons", "only constrained mode shows a number of buttons at once; this bar's mode is \(rawValue)"))
        }
        if self != .intrinsic {
            keys.append(InertSetting("alignment", "only intrinsic mode places buttons narrower than the bar; this bar's mode is \(rawValue)"))
        }
        return keys
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
