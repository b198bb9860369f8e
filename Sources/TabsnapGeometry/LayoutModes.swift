import TabsnapModel

/// Horizontal placement of the buttons for each layout mode, left to right in content coordinates
/// (x = 0 is the content's left edge, insets included). Right-to-left mirrors the result afterwards.
struct HorizontalLayout: Sendable, Equatable {
    /// x and width of each button.
    var spans: [(x: Double, width: Double)]
    /// Width of the scrollable content; never less than the bar width.
    var contentWidth: Double
    /// Insets actually used (alignment `center` replaces the horizontal ones).
    var insets: Insets

    static func == (a: HorizontalLayout, b: HorizontalLayout) -> Bool {
        a.contentWidth == b.contentWidth && a.insets == b.insets
            && a.spans.map(\.x) == b.spans.map(\.x) && a.spans.map(\.width) == b.spans.map(\.width)
    }
}

/// Mística Tabs: a tab never grows past 280 pt when the tabs scroll.
public let tabsMaximumWidth: Double = 280

func horizontalLayout(mode: LayoutMode, alignment: BarAlignment, barWidth W: Double, naturalWidths: [Double],
                      insets: Insets, spacing: Double, visibleButtons: Int) -> HorizontalLayout {
    let n = naturalWidths.count
    guard n > 0 else { return HorizontalLayout(spans: [], contentWidth: W, insets: insets) }
    let available = W - insets.horizontal
    switch mode {
    case .fit:
        let width = max(available - spacing * Double(n - 1), 0) / Double(n)
        return sequential(widths: Array(repeating: width, count: n), start: insets.left, spacing: spacing,
                          insets: insets, barWidth: W)
    case .constrained:
        let visible = Double(min(max(visibleButtons, 1), n))
        let width = max(available - spacing * (visible - 1), 0) / visible
        return sequential(widths: Array(repeating: width, count: n), start: insets.left, spacing: spacing,
                          insets: insets, barWidth: W)
    case .tabs:
        let widths = n <= 3 ? Array(repeating: max(available - spacing * Double(n - 1), 0) / Double(n), count: n)
                            : naturalWidths.map { min($0, tabsMaximumWidth) }
        return sequential(widths: widths, start: insets.left, spacing: spacing, insets: insets, barWidth: W)
    case .intrinsic:
        return intrinsic(widths: naturalWidths, alignment: alignment, insets: insets, spacing: spacing, barWidth: W)
    }
}

private func sequential(widths: [Double], start: Double, spacing: Double, insets: Insets, barWidth: Double) -> HorizontalLayout {
    var x = start
    var spans: [(x: Double, width: Double)] = []
    for width in widths {
        spans.append((x, width))
        x += width + spacing
    }
    let extent = x - spacing + insets.right
    return HorizontalLayout(spans: spans, contentWidth: max(extent, barWidth), insets: insets)
}

/// Intrinsic widths with the alignment rule: `center` lets the first and last buttons reach the
/// bar's centre; `centerDistributed` and `trailing` move content that is narrower than the bar.
private func intrinsic(widths: [Double], alignment: BarAlignment, insets: Insets, spacing: Double, barWidth W: Double) -> HorizontalLayout {
    var insets = insets
    if alignment == .center, let first = widths.first, let last = widths.last {
        insets.left = W / 2 - first / 2
        insets.right = W / 2 - last / 2
    }
    let extent = insets.horizontal + widths.reduce(0, +) + spacing * Double(widths.count - 1)
    var shift = 0.0
    if extent < W {
        switch alignment {
        case .centerDistributed: shift = (W - extent) / 2
        case .trailing: shift = W - extent
        case .leading, .center: shift = 0
        }
    }
    return sequential(widths: widths, start: insets.left + shift, spacing: spacing, insets: insets,
                      barWidth: W)
}
