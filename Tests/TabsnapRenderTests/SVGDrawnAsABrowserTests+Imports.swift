import Foundation
@testable import TabsnapCairo
import XCTest

/// `@import` of a sheet from elsewhere: a browser's `<img>` fetches nothing, so it draws the icon
/// with the colours written in it. Inkscape's symbolic icons import their theme's colours
/// (`@import '../../highlights.css';`), and were refused (hostile round 84: 12 of 80 sampled system
/// icons; 638 of the 2 754 under `/usr/share/**/icons`). The rule is taken out before librsvg reads
/// the icon — it never reads a file beside it — and the icon is drawn as a browser draws it.
extension SVGDrawnAsABrowserTests {
    func testImportsABrowserNeverFetchesAreTakenOut() throws {
        // A sheet beside the icon that would turn it green, were it read.
        try Data("#r{fill:#00ff00} rect{fill:#00ff00}".utf8).write(to: folder.appendingPathComponent("x.css"))
        let rect = "<rect id=\"r\" width=\"20\" height=\"20\" fill=\"red\"/>"
        for (sheet, left) in [
            ("@import url(x.css);", ""),
            ("\n@import '../../highlights.css';\n", ""),
            ("#r{fill:blue} @IMPORT \"x.css\" screen; rect{stroke:black}", "#r{fill:blue} rect{stroke:black}"),
            ("@import url(\"x.css\") supports(display: grid) (min-width: 1px); #r{fill:blue}", "#r{fill:blue}"),
            ("@import x.css {#r{fill:#0f0}} #r{fill:blue}", "#r{fill:blue}"),
            ("#r{fill:blue} @import \"x.css\"", "#r{fill:blue}"),
            ("#r{fill:blue; @import 'x.css'; stroke:black}", "#r{fill:blue; stroke:black}"),
            ("/* a comment; */ @import 'x;css' /* ; */; #r{fill:blue}", "/* a comment; */ #r{fill:blue}"),
        ] {
            drawAlike("<style>\(sheet)</style>" + rect, "<style>\(left)</style>" + rect)
        }
        // Pieces of CDATA are one sheet: the rule is taken out across them.
        drawAlike("<style>@im<![CDATA[port \"x.css\";]]>#r{fill:blue}</style>" + rect, "<style>#r{fill:blue}</style>" + rect)
        // What librsvg gets holds spaces where the rule was, line breaks kept (lines still count).
        let icon = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><style>\n@import url(x.css);\n#r{fill:blue}</style>\(rect)</svg>"
        let checked = try SVGIconPreflight.check(Array(icon.utf8))
        let given = String(decoding: checked.bytes, as: UTF8.self)
        XCTAssertTrue(given.contains("<style>\n\(String(repeating: " ", count: 19))\n#r{fill:blue}</style>"), given)
        XCTAssertFalse(given.contains("import"), given)
    }

    func testImportsABrowserMayApplyOrThatAreNotRulesAreStillRefused() throws {
        let rect = "<rect id=\"r\" width=\"20\" height=\"20\" fill=\"red\"/>"
        let green = Data("#r{fill:#0f0}".utf8).base64EncodedString()
        // A data: sheet is no fetch: a browser may apply it.
        refused("<style>@import url(data:text/css;base64,\(green));</style>" + rect, "imports another (@import)")
        refused("<style>@import 'DATA:text/css,%23r%7Bfill:%230f0%7D';</style>" + rect, "imports another (@import)")
        // Not a rule as CSS reads it: left, and refused as before.
        refused("<style>/* @import 'x.css'; */</style>" + rect, "imports another (@import)")
        refused("<style>#r{font-family:\"@import\"}</style>" + rect, "imports another (@import)")
        refused("<style>@imports 'x.css';</style>" + rect, "imports another (@import)")
        refused("<style>@\\69mport 'x.css';</style>" + rect, "holds an escape")
    }
}
