import TabsnapModel

/// The natural size of one button's content, before the layout mode stretches or caps it: what
/// the built-in buttons measure of an item.
public struct ButtonContentSize: ButtonMeasure, Hashable {
    /// One-line title size: the wider and taller of `font` and `selectedFont`, so a button never
    /// jumps in width when its font switches (Tabman's TMLabelBarButton does the same).
    public var title: Size
    /// Title width in each font, for centring the title actually drawn.
    public var titleWidthUnselected: Double
    /// One-line title width in the selected font (in `font` when there is no selected font).
    public var titleWidthSelected: Double
    /// The icon's size: `iconSize` square when the button shows an icon, else zero.
    public var icon: Size
    /// Room kept beside the title for its badge.
    var badgeRoom: BadgeRoom = .none
    /// Content plus the button's content insets.
    public var intrinsic: Size
    /// How far the title's centre sits right of the button's (`titleCentreOffset(_:)`).
    var titleCentreOffset: Double = 0

    /// Content plus the button's content insets: what layouts place.
    public var natural: Size { intrinsic }
    /// The title's width and its offset from the button's centre.
    public var titleExtent: TitleExtent { TitleExtent(width: title.width, centreOffset: titleCentreOffset) }
}

struct ButtonSizer {
    let options: ButtonOptions
    let badges: BadgePlacer
    let measurer: TextMeasurer

    func size(of item: BarItem) -> ButtonContentSize {
        let text = options.style.hasTitle ? item.text : nil
        let unselected = measure(text, font: options.font)
        let selected = measure(text, font: options.selectedFont ?? options.font)
        let title = Size(width: max(unselected.width, selected.width), height: max(unselected.height, selected.height))
        let showsIcon = options.style == .icon || (options.style == .tabItem && item.hasIcon)
        let icon = showsIcon ? Size(width: options.iconSize, height: options.iconSize) : .zero
        let badgeRoom = options.style.isDrawn
            ? badges.room(for: item.badge, title: title, icon: icon, imagePosition: options.imagePosition) : .none
        let content = ButtonContentBlock(icon: icon, title: title, badgeRoom: badgeRoom.width, options: options).size
        let insets = options.contentInsets
        let overhang = options.style.isDrawn && badgeRoom.width == 0 && icon.width > 0
            ? badges.overhang(of: item.badge, iconWidth: icon.width, contentWidth: content.width) : 0
        var intrinsic = !options.style.isDrawn
            ? Size.zero
            : Size(width: content.width + insets.horizontal + 2 * overhang, height: content.height + insets.vertical)
        if options.style.isDrawn {  // room for the largest selected state
            let room = SelectedContentTransform(options).room(for: Size(width: content.width + 2 * overhang, height: content.height))
            intrinsic = Size(width: intrinsic.width + room.width, height: intrinsic.height + room.height)
        }
        var size = ButtonContentSize(title: title, titleWidthUnselected: unselected.width,
                                     titleWidthSelected: selected.width, icon: icon, badgeRoom: badgeRoom,
                                     intrinsic: intrinsic)
        size.titleCentreOffset = size.titleCentreOffset(options)
        return size
    }

    private func measure(_ text: TextContent?, font: FontSpec) -> Size {
        guard let text else { return .zero }
        return measurer.measure(text, font: font)
    }
}

/// Icon and title arranged as one block: icon above the title, or before it; a badge beside the
/// title widens the title's row by `badgeRoom`.
struct ButtonContentBlock {
    let icon: Size
    let title: Size
    let badgeRoom: Double
    let options: ButtonOptions

    var gap: Double { icon.width > 0 && title.width > 0 ? options.iconSpacing : 0 }

    var size: Size {
        switch options.imagePosition {
        case .top:
            return Size(width: max(icon.width, title.width + badgeRoom), height: icon.height + gap + title.height)
        case .leading:
            return Size(width: icon.width + gap + title.width + badgeRoom, height: max(icon.height, title.height))
        }
    }
}

extension BarItem {
    var hasIcon: Bool { icon != nil || selectedIcon != nil }
}
