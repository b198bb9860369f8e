import XCTest

/// Hostile round 116: dashes where an open line ends, and the width the corner rule reads.
extension SVGDrawnAsABrowserTests {
    /// cairo draws a dash beginning exactly where an open line ends as its cap alone — a dot, a
    /// square — where a browser draws nothing (measured robust 468–576 at 12 units in 96, 52 at
    /// 4 units).
    func testADashBeginningWhereAnOpenLineEndsIsRefused() {
        let stroke = "fill=\"none\" stroke=\"black\" stroke-width=\"1\""
        for cap in ["round", "square"] {
            for shape in ["<path d=\"M2 12 H20\" \(stroke) stroke-dasharray=\"4.5 4.5\" stroke-linecap=\"\(cap)\"/>",
                          "<line x1=\"2\" y1=\"12\" x2=\"20\" y2=\"12\" \(stroke) stroke-dasharray=\"4.5\" stroke-linecap=\"\(cap)\"/>",
                          // Each subpath starts the pattern again.
                          "<path d=\"M2 6 H12 M2 18 H12\" \(stroke) stroke-dasharray=\"5 5\" stroke-linecap=\"\(cap)\"/>",
                          // There through the offset, along two sides, and with dots.
                          "<path d=\"M2 12 H16\" \(stroke) stroke-dasharray=\"4.5 4.5\" stroke-dashoffset=\"4\" stroke-linecap=\"\(cap)\"/>",
                          "<polyline points=\"2,2 20,2 20,20\" \(stroke) stroke-dasharray=\"9\" stroke-linecap=\"\(cap)\"/>",
                          "<g stroke-linecap=\"\(cap)\"><path d=\"M2 12 H12\" \(stroke) stroke-dasharray=\"0 2.5\"/></g>"] {
                refused(shape, "a dash begins where the line ends")
            }
        }
        // Butt caps draw nothing of it; a closed outline joins its ends; a dash ending where the
        // line ends, or beginning after no gap (under the last dash's cap), is drawn alike.
        XCTAssertNoThrow(try render("<path d=\"M2 12 H20\" \(stroke) stroke-dasharray=\"4.5 4.5\"/>"))
        XCTAssertNoThrow(try render("<path d=\"M12 3 H21 V21 H3 V3 Z\" \(stroke) stroke-dasharray=\"4.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"))
        XCTAssertNoThrow(try render("<path d=\"M2 12 H20\" \(stroke) stroke-dasharray=\"4.5 4.5\" stroke-dashoffset=\"4.5\" stroke-linecap=\"round\"/>"))
        XCTAssertNoThrow(try render("<path d=\"M2 12 H22\" \(stroke) stroke-dasharray=\"10 5 5 0\" stroke-linecap=\"round\"/>"))
    }

    /// The corner rule's "wide stroke" is the width as drawn: scaled by the transforms and
    /// viewports above, and a width in `em` or `%` taken as wide (round 116: robust 132–342).
    func testTheCornerRuleReadsTheStrokeWidthAsDrawn() {
        let dashed = "d=\"M2 2 H11 V11\" fill=\"none\" stroke=\"black\" stroke-dasharray=\"9 3\""
        refused("<g transform=\"scale(2)\"><path \(dashed) stroke-width=\"1.5\"/></g>", "a dash begins or ends at a corner")
        refused("<svg width=\"24\" height=\"24\" viewBox=\"0 0 12 12\"><path \(dashed) stroke-width=\"1.5\"/></svg>", "a dash begins or ends at a corner")
        refused("<path \(dashed) stroke-width=\"0.2em\"/>", "a dash begins or ends at a corner")
        refused("<path \(dashed) stroke-width=\"12%\"/>", "a dash begins or ends at a corner")
        // Thin as drawn: a pixel's antialiasing (measured alike).
        XCTAssertNoThrow(try render("<g transform=\"scale(0.5)\"><path \(dashed) stroke-width=\"3\"/></g>"))
        XCTAssertNoThrow(try render("<path \(dashed) stroke-width=\"1.5\"/>"))
    }
}
