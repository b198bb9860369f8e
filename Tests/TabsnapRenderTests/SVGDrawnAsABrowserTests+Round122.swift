import XCTest

/// Hostile round 122: what a `<use>` gives what it draws (it inherits from the use, not from where
/// it is written) was not read: dashes (robust 332) and markers holding a filter (robust 3 600)
/// given by a use passed. One reader (`SVGInheritance`) follows each use for every check of how
/// something is stroked or marked.
extension SVGDrawnAsABrowserTests {
    func testDashesAUseGivesWhatItDrawsAreJudged() {
        let line = "<defs><path id=\"p\" d=\"M2 12 H20\"/></defs>"
        // On the use, a group above it, a sheet's rule for it, through a use of a use.
        refused(line + "<use href=\"#p\" stroke=\"#000\" stroke-dasharray=\"4.5 4.5\" stroke-linecap=\"round\"/>", "a dash begins where the line ends")
        refused(line + "<g stroke=\"#000\" stroke-linecap=\"square\"><use href=\"#p\" stroke-dasharray=\"4.5\"/></g>", "a dash begins where the line ends")
        refused("<style>.u { stroke-dasharray: 4.5 4.5 }</style>" + line + "<use class=\"u\" href=\"#p\" stroke=\"#000\" stroke-linecap=\"round\"/>",
                "a dash begins where the line ends")
        refused(line + "<defs><use id=\"q\" href=\"#p\"/></defs><use href=\"#q\" stroke=\"#000\" stroke-dasharray=\"4.5 4.5\" stroke-linecap=\"round\"/>",
                "a dash begins where the line ends")
        // The corner rule: a square's corners, the width from the group holding the use.
        refused("<defs><rect id=\"r\" x=\"4\" y=\"4\" width=\"12\" height=\"12\" fill=\"none\"/></defs>"
                + "<g stroke=\"#000\" stroke-width=\"3\"><use href=\"#r\" stroke-dasharray=\"6 6\"/></g>", "a dash begins or ends at a corner")
        // A symbol drawn by a use whose viewport is sized by what holds it: wide.
        refused("<defs><path id=\"s\" d=\"M1 1 H9 V9\" fill=\"none\" stroke=\"#000\" stroke-width=\"0.5\" stroke-dasharray=\"8 8\"/></defs>"
                + "<svg viewBox=\"0 0 10 10\"><use href=\"#s\"/></svg>", "a dash begins or ends at a corner")
        // What the use gives safely is drawn: an offset off the ends, butt caps.
        XCTAssertNoThrow(try render(line + "<use href=\"#p\" stroke=\"#000\" stroke-dasharray=\"4.5 4.5\" stroke-dashoffset=\"1\" stroke-linecap=\"round\"/>"))
        XCTAssertNoThrow(try render(line + "<use href=\"#p\" stroke=\"#000\" stroke-dasharray=\"4.5 4.5\"/>"))
    }

    func testMarkersAUseGivesWhatItDrawsAreJudged() {
        let marker = "<filter id=\"o\" filterUnits=\"userSpaceOnUse\" x=\"-50\" y=\"-50\" width=\"150\" height=\"150\"><feOffset dx=\"-16\"/></filter>"
            + "<marker id=\"m\" markerUnits=\"userSpaceOnUse\" overflow=\"visible\"><rect width=\"6\" height=\"6\" fill=\"red\" filter=\"url(#o)\"/></marker>"
        let outside = "<defs><path id=\"p\" d=\"M27 5 L32 10\" stroke=\"#00f\"/></defs>"
        for use in ["<use href=\"#p\" marker-start=\"url(#m)\"/>", "<use href=\"#p\" style=\"marker-start: url(#m)\"/>",
                    "<g marker-start=\"url(#m)\"><use href=\"#p\"/></g>", "<style>use { marker-start: url(#m) }</style><use href=\"#p\"/>"] {
            refused(marker + outside + use, "draws markers holding a filter")
        }
        // Drawn inside the box, the same markers are drawn alike.
        XCTAssertNoThrow(try render(marker + "<defs><path id=\"p\" d=\"M20 5 L12 10\" stroke=\"#00f\"/></defs><use href=\"#p\" marker-start=\"url(#m)\"/>"))
        // And markers a group gives its shape are sized by the shape's own stroke width: 3 times
        // 0.001 is under 1/50 of a unit, which librsvg leaves out.
        refused("<marker id=\"t\"><rect width=\"3\" height=\"3\"/></marker><g marker-end=\"url(#t)\"><path d=\"M2 2 L20 20\" stroke=\"#000\" stroke-width=\"0.001\"/></g>",
                "under 1/50 of a unit")
        refused("<marker id=\"t\"><rect width=\"3\" height=\"3\"/></marker><defs><path id=\"p\" d=\"M2 2 L20 20\" stroke=\"#000\"/></defs>"
                + "<use href=\"#p\" marker-end=\"url(#t)\" stroke-width=\"0.001\"/>", "under 1/50 of a unit")
    }

    /// The dash rules read path data as `SVGPathData` does, subpath by subpath, up to its first
    /// error (as it is drawn): a straight subpath beside a curved one, and one before an error,
    /// were not read (their whole path was let be).
    func testTheDashRulesReadEachSubpathAsDrawn() {
        let dashed = "fill=\"none\" stroke=\"black\" stroke-width=\"3\" stroke-dasharray=\"9 3\""
        refused("<path d=\"M2 2 H11 V11 M14 14 C16 14 18 16 20 20\" \(dashed)/>", "a dash begins or ends at a corner")
        refused("<path d=\"M2 2 H11 V11 L\" \(dashed)/>", "a dash begins or ends at a corner")
        refused("<path d=\"M14 14 C16 14 18 16 20 20 M2 12 H20\" fill=\"none\" stroke=\"black\" stroke-dasharray=\"4.5 4.5\" stroke-linecap=\"round\"/>",
                "a dash begins where the line ends")
        // Data not beginning with a move draws nothing.
        XCTAssertNoThrow(try render("<path d=\"L2 2 H11 V11\" \(dashed)/>"))
    }

    /// The reader keeps what it reads in its case (an id is named in it) and reads `inherit
    /// !important` as `inherit` (review of round 122: `url(#Tiny)` was looked up as `#tiny`).
    func testInheritedMarkersKeepTheirIdsCase() {
        let tiny = "<marker id=\"Tiny\" markerWidth=\"0.01\" markerHeight=\"0.01\"><circle r=\"1\"/></marker>"
        let line = "d=\"M2 2 H20\" stroke=\"#000\""
        refused(tiny + "<path \(line) marker-end=\"url(#Tiny)\"/>", "under 1/50 of a unit")
        refused("<style>path { marker-end: url(#Tiny) }</style>" + tiny + "<path \(line)/>", "under 1/50 of a unit")
        refused(tiny + "<g marker-end=\"url(#Tiny)\"><path \(line) style=\"marker-end: inherit !important\"/></g>", "under 1/50 of a unit")
        XCTAssertNoThrow(try render(tiny + "<g marker-end=\"url(#Tiny)\"><path \(line) style=\"marker-end: none\"/></g>"))
    }

    /// A use's markers reach a closed path it draws: librsvg places them otherwise.
    func testAMarkedClosedPathThroughAUseIsRefused() {
        let marker = "<marker id=\"a\" markerWidth=\"4\" markerHeight=\"4\"><circle cx=\"2\" cy=\"2\" r=\"2\"/></marker>"
        refused(marker + "<defs><path id=\"p\" d=\"M4 4 H20 V20 Z\" fill=\"none\" stroke=\"#000\"/></defs><use href=\"#p\" marker-mid=\"url(#a)\"/>",
                "with markers and a closed path")
        XCTAssertNoThrow(try render(marker + "<defs><path id=\"p\" d=\"M4 4 H20 V20 Z\" fill=\"none\" stroke=\"#000\"/></defs><use href=\"#p\"/>"
                                    + "<path d=\"M4 12 L12 20\" stroke=\"#000\" marker-mid=\"url(#a)\"/>"))
    }
}
