import TabsnapModel

/// Lays a bar's screen out around the bar's own geometry: the status bar at the top, then a
/// navigation bar when the screen has a title, then — for a bar at the top — the bar and the
/// pages under it to the screen's bottom (content runs under the home indicator), or — for a bar
/// at the bottom — the pages down to the bar, which ends at the screen's bottom (its safe area is
/// the device's bottom inset). Stateless: the same bar and position give the same screen.
public enum ScreenLayout {
    /// The screen of `bar` (which has one) at `selection`, around `geometry`, the bar's own.
    public static func compute(_ screen: ScreenContext, bar: ResolvedBar, geometry: BarGeometry, selection: SelectionState,
                               measurer: TextMeasurer) -> ScreenGeometry {
        let device = screen.device.metrics
        let size = device.size
        let ios = device.platform == .ios
        let rtl = bar.direction == .rightToLeft
        var colors = ScreenColors(theme: bar.theme)
        var family = bar.button.font
        family.language = bar.language
        /// Text of `font` at the leading edge `inset` in from `frame`'s side, its top where `top`
        /// says for its measured height; cut with "…" where it would pass the same inset on the
        /// other side (a long title ran off the screen's edge, cut mid-letter: hostile round 33).
        func leading(_ text: TextContent, _ font: FontSpec, in frame: Rect, inset: Double, top: (Double) -> Double) -> PlacedText {
            let text = TextEllipsis.fitting(text, font: font, width: frame.width - 2 * inset, measurer: measurer)
            let measured = measurer.measure(text, font: font)
            let x = rtl ? frame.maxX - inset - measured.width : frame.minX + inset
            return PlacedText(text: text, frame: Rect(x: x, y: top(measured.height), width: measured.width, height: measured.height),
                              font: font, constrained: false)
        }
        let status = Rect(x: 0, y: 0, width: size.width, height: device.statusBar)
        // iOS sets the time beside the top corner's curve (centred in its left ear), lower on a
        // tall status bar; Android at the left edge. The status bar stays left to right, as
        // the devices draw it in these sizes.
        let timeFont = FontSpec(family: "Inter", weight: ios ? .semibold : .medium, size: ios ? 17 : 14)
        let timeMid = ios ? status.minY + status.height / 2 + (status.height > 40 ? 4 : 0) : status.midY
        let timeSize = measurer.measure(.plain("9:41"), font: timeFont)
        let time = PlacedText(text: .plain("9:41"), frame: Rect(x: ios ? size.width * 0.06 : 16, y: timeMid - timeSize.height / 2,
                                                                width: ios ? size.width * 0.26 : timeSize.width, height: timeSize.height),
                              font: timeFont, constrained: ios)
        var top = status.maxY
        var navigation: NavigationBarGeometry?
        if let title = screen.navigationTitle {
            let frame = Rect(x: 0, y: top, width: size.width, height: device.navigationBar)
            var font = family
            font.size = ios ? 17 : 22
            let placed: PlacedText
            if ios {
                font.weight = font.weight == .regular || font.weight == .medium ? .semibold : font.weight
                let height = measurer.measure(.plain(title), font: font).height
                placed = PlacedText(text: .plain(title), frame: Rect(x: frame.minX + 60, y: frame.midY - height / 2, width: frame.width - 120, height: height),
                                    font: font, constrained: true)
            } else {
                placed = leading(.plain(title), font, in: frame, inset: 16) { frame.midY - $0 / 2 }
            }
            navigation = NavigationBarGeometry(frame: frame, title: placed)
            top += device.navigationBar
        }
        let barHeight = geometry.height
        let barY = bar.placement == .top ? top : size.height - barHeight
        let barFrame = Rect(x: 0, y: barY, width: size.width, height: barHeight)
        let area = bar.placement == .top
            ? Rect(x: 0, y: barFrame.maxY, width: size.width, height: max(size.height - barFrame.maxY, 0))
            : Rect(x: 0, y: top, width: size.width, height: max(barY - top, 0))
        // The status bar takes the colour of what is under it: the navigation bar, a top bar
        // with a colour of its own, or the page.
        colors.statusBar = navigation != nil ? colors.chrome : (bar.placement == .top ? geometry.background ?? colors.chrome : colors.page)
        var headingFont = family
        headingFont.size = 28
        let pages = PageSlide.pages(at: selection, count: bar.items.count, area: area, direction: bar.direction).map { index, frame in
            let content = screen.page(index)
            let title = TextContent.shown(title: bar.items[index].title, markup: bar.items[index].markup)
            let heading = content == .placeholder ? title.map { leading($0, headingFont, in: frame, inset: 16) { _ in frame.minY + 20 } } : nil
            return PlacedPage(index: index, frame: frame, content: content, heading: heading)
        }
        var home: Rect?
        if device.bottomInset > 0 {
            // iOS: a 134 × 5 pill 8 pt above the bottom; Android: a 108 × 4 handle mid-inset.
            let (width, height, bottom) = device.platform == .ios ? (134.0, 5.0, 8.0) : (108.0, 4.0, (device.bottomInset - 4) / 2)
            home = Rect(x: (size.width - width) / 2, y: size.height - bottom - height, width: width, height: height)
        }
        let finger = screen.finger ? TouchMarker.marker(at: selection, count: bar.items.count, pages: area, target: { index in
            guard geometry.buttons.indices.contains(index) else { return nil }
            let frame = geometry.buttons[index].frame
            return Point(x: frame.midX - geometry.scrollOffset, y: barY + frame.midY)
        }, direction: bar.direction) : nil
        return ScreenGeometry(size: size, platform: device.platform, cornerRadius: device.cornerRadius, statusBar: status,
                              navigationBar: navigation, barOrigin: Point(x: 0, y: barY), barFrame: barFrame, pageArea: area,
                              pages: pages, specPages: screen.pages, homeIndicator: home, finger: finger, colors: colors, time: time,
                              direction: bar.direction)
    }
}
