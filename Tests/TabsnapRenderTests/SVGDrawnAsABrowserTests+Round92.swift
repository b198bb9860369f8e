import Foundation
import XCTest

/// Hostile round 92: librsvg caps an `feMorphology` radius at 10 device pixels where a browser
/// does not, so an erosion or dilation past that stops growing and the picture depends on the
/// scale. Judged where the icon is drawn largest (here 60 px for 24 units: 2.5 px a unit).
extension SVGDrawnAsABrowserTests {
    func testMorphologyPastLibrsvgsCapIsRefusedAndUpToItDrawnAsABrowserDraws() {
        let square = "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"green\" filter=\"url(#m)\"/>"
        func morphology(_ radius: String, _ operation: String = "erode", units: String = "") -> String {
            "<filter id=\"m\"\(units)><feMorphology operator=\"\(operation)\" radius=\"\(radius)\"/></filter>" + square
        }
        // 2 and 4 units are 5 and 10 px: the square eroded as a browser erodes it.
        drawAlike(morphology("2"), "<rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" fill=\"green\"/>")
        drawAlike(morphology("4"), "<rect x=\"8\" y=\"8\" width=\"8\" height=\"8\" fill=\"green\"/>")
        drawAlike(morphology("2 4", "dilate", units: " x=\"-1\" y=\"-1\" width=\"3\" height=\"3\""), "<rect x=\"2\" y=\"0\" width=\"20\" height=\"24\" fill=\"green\"/>")
        // 4.5 units, 11.25 px: librsvg would stop at 10.
        refused(morphology("4.5"), "has an feMorphology radius of up to 11.2 px where it is drawn largest (60 px across), which librsvg caps at 10 px")
        refused(morphology("1 4.5", "dilate"), "feMorphology radius of up to 11.2 px")
        // Scaled up inside the icon: 2 units under scale(3) are 15 px.
        refused("<g transform=\"scale(3)\">\(morphology("2"))</g>", "feMorphology radius of up to 15 px")
        // A radius that is a share of what it is drawn on cannot be judged before.
        refused(morphology("0.1", units: " primitiveUnits=\"objectBoundingBox\""), "<feMorphology> in a filter of primitiveUnits=\"objectBoundingBox\"")
        // A filter nothing uses is drawn by neither.
        XCTAssertNoThrow(try render("<filter id=\"unused\"><feMorphology radius=\"40\"/></filter><rect width=\"9\" height=\"9\"/>"))
    }

    /// Round 89's note: CSS 3 display values librsvg does not read (`inline-block`, `flex` …) were
    /// refused through its log, though a browser draws the element as it draws `inline`; icons
    /// copied from web pages carry them on the root. Drawn now, unless a `display: none` that
    /// they override in a browser would hold in librsvg.
    func testDisplayValuesABrowserDrawsAsInlineAreDrawnUnlessADisplayNoneWouldHold() {
        let bars = "<rect x=\"2\" y=\"2\" width=\"9\" height=\"20\" fill=\"green\"/><path d=\"M13 2h9v20h-9z\" fill=\"blue\"/>"
        for value in ["inline-block", "flex", "inline-flex", "grid", "inline-grid", "flow-root", "Inline-Block !important"] {
            drawAlike("<g style=\"display:\(value)\">\(bars.replacingOccurrences(of: "/>", with: " style=\"display: \(value)\"/>"))</g>", bars)
            drawAlike("<style>svg{display:\(value)}</style>" + bars, bars)
        }
        refused("<rect width=\"20\" height=\"20\" display=\"none\" style=\"display:inline-block\"/>",
                "<rect style>: display inline-block, which librsvg does not read (a display: none it overrides in a browser would hold)")
        refused("<style>.h{display:none}</style><g class=\"h\" style=\"display:flex\">\(bars)</g>", "display flex, which librsvg does not read")
        // `contents` hides an SVG element in a browser: still refused.
        refused("<g style=\"display:contents\">\(bars)</g>", "the CSS declaration \"display:contents\"")
    }
}
