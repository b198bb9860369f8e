import Foundation
import XCTest

/// Hostile round 79: resources where a browser finds none, commas before path commands, and
/// bounding-box paint on a box next to flat.
extension SVGDrawnAsABrowserTests {
    func testResourcesWhereABrowserFindsNoneAreRefused() {
        let gradient = "<linearGradient id=\"g\"><stop stop-color=\"#e00\"/><stop offset=\"1\" stop-color=\"#03c\"/></linearGradient>"
        let painted = "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"url(#g) #0c0\"/>"
        for holder in ["<svg display=\"none\">G</svg>", "<svg style=\"display:none\"><defs>G</defs></svg>", "<title>G</title>", "<desc>G</desc>",
                       "<metadata>G</metadata>", "<foo>G</foo>", "<text>G</text>", "<rect width=\"1\" height=\"1\">G</rect>",
                       "<switch><g/><g>G</g></switch>"] {
            refused(holder.replacingOccurrences(of: "G", with: gradient) + painted, "where a browser does not find it")
        }
        refused("<style>svg svg{display:none}</style><svg>\(gradient)</svg>" + painted, "where a browser does not find it")
        // Groups (hidden or not), <defs>, <symbol>, other resources and a switch's chosen branch
        // hold resources alike for both.
        for holder in ["<g display=\"none\">G</g>", "<defs>G</defs>", "<symbol id=\"s\">G</symbol>", "<mask id=\"m\">G</mask>", "<switch><g>G</g></switch>", "<svg>G</svg>"] {
            XCTAssertNoThrow(try render(holder.replacingOccurrences(of: "G", with: gradient) + painted), holder)
        }
    }

    func testCommasBeforePathCommandsAreRefused() {
        for d in ["M4 4h16,v16h-16z", "M4,4,h16v16h-16z", "M4 4 ,h16v16h-16z", "M4 4h16v16H4,Z"] {
            refused("<path d=\"\(d)\"/>", "a comma before a command letter")
        }
        drawAlike("<path d=\"M4,4 20,4 20,20 4,20z\"/>", "<path d=\"M4 4L20 4L20 20L4 20Z\"/>")
    }

    func testBoxPaintOnANearlyFlatBoxIsRefused() {
        let gradient = "<linearGradient id=\"g\"><stop stop-color=\"#e00\"/><stop offset=\"1\" stop-color=\"#03c\"/></linearGradient>"
        refused(gradient + "<rect x=\"2\" y=\"12\" width=\"20\" height=\"0.001\" stroke=\"url(#g)\" stroke-width=\"8\"/>", "a box under a thousandth of the icon")
        refused(gradient + "<g stroke=\"url(#g) #0c0\"><path d=\"M2 12L22 12.0005\" stroke-width=\"8\" fill=\"none\"/></g>", "a box under a thousandth of the icon")
        // Exactly flat (both leave it unpainted) or paint in user space: drawn.
        XCTAssertNoThrow(try render(gradient + "<path d=\"M2 12H22\" stroke=\"url(#g) #0c0\" stroke-width=\"8\"/>"))
        XCTAssertNoThrow(try render(gradient.replacingOccurrences(of: "id=\"g\"", with: "id=\"g\" gradientUnits=\"userSpaceOnUse\" x2=\"24\"")
                                    + "<path d=\"M2 12L22 12.0005\" stroke=\"url(#g)\" stroke-width=\"8\"/>"))
    }
}
