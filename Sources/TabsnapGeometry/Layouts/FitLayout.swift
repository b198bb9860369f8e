import TabsnapModel

/// Tabman's `fit` content mode: equal widths that fill the bar.
public struct FitLayout: BarLayout {
    /// A fit layout.
    public init() {}

    /// `fit`.
    public var name: String { LayoutMode.fit.rawValue }
    /// The other modes' keys.
    public var inertSettings: [InertSetting] { LayoutMode.fit.inertSettings }

    /// Every button (width between the insets − spacing) / n.
    public func place(_ request: LayoutRequest) -> ButtonPlacement {
        let n = request.naturalWidths.count
        return request.sequential(Array(repeating: request.equalWidths(sharing: n), count: n))
    }
}
