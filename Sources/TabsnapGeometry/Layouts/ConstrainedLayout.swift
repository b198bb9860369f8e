import TabsnapModel

/// Tabman's `TMConstrainedHorizontalBarLayout`: equal widths, `visibleButtons` of them filling
/// the bar; more buttons scroll.
public struct ConstrainedLayout: BarLayout {
    /// How many buttons share the visible width (at least 1, at most the number of buttons).
    public var visibleButtons: Int

    /// A constrained layout showing `visibleButtons` at a time (Tabman's default is 5).
    public init(visibleButtons: Int = 5) {
        self.visibleButtons = visibleButtons
    }

    /// `constrained`.
    public var name: String { LayoutMode.constrained.rawValue }
    /// The other modes' keys.
    public var inertSettings: [InertSetting] { LayoutMode.constrained.inertSettings }

    /// Every button (width between the insets − spacing) / min(visibleButtons, n).
    public func place(_ request: LayoutRequest) -> ButtonPlacement {
        let n = request.naturalWidths.count
        let visible = min(max(visibleButtons, 1), max(n, 1))
        return request.sequential(Array(repeating: request.equalWidths(sharing: visible), count: n))
    }
}
