import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 102: librsvg 2.54 clips by a `<clipPath>`'s children as one path under one rule,
/// so children overlapping with opposite windings (a reversed path, a glyph over a rectangle) or
/// under `clip-rule: evenodd` cut holes where a browser takes their union; and it clips by text
/// a browser leaves out (hidden or transparent).
extension SVGDrawnAsABrowserTests {
    func testClipPathsOfSeveralShapesLibrsvgJoinsAreRefused() throws {
        let target = "<rect width=\"24\" height=\"24\" fill=\"blue\" clip-path=\"url(#c)\"/>"
        for clip in ["<path d=\"M0 0H16V16H0Z\"/><path d=\"M24 8H8V24H24Z\"/>",
                     "<rect width=\"24\" height=\"24\"/><path d=\"M4 4V20H20V4Z\"/>",
                     "<rect width=\"16\" height=\"16\" clip-rule=\"evenodd\"/><rect x=\"8\" y=\"8\" width=\"16\" height=\"16\" clip-rule=\"evenodd\"/>",
                     "<text x=\"0\" y=\"20\" font-size=\"20\">W</text><rect width=\"6\" height=\"24\"/>",
                     "<use href=\"#r\"/><rect width=\"6\" height=\"24\"/>"] {
            refused("<defs><rect id=\"r\" width=\"9\" height=\"9\"/><clipPath id=\"c\">\(clip)</clipPath></defs>\(target)", "librsvg clips by them as one path")
        }
        refused("<style>rect{clip-rule:evenodd}</style><defs><clipPath id=\"c\"><rect width=\"16\" height=\"16\"/><rect x=\"8\" y=\"8\" width=\"16\" height=\"16\"/></clipPath></defs>\(target)",
                "librsvg clips by them as one path")
        refused("<defs><clipPath id=\"c\" clip-rule=\"evenodd\"><rect width=\"16\" height=\"16\"/><circle cx=\"16\" cy=\"16\" r=\"8\"/></clipPath></defs>\(target)",
                "librsvg clips by them as one path")
        // Rectangles, circles and ellipses wind one way: their union, drawn alike in either order;
        // one path of any winding is its own rule's, as a browser's.
        drawAlike("<defs><clipPath id=\"c\"><rect width=\"16\" height=\"16\"/><circle cx=\"16\" cy=\"16\" r=\"8\"/></clipPath></defs>\(target)",
                  "<defs><clipPath id=\"c\"><circle cx=\"16\" cy=\"16\" r=\"8\"/><rect width=\"16\" height=\"16\"/></clipPath></defs>\(target)")
        XCTAssertNoThrow(try render("<defs><clipPath id=\"c\"><path d=\"M4 4V20H20V4Z M0 0H24V24H0Z\" clip-rule=\"evenodd\"/></clipPath></defs>\(target)"))
    }

    func testHiddenOrTransparentTextInAClipPathIsRefused() throws {
        let target = "<rect width=\"24\" height=\"24\" fill=\"blue\" clip-path=\"url(#c)\"/>"
        for (defs, clip) in [("", "<text x=\"0\" y=\"20\" font-size=\"20\" visibility=\"hidden\">W</text>"),
                             ("", "<text x=\"0\" y=\"20\" font-size=\"20\" style=\"visibility:collapse\">W</text>"),
                             ("", "<text x=\"0\" y=\"20\" font-size=\"20\"><tspan visibility=\"hidden\">W</tspan></text>"),
                             ("<style>text{visibility:hidden}</style>", "<text x=\"0\" y=\"20\" font-size=\"20\">W</text>"),
                             ("", "<text x=\"0\" y=\"20\" font-size=\"20\" opacity=\"0\">W</text>"),
                             ("<text id=\"t\" x=\"0\" y=\"20\" font-size=\"20\">W</text>", "<use href=\"#t\" visibility=\"hidden\"/>")] {
            refused("\(defs)<defs><clipPath id=\"c\">\(clip)</clipPath></defs>\(target)", "holds text that is hidden or transparent")
        }
        refused("<g visibility=\"hidden\"><clipPath id=\"c\"><text x=\"0\" y=\"20\" font-size=\"20\">W</text></clipPath></g>\(target)",
                "holds text that is hidden or transparent")
        // Visible text clips alike in both.
        XCTAssertNoThrow(try render("<defs><clipPath id=\"c\"><text x=\"0\" y=\"20\" font-size=\"20\" visibility=\"visible\">W</text></clipPath></defs>\(target)"))
    }
}

/// Hostile round 103: a mirroring transform reverses a shape's winding, so two circles in one
/// clip path, one under `scale(-1 1)`, cut a hole in librsvg; a `<mask>`'s transform attribute is
/// applied by librsvg and not by a browser; a clip path's transform in objectBoundingBox units is
/// joined to the box's mapping in other orders.
extension SVGDrawnAsABrowserTests {
    func testTransformsThatLibrsvgAppliesOtherwiseInClipsAndMasksAreRefused() throws {
        let target = "<rect width=\"24\" height=\"24\" fill=\"blue\" clip-path=\"url(#c)\"/>"
        refused("<defs><clipPath id=\"c\"><circle cx=\"9\" cy=\"9\" r=\"7\"/><circle cx=\"-15\" cy=\"15\" r=\"7\" transform=\"scale(-1 1)\"/></clipPath></defs>\(target)",
                "librsvg clips by them as one path")
        refused("<style>.m{transform:scale(-1,1)}</style><defs><clipPath id=\"c\"><circle cx=\"9\" cy=\"9\" r=\"7\"/>"
                + "<circle class=\"m\" cx=\"-15\" cy=\"15\" r=\"7\"/></clipPath></defs>\(target)", "librsvg clips by them as one path")
        refused("<defs><mask id=\"m\" transform=\"translate(6 0)\"><rect width=\"12\" height=\"24\" fill=\"white\"/></mask></defs>"
                + "<rect width=\"24\" height=\"24\" fill=\"green\" mask=\"url(#m)\"/>", "with a transform, which librsvg applies and a browser does not")
        refused("<defs><clipPath id=\"c\" transform=\"rotate(20 12 12)\" clipPathUnits=\"objectBoundingBox\"><rect x=\".1\" y=\".1\" width=\".5\" height=\".5\"/></clipPath></defs>"
                + "<rect x=\"2\" y=\"2\" width=\"20\" height=\"20\" fill=\"green\" clip-path=\"url(#c)\"/>", "in objectBoundingBox units with a transform")
        // In user space a clip path's transform draws alike (measured: robust 0), and one shape may turn.
        XCTAssertNoThrow(try render("<defs><clipPath id=\"c\" transform=\"rotate(20 12 12)\"><rect x=\"4\" y=\"4\" width=\"12\" height=\"12\"/></clipPath></defs>\(target)"))
        XCTAssertNoThrow(try render("<defs><clipPath id=\"c\"><circle cx=\"-15\" cy=\"15\" r=\"7\" transform=\"scale(-1 1)\"/></clipPath></defs>\(target)"))
        // Among several shapes, a transform attribute that keeps the winding draws alike
        // (measured against Chromium); one that mirrors, or one written as CSS, is refused.
        let circle = "<circle cx=\"9\" cy=\"9\" r=\"7\"/>"
        for kept in ["translate(2 3)", "rotate(45 15 15)", "scale(2) translate(-7 -7)", "matrix(0 1 -1 0 30 0)", "scale(-1 -1) translate(-30 -30)"] {
            XCTAssertNoThrow(try render("<defs><clipPath id=\"c\">\(circle)<rect x=\"10\" y=\"10\" width=\"10\" height=\"10\" transform=\"\(kept)\"/></clipPath></defs>\(target)"), kept)
        }
        for mirrored in ["matrix(-1 0 0 1 30 0)", "scale(1 -1) translate(0 -30)", "skewX(30) scale(-1 1)", "scale(0)"] {
            refused("<defs><clipPath id=\"c\">\(circle)<rect x=\"10\" y=\"10\" width=\"10\" height=\"10\" transform=\"\(mirrored)\"/></clipPath></defs>\(target)",
                    "librsvg clips by them as one path")
        }
        refused("<defs><clipPath id=\"c\">\(circle)<rect x=\"10\" y=\"10\" width=\"10\" height=\"10\" style=\"transform: translate(2px, 3px)\"/></clipPath></defs>\(target)",
                "librsvg clips by them as one path")
    }
}

/// Hostile round 104: a percentage in a mask's content in objectBoundingBox units is taken of the
/// box by librsvg and of the viewport by a browser (50%: a quarter of the rect, or all of it).
extension SVGDrawnAsABrowserTests {
    func testPercentagesInAMasksBoundingBoxContentAreRefused() throws {
        let masked = "<rect x=\"4\" y=\"2\" width=\"32\" height=\"20\" fill=\"blue\" mask=\"url(#m)\"/>"
        for content in ["<rect width=\"50%\" height=\"50%\" fill=\"white\"/>", "<circle cx=\".5\" cy=\".5\" r=\"25%\" fill=\"white\"/>",
                        "<rect x=\"10%\" width=\".5\" height=\".5\" fill=\"white\"/>", "<g><rect width=\".5\" height=\".5\" style=\"stroke-width:5%\" fill=\"white\"/></g>"] {
            refused("<defs><mask id=\"m\" maskContentUnits=\"objectBoundingBox\">\(content)</mask></defs>\(masked)",
                    "in objectBoundingBox content units holding a percentage", viewBox: "0 0 40 24")
        }
        // Fractions of the box, and percentages in user space, are read alike.
        XCTAssertNoThrow(try render("<defs><mask id=\"m\" maskContentUnits=\"objectBoundingBox\"><rect width=\".5\" height=\".5\" fill=\"white\"/></mask></defs>\(masked)",
                                    viewBox: "0 0 40 24"))
        XCTAssertNoThrow(try render("<defs><mask id=\"m\"><rect width=\"50%\" height=\"50%\" fill=\"white\"/></mask></defs>\(masked)", viewBox: "0 0 40 24"))
    }
}

/// A review of rounds 102–104: clip-rule inherited from the clip path's ancestors, one text under
/// evenodd, units written with a line break, and percentages a mask's content inherits or draws
/// through a `<use>`.
extension SVGDrawnAsABrowserTests {
    func testWhatClipsAndMasksInheritOrReachIsReadToo() throws {
        let target = "<rect width=\"24\" height=\"24\" fill=\"blue\" clip-path=\"url(#c)\"/>"
        let rects = "<rect width=\"16\" height=\"16\"/><rect x=\"8\" y=\"8\" width=\"16\" height=\"16\"/>"
        refused("<g style=\"clip-rule:evenodd\"><clipPath id=\"c\">\(rects)</clipPath></g>\(target)", "librsvg clips by them as one path")
        refused("<style>g{clip-rule:evenodd}</style><g><clipPath id=\"c\">\(rects)</clipPath></g>\(target)", "librsvg clips by them as one path")
        refused("<defs><clipPath id=\"c\" clip-rule=\"evenodd\"><text x=\"0\" y=\"20\" font-size=\"20\" letter-spacing=\"-8\">WW</text></clipPath></defs>\(target)",
                "holding text under clip-rule evenodd")
        // One shape under an inherited evenodd is its own rule's, as a browser's.
        XCTAssertNoThrow(try render("<g clip-rule=\"evenodd\"><clipPath id=\"c\"><rect width=\"16\" height=\"16\"/></clipPath></g>\(target)"))
        refused("<defs><clipPath id=\"c\" clipPathUnits=\"objectBoundingBox&#10;\" transform=\"rotate(30)\"><rect width=\".5\" height=\".5\"/></clipPath></defs>\(target)",
                "in objectBoundingBox units with a transform")
        let masked = "<rect x=\"4\" y=\"2\" width=\"32\" height=\"20\" fill=\"blue\" mask=\"url(#m)\"/>"
        for (defs, mask) in [("", "<mask id=\"m\" maskContentUnits=\"objectBoundingBox&#10;\"><rect width=\"50%\" height=\"50%\" fill=\"white\"/></mask>"),
                             ("", "<mask id=\"m\" maskContentUnits=\"objectBoundingBox\" stroke-width=\"10%\"><rect width=\".5\" height=\".5\" stroke=\"#fff\"/></mask>"),
                             ("<rect id=\"r\" width=\"50%\" height=\"50%\" fill=\"#fff\"/>", "<mask id=\"m\" maskContentUnits=\"objectBoundingBox\"><use href=\"#r\"/></mask>")] {
            refused("<defs>\(defs)\(mask)</defs>\(masked)", "in objectBoundingBox content units holding a percentage", viewBox: "0 0 40 24")
        }
        // A mask's region in percentages is no content.
        XCTAssertNoThrow(try render("<defs><mask id=\"m\" x=\"-10%\" y=\"-10%\" width=\"120%\" height=\"120%\" maskContentUnits=\"objectBoundingBox\">"
                                    + "<rect width=\".5\" height=\".5\" fill=\"white\"/></mask></defs>\(masked)", viewBox: "0 0 40 24"))
    }
}
