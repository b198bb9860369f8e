import Foundation
import Tabsnap
import XCTest

/// Dots and chevrons sit on an edge: `display: fill` would draw them over the selected title (it
/// is refused), and a chevron on the top edge points down, at the buttons.
final class IndicatorEdgeTests: XCTestCase {
    func testDotsAndChevronsCannotFill() {
        for style in ["dot", "chevron"] {
            XCTAssertThrowsError(try SpecLoader.parse("width: 300\nitems: [A, B]\nindicator: {style: \(style), display: fill}\n", file: "bar.yaml")) { error in
                XCTAssertTrue("\(error)".hasPrefix("bar.yaml:3:"), "\(error)")
                XCTAssertTrue("\(error)".contains("a \(style) marks the selection at the bar's top or bottom edge"), "\(error)")
            }
        }
        XCTAssertNoThrow(try SpecLoader.parse("width: 300\nitems: [A, B]\nindicator: {style: line, display: fill}\n"))
    }

    /// Coloured pixels in each row of the chevron's frame, top to bottom.
    private func rows(display: String) throws -> [Int] {
        let bar = try SpecLoader.parse("width: 200\nscale: 4\nitems: [A, B]\nbackground: '#FFFFFF'\nindicator: {style: chevron, display: \(display), weight: heavy, color: '#FF0000'}\n")
        let renderer = Renderer()
        let frame = try XCTUnwrap(renderer.geometry(of: bar).indicator?.frame)
        let image = try renderer.image(of: bar)
        return (Int(frame.minY * 4)..<Int(frame.maxY * 4)).map { y in
            (Int(frame.minX * 4)..<Int(frame.maxX * 4)).filter { x in
                let i = (y * image.width + x) * 4
                return image.pixels[i] > 200 && image.pixels[i + 1] < 100
            }.count
        }
    }

    func testAChevronPointsAwayFromItsEdge() throws {
        let bottom = try rows(display: "bottom"), top = try rows(display: "top")
        XCTAssertLessThan(bottom.first!, bottom.last!, "on the bottom edge the apex is up: \(bottom)")
        XCTAssertGreaterThan(top.first!, top.last!, "on the top edge the apex is down: \(top)")
        XCTAssertEqual(top, bottom.reversed(), "the same triangle, flipped")
    }
}
