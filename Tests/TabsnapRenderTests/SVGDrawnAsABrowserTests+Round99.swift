import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 99: a sheet naming the `marker` element (`marker path { fill: orange }`) was read
/// as giving every path markers, so an arrowhead's own closed path was refused as "a path with
/// markers and a closed path". Only a rule declaring a marker property on the path or an
/// ancestor (markers inherit) marks it.
extension SVGDrawnAsABrowserTests {
    func testASheetStylingAMarkersContentMarksNothing() throws {
        let marker = "<defs><marker id=\"m\" markerWidth=\"10\" markerHeight=\"10\" refX=\"5\" refY=\"5\" orient=\"auto\">"
        let line = "<path d=\"M4 12H20\" stroke=\"black\" marker-end=\"url(#m)\"/>"
        for sheet in ["marker path{fill:orange}", "marker > path { fill: orange }", "marker{color:red} marker path{fill:orange}", "#m path{fill:orange}"] {
            drawAlike("<style>\(sheet)</style>\(marker)<path d=\"M0 0L10 5L0 10z\" style=\"fill:orange\"/></marker></defs>\(line)",
                      "\(marker)<path d=\"M0 0L10 5L0 10z\" fill=\"orange\"/></marker></defs>\(line)")
        }
        // A rule that gives markers to a closed path, itself or through an ancestor, is refused as before.
        let closed = "<path class=\"p\" d=\"M4 4H20V20z\" stroke=\"black\"/>"
        for (sheet, body) in [(".p{marker-end:url(#m)}", closed), ("g{marker-start:url(#m)}", "<g>\(closed)</g>"),
                              ("path{marker:url(#m)}", closed), ("*{marker-mid:url(#m)}", closed)] {
            refused("<style>\(sheet)</style>\(marker)<rect width=\"4\" height=\"4\"/></marker></defs>\(body)", "with markers and a closed path")
        }
        // `none` marks nothing.
        drawAlike("<style>path{marker-end:none}</style>\(marker)<rect width=\"4\" height=\"4\"/></marker></defs>\(closed)",
                  "\(marker)<rect width=\"4\" height=\"4\"/></marker></defs>\(closed)")
    }
}

/// Hostile round 100: a rule whose subject is no type, id or class (`[d]`, `:not(.x)`), written
/// with a space before its `{` as most sheets are, was read as selecting nothing, so every "may a
/// sheet give this element X" check let it through: markers on a closed path, a CSS transform
/// beside a transform attribute.
extension SVGDrawnAsABrowserTests {
    func testRulesSelectingByAttributeOrNegationWithASpaceBeforeTheBraceMayApply() throws {
        let marker = "<defs><marker id=\"m\" markerWidth=\"16\" markerHeight=\"16\" refX=\"8\" refY=\"8\" markerUnits=\"userSpaceOnUse\" orient=\"auto\">"
            + "<path d=\"M0 4L16 8L0 12z\" fill=\"red\"/></marker></defs>"
        let closed = "<path d=\"M10 10 L54 10 L54 54 Z\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>"
        for sheet in ["[d] { marker: url(#m) }", ":not(.x) { marker: url(#m) }", "[stroke-width=\"2\"] { marker-start: url(#m) }",
                      "[d]\n{ marker: url(#m) }", "[d] , .q { marker: url(#m) }", ".q, [d]\t{ marker: url(#m) }"] {
            refused("<style>\(sheet)</style>\(marker)\(closed)", "with markers and a closed path", viewBox: "0 0 64 64")
        }
        refused("<style>[transform] { transform: rotate(30deg) }</style><rect x=\"20\" y=\"10\" width=\"30\" height=\"20\" transform=\"translate(0 20)\"/>",
                "transform", viewBox: "0 0 64 64")
        refused("<style>:not(.q) { transform: translate(10px,10px) }</style><rect x=\"20\" y=\"10\" width=\"30\" height=\"20\" transform=\"rotate(20)\"/>",
                "transform", viewBox: "0 0 64 64")
        // Descendants still end at their last compound: `[d] path` selects paths.
        XCTAssertTrue(SVGIconPreflight.Document.subjectMayBeAnything("[d] "))
        XCTAssertTrue(SVGIconPreflight.Document.subjectMayBeAnything("g > :not(.x)  "))
        XCTAssertFalse(SVGIconPreflight.Document.subjectMayBeAnything("[d] path "))
        XCTAssertFalse(SVGIconPreflight.Document.subjectMayBeAnything("[d] > path , #a "))
    }
}

/// Hostile round 101: Swift reads "\r\n" as one `Character`, so `" \t\r\n".contains(c)` held no
/// lone line feed: a line break after a selector list's comma (`g,\nsvg`) hid the next
/// selector's type from every sheet check (a transform on the root, `display: none` on a
/// gradient, markers on a closed path).
extension SVGDrawnAsABrowserTests {
    func testALineBreakInASelectorListHidesNoSelector() throws {
        let marker = "<defs><marker id=\"m\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><rect width=\"4\" height=\"4\"/></marker></defs>"
        let gradient = "<defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"red\"/><stop offset=\"1\" stop-color=\"lime\"/></linearGradient></defs>"
        for separator in [",\n", ",\r\n", "\n,", ",\n\n"] {
            refused("<style>g\(separator)svg {transform:rotate(30deg)}</style><rect x=\"3\" y=\"3\" width=\"18\" height=\"18\" fill=\"#c00\"/>",
                    "transform on the outermost <svg>")
            refused("<style>g\(separator)linearGradient {display:none}</style>\(gradient)<rect width=\"20\" height=\"20\" fill=\"url(#g)\"/>",
                    "hides (display none)")
            refused("<style>g\(separator)path {marker:url(#m)}</style>\(marker)<path d=\"M4 4H20V20H4z\" fill=\"none\" stroke=\"#000\"/>",
                    "with markers and a closed path")
        }
        XCTAssertTrue(Character("\n").isXMLSpace && Character("\r\n").isXMLSpace && Character("\r").isXMLSpace)
        XCTAssertEqual(SVGIconPreflight.Document.typeSelectors(in: "g,\nsvg"), ["g", "svg"])
        XCTAssertEqual(SVGIconPreflight.Document.typeSelectors(in: "a\r\n>\r\npath"), ["a", "path"])
    }
}
