import Foundation
import XCTest

/// Hostile round 95: what is refused written on an element was drawn when a style sheet gave it
/// (effects on a pattern, a mask, a nested svg, a turned element's box), `!important` hid a
/// value from the checks, and baseline-shift on a group moved its text in librsvg only.
extension SVGDrawnAsABrowserTests {
    func testEffectsASheetGivesAreRefusedAsWhenWritten() {
        let pattern = "<pattern id=\"p\" class=\"p\" width=\"4\" height=\"4\" patternUnits=\"userSpaceOnUse\"><rect width=\"3\" height=\"3\" fill=\"red\"/></pattern>"
            + "<rect width=\"20\" height=\"20\" fill=\"url(#p)\"/>"
        let flood = "<filter id=\"f\"><feFlood flood-color=\"blue\"/></filter><clipPath id=\"c\"><rect width=\"8\" height=\"8\"/></clipPath>"
        for (sheet, words) in [("pattern{filter:url(#f)}", "a style sheet may give a <pattern> a filter"),
                               (".p{clip-path:url(#c)}", "a style sheet may give a <pattern> a clip-path")] {
            refused("<style>\(sheet)</style>" + flood + pattern, words)
        }
        refused("<style>mask{clip-path:url(#c)}</style>" + flood + "<mask id=\"m\"><rect width=\"24\" height=\"24\" fill=\"white\"/></mask>"
                + "<rect width=\"20\" height=\"20\" fill=\"red\" mask=\"url(#m)\"/>", "a style sheet may give a <mask> a clip-path")
        refused("<style>.n{clip-path:url(#c)}</style>" + flood + "<svg class=\"n\" x=\"4\" y=\"4\" width=\"16\" height=\"16\" viewBox=\"0 0 4 4\">"
                + "<rect width=\"4\" height=\"4\" fill=\"red\"/></svg>", "a style sheet may give a nested <svg> a clip-path")
        refused("<style>.r{clip-path:url(#c)}</style><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><circle cx=\"0.5\" cy=\"0.5\" r=\"0.5\"/></clipPath>"
                + "<g transform=\"rotate(40 12 12)\"><rect class=\"r\" x=\"4\" y=\"8\" width=\"16\" height=\"8\" fill=\"red\"/></g>",
                "a clip path in bounding-box units on an element drawn turned or skewed")
        // A transform in a sheet that stretches, in a stroked icon (miters are judged as drawn).
        refused("<style>.s{transform:scale(2,1)}</style><path class=\"s\" d=\"M2 2L10 12L2 20\" fill=\"none\" stroke=\"black\"/>",
                "a style sheet: transform scale(2,1), which stretches or slants what it selects")
    }

    func testImportantHidesNothingFromTheChecks() {
        let text = "<text x=\"2\" y=\"14\" font-size=\"6\">A<tspan style=\"baseline-shift:%@\">B</tspan></text>"
        for value in ["sub !important", "super!important", "sub ! IMPORTANT"] {
            refused(text.replacingOccurrences(of: "%@", with: value), "baseline-shift \(value.hasPrefix("sub") ? "sub" : "super"), which librsvg shifts otherwise")
        }
        refused("<style>text{font-size:16 !important}</style><text x=\"2\" y=\"14\" font-size=\"6\">AB</text>", "font-size 16 without a unit")
        refused("<style>.t{letter-spacing:3 !important}</style><text class=\"t\" x=\"2\" y=\"14\" font-size=\"6\">AB</text>", "letter-spacing 3 without a unit")
    }

    func testBaselineShiftOnWhatIsNotTextIsRefused() {
        for group in ["<g baseline-shift=\"6\">", "<g style=\"baseline-shift:-6px\">", "<a baseline-shift=\"-6\">"] {
            let close = group.hasPrefix("<a") ? "</a>" : "</g>"
            refused(group + "<text x=\"2\" y=\"14\" font-size=\"10\">AB</text>" + close, "baseline-shift>: on what is not text")
        }
        refused("<style>g{baseline-shift:-6px}</style><g><text x=\"2\" y=\"14\" font-size=\"10\">AB</text></g>", "a style sheet's baseline-shift: it may select what is not text")
        // On the text itself both shift it alike; 0 shifts nothing.
        XCTAssertNoThrow(try render("<text x=\"2\" y=\"14\" font-size=\"10\" baseline-shift=\"-6\">AB</text>"))
        XCTAssertNoThrow(try render("<g baseline-shift=\"0\"><text x=\"2\" y=\"14\" font-size=\"10\">AB</text></g>"))
    }

    /// A custom property changes nothing until a `var()` reads it (and `var()` is refused).
    func testCustomPropertiesAloneAreDrawn() {
        drawAlike("<rect width=\"20\" height=\"20\" style=\"--x:red;fill:green\"/>", "<rect width=\"20\" height=\"20\" style=\"fill:green\"/>")
        drawAlike("<style>rect{--accent: #f00}</style><rect width=\"20\" height=\"20\" fill=\"green\"/>", "<rect width=\"20\" height=\"20\" fill=\"green\"/>")
        refused("<rect width=\"20\" height=\"20\" style=\"--x:red;fill:var(--x)\"/>", "the CSS declaration \"fill:var(--x)\"")
    }
}
