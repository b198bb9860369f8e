import TabsnapModel

/// Tabman's `TMBarIndicator.None`: nothing shows the position (a spec's `indicator: none`).
public struct NoIndicator: BarIndicator {
    /// No indicator.
    public init() {}

    /// `none`.
    public var name: String { "none" }
    /// Every key that shapes a built-in indicator.
    public var inertSettings: [InertSetting] {
        ["weight", "corners", "overscroll", "progressive", "color", "display", "width"].map {
            InertSetting($0, "this bar has no indicator (style none)")
        }
    }
    /// Takes no room, as if behind the buttons.
    public var displayMode: IndicatorDisplay { .fill }
    /// Never placed.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? { nil }
    /// Draws nothing.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] { [] }
}
