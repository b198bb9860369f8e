import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 85: librsvg's box of anything holding slanted content is the upright box
/// around it — filters on groups around turned children, clip paths and masks laid out by the
/// box, markers on turned paths — and a pattern tile judged at the scale of what it fills.
extension SVGDrawnAsABrowserTests {
    func testBoxEffectsOnWhatHoldsSlantedContentAreRefused() {
        let v = "0 0 100 100"
        refused("<defs><filter id=\"f\"><feFlood flood-color=\"orange\"/><feComposite in2=\"SourceGraphic\" operator=\"over\"/></filter></defs>"
                + "<g filter=\"url(#f)\"><circle cx=\"50\" cy=\"50\" r=\"20\" fill=\"green\" transform=\"rotate(30 50 50)\"/></g>",
                "a filter on an element drawn turned or skewed, or holding one", viewBox: v)
        refused("<defs><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><circle cx=\"0.5\" cy=\"0.5\" r=\"0.5\"/></clipPath></defs>"
                + "<rect x=\"25\" y=\"25\" width=\"50\" height=\"50\" fill=\"green\" clip-path=\"url(#c)\" transform=\"rotate(45 50 50)\"/>",
                "a clip path in bounding-box units on an element drawn turned or skewed", viewBox: v)
        refused("<defs><mask id=\"k\"><rect x=\"-100\" y=\"-100\" width=\"300\" height=\"300\" fill=\"white\"/></mask></defs>"
                + "<g mask=\"url(#k)\"><rect x=\"30\" y=\"30\" width=\"40\" height=\"40\" fill=\"green\" stroke=\"black\" stroke-width=\"20\" transform=\"rotate(30 50 50)\"/></g>",
                "a mask with a bounding-box region or content on an element drawn turned or skewed, or holding one", viewBox: v)
        refused("<defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"blue\"/></linearGradient>"
                + "<marker id=\"m\" markerWidth=\"40\" markerHeight=\"40\" refX=\"20\" refY=\"20\" markerUnits=\"userSpaceOnUse\" orient=\"0\">"
                + "<rect width=\"40\" height=\"40\" fill=\"url(#g)\"/></marker></defs>"
                + "<g transform=\"rotate(45 50 50)\"><path d=\"M50 50 L50.5 50\" stroke=\"black\" marker-start=\"url(#m)\"/></g>",
                "a gradient or pattern in bounding-box units on an element drawn turned or skewed", viewBox: v)
        // Upright, quarter-turned, or in user space: drawn.
        XCTAssertNoThrow(try render("<defs><filter id=\"f\"><feFlood flood-color=\"orange\"/><feComposite in2=\"SourceGraphic\" operator=\"over\"/></filter></defs>"
                                    + "<g filter=\"url(#f)\"><circle cx=\"50\" cy=\"50\" r=\"20\" fill=\"green\" transform=\"rotate(90 50 50)\"/></g>", viewBox: v))
        XCTAssertNoThrow(try render("<defs><mask id=\"k\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"100\" height=\"100\"><rect width=\"100\" height=\"100\" fill=\"white\"/></mask></defs>"
                                    + "<rect x=\"30\" y=\"30\" width=\"40\" height=\"40\" fill=\"green\" mask=\"url(#k)\" transform=\"rotate(30 50 50)\"/>", viewBox: v))
    }

    /// A 2-unit tile filling a rect under scale(10) is 12 px at 60 px: drawn (it was judged at
    /// the icon's least scale, 1.2 px, and refused).
    func testAPatternTileIsJudgedAtTheScaleOfWhatItFills() throws {
        let pattern = "<defs><pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"2\" height=\"2\"><rect width=\"1\" height=\"1\" fill=\"green\"/></pattern></defs>"
        XCTAssertNoThrow(try render(pattern + "<g transform=\"scale(10)\"><rect x=\"1\" y=\"1\" width=\"8\" height=\"8\" fill=\"url(#p)\"/></g>", viewBox: "0 0 100 100"))
        XCTAssertThrowsError(try render(pattern + "<rect x=\"10\" y=\"10\" width=\"80\" height=\"80\" fill=\"url(#p)\"/>", viewBox: "0 0 100 100")) {
            XCTAssertTrue("\($0)".contains("has a pattern tile of"), "\($0)")
        }
    }
}
