import TabsnapModel

/// Mística's Tabs: 2 tabs share the bar 50/50 and 3 a third each; more keep their natural widths,
/// each capped at `maximumWidth`, and scroll.
public struct TabsLayout: BarLayout {
    /// Mística: a tab never grows past 280 pt when the tabs scroll.
    public static let maximumWidth: Double = 280

    /// A tabs layout.
    public init() {}

    /// `tabs`.
    public var name: String { LayoutMode.tabs.rawValue }
    /// The other modes' keys.
    public var inertSettings: [InertSetting] { LayoutMode.tabs.inertSettings }

    /// Equal shares up to 3 buttons, natural widths capped at 280 pt beyond.
    public func place(_ request: LayoutRequest) -> ButtonPlacement {
        let n = request.naturalWidths.count
        let widths = n <= 3 ? Array(repeating: request.equalWidths(sharing: n), count: n)
                            : request.naturalWidths.map { min($0, Self.maximumWidth) }
        return request.sequential(widths)
    }
}
