import Foundation
import XCTest

/// Hostile round 93: transform lists whose numbers are packed as path data packs them
/// (`translate(10-5)`, `scale(9e6.5)`) were read as no scale and no move by the checks that
/// measure transforms; CSS `transform` (a style attribute, a sheet) was not measured at all; and
/// `transform: inherit`, which a browser applies as the parent's transform again, passed.
extension SVGDrawnAsABrowserTests {
    func testPackedTransformNumbersAreReadAsABrowserReadsThem() {
        let v = "0 0 64 64"
        // Drawn, as their spaced twins (they were refused as reaching 1000 icons away).
        for (packed, spaced) in [("translate(10-5)", "translate(10 -5)"), ("translate(10.5.5)", "translate(10.5 .5)"), ("translate(10e-1-5)", "translate(1 -5)"),
                                 ("translate(.5.5e1)", "translate(.5 5)"), ("matrix(1 0 0 1 10-5)", "matrix(1 0 0 1 10 -5)")] {
            drawAlike("<rect width=\"20\" height=\"20\" fill=\"green\" transform=\"\(packed)\"/>", "<rect width=\"20\" height=\"20\" fill=\"green\" transform=\"\(spaced)\"/>", viewBox: v)
        }
        // Magnified past cairo's reach: refused however the numbers are packed.
        refused("<circle r=\"1\" fill=\"green\" transform=\"matrix(9e6 0 0 9e6 32-8999980)\"/><circle cx=\"40\" cy=\"40\" r=\"8\"/>",
                "a coordinate or length over 1000 times the icon's size", viewBox: v)
        refused("<rect x=\"-1\" y=\"0\" width=\"1.0000012\" height=\"128\" fill=\"green\" transform=\"scale(9e6.5)\"/>",
                "a coordinate or length over 1000 times the icon's size", viewBox: v)
        // And judged at their scale: a dilation of 5 units under a packed scale(3) is 14 px.
        refused("<filter id=\"f\" x=\"-2\" y=\"-2\" width=\"5\" height=\"5\"><feMorphology operator=\"dilate\" radius=\"5\"/></filter>"
                + "<g transform=\"matrix(3 0 0 3 0-0)\"><rect x=\"9\" y=\"8\" width=\"2\" height=\"4\" fill=\"green\" filter=\"url(#f)\"/></g>",
                "feMorphology radius of up to 14.1 px", viewBox: v)
    }

    func testCSSTransformsAreMeasuredAsTheAttributeIs() {
        let v = "0 0 64 64"
        let morphology = "<filter id=\"f\" x=\"-2\" y=\"-2\" width=\"5\" height=\"5\"><feMorphology operator=\"dilate\" radius=\"5\"/></filter>"
        let rect = "<rect x=\"9\" y=\"8\" width=\"2\" height=\"4\" fill=\"green\" filter=\"url(#f)\"/>"
        refused(morphology + "<g style=\"transform:scale(3)\">\(rect)</g>", "feMorphology radius of up to 14.1 px", viewBox: v)
        refused("<style>.k{transform:scale(3)}</style>" + morphology + "<g class=\"k\">\(rect)</g>", "feMorphology radius of up to 14.1 px", viewBox: v)
        // A sheet's transform an element cannot match is not its.
        XCTAssertNoThrow(try render("<style>.other{transform:scale(3)}</style>" + morphology + "<g>\(rect)</g>", viewBox: v))
        refused("<circle r=\"1\" fill=\"green\" style=\"transform:matrix(9000000,0,0,9000000,32,-8999980)\"/>",
                "a coordinate or length over 1000 times the icon's size", viewBox: v)
        refused("<style>circle{transform:translateX(9000000px)}</style><circle r=\"1\" fill=\"green\"/>",
                "a coordinate or length over 1000 times the icon's size", viewBox: v)
        refused("<g style=\"transform:scale(0.01)\"><path d=\"M1000 3000H5400\" stroke=\"black\" stroke-width=\"800\" stroke-dasharray=\"5 5\"/></g>",
                "has dashes repeating every 0.094 px", viewBox: v)
        // A line break inside the brackets is white space to librsvg too (code review: it was
        // read as no transform), and a CSS transform Tabsnap cannot measure is refused.
        refused("<style>.k{transform:scale(\n3)}</style>" + morphology + "<g class=\"k\">\(rect)</g>", "feMorphology radius of up to 14.1 px", viewBox: v)
        refused("<circle r=\"1\" fill=\"green\" style=\"transform:matrix(9000000,0,0,9000000,32,&#10;-8999980)\"/>",
                "a coordinate or length over 1000 times the icon's size", viewBox: v)
        refused("<rect width=\"5\" height=\"5\" style=\"transform:translate(2em)\"/>", "CSS transform translate(2em), which Tabsnap cannot measure", viewBox: v)
        // A sheet's rule that may select an element gives it its own transform, not another rule's.
        XCTAssertNoThrow(try render("<style>.a{transform:translate(1px)} .b{transform:scale(.01)}</style>"
                                    + "<g class=\"a\"><path d=\"M10 30H50\" stroke=\"black\" stroke-width=\"8\" stroke-dasharray=\"0.5 0.5\"/></g>", viewBox: v))
        // Measured as the attribute: the same picture.
        drawAlike("<g style=\"transform:translate(8px, 4px) scale(2)\"><rect width=\"10\" height=\"10\" fill=\"green\"/></g>",
                  "<g transform=\"translate(8 4) scale(2)\"><rect width=\"10\" height=\"10\" fill=\"green\"/></g>", viewBox: v)
    }

    /// Code review: `display: inline-block` with a tab before `!important`, which ignored_css.c
    /// reads as inline-block, over a `display="none"`.
    func testADisplayValueIsReadByItsFirstWord() {
        refused("<rect width=\"9\" height=\"9\" display=\"none\" style=\"display:inline-block&#9;!important\"/>",
                "<rect style>: display inline-block, which librsvg does not read")
    }

    func testTransformInheritIsRefused() {
        for body in ["<g transform=\"translate(10 10)\"><rect width=\"20\" height=\"20\" style=\"transform:inherit\" fill=\"green\"/></g>",
                     "<style>rect{transform: inherit}</style><g transform=\"rotate(10)\"><rect width=\"20\" height=\"20\" fill=\"green\"/></g>"] {
            refused(body, "transform inherit, which a browser applies as the parent's transform again and librsvg not at all")
        }
    }
}
