import TabsnapGeometry
import TabsnapModel
import XCTest

final class SelectionStateTests: XCTestCase {
    func testIntegerFractionalAndOverscrollPositions() {
        let cases: [(p: Double, lower: Int, upper: Int, f: Double)] = [
            (0, 0, 0, 0), (2, 2, 2, 0), (1.25, 1, 2, 0.25), (2.75, 2, 3, 0.75),
            (-0.4, 0, 0, 0), (3.5, 3, 3, 0), (3, 3, 3, 0), (-3, 0, 0, 0), (9, 3, 3, 0),
        ]
        for c in cases {
            let s = SelectionState(position: c.p, count: 4)
            XCTAssertEqual([s.lower, s.upper], [c.lower, c.upper], "p = \(c.p)")
            XCTAssertEqual(s.fraction, c.f, accuracy: 1e-12, "p = \(c.p)")
        }
    }

    func testSelectionOfEachButton() {
        let s = SelectionState(position: 1.25, count: 4)
        XCTAssertEqual((0..<4).map(s.selection(of:)), [0, 0.75, 0.25, 0])
        let over = SelectionState(position: -0.5, count: 4)
        XCTAssertEqual((0..<4).map(over.selection(of:)), [1, 0, 0, 0], "overscroll keeps the end button selected")
        let past = SelectionState(position: 3.7, count: 4)
        XCTAssertEqual((0..<4).map(past.selection(of:)), [0, 0, 0, 1])
    }

    func testColourAlphaAndFontFollowSelection() {
        var options = Bar(preset: .buttonBar, width: 100).resolved().button
        options.tint = RGBAColor(hex: "#000000")!
        options.selectedTint = RGBAColor(hex: "#FF0000")!
        options.selectedFont = FontSpec(weight: .bold, size: 17)
        XCTAssertEqual(options.color(at: 0.25).red, 0.25, accuracy: 1e-12)
        XCTAssertEqual(options.alpha(at: 0), 0.5)
        XCTAssertEqual(options.alpha(at: 0.5), 0.75)
        XCTAssertEqual(options.alpha(at: 1), 1)
        XCTAssertEqual(options.font(at: 0.49), options.font)
        XCTAssertEqual(options.font(at: 0.5), options.selectedFont)
        options.adjustsAlpha = false
        XCTAssertEqual(options.alpha(at: 0), 1)
    }

    func testSingleButton() {
        let s = SelectionState(position: 0.6, count: 1)
        XCTAssertEqual([s.lower, s.upper], [0, 0])
        XCTAssertEqual(s.fraction, 0)
        XCTAssertEqual(s.selection(of: 0), 1)
    }
}
