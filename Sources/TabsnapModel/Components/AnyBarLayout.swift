/// Any `BarLayout`, type-erased: what a bar holds when the kind of layout is chosen at run time
/// (a spec names it). Two are equal when they wrap equal layouts of the same type.
public struct AnyBarLayout: BarLayout {
    /// The wrapped layout.
    public let base: any BarLayout

    /// Wraps `layout` (an `AnyBarLayout` is not wrapped twice).
    public init<Layout: BarLayout>(_ layout: Layout) {
        if let erased = layout as? AnyBarLayout {
            self = erased
        } else {
            base = layout
        }
    }

    /// The wrapped layout's name.
    public var name: String { base.name }
    /// The keys the wrapped component ignores.
    public var inertSettings: [InertSetting] { base.inertSettings }
    /// The wrapped layout's placement.
    public func place(_ request: LayoutRequest) -> ButtonPlacement { base.place(request) }
    /// The wrapped layout's focus area.
    public func focusArea(for selection: SelectionState, buttons: [Rect], barHeight: Double) -> Rect {
        base.focusArea(for: selection, buttons: buttons, barHeight: barHeight)
    }

    /// Equal when both wrap equal layouts of the same type.
    public static func == (a: AnyBarLayout, b: AnyBarLayout) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    /// Hashes the wrapped layout.
    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}
