import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 83: bounding-box paint and filters on turned elements, and viewBoxes librsvg
/// takes as empty.
extension SVGDrawnAsABrowserTests {
    /// librsvg lays a bounding-box gradient or pattern out on the turned box: refused on an element
    /// drawn turned or skewed (its own transform, a parent's, a turned `<use>`), drawn in user space,
    /// under quarter turns and plain stretches.
    func testBoxPaintOnTurnedElementsIsRefused() throws {
        let gradient = "<linearGradient id=\"g\"><stop offset=\".5\" stop-color=\"green\"/><stop offset=\"1\" stop-color=\"blue\"/></linearGradient>"
        let user = "<linearGradient id=\"u\" gradientUnits=\"userSpaceOnUse\" x1=\"4\" x2=\"20\"><stop offset=\".5\" stop-color=\"green\"/>"
            + "<stop offset=\"1\" stop-color=\"blue\"/></linearGradient>"
        let pattern = "<pattern id=\"p\" width=\".5\" height=\".5\"><rect width=\"4\" height=\"4\" fill=\"red\"/></pattern>"
        for body in [
            gradient + "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"url(#g)\" transform=\"rotate(45 12 12)\"/>",
            gradient + "<g transform=\"skewX(30)\"><rect x=\"4\" y=\"4\" width=\"8\" height=\"16\" stroke=\"url(#g)\" fill=\"none\"/></g>",
            pattern + "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"url(#p)\" transform=\"matrix(.966 .259 -.259 .966 3 -3)\"/>",
            gradient + "<defs><symbol id=\"s\" viewBox=\"0 0 24 24\"><rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"url(#g)\"/></symbol></defs>"
                + "<use href=\"#s\" width=\"24\" height=\"24\" transform=\"rotate(30 12 12)\"/>",
        ] {
            refused(body, "a gradient or pattern in bounding-box units on an element drawn turned or skewed")
        }
        XCTAssertNoThrow(try render(user + "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"url(#u)\" transform=\"rotate(45 12 12)\"/>"))
        XCTAssertNoThrow(try render(gradient + "<rect x=\"4\" y=\"4\" width=\"16\" height=\"8\" fill=\"url(#g)\" transform=\"rotate(90 12 12) scale(1 1.5)\"/>"))
    }

    /// A filter's region turns with the element in a browser, not in librsvg: only a plain blur
    /// with room around the element passes on a turned element.
    func testFiltersOnTurnedElementsButARoomyBlurAreRefused() throws {
        let square = "<rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" fill=\"#38e\" filter=\"url(#f)\" transform=\"rotate(30 12 12)\"/>"
        for filter in [
            "<filter id=\"f\"><feFlood flood-color=\"green\"/></filter>",
            "<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"6\" y=\"6\" width=\"12\" height=\"12\"><feGaussianBlur stdDeviation=\"1\"/></filter>",
            "<filter id=\"f\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feGaussianBlur stdDeviation=\"1\"/></filter>",
            "<filter id=\"f\"><feColorMatrix type=\"hueRotate\" values=\"90\"/></filter>",
        ] {
            refused(filter + square, "a filter on an element drawn turned or skewed")
        }
        for filter in ["<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter>",
                       "<filter id=\"f\" x=\"-0.2\" y=\"-20%\" width=\"1.4\" height=\"140%\"><feGaussianBlur stdDeviation=\"1\"/></filter>"] {
            XCTAssertNoThrow(try render(filter + square), filter)
        }
        // A quarter turn keeps the region upright: a flood is drawn.
        XCTAssertNoThrow(try render("<filter id=\"f\"><feFlood flood-color=\"green\"/></filter>" + square.replacingOccurrences(of: "rotate(30", with: "rotate(90")))
    }

    /// librsvg takes a viewBox within 1/256 of a unit of nothing as none, and draws nothing (refused under 1/50).
    func testViewBoxesUnderAHundredthOfAUnitAreRefused() throws {
        XCTAssertThrowsError(try renderDocument("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0.0024 0.0024\"><circle cx=\".0012\" cy=\".0012\" r=\".001\"/></svg>")) {
            XCTAssertTrue("\($0)".contains("<svg viewBox=\"0 0 0.0024 0.0024\">: under 1/50 of a unit across"), "\($0)")
        }
        refused("<defs><symbol id=\"s\" viewBox=\"0 0 0.002 0.002\"><circle cx=\".001\" cy=\".001\" r=\".0008\"/></symbol></defs><use href=\"#s\" width=\"20\" height=\"20\"/>",
                "<symbol viewBox=\"0 0 0.002 0.002\">: under 1/50")
        // A twentieth of a unit is drawn.
        let image = try renderDocument("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0.05 0.05\"><circle cx=\".025\" cy=\".025\" r=\".02\" fill=\"#0a0\"/></svg>")
        let green = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0 + 1] > 120 && image.pixels[$0] < 80 && image.pixels[$0 + 2] < 80 }.count
        XCTAssertGreaterThan(green, 100, "the circle is drawn")
    }
}
