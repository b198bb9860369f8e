import TabsnapGeometry
import TabsnapModel
import XCTest

/// A jump (a tap on a far button) is a focus between two buttons that need not be neighbours:
/// the buttons between stay as they are, and custom components see it through the same
/// `SelectionState` a swipe gives them.
final class JumpTests: XCTestCase {
    func testAJumpSelectsOnlyItsTwoButtons() {
        let s = SelectionState(jumpingFrom: 0, to: 3, progress: 0.25, count: 4)
        XCTAssertEqual([s.lower, s.upper], [0, 3])
        XCTAssertEqual(s.fraction, 0.25)
        XCTAssertEqual((0..<4).map(s.selection(of:)), [0.75, 0, 0, 0.25])
        XCTAssertEqual(s.position, 0.75, "the position it passes, for labels and frames.json")
        // Each button's offset goes from the start's to the end's: the ones between move through 0
        // as the focus passes them, the same way they would in a swipe's first and last frame.
        let offsets: [Double] = [0.25, -0.5, -0.5, -0.75]  // start 0, −1, −1, −1; end 1, 1, 1, 0
        XCTAssertEqual((0..<4).map(s.offset(of:)), offsets)
        // Backwards: the same pair, lower first, progress counted towards `upper`.
        let back = SelectionState(jumpingFrom: 3, to: 0, progress: 0.25, count: 4)
        XCTAssertEqual([back.lower, back.upper], [0, 3])
        XCTAssertEqual(back.fraction, 0.75)
        XCTAssertEqual((0..<4).map(back.selection(of:)), [0.25, 0, 0, 0.75])
    }

    func testAJumpFromBetweenButtonsBlendsThatStateAway() {
        let s = SelectionState(jumpingFrom: 2.5, to: 0, progress: 0.5, count: 4)
        XCTAssertEqual((0..<4).map(s.selection(of:)), [0.5, 0, 0.25, 0.25])
        XCTAssertEqual(s.interpolated { [0, 10, 20, 30][$0] }, 12.5, "the start's 25 blended halfway to 0")
        XCTAssertEqual((0..<4).map(s.selection(of:)).reduce(0, +), 1, accuracy: 1e-12)
    }

    func testTheFocusGoesStraightFromButtonToButton() {
        let bar = plainBar(titles: ["Home", "Search", "Me", "Settings"])
        let start = geometry(bar, at: 0), end = geometry(bar, at: 3)
        for t in [0.0, 0.3, 0.5, 1] {
            let g = jump(bar, from: 0, to: 3, t)
            XCTAssertEqual(g.focus.x, start.focus.x + (end.focus.x - start.focus.x) * t, accuracy: 1e-9)
            XCTAssertEqual(g.focus.width, start.focus.width + (end.focus.width - start.focus.width) * t, accuracy: 1e-9)
            XCTAssertEqual(g.indicator?.frame.x ?? -1, g.focus.x, accuracy: 1e-9)
            // The buttons between are left unselected, exactly as at rest.
            for i in [1, 2] {
                XCTAssertEqual(g.buttons[i].selection, 0)
                XCTAssertEqual(g.buttons[i].titleFrame, start.buttons[i].titleFrame)
                XCTAssertEqual(g.buttons[i].color, start.buttons[i].color)
            }
            XCTAssertEqual(g.buttons[0].selection, 1 - t, accuracy: 1e-12)
            XCTAssertEqual(g.buttons[3].selection, t, accuracy: 1e-12)
        }
        // Whole ends are the stills at those positions.
        XCTAssertEqual(jump(bar, from: 0, to: 3, 0), start)
        XCTAssertEqual(jump(bar, from: 0, to: 3, 1), end)
    }

    func testAScrollingBarScrollsFromOneOffsetToTheOther() {
        let bar = plainBar(.tabs, width: 60, titles: ["Home", "Search", "Me", "Settings", "Profile"])
        let start = geometry(bar, at: 0), end = geometry(bar, at: 4)
        XCTAssertLessThan(start.scrollOffset, end.scrollOffset, "the bar scrolls")
        for t in [0.2, 0.5, 0.9] {
            XCTAssertEqual(jump(bar, from: 0, to: 4, t).scrollOffset, start.scrollOffset + (end.scrollOffset - start.scrollOffset) * t,
                           accuracy: 1e-9)
        }
    }

    func testACustomIndicatorIsToldItIsInAJump() {
        struct Recording: BarIndicator {
            var name: String { "recording" }
            var displayMode: IndicatorDisplay { .bottom }
            func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
                // Encodes what it saw in the frame: the jump's progress and the far button's selection.
                IndicatorPlacement(frame: Rect(x: context.selection.jump?.progress ?? -1, y: context.selection.selection(of: 2),
                                               width: 1, height: 1), color: .clear)
            }
            func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] { [] }
        }
        var bar = plainBar(titles: ["A", "B", "C"])
        bar.customIndicator = AnyBarIndicator(Recording())
        let frame = jump(bar, from: 0, to: 2, 0.4).indicator?.frame
        XCTAssertEqual(frame?.x ?? 0, 0.4, accuracy: 1e-12)
        XCTAssertEqual(frame?.y ?? 0, 0.4, accuracy: 1e-12)
    }

    private func jump(_ bar: Bar, from: Double, to: Double, _ t: Double) -> BarGeometry {
        BarGeometry.compute(for: bar.resolved(), selection: SelectionState(jumpingFrom: from, to: to, progress: t, count: bar.items.count),
                            measurer: FakeMeasurer())
    }
}
