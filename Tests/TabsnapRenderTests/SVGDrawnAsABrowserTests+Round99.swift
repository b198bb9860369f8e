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
