import XCTest

/// Hostile round 130 (icons): the dash-at-a-corner rule judged a corner by the stroke's width
/// alone, took square caps to hide any mitre within the limit, never looked at curves, and
/// read a resource's content at the icon's largest single scale. Each form measured against
/// Chromium (robust 89–1 272); the icons in 96 units, as measured.
extension SVGDrawnAsABrowserTests {
    /// A mitre at a sharp corner reaches far past a stroke "thin" against the icon: its reach
    /// (width × mitre length, within the limit) is what is seen.
    func testAMitresReachIsWhatTheCornerRuleWeighs() {
        let box = "0 0 96 96"
        let spike = "d=\"M8 40 L40 40 L8 46\" fill=\"none\" stroke=\"#000\""
        // Robust 888, 287 (the default limit of 4), 702 (the limit a sheet gives), 89 (a right
        // angle at 9.5 in 96, just under the tenth).
        refused("<path \(spike) stroke-width=\"9\" stroke-miterlimit=\"20\" stroke-dasharray=\"16 16\"/>", "a dash begins or ends at a corner", viewBox: box)
        refused("<path d=\"M10 40 L50 40 L30 52\" fill=\"none\" stroke=\"#000\" stroke-width=\"9\" stroke-dasharray=\"20 20\"/>", "at a corner", viewBox: box)
        refused("<style>.s{stroke-miterlimit:20;stroke-dasharray:16 16}</style><path class=\"s\" \(spike) stroke-width=\"8\"/>", "at a corner", viewBox: box)
        refused("<polyline points=\"10,14 80,14 80,84\" fill=\"none\" stroke=\"#000\" stroke-width=\"9.5\" stroke-dasharray=\"35 35\"/>", "at a corner", viewBox: box)
        // A square cap covers half a width past the corner: a mitre longer than that shows
        // (robust 1 272).
        refused("<path \(spike) stroke-width=\"12\" stroke-linecap=\"square\" stroke-miterlimit=\"20\" stroke-dasharray=\"16 16\"/>", "at a corner", viewBox: box)
        // Bevelled, the same corner reaches no farther than the stroke: drawn (robust 3).
        XCTAssertNoThrow(try render("<path \(spike) stroke-width=\"8\" stroke-linejoin=\"bevel\" stroke-dasharray=\"16 16\"/>", viewBox: box))
        // Past its limit a mitre is bevelled: the same spike at the default limit is drawn.
        XCTAssertNoThrow(try render("<path \(spike) stroke-width=\"8\" stroke-dasharray=\"16 16\"/>", viewBox: box))
    }

    /// A dash ending on a curve turning by over 4/3 of a radian within half the stroke's width
    /// (its radius under ⅜ of the width): a rounded corner, a small circle, a tight `Q` (robust
    /// 167–446; 215 for the circle).
    func testDashesOnCurvesTighterThanTheStrokeAreRefused() {
        let box = "0 0 96 96", words = "a dash ends on or near a curve bending more sharply than the stroke is wide"
        // (A boundary in the middle of each corner: 28 28 from the top side's start.)
        for rx in [0.1, 2, 4] {
            refused("<rect x=\"20\" y=\"20\" width=\"56\" height=\"56\" rx=\"\(rx)\" fill=\"none\" stroke=\"#000\" stroke-width=\"12\" stroke-dasharray=\"28 28\" "
                    + "stroke-dashoffset=\"\(-28 + 2 * rx - Double.pi * rx / 4)\"/>", words, viewBox: box)
        }
        // Near them too, within the stroke's width (round 131: 0.3–6 units past a tight arc
        // under a 30-unit stroke, robust 219–610; a rect's corner, 223).
        refused("<path d=\"M10 30 H40 A2 2 0 0 1 42 32 V96\" fill=\"none\" stroke=\"#000\" stroke-width=\"30\" stroke-dasharray=\"35.1416 200\"/>", words, viewBox: box)
        refused("<rect x=\"30\" y=\"30\" width=\"40\" height=\"40\" rx=\"2\" fill=\"none\" stroke=\"#000\" stroke-width=\"24\" stroke-dasharray=\"41.1416 200\"/>",
                words, viewBox: box)
        refused("<path d=\"M10 30 H40 Q43 30 43 33 V96\" fill=\"none\" stroke=\"#000\" stroke-width=\"26\" stroke-dasharray=\"36.3697 200\"/>", words, viewBox: box)
        // The same corners, no dash ending within a stroke's width of them (one dash and gap a
        // side, 14 past each corner and 24 on): drawn.
        XCTAssertNoThrow(try render("<rect x=\"20\" y=\"20\" width=\"56\" height=\"56\" rx=\"2\" fill=\"none\" stroke=\"#000\" stroke-width=\"12\" "
                                    + "stroke-dasharray=\"24 31.1416\" stroke-dashoffset=\"-14\"/>", viewBox: box))
        refused("<circle cx=\"48\" cy=\"48\" r=\"4\" fill=\"none\" stroke=\"#000\" stroke-width=\"20\" stroke-dasharray=\"6 6.566\"/>", words, viewBox: box)
        refused("<ellipse cx=\"48\" cy=\"48\" rx=\"30\" ry=\"4\" fill=\"none\" stroke=\"#000\" stroke-width=\"12\" stroke-dasharray=\"6 6\"/>", words, viewBox: box)
        refused("<path d=\"M16 24 H71.999 Q72 24 72 24.001 V80\" fill=\"none\" stroke=\"#000\" stroke-width=\"20\" stroke-dasharray=\"28 28\" "
                + "stroke-dashoffset=\"-27.9995\"/>", words, viewBox: box)
        // The same curves solid, dashes on wide curves, a thin stroke (a pixel's antialiasing),
        // and dashes ending where a tight curve is still straight (Tango's show-dialogs: a dash
        // ends 0.006 into a corner of radius 0.5 under a 1-unit stroke) are drawn: measured
        // alike (robust 0–18).
        XCTAssertNoThrow(try render("<rect x=\"20\" y=\"20\" width=\"56\" height=\"56\" rx=\"0.1\" fill=\"none\" stroke=\"#000\" stroke-width=\"12\"/>", viewBox: box))
        XCTAssertNoThrow(try render("<circle cx=\"48\" cy=\"48\" r=\"4\" fill=\"none\" stroke=\"#000\" stroke-width=\"20\"/>", viewBox: box))
        XCTAssertNoThrow(try render("<circle cx=\"48\" cy=\"48\" r=\"30\" fill=\"none\" stroke=\"#000\" stroke-width=\"8\" stroke-dasharray=\"20 11.4159\"/>", viewBox: box))
        XCTAssertNoThrow(try render("<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" rx=\"0.5\" fill=\"none\" stroke=\"#000\" stroke-width=\"0.5\" stroke-dasharray=\"2 2\"/>"))
        XCTAssertNoThrow(try render("<path d=\"m 14.0042,2.5 c 0.2747,0 0.4958,0.2564 0.4958,0.5749 v 12.4472 L 1.9958,15.5 c -0.2747,0 -0.4958,-0.2564 -0.4958,-0.5749\" "
                                    + "fill=\"none\" stroke=\"#8d8d8d\" stroke-dasharray=\"2, 1\" stroke-dashoffset=\"0.2\"/>", viewBox: "0 0 16 16"))
    }

    /// A pattern's, mask's or marker's content is drawn at what it paints times its own
    /// factors (`patternTransform`, a viewBox, its transforms): a `scale(2)` pattern filling a
    /// `scale(2)` rect draws its 4-unit stroke 16 wide (robust 240; 132 for the marker).
    func testAResourcesContentScalesByWhatItPaintsTimesItsOwnFactors() {
        let box = "0 0 96 96", words = "a dash begins or ends at a corner"
        let corner = "points=\"3,4 18,4 18,19\" fill=\"none\" stroke=\"#000\" stroke-width=\"4\" stroke-dasharray=\"7.5 7.5\""
        refused("<defs><pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"24\" height=\"24\" patternTransform=\"scale(2)\"><polyline \(corner)/></pattern></defs>"
                + "<rect width=\"48\" height=\"48\" transform=\"scale(2)\" fill=\"url(#p)\"/>", words, viewBox: box)
        refused("<defs><pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"24\" height=\"24\" patternTransform=\"scale(2)\"><polyline \(corner)/></pattern>"
                + "<rect id=\"r\" width=\"48\" height=\"48\" fill=\"url(#p)\"/></defs><use href=\"#r\" transform=\"scale(2)\"/>", words, viewBox: box)
        refused("<defs><mask id=\"m\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"48\" height=\"48\"><polyline \(corner) transform=\"scale(2)\"/></mask></defs>"
                + "<g transform=\"scale(2)\"><rect width=\"48\" height=\"48\" fill=\"#000\" mask=\"url(#m)\"/></g>", words, viewBox: box)
        refused("<defs><marker id=\"m\" markerUnits=\"userSpaceOnUse\" markerWidth=\"48\" markerHeight=\"48\" viewBox=\"0 0 24 24\" orient=\"0\">"
                + "<polyline points=\"2,3 17,3 17,18\" fill=\"none\" stroke=\"#000\" stroke-width=\"3\" stroke-dasharray=\"7.5 7.5\"/></marker></defs>"
                + "<g transform=\"scale(2)\"><path d=\"M0 0 L2 0\" stroke=\"#000\" stroke-width=\"0.5\" marker-start=\"url(#m)\"/></g>", words, viewBox: box)
        // Unscaled, the same pattern's stroke is thin: drawn.
        XCTAssertNoThrow(try render("<defs><pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"24\" height=\"24\"><polyline points=\"3,4 18,4 18,19\" fill=\"none\" "
                                    + "stroke=\"#000\" stroke-width=\"1\" stroke-dasharray=\"7.5 7.5\"/></pattern></defs><rect width=\"96\" height=\"96\" fill=\"url(#p)\"/>",
                                    viewBox: box))
    }
}
