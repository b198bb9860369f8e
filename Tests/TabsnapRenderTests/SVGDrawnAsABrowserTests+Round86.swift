import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 86: a clip path in bounding-box units on a pattern's or mask's content, which
/// librsvg 2.54 draws nothing of.
extension SVGDrawnAsABrowserTests {
    func testBoxClipsOnPatternAndMaskContentAreRefused() {
        let clip = "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><circle cx=\"0.5\" cy=\"0.5\" r=\"0.5\"/></clipPath>"
        for body in [
            clip + "<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"48\" height=\"48\"><rect x=\"4\" y=\"8\" width=\"16\" height=\"6\" fill=\"red\" clip-path=\"url(#c)\"/></pattern>"
                + "<rect width=\"24\" height=\"24\" fill=\"url(#p)\"/>",
            clip + "<mask id=\"m\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"24\" height=\"24\"><g clip-path=\"url(#c)\"><rect x=\"2\" y=\"6\" width=\"20\" height=\"12\" fill=\"white\"/></g></mask>"
                + "<rect width=\"24\" height=\"24\" fill=\"red\" mask=\"url(#m)\"/>",
            clip + "<defs><rect id=\"r\" x=\"4\" y=\"8\" width=\"16\" height=\"6\" fill=\"red\" clip-path=\"url(#c)\"/></defs>"
                + "<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"48\" height=\"48\"><use href=\"#r\"/></pattern><rect width=\"24\" height=\"24\" fill=\"url(#p)\"/>",
        ] {
            refused(body, "a clip path in bounding-box units on a pattern's or mask's content")
        }
        // In user space, or on a marker's content: drawn.
        XCTAssertNoThrow(try render(clip.replacingOccurrences(of: "objectBoundingBox", with: "userSpaceOnUse").replacingOccurrences(of: "0.5", with: "12")
                                    + "<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"48\" height=\"48\"><rect x=\"4\" y=\"8\" width=\"16\" height=\"6\" fill=\"red\" clip-path=\"url(#c)\"/></pattern>"
                                    + "<rect width=\"24\" height=\"24\" fill=\"url(#p)\"/>"))
    }
}
