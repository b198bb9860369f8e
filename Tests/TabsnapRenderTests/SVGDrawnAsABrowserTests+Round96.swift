import Foundation
import XCTest

/// Hostile round 96: the checks read CSS by its marks (`/* */`, `{`, `}`, `;`), not by CSS's
/// tokens, so a string holding one (`font-family:"/*"`, `"}"`) hid the rules after it from them,
/// where librsvg and a browser read the string as a string and apply those rules.
extension SVGDrawnAsABrowserTests {
    func testCSSStringsHoldingMarksAreRefused() {
        let square = "<rect width=\"20\" height=\"20\" fill=\"green\"/>"
        for (css, shown) in [("rect{font-family:\"/*\"} svg{display:none}", "\"/*\""), ("svg{font-family:\"}\";display:none}", "\"}\""),
                             ("rect{font-family:'a;b'}", "'a;b'"), ("rect{font-family:\"*/\"}", "\"*/\""), ("rect{font-family:\"{\"}", "\"{\"")] {
            refused("<style>\(css)</style>" + square, "a style sheet: the CSS string \(shown) holds { } ; or a comment mark")
        }
        refused("<text x=\"2\" y=\"14\" style='font-family:\"/*\",sans-serif;font-style:italic'>AB</text>", "<text style>: the CSS string \"/*\"")
        // Quotes in comments, and strings without the marks, are read as before.
        drawAlike("<style>/* it's a rule */ rect{font-family:\"Inter\"}</style>" + square, square)
    }
}
