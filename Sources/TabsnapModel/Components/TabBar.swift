/// Tabman's `TMBarView<Layout, Button, Indicator>`, as a value: a bar whose three components are
/// named by type — yours or the built-ins, mixed freely — over a `Bar` that holds everything else
/// (items, width, theme, preset defaults for the chrome, badges, direction). Badges and the
/// selected background are components too (`badge(_:)`, `selectedBackground(_:)`).
///
/// Every face of Tabsnap takes the type-erased form, `bar`, which is also what a spec naming
/// components becomes:
///
/// ```swift
/// let tabBar = TabBar(layout: CentredLayout(), button: GrowingIconButton(), indicator: InkTrailIndicator(),
///                     base: Bar(width: 375, items: items))
/// let png = try Renderer().render(tabBar.bar, format: .png, position: 0.5)
/// ```
public struct TabBar<Layout: BarLayout, Button: BarButton, Indicator: BarIndicator>: Sendable, Hashable {
    /// Places the buttons.
    public var layout: Layout
    /// Draws each item.
    public var button: Button
    /// Shows the position.
    public var indicator: Indicator
    /// Everything else; its own custom components, if any, are replaced by the three above.
    public var base: Bar
    /// A badge of your own (`badge(_:)`); nil: `base`'s.
    public var badge: AnyBarBadge?
    /// A selected background of your own (`selectedBackground(_:)`); nil: `base`'s.
    public var selectedBackground: AnyBarSelectedBackground?

    /// A bar of these components over `base`.
    public init(layout: Layout, button: Button, indicator: Indicator, base: Bar) {
        self.layout = layout
        self.button = button
        self.indicator = indicator
        self.base = base
    }

    /// The same bar with badges of your own.
    public func badge<Badge: BarBadge>(_ badge: Badge) -> TabBar {
        var copy = self
        copy.badge = AnyBarBadge(badge)
        return copy
    }

    /// The same bar with a selected background of your own.
    public func selectedBackground<Background: BarSelectedBackground>(_ background: Background) -> TabBar {
        var copy = self
        copy.selectedBackground = AnyBarSelectedBackground(background)
        return copy
    }

    /// The bar with its components type-erased: what renderers, animations, snapshot assertions
    /// and specs work with.
    public var bar: Bar {
        var bar = base
        bar.customLayout = AnyBarLayout(layout)
        bar.customButton = AnyBarButton(button)
        bar.customIndicator = AnyBarIndicator(indicator)
        if let badge { bar.customBadge = badge }
        if let selectedBackground { bar.button.customSelectedBackground = selectedBackground }
        return bar
    }
}
