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
        /// Most lines the title may wrap onto here.
        var titleLines: Int
        var iconFrame: Rect
        /// The icon's frame at full size (badges anchor here, so they do not move with selection).
        var iconRestingFrame: Rect
        /// The badge follows the title (room was kept for it), rather than riding the icon.
        var badgeBesideTitle: Bool

        /// The content at rest: the resting icon and the title at the wider font's width (as
        /// far as it fits), so what encloses it does not jump when the font switches.
        func restingContent(_ content: ButtonContentSize) -> Rect {
            let width = titleClipped ? titleFrame.width : max(titleFrame.width, content.title.width)
            let title = Rect(x: titleFrame.midX - width / 2, y: titleFrame.minY, width: width, height: titleFrame.height)
            switch (title.width > 0, iconRestingFrame.width > 0) {
            case (true, true): return title.union(iconRestingFrame)
            case (true, false): return title
            case (false, true): return iconRestingFrame
            case (false, false): return .zero
            }
        }
    }

    /// Lays out one button; its content stays inside `clear` (the bar's height less an edge
    /// indicator's room) when it can.
    func place(item: BarItem, content: ButtonContentSize, frame: Rect, clear: ClosedRange<Double>, selection v: Double) -> Placed {
        let font = options.font(at: v)
        let inner = frame.insetBy(options.contentInsets)
        let icon = content.icon
        let room = content.badgeRoom
        let available = titleWidthAvailable(content: content, room: room, innerWidth: inner.width)
        let natural = font == options.font ? content.titleWidthUnselected : content.titleWidthSelected
        let clipped = content.title.width > available + 1e-6
        var title = Size(width: min(natural, available), height: content.title.height)
        // Pango draws at least the ellipsis, wider than the box if need be: a title with no room
        // even for "…" (a fixed-width button too narrow for icon, badge and title) is left out
        // rather than drawn over its neighbours. (Seating the badge on a leading icon instead
        // would put it over the title.)
        if clipped, available < measurer.measure(.plain("…"), font: font).width { title = .zero }  // measured only when clipped
        // A fixed bar height caps the lines: as many as fit the button below its icon (content
        // insets give way first), the last one ellipsized.
        let lines = linesThatFit(content: content, height: min(frame.maxY, clear.upperBound) - max(frame.minY, clear.lowerBound))
        if clipped, lines > 1, let text = item.text {
            title.height = measurer.measure(text, font: font, wrapWidth: available, maxLines: lines).height
        }
        if title.width == 0 { title.height = 0 }
        let block = ButtonContentBlock(icon: icon, title: title, badgeRoom: room.width, options: options)
        let size = block.size
        var top: Double
        switch options.verticalAlignment {
        case .top: top = inner.minY
        case .center: top = inner.midY - size.height / 2
        case .bottom: top = inner.maxY - size.height
        }
        top = min(max(top, frame.minY), max(frame.maxY - size.height, frame.minY))  // insets give way, the frame does not
        top = max(min(top, clear.upperBound - size.height), clear.lowerBound)  // nor does an edge indicator's room
        // Content wider than the button starts at its left edge: it may overflow its own button's
        // end (the badge is then kept inside), never into the button before it.
        let left = max(inner.midX - size.width / 2, frame.minX)
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
        return Placed(titleFrame: titleFrame, titleClipped: clipped, titleLines: lines, iconFrame: iconFrame,
                      iconRestingFrame: resting, badgeBesideTitle: room.width > 0)
    }

    /// The content's height in a button `width` wide: a title that does not fit on one line wraps
    /// onto up to `lines` lines (in the wider of the two fonts), so the bar's intrinsic height
    /// holds the tallest wrapped title.
    func intrinsicHeight(item: BarItem, content: ButtonContentSize, width: Double) -> Double {
        guard options.style.isDrawn else { return 0 }
        let available = titleWidthAvailable(content: content, room: content.badgeRoom, innerWidth: width - options.contentInsets.horizontal)
        guard options.lines > 1, content.title.width > available + 1e-6, let text = item.text else {
            return content.intrinsic.height
        }
        let fonts = [options.font, options.selectedFont ?? options.font]
        let wrapped = fonts.map { measurer.measure(text, font: $0, wrapWidth: available, maxLines: options.lines).height }
        let title = Size(width: available, height: wrapped.max() ?? content.title.height)
        let block = ButtonContentBlock(icon: content.icon, title: title, badgeRoom: content.badgeRoom.width, options: options)
        return block.size.height + options.contentInsets.vertical + SelectedContentTransform(options).room(for: block.size).height
    }

    /// The title's width: the content box less a leading icon, its gap and the badge's room.
    private func titleWidthAvailable(content: ButtonContentSize, room: BadgeRoom, innerWidth: Double) -> Double {
        let icon = content.icon
        let gap = icon.width > 0 && content.title.width > 0 ? options.iconSpacing : 0
        let besideIcon = options.imagePosition == .leading ? icon.width + gap : 0
        return max(innerWidth - besideIcon - room.width, 0)
    }

    /// `lines`, or fewer when the button is too short for them (never fewer than one).
    private func linesThatFit(content: ButtonContentSize, height: Double) -> Int {
        guard options.lines > 1, content.title.height > 0 else { return options.lines }
        let icon = content.icon
        let above = options.imagePosition == .top && icon.height > 0 ? icon.height + options.iconSpacing : 0
        let fitting = Int(((height - above) / content.title.height + 1e-6).rounded(.down))
        return min(options.lines, max(fitting, 1))
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
