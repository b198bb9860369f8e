import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// A layout of the test's own, as the seed's Tinder bar has one (Tabman's "Going Custom"): every
/// button half the bar wide and a quarter of the bar of padding at each end, so that the scroll
/// centring puts the selected button in the middle with its neighbours peeking in at the sides.
private struct CentredLayout: BarLayout {
    var name: String { "centred" }

    func place(_ request: LayoutRequest) -> ButtonPlacement {
        let w = request.barWidth
        let insets = Insets(left: w / 4, right: w / 4, top: request.insets.top, bottom: request.insets.bottom)
        return .sequential(widths: request.naturalWidths.map { _ in w / 2 }, start: w / 4, spacing: 0, insets: insets, barWidth: w)
    }
}

/// A layout that breaks the rules a placement should keep: too few spans, a negative width, a
/// width that is not a number.
private struct CarelessLayout: BarLayout {
    var name: String { "careless" }

    func place(_ request: LayoutRequest) -> ButtonPlacement {
        ButtonPlacement(spans: [HorizontalSpan(x: 0, width: -20), HorizontalSpan(x: .nan, width: .infinity)],
                        contentWidth: .nan, insets: Insets(left: .nan, right: 0, top: 0, bottom: 0))
    }
}

/// A bar's layout can be any `BarLayout`: it places the buttons, the bar centres the focus,
/// right-to-left mirrors its placement, and it is drawn in every output like the built-ins.
final class CustomLayoutTests: XCTestCase {
    private let renderer = Renderer()

    private func bar(direction: BarDirection = .leftToRight) -> Bar {
        var bar = Bar(preset: .buttonBar, width: 320, items: ["Feed", "Matches", "Messages", "Profile"].map { BarItem(title: $0) })
        bar.customLayout = AnyBarLayout(CentredLayout())
        bar.indicator.width = .title
        bar.direction = direction
        return bar
    }

    func testTheSelectedButtonSitsInTheMiddleAtEveryPosition() throws {
        for p in stride(from: 0.0, through: 3, by: 0.25) {
            let g = renderer.geometry(of: bar(), position: p)
            XCTAssertEqual(g.contentWidth, 320 / 2 + 4 * 160, accuracy: 1e-9)
            XCTAssertEqual(g.focus.midX - g.scrollOffset, 160, accuracy: 1e-9, "focus centred at \(p)")
            XCTAssertEqual(g.buttons.map(\.frame.width), [160, 160, 160, 160])
            if p == p.rounded() {
                let selected = g.buttons[Int(p)]
                XCTAssertEqual(selected.frame.midX - g.scrollOffset, 160, accuracy: 1e-9, "button \(Int(p)) centred")
                XCTAssertEqual(selected.selection, 1)
            }
        }
    }

    func testItPassesTheConformanceKit() {
        assertComponentConformance(of: bar())
    }

    func testRightToLeftMirrorsThePlacement() {
        for p in [0, 1.5, 3] {
            let ltr = renderer.geometry(of: bar(), position: p), rtl = renderer.geometry(of: bar(direction: .rightToLeft), position: p)
            for (a, b) in zip(ltr.buttons, rtl.buttons) {
                XCTAssertEqual(b.frame.x, ltr.contentWidth - a.frame.maxX, accuracy: 1e-9)
            }
            XCTAssertEqual(rtl.focus.midX - rtl.scrollOffset, 160, accuracy: 1e-9)
        }
    }

    func testALayoutThatBreaksTheRulesIsHeldToThem() throws {
        var bar = bar()
        bar.customLayout = AnyBarLayout(CarelessLayout())
        let g = renderer.geometry(of: bar, position: 1)
        XCTAssertEqual(g.buttons.count, 4, "one button per item")
        XCTAssertEqual(g.buttons.map(\.frame.width), [0, 0, 0, 0], "no negative or infinite widths")
        XCTAssertEqual(g.contentWidth, 320, "at least the bar")
        XCTAssertTrue(g.buttons.allSatisfy { $0.frame.x.isFinite })
        XCTAssertEqual(g.insets.left, bar.resolved().layout.insets?.left ?? g.insets.left, "insets that are not numbers fall back")
        XCTAssertTrue(g.insets.left.isFinite)
        for format in [OutputFormat.png, .svg, .pdf] { XCTAssertNoThrow(try renderer.render(bar, format: format)) }
    }

    func testItIsDrawnInStillsAndTransitionsAndComparedByType() throws {
        assertTabBarSnapshot(of: .bar(bar(), position: 1.5), named: "custom-layout-centred")
        assertTabBarSnapshot(of: .bar(bar(direction: .rightToLeft), position: 1.5), named: "custom-layout-centred-rtl")
        let transition = BarTransition(from: 0, steps: [
            .init(to: -0.3, kind: .swipe, frames: 2), .init(to: 3, kind: .swipe, frames: 5), .init(to: 1, kind: .jump, frames: 3),
        ], fps: 10, loop: .times(1))
        assertTabBarSnapshot(of: .transition(bar(), transition), scale: 1, named: "custom-layout-centred-transition")
        XCTAssertEqual(AnyBarLayout(CentredLayout()), AnyBarLayout(CentredLayout()))
        XCTAssertNotEqual(AnyBarLayout(CentredLayout()), AnyBarLayout(CarelessLayout()))
        XCTAssertNotEqual(AnyBarLayout(FitLayout()), AnyBarLayout(TabsLayout()))
        XCTAssertEqual(AnyBarLayout(AnyBarLayout(FitLayout())), AnyBarLayout(FitLayout()), "not wrapped twice")
        var plain = bar()
        plain.customLayout = nil
        XCTAssertNotEqual(plain, bar(), "a bar's identity includes its layout")
    }
}
