import TabsnapGeometry
import TabsnapModel
import XCTest

/// `button.selectedScale` and `button.selectedOffset`: the content grows and moves with the
/// selection, about its anchor, and buttons keep room for the largest state.
final class SelectedContentTransformTests: XCTestCase {
    private func bar(scale: Double = 1, offset: ContentOffset = .zero, alignment: ContentAlignment = .center) -> Bar {
        var bar = plainBar(.buttonBar, width: 300, titles: ["Same", "Same", "Same"])
        bar.layout.mode = .intrinsic
        bar.button.contentInsets = Insets(left: 0, right: 0, top: 10, bottom: 10)
        bar.button.selectedScale = scale
        bar.button.selectedOffset = offset
        bar.button.verticalAlignment = alignment
        return bar
    }

    func testTheSelectedTitleGrowsWithItsFontAboutItsCentre() {
        let g = geometry(bar(scale: 1.5), at: 0)
        let selected = g.buttons[0], resting = g.buttons[1]
        XCTAssertEqual(selected.titleFrame.width, resting.titleFrame.width * 1.5, accuracy: 1e-9)
        XCTAssertEqual(selected.titleFrame.height, resting.titleFrame.height * 1.5, accuracy: 1e-9)
        XCTAssertEqual(selected.font.size, 15)
        XCTAssertEqual(resting.font.size, 10)
        XCTAssertEqual(selected.titleFrame.midY, resting.titleFrame.midY, accuracy: 1e-9)
        XCTAssertEqual(selected.titleFrame.midX, g.buttons[0].frame.midX, accuracy: 1e-9)
        // Mid-swipe each is scaled by its own selection.
        let mid = geometry(bar(scale: 1.5), at: 0.5)
        XCTAssertEqual(mid.buttons[0].font.size, 12.5)
        XCTAssertEqual(mid.buttons[1].font.size, 12.5)
        XCTAssertEqual(mid.buttons[2].font.size, 10)
    }

    func testButtonsKeepRoomForTheLargestStateSoNothingOverlaps() {
        let plain = geometry(bar(), at: 0), grown = geometry(bar(scale: 1.5, offset: ContentOffset(x: 3, y: -4)), at: 0)
        // 4 characters × 5 pt = 20 wide, 12.5 tall: half as much again, and the offset both ways.
        XCTAssertEqual(grown.buttons[1].frame.width, plain.buttons[1].frame.width + 10 + 6, accuracy: 1e-9)
        XCTAssertEqual(grown.height, (12.5 + 20 + 6.25 + 8).rounded(.up))  // the title, its insets, its growth, the offset
        for p in stride(from: 0.0, through: 2, by: 0.25) {
            let g = geometry(bar(scale: 1.5, offset: ContentOffset(x: 3, y: -4)), at: p)
            for (i, button) in g.buttons.enumerated() {
                let slot = button.frame, title = button.titleFrame
                XCTAssertTrue(title.minX >= slot.minX - 1e-9 && title.maxX <= slot.maxX + 1e-9 && title.minY >= slot.minY - 1e-9
                              && title.maxY <= slot.maxY + 1e-9,
                              "p \(p): button \(i)'s title \(button.titleFrame) leaves its slot \(button.frame)")
            }
        }
    }

    func testTheOffsetFollowsTheSelectionAndRaisesTheTab() {
        let rest = geometry(bar(offset: ContentOffset(x: 2, y: -6)), at: 0)
        let resting = rest.buttons[1].titleFrame, raised = rest.buttons[0].titleFrame
        XCTAssertEqual(raised.minY, resting.minY - 6, accuracy: 1e-9)
        XCTAssertEqual(raised.midX - rest.buttons[0].frame.midX, resting.midX - rest.buttons[1].frame.midX + 2, accuracy: 1e-9)
        let quarter = geometry(bar(offset: ContentOffset(x: 0, y: -6)), at: 0.75)
        XCTAssertEqual(quarter.buttons[0].titleFrame.minY, resting.minY - 6 * 0.25, accuracy: 1e-9)
        XCTAssertEqual(quarter.buttons[1].titleFrame.minY, resting.minY - 6 * 0.75, accuracy: 1e-9)
    }

    func testTopAlignedContentGrowsDownward() {
        var fixed = bar(scale: 2, alignment: .top)
        fixed.height = 80
        let g = geometry(fixed, at: 0)
        XCTAssertEqual(g.buttons[0].titleFrame.minY, g.buttons[1].titleFrame.minY, accuracy: 1e-9)
        XCTAssertEqual(g.buttons[0].titleFrame.height, 2 * g.buttons[1].titleFrame.height, accuracy: 1e-9)
    }

    /// In a slot of fixed width the content grows and moves only as far as its room: never under
    /// the badge kept beside its title, never out of its button (hostile round 14).
    func testInAFixedSlotTheTitleStaysClearOfItsBadge() {
        for (scale, offset) in [(3.0, ContentOffset.zero), (1, ContentOffset(x: 30)), (1, ContentOffset(x: 1000)), (2, ContentOffset(x: -40))] {
            for direction in [BarDirection.leftToRight, .rightToLeft] {
                var fixed = plainBar(.buttonBar, width: 390, titles: ["Home", "Inbox", "Sent"])
                fixed.items[0].badge = "99+"
                fixed.layout.mode = .fit
                fixed.height = 44
                fixed.direction = direction
                fixed.button.selectedScale = scale
                fixed.button.selectedOffset = offset
                let g = geometry(fixed, at: 0), button = g.buttons[0]
                let title = button.titleFrame, badge = try? XCTUnwrap(button.badge?.frame)
                let context = "scale \(scale), offset \(offset.x), \(direction)"
                XCTAssertFalse(badge.map { title.intersects($0) } ?? true, "\(context): title \(title) under badge \(String(describing: badge))")
                XCTAssertTrue(title.minX >= button.frame.minX - 1e-9 && title.maxX <= button.frame.maxX + 1e-9, "\(context): \(title) leaves \(button.frame)")
            }
        }
    }

    func testWithoutTheKeysNothingMoves() {
        XCTAssertEqual(geometry(bar(scale: 1, offset: .zero), at: 0.4), geometry(plainBarSame(), at: 0.4))
    }

    private func plainBarSame() -> Bar {
        var bar = plainBar(.buttonBar, width: 300, titles: ["Same", "Same", "Same"])
        bar.layout.mode = .intrinsic
        bar.button.contentInsets = Insets(left: 0, right: 0, top: 10, bottom: 10)
        bar.button.verticalAlignment = .center
        return bar
    }
}
