import TabsnapModel

/// The natural size of one button's content, before the layout mode stretches or caps it.
public struct ButtonContentSize: Sendable, Hashable {
    /// Title size: the wider and taller of `font` and `selectedFont`, so a button never jumps in
    /// width when its font switches (Tabman's TMLabelBarButton does the same).
    public var title: Size
    /// Title width in each font, for centring the title actually drawn.
    public var titleWidthUnselected: Double
    public var titleWidthSelected: Double
    public var icon: Size
    /// Content plus the button's content insets.
    public var intrinsic: Size
}

/// Tab-item metrics from UITabBar / Tabman's TMTabItemBarButton.
public enum TabItemMetrics {
    public static let iconSize = Size(width: 30, height: 30)
    public static let iconTitleSpacing: Double = 6
}

struct ButtonSizer {
    let options: ButtonOptions
    let measurer: TextMeasurer

    func size(of item: BarItem) -> ButtonContentSize {
        let unselected = measure(item.title, font: options.font)
        let selected = measure(item.title, font: options.selectedFont ?? options.font)
        let title = Size(width: max(unselected.width, selected.width), height: max(unselected.height, selected.height))
        let hasIcon = item.icon != nil || item.selectedIcon != nil
        let insets = options.contentInsets
        var icon = Size.zero
        var content: Size
        switch options.style {
        case .none:
            content = .zero
        case .label:
            content = title
        case .icon:
            icon = TabItemMetrics.iconSize
            content = icon
        case .tabItem:
            icon = hasIcon ? TabItemMetrics.iconSize : .zero
            let gap = hasIcon && title.width > 0 ? TabItemMetrics.iconTitleSpacing : 0
            content = Size(width: max(icon.width, title.width), height: icon.height + gap + title.height)
        }
        let intrinsic = options.style == .none
            ? Size.zero
            : Size(width: content.width + insets.horizontal, height: content.height + insets.vertical)
        return ButtonContentSize(title: options.style == .icon ? .zero : title,
                                 titleWidthUnselected: unselected.width, titleWidthSelected: selected.width,
                                 icon: icon, intrinsic: intrinsic)
    }

    private func measure(_ title: String?, font: FontSpec) -> Size {
        guard let title, !title.isEmpty else { return .zero }
        return measurer.measure(title, font: font)
    }
}
