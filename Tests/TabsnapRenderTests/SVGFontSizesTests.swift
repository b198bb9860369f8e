@testable import TabsnapCairo
import XCTest

/// An icon's text whose font size pango cannot hold as asked (under half a unit in the text's own
/// units, made visible by a transform) is refused before librsvg reads it: a `font-size` of 0.0001
/// in a group scaled 200 000 times drew nothing, exit 0, and sizes up to about 0.1 were drawn
/// distorted (hostile round 60).
final class SVGFontSizesTests: XCTestCase {
    func testValuesAreReadAsLibrsvgReadsThem() {
        XCTAssertEqual(SVGFontSizes.value("12"), .absolute(12))
        XCTAssertEqual(SVGFontSizes.value(" 1e-3px "), .absolute(0.001))
        XCTAssertEqual(SVGFontSizes.value("9pt"), .absolute(12))
        XCTAssertEqual(SVGFontSizes.value("2em"), .relative(2))
        XCTAssertEqual(SVGFontSizes.value("2e1em"), .relative(20))
        XCTAssertEqual(SVGFontSizes.value("50%"), .relative(0.5))
        XCTAssertEqual(SVGFontSizes.value("1ex"), .relative(0.5))
        XCTAssertEqual(SVGFontSizes.value("smaller"), .relative(1 / 1.2))
        XCTAssertNil(SVGFontSizes.value("inherit"))
        XCTAssertNil(SVGFontSizes.value("medium"))
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "fill: red; FONT-SIZE: 0.01px !important"), [.absolute(0.01)])
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "font: bold 700 0.02px/1.5 Inter"), [.absolute(0.02)], "a bare number is a weight")
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyleSheet: "text { font: 12px Inter } .a{font-size:50%}"), [.absolute(12), .relative(0.5)])
    }

    private func smallest(_ body: String) throws -> Double? {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>"
        do {
            _ = try SVGIconPreflight.check(Array(svg.utf8))
            return nil
        } catch {
            let size = try XCTUnwrap(error.description.firstMatch(of: /font-size of ([0-9.e+-]+) units/)?.1, error.description)
            XCTAssertTrue(error.description.hasSuffix("give it a font-size of at least 0.5 and a smaller transform"), error.description)
            return Double(size)
        }
    }

    func testTheSmallestSizeAnyTextIsSetAtIsFound() throws {
        XCTAssertEqual(try smallest("<g transform=\"scale(200000)\"><text y=\"0.0001\" font-size=\"0.0001\">A</text></g>"), 0.0001)
        XCTAssertEqual(try smallest("<text y=\"20\" font-size=\"12\">A<tspan font-size=\"0.0002\">B</tspan></text>"), 0.0002)
        XCTAssertEqual(try XCTUnwrap(smallest("<g font-size=\"1\"><text y=\"20\" font-size=\"0.1em\">A</text></g>")), 0.1, accuracy: 1e-12)
        XCTAssertEqual(try smallest("<g style=\"font-size: 0.001px\"><text y=\"20\">A</text></g>"), 0.001)
        XCTAssertEqual(try smallest("<style>text { font: 0.02px Inter }</style><text y=\"20\" font-size=\"12\">A</text>"), 0.02, "a sheet beats an attribute")
        // A sheet's rule may match every level: the root and the text, 12 × 1 % × 1 %.
        XCTAssertEqual(try XCTUnwrap(smallest("<style>.s { font-size: 1% }</style><text y=\"20\">A</text>")), 0.0012, accuracy: 1e-12)
        // Drawn as asked.
        XCTAssertNil(try smallest("<text y=\"20\" font-size=\"12\">A</text>"))
        XCTAssertNil(try smallest("<g transform=\"scale(20)\"><text y=\"1\" font-size=\"1\">A</text></g>"), "a size of 1 scaled up, as PDF converters write")
        XCTAssertNil(try smallest("<text y=\"20\" font-size=\"0\">A</text>"), "0 draws nothing in a browser too")
        XCTAssertNil(try smallest("<text y=\"20\" style=\"font-size: 12px\" font-size=\"0.001\">A</text>"), "the inline style beats the attribute")
        XCTAssertNil(try smallest("<rect width=\"4\" height=\"4\" font-size=\"0.001\"/><text y=\"20\">A</text>"), "not text")
        XCTAssertNil(try smallest("<g font-size=\"0.001\"><rect width=\"4\" height=\"4\"/></g>"), "no text at all")
    }
}
