import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 84: ways an element is drawn slanted that round 83's rule missed, and lengths
/// librsvg takes as none however large they are drawn.
extension SVGDrawnAsABrowserTests {
    private static let gradient = "<linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></linearGradient>"

    /// Paint inherited from an upright parent or `<use>`, a CSS transform (style or sheet), a
    /// marker's orientation, a mask's content on a turned element: all slanted.
    func testBoxPaintOnElementsSlantedOtherwiseIsRefused() {
        let g = Self.gradient
        for body in [
            "<defs>\(g)</defs><g fill=\"url(#g)\"><rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" transform=\"rotate(45 12 12)\"/></g>",
            "<defs>\(g)<g id=\"t\" transform=\"rotate(45 12 12)\"><rect x=\"6\" y=\"6\" width=\"12\" height=\"12\"/></g></defs><use href=\"#t\" fill=\"url(#g)\"/>",
            "<defs>\(g)</defs><g style=\"fill:url(#g)\"><rect fill=\"inherit\" x=\"6\" y=\"6\" width=\"12\" height=\"12\" transform=\"rotate(45 12 12)\"/></g>",
            "<defs>\(g)</defs><g style=\"transform: translate(12px,12px) rotate(45deg)\"><rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" fill=\"url(#g)\"/></g>",
            "<style>.r{transform: translate(12px,12px) rotate(45deg)}</style><defs>\(g)</defs><g class=\"r\"><rect x=\"-6\" y=\"-6\" width=\"12\" height=\"12\" fill=\"url(#g)\"/></g>",
            "<defs>\(g)<marker id=\"m\" markerWidth=\"12\" markerHeight=\"12\" refX=\"6\" refY=\"6\" orient=\"auto\" markerUnits=\"userSpaceOnUse\">"
                + "<rect width=\"12\" height=\"12\" fill=\"url(#g)\"/></marker></defs><path d=\"M4 4L20 20\" stroke=\"black\" marker-end=\"url(#m)\"/>",
            "<defs>\(g.replacingOccurrences(of: "red", with: "white").replacingOccurrences(of: "blue", with: "black"))<mask id=\"m\">"
                + "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"url(#g)\"/></mask></defs>"
                + "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"blue\" transform=\"rotate(45 12 12)\" mask=\"url(#m)\"/>",
        ] {
            refused(body, "a gradient or pattern in bounding-box units on an element drawn turned or skewed")
        }
        // A name of nothing (Inkscape's object-tweak-rotate icon) is no gradient.
        XCTAssertNoThrow(try render("<g style=\"fill:url(#missing)\"><rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" transform=\"rotate(7 12 12)\"/></g>"))
        // Upright: a marker at orient 0.
        XCTAssertNoThrow(try render("<defs>\(g)<marker id=\"m\" markerWidth=\"12\" markerHeight=\"12\" refX=\"6\" refY=\"6\" markerUnits=\"userSpaceOnUse\">"
                                    + "<rect width=\"12\" height=\"12\" fill=\"url(#g)\"/></marker></defs><path d=\"M4 4L20 20\" stroke=\"black\" marker-end=\"url(#m)\"/>"))
    }

    /// Dashes and markers under 1/50 of a unit in their own units: librsvg draws the dashes solid
    /// and leaves the markers out, even at 10 px on screen.
    func testDashesAndMarkersTinyInTheirUnitsAreRefused() {
        refused("<g transform=\"scale(1000)\"><path d=\"M0.002 0.012H0.022\" stroke=\"navy\" stroke-width=\"0.004\" stroke-dasharray=\"0.003 0.001\"/></g>",
                "dashes repeating every 0.004 units, under 1/50 of a unit")
        refused("<defs><marker id=\"m\" markerWidth=\"4\" markerHeight=\"4\" refX=\"2\" refY=\"2\"><circle cx=\"2\" cy=\"2\" r=\"2\" fill=\"red\"/></marker></defs>"
                + "<g transform=\"scale(1000)\"><path d=\"M0.004 0.012H0.02\" stroke=\"black\" stroke-width=\"0.001\" marker-start=\"url(#m)\"/></g>",
                "a marker 0.004 units across where it is drawn")
        XCTAssertNoThrow(try render("<path d=\"M2 12H22\" stroke=\"navy\" stroke-width=\"2\" stroke-dasharray=\"3 1\"/>"))
        XCTAssertNoThrow(try render("<defs><marker id=\"m\" markerWidth=\"4\" markerHeight=\"4\" refX=\"2\" refY=\"2\"><circle cx=\"2\" cy=\"2\" r=\"2\" fill=\"red\"/></marker></defs>"
                                    + "<path d=\"M4 12H20\" stroke=\"black\" marker-start=\"url(#m)\"/>"))
    }
}
