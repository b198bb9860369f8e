import TabsnapModel

/// The built-in buttons, one conformance for the four styles a spec names (`button.style`):
/// Tabman's `TMLabelBarButton` (`label`), its icon buttons (`icon`), `TMTabItemBarButton`
/// (`tabItem`: icon and title) and a LineBar's empty slots (`none`). Sizing is `ButtonSizing.swift`,
/// placing `ButtonContentLayout.swift`, and the state at a selection `ButtonStateAtSelection.swift`.
public struct StandardButton: BarButton {
    /// Style, colours, fonts, insets, icon size and the rest of the button's settings.
    public var options: ButtonOptions

    /// A built-in button of `options`' style. The room a badge takes beside a title (the
    /// environment's badge says how wide) is part of the button's size.
    public init(options: ButtonOptions) {
        self.options = options
    }

    /// The style's spec word: `label`, `icon`, `tabItem` or `none`.
    public var name: String { options.style.rawValue }
    /// Labels and tab items draw titles.
    public var drawsTitles: Bool { options.style.isDrawn && options.style.hasTitle }
    /// Icon buttons and tab items draw icons.
    public var drawsIcons: Bool { options.style == .icon || options.style == .tabItem }
    /// Everything but a LineBar's empty slots draws.
    public var drawsContent: Bool { options.style.isDrawn }
    /// Labels ignore the icon keys, icon buttons the title keys. (Style none ignores every key
    /// that draws; the spec reader says so in the words of the spec, preset or style.)
    public var inertSettings: [InertSetting] {
        switch options.style {
        case .label:
            return ["iconSize", "iconSpacing", "imagePosition", "unselectedIconScale", "renderingMode"].map {
                InertSetting($0, "label buttons draw no icons")
            }
        case .icon:
            return ["iconSpacing", "imagePosition", "font", "selectedFont", "lines"].map { InertSetting($0, "icon buttons draw no titles") }
        case .tabItem, .hidden:
            return []
        }
    }

    /// The title in the wider of its two fonts, the icon, the badge's room, the content insets.
    public func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonContentSize {
        ButtonSizer(options: options, badges: BadgePlacer(badge: environment.badge, environment: environment),
                    measurer: environment.measurer).size(of: item)
    }

    /// Taller than natural when the title wraps at `width`.
    public func height(of item: BarItem, measured: ButtonContentSize, width: Double, in environment: BarEnvironment) -> Double {
        ButtonContentLayout(options: options, measurer: environment.measurer).intrinsicHeight(item: item, content: measured, width: width)
    }

    /// Icon and title placed by the vertical alignment and the icon shrink; the badge rides the
    /// resting icon, else follows the title, else the slot.
    public func place(_ item: BarItem, measured: ButtonContentSize, in context: ButtonContext) -> ButtonContent {
        let v = context.selection
        let placed = ButtonContentLayout(options: options, measurer: context.environment.measurer)
            .place(item: item, content: measured, frame: context.frame, clear: context.clear, selection: v)
        let anchor: Rect
        if placed.badgeBesideTitle || (placed.iconRestingFrame.width == 0 && placed.titleFrame.width > 0) {
            anchor = placed.titleFrame
        } else {
            anchor = placed.iconRestingFrame.width > 0 ? placed.iconRestingFrame : context.frame
        }
        let title = drawsTitles
        let transform = SelectedContentTransform(options)
        // The icon's size and place follow the selection through these two only; between 0 and 1
        // it grows, shrinks or moves, and is drawn where it is (not snapped to device pixels).
        var icon = placed.iconFrame.width > 0 ? ButtonIcon(item, renderingMode: options.renderingMode) : nil
        icon?.isResting = v == 0 || v == 1 || (options.unselectedIconScale == 1 && transform.isIdentity)
        let content = ButtonContent(
            color: options.color(at: v), alpha: options.alpha(at: v), title: title ? item.title : nil,
            markup: title ? item.markup : nil, titleFrame: title && placed.titleFrame.width > 0 ? placed.titleFrame : .zero,
            titleLines: placed.titleLines, titleClipped: title && placed.titleClipped, font: options.font(at: v),
            icon: icon,
            iconFrame: placed.iconFrame, badgeAnchor: anchor, badgeBesideTitle: placed.badgeBesideTitle,
            restingContent: placed.restingContent(measured))
        guard !transform.isIdentity else { return content }
        // The slot within the clear band, less the room kept for a badge beside the title.
        let slot = context.frame, badge = placed.badgeBesideTitle ? measured.badgeRoom : .none
        let top = max(slot.minY, context.clear.lowerBound), bottom = min(slot.maxY, context.clear.upperBound)
        let left = slot.minX + (badge.leads ? badge.width : 0), right = slot.maxX - (badge.leads ? 0 : badge.width)
        return transform.apply(to: content, selection: v, within: Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0)))
    }
}
