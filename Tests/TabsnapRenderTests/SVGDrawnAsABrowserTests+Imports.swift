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
            // Round 87: a string ends at a line break XML hands on as one (a raw CR too); an
            // unquoted url() is one token to its `)`, whatever it holds (`/*`, a quote).
            ("@import 'x.css\r;\n#r{fill:blue}", "\n#r{fill:blue}"),
            ("@import url(/*);\n#r{fill:blue}/**/", "\n#r{fill:blue}/**/"),
            ("@import url(x'.css);\n#r{fill:blue}", "\n#r{fill:blue}"),
            ("@import url( x\"y );\n#r{fill:blue}", "\n#r{fill:blue}"),
            // Round 88: `#url(` is a hash and a bracket, not a url(): the comment in it runs to the
            // sheet's last `*/`, the bracket to its end — one rule, dropped whole.
            ("@import \"x.css\" #url(/*) ; #r{fill:blue} /* */", ""),
            ("@charset \"utf-8\"; @import 'x.css'; #r{fill:blue}", "@charset \"utf-8\"; #r{fill:blue}"),
            // A review of round 91: at the top a stray `}` is part of the at-rule's prelude, which
            // ends at its `;`.
            ("@import \"x.css\" } ; #r{fill:blue}", "#r{fill:blue}"),
        ] {
            drawAlike("<style>\(sheet)</style>" + rect, "<style>\(left)</style>" + rect)
        }
        // A backtick is no `@`: nothing is taken out, the sheet stays one rule librsvg drops (and
        // says so; it was blanked into `#r{fill:blue}`, which a browser never applies).
        refused("<style>`import 'x.css'; #r{fill:blue}</style>" + rect, "librsvg does not read the CSS rule")
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
        // Round 88: where no rule begins, an @import is part of a selector or a value — taken out,
        // `svg@import x; rect{…}` (a rule a browser drops) would be `svg rect{…}` — refused.
        for sheet in ["svg@import url(x.css); rect{fill:blue}", "svg @import \"x.css\"; rect{fill:blue}", "svg, @import \"x.css\"; rect{fill:blue}",
                      "svg[x]@import \"x.css\";,rect{fill:blue}", "#r{fill: blue @import 'x.css'; stroke: black}", "#r{x: {a} @import 'y'; stroke:black}",
                      // An at-rule begun in a block ends with it: `a; @import …` after is a prelude.
                      "g{@x} a; @import \"y\" {} #r{fill:blue}"] {
            refused("<style>\(sheet)</style>" + rect, "imports another (@import)")
        }
        // An @import inside a url() token is its text, not a rule (and still refused as written).
        refused("<style>#r{fill:url(#g@import) blue}</style>" + rect, "imports another (@import)")
    }

    /// Hostile round 87: librsvg draws an element in no namespace (below `xmlns=""`) as SVG's and
    /// a browser draws nothing of it; a browser applies an XHTML `<style>` and librsvg does not.
    /// Both are refused; a prefixed `<svg:style>` is read to its own end tag.
    func testElementsAndSheetsOutsideSVGsNamespaceAreRefusedOrReadAsABrowserReadsThem() {
        let blue = "<rect y=\"8\" width=\"16\" height=\"8\" fill=\"blue\"/>"
        refused("<rect xmlns=\"\" width=\"16\" height=\"8\" fill=\"lime\"/>" + blue, "<rect> is in no namespace (xmlns=\"\")")
        refused("<g xmlns=\"\"><rect width=\"16\" height=\"8\" fill=\"lime\"/></g>" + blue, "<g> is in no namespace")
        refused("<linearGradient xmlns=\"\" id=\"l\"><stop stop-color=\"lime\"/></linearGradient><rect width=\"16\" height=\"8\" fill=\"url(#l) red\"/>",
                "<linearGradient> is in no namespace")
        refused("<style xmlns=\"\">.a{fill:lime}</style><rect class=\"a\" width=\"16\" height=\"8\"/>", "<style> is in no namespace")
        refused("<style xmlns=\"http://www.w3.org/1999/xhtml\">.a{fill:lime}</style><rect class=\"a\" width=\"16\" height=\"8\"/>",
                "<style> is not in SVG's namespace")
        // Drawn by neither, or alike: another namespace's element, an editor's metadata.
        drawAlike("<rect xmlns=\"urn:x\" width=\"16\" height=\"8\" fill=\"lime\"/>" + blue, blue)
        drawAlike("<metadata><work xmlns=\"\"><title>t</title></work></metadata>" + blue, blue)
        drawAlike(blue + "<script xmlns=\"\"/>", blue)
        // A prefixed sheet ends at its own end tag (it was "a style sheet holds markup").
        drawAlike("<svg:style xmlns:svg=\"http://www.w3.org/2000/svg\">.a{fill:lime}</svg:style><rect class=\"a\" width=\"16\" height=\"8\"/>" + blue,
                  "<style>.a{fill:lime}</style><rect class=\"a\" width=\"16\" height=\"8\"/>" + blue)
    }
}

/// `@font-face`: librsvg drops the rule, a browser may set the icon's text in its face. Only text
/// is set in a font, so an icon without text draws alike either way (round 97 found it refused
/// there: editors write the rule into every icon of a set); one with text is refused.
extension SVGDrawnAsABrowserTests {
    func testFontFacesAreRefusedOnlyWhereTheIconSetsText() throws {
        let rect = "<rect id=\"r\" width=\"20\" height=\"20\" fill=\"red\"/>"
        for face in ["@font-face { font-family: X; src: local(Arial); }", "@FONT-FACE/**/{font-family:'Y'}", "\n@font-face\n{ font-family: X }"] {
            drawAlike("<style>\(face) #r{fill:blue}</style>" + rect, "<style>#r{fill:blue}</style>" + rect)
            refused("<style>\(face) #r{fill:blue}</style>" + rect + "<text x=\"2\" y=\"16\" font-size=\"10\">A</text>",
                    "would not be set in the font a browser sets it in")
        }
        // Another at-rule is still refused with or without text.
        refused("<style>@font-feature-values X { @swash { a: 1 } } #r{fill:blue}</style>" + rect, "librsvg does not read the CSS rule")
    }
}
