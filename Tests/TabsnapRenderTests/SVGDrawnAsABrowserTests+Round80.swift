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
                      "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" rx=\"0.0001\" \(stroke)/>", "<path d=\"M12 12a0.1 0.1 0 0 0 0.2 0\" \(stroke)/>",
                      "<g transform=\"scale(0.001)\"><circle cx=\"12000\" cy=\"12000\" r=\"100\" \(stroke)/></g>"] {
            refused(shape, "under a hundredth of the icon, in a stroked icon")
        }
        XCTAssertNoThrow(try render("<circle cx=\"12\" cy=\"12\" r=\"0.3\" \(stroke)/><rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" rx=\"2\" \(stroke)/>"))
        XCTAssertNoThrow(try render("<circle cx=\"12\" cy=\"12\" r=\"0.01\" fill=\"#03c\"/>"), "filled, not stroked")
    }
}
