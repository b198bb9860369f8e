import TabsnapModel

/// Places a button's icon and title inside its frame: content insets, the vertical alignment,
/// titles that do not fit ellipsized (or wrapped onto `lines`), and Tabman's icon shrink:
/// scale = 1 − (1 − v)·(1 − unselectedIconScale), around the icon's centre.
struct ButtonContentLayout {
    let options: ButtonOptions
    let measurer: TextMeasurer

    struct Placed {
        var titleFrame: Rect
        var titleClipped: Bool
        var iconFrame: Rect
        /// The icon's frame at full size (badges anchor here, so they do not move with selection).
        var iconRestingFrame: Rect
    }

    func place(item: BarItem, content: ButtonContentSize, frame: Rect, selection v: Double) -> Placed {
        let font = options.font(at: v)
        let inner = frame.insetBy(options.contentInsets)
        let icon = content.icon
        let gapWithTitle = icon.width > 0 && content.title.width > 0 ? options.iconSpacing : 0
        let room = content.badgeRoom
        let besideIcon = options.imagePosition == .leading ? icon.width + gapWithTitle : 0
        let available = max(inner.width - besideIcon - room.width, 0)
        let natural = font == options.font ? content.titleWidthUnselected : content.titleWidthSelected
        let clipped = content.title.width > available + 1e-6
        var title = Size(width: min(natural, available), height: content.title.height)
        if clipped, options.lines > 1, let text = item.text {
            title.height = measurer.measure(text, font: font, wrapWidth: available, maxLines: options.lines).height
        }
        if title.width == 0 { title.height = 0 }
        let block = ButtonContentBlock(icon: icon, title: title, badgeRoom: room.width, options: options)
        let size = block.size
        let top: Double
        switch options.verticalAlignment {
        case .top: top = inner.minY
        case .center: top = inner.midY - size.height / 2
        case .bottom: top = inner.maxY - size.height
        }
        let left = inner.midX - size.width / 2
        let beforeTitle = room.leads ? room.width : 0
        var iconFrame: Rect
        var titleFrame: Rect
        switch options.imagePosition {
        case .top:
            iconFrame = Rect(x: inner.midX - icon.width / 2, y: top, width: icon.width, height: icon.height)
            titleFrame = Rect(x: inner.midX - (title.width + room.width) / 2 + beforeTitle, y: top + icon.height + block.gap,
                              width: title.width, height: title.height)
        case .leading:
            iconFrame = Rect(x: left, y: top + (size.height - icon.height) / 2, width: icon.width, height: icon.height)
            titleFrame = Rect(x: left + icon.width + block.gap + beforeTitle, y: top + (size.height - title.height) / 2,
                              width: title.width, height: title.height)
        }
        let resting = iconFrame
        let scale = 1 - (1 - v) * (1 - options.unselectedIconScale)
        iconFrame = Rect(x: iconFrame.midX - iconFrame.width * scale / 2, y: iconFrame.midY - iconFrame.height * scale / 2,
                         width: iconFrame.width * scale, height: iconFrame.height * scale)
        return Placed(titleFrame: titleFrame, titleClipped: clipped, iconFrame: iconFrame, iconRestingFrame: resting)
    }
}

extension ButtonContentSize {
    /// How far the title's centre sits from its button's centre, as `place` lays it out: half the
    /// leading icon and its gap, half the badge's room, and half the difference of uneven side insets.
    func titleCentreOffset(_ options: ButtonOptions) -> Double {
        let insets = (options.contentInsets.left - options.contentInsets.right) / 2
        let badge = (badgeRoom.leads ? 1 : -1) * badgeRoom.width / 2
        guard options.imagePosition == .leading, icon.width > 0, title.width > 0 else { return insets + badge }
        return insets + badge + (icon.width + options.iconSpacing) / 2
    }
}
