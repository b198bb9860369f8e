import Foundation
import XCTest

/// Hostile round 89: values librsvg reads and a browser drops (CSS 2's `display: run-in`,
/// `compact` and `marker`, a negative `stroke-miterlimit`), and group effects on a text span,
/// which a browser applies to its letters and librsvg does not.
extension SVGDrawnAsABrowserTests {
    func testValuesABrowserDropsAndEffectsOnTextSpansAreRefused() {
        let rect = "<rect width=\"20\" height=\"20\" fill=\"green\"/>"
        for value in ["run-in", "compact", "marker"] {
            refused("<style>rect{display:none} rect{display:\(value)}</style>" + rect, "display \(value), a CSS 2 value")
            refused(rect.replacingOccurrences(of: "<rect ", with: "<rect display=\"none\" style=\"display:\(value)\" "), "display \(value), a CSS 2 value")
        }
        let path = "<path d=\"M7 23 L12 9 L17 23\" stroke-width=\"3\" fill=\"none\" stroke=\"green\""
        refused("<g stroke-miterlimit=\"10\">" + path + " stroke-miterlimit=\"-1\"/></g>", "stroke-miterlimit -1, a negative limit")
        refused("<style>path{stroke-miterlimit:10} path{stroke-miterlimit:-1}</style>" + path + "/>", "stroke-miterlimit -1")
        // Plain values of both draw alike.
        drawAlike("<style>rect{display:inline}</style>" + rect, rect)
        drawAlike(path + " stroke-miterlimit=\"10\"/>", path + "/>")

        let text = "<text x=\"2\" y=\"18\" font-size=\"16\" fill=\"black\">H"
        for (span, words) in [("<tspan opacity=\"0\">i</tspan>", "opacity on a <tspan>"), ("<tspan style=\"opacity:.2\">i</tspan>", "opacity on a <tspan>"),
                              ("<tspan clip-path=\"url(#c)\">i</tspan>", "clip-path on a <tspan>"), ("<tspan mask=\"url(#m)\">i</tspan>", "mask on a <tspan>"),
                              ("<tspan filter=\"url(#f)\">i</tspan>", "filter on a <tspan>"),
                              ("<tspan style=\"mix-blend-mode:difference\">i</tspan>", "mix-blend-mode on a <tspan>"),
                              ("<a href=\"#x\" opacity=\"0\">i</a>", "opacity on a <tspan> (or a link in text)")] {
            let defs = "<defs><clipPath id=\"c\"><rect width=\"1\" height=\"1\"/></clipPath><mask id=\"m\"><rect width=\"1\" height=\"1\" fill=\"white\"/></mask>"
                + "<filter id=\"f\"><feFlood flood-color=\"red\"/></filter></defs>"
            refused(defs + text + span + "</text>", words)
        }
        refused("<style>tspan{opacity:0}</style>" + text + "<tspan>i</tspan></text>", "opacity on a <tspan>")
        // Neutral values, and the effect on the <text> itself, draw alike.
        drawAlike(text + "<tspan opacity=\"1\" style=\"mix-blend-mode:normal\">i</tspan></text>", text + "<tspan>i</tspan></text>")
    }
}
