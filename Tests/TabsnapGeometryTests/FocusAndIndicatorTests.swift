import TabsnapGeometry
import TabsnapModel
import XCTest

final class FocusAndIndicatorTests: XCTestCase {
    /// Buttons at x 16 (w 20), 52 (w 30), 98 (w 10).
    private let bar = plainBar(titles: ["Home", "Search", "Me"])

    private func indicator(_ bar: Bar, _ p: Double) -> Rect { geometry(bar, at: p).indicator!.frame }

    func testFocusInterpolatesBetweenNeighbours() {
        let g = geometry(bar, at: 0.25)
        XCTAssertEqual(g.focus.x, 16 + (52 - 16) * 0.25)
        XCTAssertEqual(g.focus.width, 20 + (30 - 20) * 0.25)
        XCTAssertEqual(g.focus.height, g.height)
        XCTAssertEqual(indicator(bar, 0.25).x, g.focus.x)
        XCTAssertEqual(indicator(bar, 0.25).width, g.focus.width)
    }

    func testLineSitsOnTheBottomWithItsWeight() {
        var line = bar
        for (weight, thickness) in [(IndicatorWeight.light, 2.0), (.medium, 4), (.heavy, 8), (.points(3), 3)] {
            line.indicator.weight = weight
            let frame = indicator(line, 1)
            XCTAssertEqual(frame.height, thickness)
            XCTAssertEqual(frame.maxY, geometry(line, at: 1).height)
        }
        line.indicator.display = .top
        XCTAssertEqual(indicator(line, 1).y, 0)
    }

    func testLineCorners() {
        var line = bar
        line.indicator.weight = .heavy
        line.indicator.corners = .rounded
        XCTAssertEqual(geometry(line, at: 0).indicator?.cornerRadius, 2)
        line.indicator.corners = .elliptical
        XCTAssertEqual(geometry(line, at: 0).indicator?.cornerRadius, 4)
    }

    func testOverscrollBeforeTheFirstButton() {
        var b = bar
        b.indicator.overscroll = .bounce
        XCTAssertEqual(indicator(b, -0.5).x, 16 - 20 * 0.5)
        XCTAssertEqual(indicator(b, -0.5).width, 20)
        b.indicator.overscroll = .compress
        XCTAssertEqual(indicator(b, -0.5).x, 16, "left edge fixed")
        XCTAssertEqual(indicator(b, -0.5).width, 10)
        b.indicator.overscroll = .clamp
        XCTAssertEqual(indicator(b, -0.5), indicator(b, 0))
    }

    func testOverscrollPastTheLastButton() {
        var b = bar
        let d = 10 * 0.3  // w · (p − cap)
        b.indicator.overscroll = .bounce
        XCTAssertEqual(indicator(b, 2.3).x, 98 + d, accuracy: 1e-9)
        XCTAssertEqual(indicator(b, 2.3).width, 10, accuracy: 1e-9)
        b.indicator.overscroll = .compress
        XCTAssertEqual(indicator(b, 2.3).x, 98 + d, accuracy: 1e-9)
        XCTAssertEqual(indicator(b, 2.3).width, 10 - d, accuracy: 1e-9)
        XCTAssertEqual(indicator(b, 2.3).maxX, 108, accuracy: 1e-9, "right edge fixed")
        // Far past the end both sides stop at zero width on their fixed edge (no drift).
        for p in [3.5, 10.0, 1_000] {
            XCTAssertEqual(indicator(b, p), Rect(x: 108, y: indicator(b, 2).y, width: 0, height: indicator(b, 2).height), "p = \(p)")
        }
        for p in [-1.5, -10.0, -1_000] {
            XCTAssertEqual(indicator(b, p), Rect(x: 16, y: indicator(b, 0).y, width: 0, height: indicator(b, 0).height), "p = \(p)")
        }
        b.indicator.overscroll = .clamp
        XCTAssertEqual(indicator(b, 2.3), indicator(b, 2))
    }

    func testProgressiveRunsFromTheFirstButton() {
        var b = bar
        b.indicator.progressive = true
        XCTAssertEqual(indicator(b, 1).x, 16)
        XCTAssertEqual(indicator(b, 1).maxX, 82)
        XCTAssertEqual(indicator(b, 0.5).maxX, geometry(b, at: 0.5).focus.maxX)
        XCTAssertEqual(indicator(b, -0.25).width, 20 * 0.75, "p < 0 shrinks by w·p")
        b.indicator.overscroll = .clamp
        XCTAssertEqual(indicator(b, -0.25).width, 20)
    }

    func testIndicatorWidthModes() {
        var b = bar
        b.button.contentInsets = Insets(left: 10, right: 10)
        b.indicator.width = .title
        let g = geometry(b, at: 0)
        XCTAssertEqual(g.indicator!.frame.width, 20)
        XCTAssertEqual(g.indicator!.frame.midX, g.focus.midX)
        XCTAssertEqual(indicator(b, 0.5).width, 25, "title widths interpolate")
        b.indicator.width = .points(12)
        XCTAssertEqual(indicator(b, 1).width, 12)
        XCTAssertEqual(indicator(b, 1).midX, geometry(b, at: 1).focus.midX)
    }

    func testBlockDotAndChevron() {
        var b = bar
        b.indicator.style = .block
        let block = geometry(b, at: 1).indicator!
        XCTAssertEqual(block.frame, geometry(b, at: 1).focus)
        XCTAssertEqual(block.display, .fill)
        XCTAssertEqual(block.color, b.resolved().button.tint.withAlpha(0.25))
        b.indicator.corners = .rounded
        XCTAssertEqual(geometry(b, at: 1).indicator?.cornerRadius, geometry(b, at: 1).height / 6)
        // inside the layout's top and bottom insets; a display set in Swift cannot take it to an edge
        b.layout.insets = Insets(left: 0, right: 0, top: 5, bottom: 7)
        b.indicator.display = .bottom
        let inset = geometry(b, at: 1)
        XCTAssertEqual(inset.indicator!.frame.minY, 5)
        XCTAssertEqual(inset.indicator!.frame.maxY, inset.height - 7)
        XCTAssertEqual(inset.indicator!.frame.minY, inset.buttons[1].frame.minY, "spans the buttons' band")
        XCTAssertEqual(inset.indicator!.display, .fill)
        XCTAssertEqual(inset.indicator!.cornerRadius, (inset.height - 12) / 6)
        b.layout.insets = nil
        b.indicator.display = nil

        b.indicator.style = .dot
        b.indicator.weight = .heavy
        let dot = geometry(b, at: 1)
        XCTAssertEqual(dot.indicator!.frame.width, 12)
        XCTAssertEqual(dot.indicator!.frame.midX, dot.focus.midX)

        b.indicator.style = .chevron
        b.indicator.weight = .light
        let chevron = geometry(b, at: 1)
        XCTAssertEqual([chevron.indicator!.frame.width, chevron.indicator!.frame.height], [10, 8])
        XCTAssertEqual(chevron.indicator!.frame.maxY, chevron.height)

        b.indicator.style = .hidden
        XCTAssertNil(geometry(b, at: 1).indicator)
    }

    func testLineBarFocusIsAnEqualSlot() {
        let line = Bar(preset: .lineBar, width: 400, items: (1...4).map { BarItem(title: "\($0)") })
        for p in [0.0, 1.5, 3] {
            let frame = geometry(line, at: p).indicator!.frame
            XCTAssertEqual(frame.width, 100)
            XCTAssertEqual(frame.x, 400 * p / 4)
        }
        XCTAssertEqual(geometry(line, at: 0).height, 4)
    }

    func testScrollCentresTheFocusAndClamps() {
        let wide = plainBar(width: 100, titles: ["Home", "Search", "Me", "Settings"])  // content 16+20+16+30+16+10+16+40+16 = 180
        XCTAssertEqual(geometry(wide, at: 0).contentWidth, 180)
        XCTAssertEqual(geometry(wide, at: 0).scrollOffset, 0, "clamped at the start")
        XCTAssertEqual(geometry(wide, at: 1).scrollOffset, 67 - 50, "focus midX − W/2")
        XCTAssertEqual(geometry(wide, at: 3).scrollOffset, 80, "clamped at the end")
        XCTAssertEqual(geometry(bar, at: 2).scrollOffset, 0, "content that fits never scrolls")
    }

    func testRightToLeftMirrorsOrderAndOverscroll() {
        var rtl = bar
        rtl.direction = .rightToLeft
        let g = geometry(rtl, at: 0)
        XCTAssertEqual(g.buttons.map(\.frame.x), [300 - 36, 300 - 82, 300 - 108])
        XCTAssertEqual(g.insets, Insets(left: 16, right: 16))
        XCTAssertEqual(geometry(rtl, at: -0.5).indicator!.frame.x, 264 + 10, "bounce moves towards the leading (right) side")
        XCTAssertEqual(g.direction, .rightToLeft)
    }

    func testStateless() {
        XCTAssertEqual(geometry(bar, at: 1.3), geometry(bar, at: 1.3))
        _ = geometry(bar, at: 2)
        XCTAssertEqual(geometry(bar, at: 0.7), geometry(bar, at: 0.7))
    }

    /// Width `title` follows the title's frame, also beside a leading icon and between uneven insets.
    func testTitleWidthFollowsTheTitleFrame() {
        var b = Bar(preset: .tabs, width: 360, items: [BarItem(title: "Home", icon: .builtin(.home)), BarItem(title: "Search", icon: .builtin(.search))])
        b.indicator.width = .title
        for p in [0.0, 1.0] {
            let g = geometry(b, at: p)
            let title = g.buttons[Int(p)].titleFrame
            XCTAssertEqual(g.indicator!.frame.midX, title.midX, accuracy: 1e-9, "p = \(p)")
            XCTAssertEqual(g.indicator!.frame.width, title.width, accuracy: 1e-9)
        }
        b.button.contentInsets = Insets(left: 30, right: 2)
        b.items = [BarItem(title: "Home"), BarItem(title: "Search")]
        let g = geometry(b, at: 1)
        XCTAssertEqual(g.indicator!.frame.midX, g.buttons[1].titleFrame.midX, accuracy: 1e-9)
    }
}
