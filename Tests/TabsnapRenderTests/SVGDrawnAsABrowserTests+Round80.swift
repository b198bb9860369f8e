import Foundation
import XCTest

/// Hostile round 80: text split by spans (a span placed with no characters, right-to-left and
/// joined scripts, direction), synthesised slants and widths, and stroked radii under a
/// hundredth of the icon.
extension SVGDrawnAsABrowserTests {
    func testTextSplitBySpansAsLibrsvgLaysItOutIsRefused() {
        let text = "<text x=\"2\" y=\"14\" font-size=\"8\" fill=\"#03c\">"
        for span in ["A<tspan x=\"14\"/>B", "A<tspan y=\"22\"></tspan>B", "A<tspan x=\"14\"><tspan display=\"none\">C</tspan></tspan>B", "A<a x=\"14\"/>B"] {
            refused(text + span + "</text>", "with no characters of its own")
        }
        refused(text + "ש<tspan fill=\"red\">ל</tspan>ו</text>", "of a script written right to left or joined")
        refused(text + "ب<tspan>ب</tspan>ب</text>", "of a script written right to left or joined")
        refused("<text x=\"22\" y=\"14\" font-size=\"8\" direction=\"rtl\">AB<tspan fill=\"red\">CD</tspan></text>", "direction rtl on text split by <tspan>")
        for style in ["font-style=\"italic\"", "font-style=\"oblique\"", "font-stretch=\"condensed\"", "style=\"font:italic 8px Inter\""] {
            refused("<text x=\"2\" y=\"14\" font-size=\"8\" \(style)>ABC</text>", "which a browser synthesises and librsvg draws upright")
        }
        // A span with its own characters, dx/dy on an empty span, and right-to-left words
        // without spans draw alike.
        XCTAssertNoThrow(try render(text + "A<tspan x=\"14\">B</tspan><tspan dx=\"2\"/>C</text>"))
        XCTAssertNoThrow(try render("<text x=\"22\" y=\"14\" font-size=\"8\" direction=\"rtl\">שלום</text>"))
    }

    func testStrokedRadiiUnderAHundredthOfTheIconAreRefused() {
        let stroke = "fill=\"none\" stroke=\"#03c\" stroke-width=\"6\""
        for shape in ["<circle cx=\"12\" cy=\"12\" r=\"0.01\" \(stroke)/>", "<ellipse cx=\"12\" cy=\"12\" rx=\"0.1\" ry=\"6\" \(stroke)/>",
                      "<path d=\"M12 12a0.1 0.1 0 0 0 0.2 0\" \(stroke)/>",
                      "<g transform=\"scale(0.001)\"><circle cx=\"12000\" cy=\"12000\" r=\"100\" \(stroke)/></g>"] {
            refused(shape, "under a two-hundredth of the icon, in a stroked icon")
        }
        XCTAssertNoThrow(try render("<circle cx=\"12\" cy=\"12\" r=\"0.3\" \(stroke)/><rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" rx=\"0.1\" \(stroke)/>"))
        XCTAssertNoThrow(try render("<circle cx=\"12\" cy=\"12\" r=\"0.01\" fill=\"#03c\"/>"), "filled, not stroked")
    }
}

extension SVGDrawnAsABrowserTests {
    func testMiterJoinsJudgedOtherwiseUnderAStretchAreRefused() {
        let peak = "<path d=\"M3.5 21 L6 5 L8.5 21\" fill=\"none\" stroke=\"#03c\" stroke-width=\"2\" stroke-miterlimit=\"6\"/>"
        // Ratio 6.48 in the path's own space; 3.35 once stretched twice as wide.
        refused("<svg width=\"24\" height=\"24\" viewBox=\"0 0 12 24\" preserveAspectRatio=\"none\">\(peak)</svg>", "a miter join of ratio 6.478 in its own space")
        refused("<g transform=\"scale(2 1)\">\(peak)</g>", "on either side of the limit 6 under a stretch")
        refused("<polygon points=\"3.5,21 6,5 8.5,21\" fill=\"none\" stroke=\"#03c\" stroke-width=\"2\" stroke-miterlimit=\"6\" transform=\"scale(2 1)\"/>", "a miter join")
        // Round joins, an even scale with a rotation, or a limit both sides agree on: drawn.
        XCTAssertNoThrow(try render("<g transform=\"scale(2 1)\">\(peak.replacingOccurrences(of: "/>", with: " stroke-linejoin=\"round\"/>"))</g>"))
        XCTAssertNoThrow(try render("<g transform=\"rotate(30 12 12) scale(0.8)\">\(peak)</g>"))
        XCTAssertNoThrow(try render("<g transform=\"scale(2 1)\">\(peak.replacingOccurrences(of: "stroke-miterlimit=\"6\"", with: "stroke-miterlimit=\"10\""))</g>"))
    }
}
