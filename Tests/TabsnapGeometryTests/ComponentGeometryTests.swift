import TabsnapGeometry
import TabsnapModel
import XCTest

/// Components as numbers: tab items, badges, clipping, alignment, chrome, safe area, text scale.
final class ComponentGeometryTests: XCTestCase {
    /// Constrained tab bar, 100 pt per button, 10 pt titles, a 30 pt icon, 6 pt gap, no insets.
    private func tabBar(_ items: [BarItem]) -> Bar {
        var bar = Bar(preset: .tabBar, width: 100 * Double(items.count), items: items)
        bar.button.font = FontSpec(size: 10)
        bar.button.contentInsets = .zero
        bar.separator = nil
        return bar
    }

    func testTabItemStacksIconOverTitleAndShrinksUnselectedIcons() {
        let g = geometry(tabBar([BarItem(title: "Home", icon: .builtin(.home)), BarItem(title: "Me", icon: .builtin(.person))]), at: 0)
        XCTAssertEqual(g.height, 49, "30 + 6 + 12.5 rounded up")
        let selected = g.buttons[0], other = g.buttons[1]
        // the 48.5 pt block is centred in the 49 pt bar
        XCTAssertEqual(selected.iconFrame, Rect(x: 35, y: 0.25, width: 30, height: 30))
        XCTAssertEqual(selected.titleFrame.y, 36.25)
        XCTAssertEqual(selected.titleFrame.midX, 50)
        XCTAssertEqual(other.iconFrame.width, 27, accuracy: 1e-9, "0.9 × 30")
        XCTAssertEqual(other.iconFrame.midX, 150, accuracy: 1e-9, "shrinks about its centre")
        XCTAssertEqual(geometry(tabBar([BarItem(title: "A", icon: .builtin(.home)), BarItem(title: "B", icon: .builtin(.home))]), at: 0.5)
                        .buttons[1].iconFrame.width, 30 * (1 - 0.5 * 0.1), accuracy: 1e-9, "1 − (1 − v)(1 − 0.9)")
        var off = tabBar([BarItem(title: "Home", icon: .builtin(.home)), BarItem(title: "Me", icon: .builtin(.person))])
        off.button.unselectedIconScale = 1
        XCTAssertEqual(geometry(off, at: 0).buttons[1].iconFrame.width, 30)
    }

    func testLeadingIconSitsBeforeTheTitle() {
        var bar = tabBar([BarItem(title: "Home", icon: .builtin(.home))])
        bar.button.imagePosition = .leading
        bar.button.iconSize = 24
        bar.button.iconSpacing = 8
        let button = geometry(bar, at: 0).buttons[0]
        // block 24 + 8 + 20 = 52 wide, centred in 100
        XCTAssertEqual(button.iconFrame.x, 24)
        XCTAssertEqual(button.titleFrame.x, 56)
        XCTAssertEqual(button.iconFrame.midY, button.titleFrame.midY, accuracy: 1e-9)
    }

    func testTitlesThatDoNotFitAreClippedOrWrapped() {
        var bar = plainBar(width: 100, titles: ["A title far too long for its slot", "B"])
        bar.layout.mode = .fit
        bar.layout.insets = .zero
        bar.layout.spacing = 0
        let g = geometry(bar, at: 0)
        XCTAssertTrue(g.buttons[0].titleClipped)
        XCTAssertEqual(g.buttons[0].titleFrame.width, 50)
        XCTAssertFalse(g.buttons[1].titleClipped)
        bar.button.lines = 2
        bar.height = 40
        let wrapped = geometry(bar, at: 0)
        XCTAssertEqual(wrapped.buttons[0].titleFrame.height, 25, "two lines of 12.5")
        XCTAssertEqual(wrapped.buttons[1].titleFrame.height, 12.5, "a title that fits keeps one line")
    }

    func testVerticalAlignment() {
        var bar = plainBar(titles: ["Home"])
        bar.height = 50
        bar.button.verticalAlignment = .top
        XCTAssertEqual(geometry(bar, at: 0).buttons[0].titleFrame.y, 0)
        bar.button.verticalAlignment = .bottom
        XCTAssertEqual(geometry(bar, at: 0).buttons[0].titleFrame.maxY, 46, "clear of the 4 pt line at the bottom")
        bar.indicator.style = .hidden
        XCTAssertEqual(geometry(bar, at: 0).buttons[0].titleFrame.maxY, 50)
        bar.button.verticalAlignment = .center
        XCTAssertEqual(geometry(bar, at: 0).buttons[0].titleFrame.midY, 25)
    }

    func testBadgesPillCircleAndDot() {
        let items = [BarItem(title: "A", icon: .builtin(.home), badge: "3"), BarItem(title: "B", icon: .builtin(.home), badge: "99+"),
                     BarItem(title: "C", icon: .builtin(.home), badge: ""), BarItem(title: "D")]
        let g = geometry(tabBar(items), at: 0)
        let one = g.buttons[0].badge!, many = g.buttons[1].badge!, dot = g.buttons[2].badge!
        // value text: bold 11 → 5.5·1.1 = 6.05 per character, 13.75 tall; pill = text + 4/8
        XCTAssertEqual(one.frame.height, 17.75, accuracy: 1e-9)
        XCTAssertEqual(one.frame.width, one.frame.height, accuracy: 1e-9, "one character: a circle")
        XCTAssertEqual(one.cornerRadius, one.frame.height / 2)
        XCTAssertEqual(many.frame.width, 3 * 6.05 + 8, accuracy: 1e-9)
        XCTAssertEqual([dot.frame.width, dot.frame.height], [8, 8])
        XCTAssertEqual(dot.text, "")
        XCTAssertNil(g.buttons[3].badge)
        // top-trailing corner of the resting icon (x 35…65, y 0), overlapping by half its height, kept inside
        XCTAssertEqual(one.frame.x, 65 - 17.75 / 2, accuracy: 1e-9)
        XCTAssertEqual(one.frame.y, 0, "clamped into the bar")
        XCTAssertEqual(one.textFrame.midX, one.frame.midX, accuracy: 1e-9)
    }

    func testBadgePositionAndOffset() {
        var bar = tabBar([BarItem(title: "A", icon: .builtin(.home), badge: "")])
        bar.height = 60  // icon at y 6.75, room above it
        bar.badges.position = .topLeading
        bar.badges.offset.x = 2
        bar.badges.offset.y = 1
        let badge = geometry(bar, at: 0).buttons[0].badge!
        let icon = geometry(bar, at: 0).buttons[0].iconFrame
        XCTAssertEqual(badge.frame.maxX, icon.minX + 4 - 2, accuracy: 1e-9)
        XCTAssertEqual(badge.frame.y, icon.minY - 4 + 1, accuracy: 1e-9)
    }

    func testWrappedTitlesSetTheIntrinsicHeightAndAFixedHeightCapsTheLines() {
        var bar = plainBar(width: 100, titles: ["A title far too long for its slot", "B"])
        bar.layout.mode = .fit
        bar.layout.insets = .zero
        bar.layout.spacing = 0
        bar.button.contentInsets = Insets(top: 12, bottom: 12)
        bar.button.lines = 3
        let grown = geometry(bar, at: 0)
        XCTAssertEqual(grown.height, 62, "three wrapped lines plus the content insets, rounded up")
        XCTAssertEqual(grown.buttons[0].titleFrame.height, 37.5)
        XCTAssertEqual(grown.buttons[0].titleLines, 3)
        XCTAssertEqual(grown.buttons[0].titleFrame.midY, grown.height / 2)
        bar.height = 30  // room for two lines once the insets give way
        let capped = geometry(bar, at: 0)
        XCTAssertEqual(capped.buttons[0].titleLines, 2)
        XCTAssertEqual(capped.buttons[0].titleFrame.height, 25)
        XCTAssertGreaterThanOrEqual(capped.buttons[0].titleFrame.minY, 0)
        XCTAssertLessThanOrEqual(capped.buttons[0].titleFrame.maxY, 30)
        bar.height = 10  // not even one line: one, ellipsized
        XCTAssertEqual(geometry(bar, at: 0).buttons[0].titleLines, 1)
    }

    func testALabelsBadgeFollowsItsTitleAndTheButtonMakesRoom() {
        var bar = plainBar(titles: ["Inbox", "Sent"])
        bar.items[0].badge = "3"
        bar.layout.mode = .intrinsic
        bar.layout.spacing = 0
        bar.layout.insets = .zero
        let g = geometry(bar, at: 0)
        let button = g.buttons[0], badge = button.badge!
        // badge 17.75 wide (one bold 11 pt digit), 3 pt clear of the 25 pt title
        XCTAssertEqual(button.frame.width, 25 + 3 + 17.75, accuracy: 1e-9, "the button grows by the badge and its gap")
        XCTAssertEqual(badge.frame.minX, button.titleFrame.maxX + 3, accuracy: 1e-9)
        XCTAssertEqual(badge.frame.maxX, button.frame.maxX, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(badge.frame.maxX, g.buttons[1].frame.minX, "never onto the next button")
        // the indicator (width: title in tabs) follows the title, not the title-plus-badge block
        bar.indicator.width = .title
        XCTAssertEqual(geometry(bar, at: 0).indicator!.frame.midX, button.titleFrame.midX, accuracy: 1e-9)

        bar.badges.position = .topLeading
        let leading = geometry(bar, at: 0).buttons[0]
        XCTAssertEqual(leading.badge!.frame.maxX, leading.titleFrame.minX - 3, accuracy: 1e-9)
        XCTAssertEqual(leading.badge!.frame.minX, 0, accuracy: 1e-9)
    }

    func testFixedWidthButtonsEllipsizeTheTitleToMakeRoomForItsBadge() {
        var bar = plainBar(width: 100, titles: ["Notifications", "B"])  // 65 pt title in a 50 pt button
        bar.items[0].badge = "99+"
        bar.layout.mode = .constrained
        bar.layout.spacing = 0
        bar.layout.insets = .zero
        let button = geometry(bar, at: 0).buttons[0]
        XCTAssertTrue(button.titleClipped)
        XCTAssertEqual(button.titleFrame.width, 50 - 3 - (3 * 6.05 + 8), accuracy: 1e-9)
        XCTAssertEqual(button.badge!.frame.maxX, 50, accuracy: 1e-9, "inside its own button")
    }

    func testABadgeBesideALeadingIconFollowsTheTitle() {
        var bar = tabBar([BarItem(title: "Home", icon: .builtin(.home), badge: "3")])
        bar.button.imagePosition = .leading
        bar.button.iconSize = 24
        bar.button.iconSpacing = 8
        bar.layout.mode = .intrinsic
        let button = geometry(bar, at: 0).buttons[0]
        XCTAssertEqual(button.badge!.frame.minX, button.titleFrame.maxX + 3, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(button.badge!.frame.maxX, button.frame.maxX + 1e-9)
    }

    func testSeparatorsSitInTheGapsAndFadeBesideTheSelection() {
        var bar = plainBar(titles: ["A", "B", "C"])
        bar.layout.separators = .on(SeparatorSettings(color: RGBAColor(hex: "#000000")!, width: 1, inset: 2))
        let g = geometry(bar, at: 0)
        XCTAssertEqual(g.separators.count, 2)
        XCTAssertEqual(g.separators[0].frame.midX, (g.buttons[0].frame.maxX + g.buttons[1].frame.minX) / 2)
        XCTAssertEqual(g.separators[0].frame.height, g.buttons[0].frame.height - 4)
        XCTAssertEqual(g.separators.map(\.color.alpha), [0, 1])
        XCTAssertEqual(geometry(bar, at: 1.5).separators.map(\.color.alpha), [0.5, 0.5])
    }

    func testHairlinesFollowPlacement() {
        var bar = plainBar(titles: ["A"])
        bar.separator = .on(HairlineSettings(color: .black, width: 0.5))
        bar.placement = .top
        let top = geometry(bar, at: 0)
        XCTAssertEqual(top.hairlines, [Rect(x: 0, y: top.height - 0.5, width: 300, height: 0.5)], "a top bar's line is below")
        bar.placement = .bottom
        XCTAssertEqual(geometry(bar, at: 0).hairlines.map(\.y), [0])
        bar.separator = .on(HairlineSettings(edge: .both, color: .black, width: 0.5))
        XCTAssertEqual(geometry(bar, at: 0).hairlines.count, 2)
    }

    func testSafeAreaGrowsTheCanvasAndKeepsContentOut() {
        var bar = plainBar(titles: ["A", "B"])
        let plain = geometry(bar, at: 0)
        bar.safeArea = SafeArea(top: 20, bottom: 34)
        let g = geometry(bar, at: 0)
        XCTAssertEqual(g.height, plain.height + 54)
        XCTAssertEqual(g.buttons[0].frame, plain.buttons[0].frame.offsetBy(dx: 0, dy: 20))
        XCTAssertEqual(g.indicator!.frame.maxY, plain.height + 20, "the line sits on the bar, above the home indicator area")
    }

    func testTextScaleGrowsButtonBarTitlesButTabsKeepTheirSize() {
        var bar = plainBar(titles: ["Home"])
        bar.textScale = 2
        let g = geometry(bar, at: 0)
        XCTAssertEqual(g.buttons[0].font.size, 20)
        XCTAssertEqual(g.buttons[0].frame.width, 40)
        var tabs = plainBar(.tabs, width: 120, titles: ["Account", "Invoices"])
        let plain = geometry(tabs, at: 0)
        tabs.textScale = 2
        let t = geometry(tabs, at: 0)
        XCTAssertEqual(t, plain, "Mística's tabs opt out of Dynamic Type")
        XCTAssertEqual(t.height, 56)
    }

    func testSelectedBackgroundSlidesBetweenTheTwoButtons() {
        var bar = plainBar(titles: ["A", "B"])
        bar.layout.mode = .fit
        bar.button.contentInsets = Insets(top: 6, bottom: 6)  // room for the 12.5 pt title plus 2 pt insets
        let insets = Insets(left: 2, right: 2, top: 2, bottom: 2)
        bar.button.selectedBackground = .on(SelectedBackground(style: .pill, color: RGBAColor(hex: "#FF0000")!, insets: insets))
        let g = geometry(bar, at: 0.25)
        XCTAssertNil(g.buttons[0].background, "one sliding shape, not one per button")
        let thumb = g.selectedBackground!
        let a = g.buttons[0].frame.insetBy(insets), b = g.buttons[1].frame.insetBy(insets)
        XCTAssertEqual(thumb.frame.x, a.x + 0.25 * (b.x - a.x), accuracy: 1e-9)
        XCTAssertEqual(thumb.frame.width, a.width, accuracy: 1e-9)
        XCTAssertEqual(thumb.cornerRadius, thumb.frame.height / 2)
        XCTAssertEqual(thumb.color.alpha, 1, "full colour all the way")
        XCTAssertEqual(geometry(bar, at: -0.5).selectedBackground?.frame, a, "stops at the ends")
        XCTAssertEqual(geometry(bar, at: 1.5).selectedBackground?.frame, b)
    }

    func testSelectedBackgroundCanFadeInstead() {
        var bar = plainBar(titles: ["A", "B"])
        bar.layout.mode = .fit
        bar.button.contentInsets = Insets(top: 6, bottom: 6)  // room for the 12.5 pt title plus 2 pt insets
        let insets = Insets(left: 2, right: 2, top: 2, bottom: 2)
        bar.button.selectedBackground = .on(SelectedBackground(style: .pill, color: RGBAColor(hex: "#FF0000")!, insets: insets,
                                                               motion: .fade))
        let g = geometry(bar, at: 0.25)
        XCTAssertNil(g.selectedBackground)
        let background = g.buttons[0].background!
        XCTAssertEqual(background.frame, g.buttons[0].frame.insetBy(insets))
        XCTAssertEqual(background.color.alpha, 0.75)
        XCTAssertEqual(g.buttons[1].background?.color.alpha, 0.25)
        XCTAssertNil(geometry(bar, at: 0).buttons[1].background, "nothing drawn at zero selection")
    }

    /// Insets taller than a fixed bar (refused in specs, possible in Swift) give 0 pt buttons, not
    /// a trap in the pill's clamping.
    func testInsetsTallerThanTheBarLeaveZeroHeightButtons() {
        var bar = plainBar(titles: ["A"])
        bar.height = 30
        bar.layout.insets = Insets(left: 0, right: 0, top: 20, bottom: 20)
        bar.button.selectedBackground = .on(SelectedBackground())
        let g = geometry(bar, at: 0)
        XCTAssertEqual(g.buttons[0].frame.height, 0)
        XCTAssertEqual(g.selectedBackground?.frame.height, 0)
    }

    func testSelectedBackgroundEnclosesItsTitlePlusInsets() {
        // buttonBar: intrinsic buttons as wide as their titles; a 4 pt inset would leave the pill
        // 8 pt narrower than "All" — it grows to the title plus 4 pt a side instead.
        var bar = plainBar(titles: ["All", "Unread"])
        bar.button.contentInsets = Insets(top: 12, bottom: 12)
        bar.button.selectedBackground = .on(SelectedBackground())
        let g = geometry(bar, at: 0)
        let title = g.buttons[0].titleFrame, pill = g.selectedBackground!.frame
        XCTAssertEqual(pill.minX, title.minX - 4, accuracy: 1e-9)
        XCTAssertEqual(pill.maxX, title.maxX + 4, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(pill.minY, title.minY - 4 + 1e-9)
        XCTAssertGreaterThanOrEqual(pill.maxY, title.maxY + 4 - 1e-9)
        // without room above and below (no content insets), it stops at the button's edges
        bar.button.contentInsets = .zero
        let tight = geometry(bar, at: 0)
        XCTAssertEqual(tight.selectedBackground!.frame.minY, tight.buttons[0].frame.minY)
        XCTAssertEqual(tight.selectedBackground!.frame.maxY, tight.buttons[0].frame.maxY)
    }

    func testMarkupMeasuresItsText() {
        let bar = Bar(preset: .buttonBar, width: 300, items: [BarItem(title: "Sale 50%", markup: "<b>Sale</b> 50%")])
        let g = BarGeometry.compute(for: bar, position: 0, measurer: FakeMeasurer())
        XCTAssertEqual(g.buttons[0].markup, "<b>Sale</b> 50%")
        XCTAssertEqual(g.buttons[0].title, "Sale 50%")
        XCTAssertEqual(g.buttons[0].titleFrame.width, 8 * 17 * 0.5 * 1.1, accuracy: 1e-9)
    }
}
