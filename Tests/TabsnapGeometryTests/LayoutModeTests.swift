import TabsnapGeometry
import TabsnapModel
import XCTest

final class LayoutModeTests: XCTestCase {
    private func xs(_ g: BarGeometry) -> [Double] { g.buttons.map(\.frame.x) }
    private func widths(_ g: BarGeometry) -> [Double] { g.buttons.map(\.frame.width) }

    func testIntrinsicUsesTitleWidthsSpacingAndInsets() {
        // "Home" 20, "Search" 30, "Me" 10; buttonBar insets 16, spacing 16.
        let g = geometry(plainBar(titles: ["Home", "Search", "Me"]), at: 0)
        XCTAssertEqual(widths(g), [20, 30, 10])
        XCTAssertEqual(xs(g), [16, 52, 98])
        XCTAssertEqual(g.insets, Insets(left: 16, right: 16))
        XCTAssertEqual(g.contentWidth, 300, "narrow content still spans the bar")
        XCTAssertEqual(g.height, 17, "12.5 pt text and room for the 4 pt line (no insets to hold it), rounded up")
        var bare = plainBar(titles: ["Home"])
        bare.indicator.style = .hidden
        XCTAssertEqual(geometry(bare, at: 0).height, 13, "12.5 pt text rounded up to a whole point")
    }

    func testButtonIsAsWideAsTheWiderOfItsFonts() {
        var bar = plainBar(titles: ["Home"])
        bar.button.selectedFont = FontSpec(weight: .bold, size: 10)
        let g = geometry(bar, at: 0)
        XCTAssertEqual(g.buttons[0].frame.width, 22, accuracy: 1e-9)
        XCTAssertEqual(g.buttons[0].font, bar.button.selectedFont)
        XCTAssertEqual(g.buttons[0].titleFrame.width, 22, accuracy: 1e-9)
        XCTAssertEqual(geometry(bar, at: 0.6).buttons[0].titleFrame.width, 22, accuracy: 1e-9)
    }

    func testFitSharesTheWidthEqually() {
        var bar = plainBar(titles: ["A", "BB", "CCC"])
        bar.layout.mode = .fit
        let g = geometry(bar, at: 0)
        // (300 − 32 − 2·16) / 3
        XCTAssertEqual(widths(g).map { ($0 * 1e6).rounded() / 1e6 }, [78.666667, 78.666667, 78.666667])
        XCTAssertEqual(g.buttons[2].frame.maxX, 284, accuracy: 1e-9)
    }

    func testConstrainedShowsVisibleButtonsAndScrolls() {
        var bar = plainBar(.tabBar, width: 300, titles: ["1", "2", "3", "4", "5", "6", "7"])
        bar.layout.visibleButtons = 5
        let g = geometry(bar, at: 0)
        XCTAssertEqual(widths(g), Array(repeating: 60, count: 7))
        XCTAssertEqual(xs(g), [0, 60, 120, 180, 240, 300, 360])
        XCTAssertEqual(g.contentWidth, 420)
        let few = geometry(plainBar(.tabBar, width: 300, titles: ["1", "2"]), at: 0)
        XCTAssertEqual(widths(few), [150, 150], "fewer items than visibleButtons share the bar")
    }

    func testTabsModeFollowsMistica() {
        let two = geometry(plainBar(.tabs, width: 360, titles: ["A", "Long title here"]), at: 0)
        XCTAssertEqual(widths(two), [180, 180])
        XCTAssertEqual(two.height, 56)
        let three = geometry(plainBar(.tabs, width: 360, titles: ["A", "B", "C"]), at: 0)
        XCTAssertEqual(widths(three), [120, 120, 120])
        var six = plainBar(.tabs, width: 360, titles: ["A", "Bb", "C", "D", String(repeating: "x", count: 80), "F"])
        six.button.contentInsets = Insets(left: 16, right: 16)
        let g = geometry(six, at: 0)
        XCTAssertEqual(widths(g), [37, 42, 37, 37, 280, 37], "intrinsic widths, capped at 280")
        XCTAssertEqual(g.contentWidth, 470)
    }

    func testSpacingIsHonouredInEveryMode() {
        var constrained = plainBar(.tabBar, width: 300, titles: ["1", "2", "3", "4", "5", "6"])
        constrained.layout.spacing = 10
        let c = geometry(constrained, at: 0)
        XCTAssertEqual(widths(c), Array(repeating: 52, count: 6), "(300 − 4·10) / 5")
        XCTAssertEqual(xs(c), [0, 62, 124, 186, 248, 310])
        var tabs = plainBar(.tabs, width: 360, titles: ["A", "B", "C"])
        tabs.layout.spacing = 15
        XCTAssertEqual(widths(geometry(tabs, at: 0)), [110, 110, 110], "(360 − 2·15) / 3")
        XCTAssertEqual(xs(geometry(tabs, at: 0)), [0, 125, 250])
        var many = plainBar(.tabs, width: 360, titles: ["A", "B", "C", "D"])
        many.layout.spacing = 8
        XCTAssertEqual(xs(geometry(many, at: 0)), [0, 13, 26, 39], "5 pt titles, 8 pt apart")
        var huge = plainBar(.tabBar, width: 300, titles: ["1", "2"])
        huge.layout.spacing = 10_000
        XCTAssertEqual(widths(geometry(huge, at: 0)), [0, 0], "never a negative width")
    }

    func testAlignmentCentreLetsEndButtonsReachTheMiddle() {
        var bar = plainBar(titles: ["Home", "Search", "Me"])
        bar.layout.alignment = .center
        let g = geometry(bar, at: 0)
        XCTAssertEqual(g.insets.left, 140)   // 150 − 20/2
        XCTAssertEqual(g.insets.right, 145)  // 150 − 10/2
        XCTAssertEqual(g.buttons[0].frame.midX, 150)
        XCTAssertEqual(g.scrollOffset, 0)
        XCTAssertEqual(geometry(bar, at: 2).buttons[2].frame.midX - geometry(bar, at: 2).scrollOffset, 150,
                       "the last button centres too")
    }

    func testAlignmentCenterDistributedAndTrailing() {
        var bar = plainBar(titles: ["Home", "Search", "Me"])  // extent 32 + 60 + 32 = 124
        bar.layout.alignment = .centerDistributed
        XCTAssertEqual(geometry(bar, at: 0).buttons[0].frame.x, 16 + 88)
        bar.layout.alignment = .trailing
        XCTAssertEqual(geometry(bar, at: 0).buttons[2].frame.maxX, 284)
    }

    func testLayoutManagerSuppliesInsetsAndSpacing() {
        struct Roomy: LayoutManager {
            func margin(for traits: Set<LayoutTrait>, edge: ContentEdge) -> Double { edge == .leading ? 40 : 4 }
            func spacing(for traits: Set<LayoutTrait>) -> Double { 2 }
        }
        let bar = plainBar(titles: ["Home", "Search"])
        let g = BarGeometry.compute(for: bar, position: 0, measurer: FakeMeasurer(), layoutManager: Roomy())
        XCTAssertEqual(xs(g), [40, 62])
        XCTAssertEqual(g.insets, Insets(left: 40, right: 4, top: 4, bottom: 4))
        var explicit = bar
        explicit.layout.insets = Insets(left: 1)
        explicit.layout.spacing = 0
        XCTAssertEqual(xs(BarGeometry.compute(for: explicit, position: 0, measurer: FakeMeasurer(), layoutManager: Roomy())), [1, 21],
                       "spec values override the manager")
    }
}
