import Foundation
import XCTest

/// Hostile round 90: effects librsvg applies where a browser does not (a clip path, mask or filter
/// on a `<pattern>`, a clip path on a `<mask>`), a clip path on a nested `<svg>` placed in other
/// units, a negative font size (a browser drops it), and filter primitives librsvg draws by whole
/// device pixels (a convolution's duplicated or wrapped edge, `feTile`).
extension SVGDrawnAsABrowserTests {
    func testEffectsOnResourcesNegativeFontSizesAndPixelBoundFiltersAreRefused() {
        let defs = "<defs><clipPath id=\"c\"><rect width=\"4\" height=\"4\"/></clipPath><mask id=\"k\"><rect width=\"4\" height=\"4\" fill=\"white\"/></mask>"
            + "<filter id=\"f\"><feFlood flood-color=\"red\"/></filter></defs>"
        let tile = "<rect width=\"8\" height=\"8\"/></pattern><rect width=\"24\" height=\"24\" fill=\"url(#p)\"/>"
        for (effect, words) in [("clip-path=\"url(#c)\"", "clip-path on a <pattern>"), ("style=\"clip-path:url(#c)\"", "clip-path on a <pattern>"),
                                ("mask=\"url(#k)\"", "mask on a <pattern>"), ("filter=\"url(#f)\"", "filter on a <pattern>")] {
            refused(defs + "<pattern id=\"p\" width=\"12\" height=\"12\" patternUnits=\"userSpaceOnUse\" \(effect)>" + tile, words)
        }
        refused(defs.replacingOccurrences(of: "<mask id=\"k\">", with: "<mask id=\"k\" clip-path=\"url(#c)\">") + "<rect width=\"24\" height=\"12\" mask=\"url(#k)\"/>",
                "clip-path on a <mask>")
        refused(defs + "<svg x=\"2\" y=\"2\" width=\"20\" height=\"20\" clip-path=\"url(#c)\"><rect width=\"20\" height=\"20\"/></svg>", "a clip path on a nested <svg>")
        for written in ["<g font-size=\"-8\"><rect width=\"1em\" height=\"8\"/></g>", "<style>rect{font-size:-8px}</style><rect width=\"1em\" height=\"8\"/>",
                        "<rect font-size=\"-50%\" width=\"1em\" height=\"8\"/>"] {
            refused(written, "a negative size a browser drops")
        }
        for primitive in ["<feConvolveMatrix order=\"3\" kernelMatrix=\"0 -1 0 -1 5 -1 0 -1 0\"/>",
                          "<feConvolveMatrix order=\"3\" kernelMatrix=\"1 1 1 1 1 1 1 1 1\" edgeMode=\"wrap\"/>"] {
            refused("<filter id=\"v\" x=\"0\" y=\"0\" width=\"1\" height=\"1\">\(primitive)</filter><rect width=\"20\" height=\"20\" filter=\"url(#v)\"/>",
                    "edgeMode duplicate or wrap")
        }
        refused("<filter id=\"t\"><feFlood width=\"5\" height=\"5\"/><feOffset width=\"10\" height=\"10\"/><feTile/></filter><rect width=\"24\" height=\"24\" filter=\"url(#t)\"/>",
                "<feTile>")
        // A filter nothing uses is drawn by neither (Inkscape's own feConvolveMatrix icon defines one).
        drawAlike("<defs><filter id=\"u\"><feConvolveMatrix order=\"3\" kernelMatrix=\"0 -1 0 -1 5 -1 0 -1 0\"/><feTile/></filter></defs>"
                  + "<rect width=\"20\" height=\"20\"/>", "<rect width=\"20\" height=\"20\"/>")
        // What both draw alike still draws: a clip path on the element a pattern fills, an edge
        // of none, font-size 0.
        drawAlike(defs + "<pattern id=\"p\" width=\"12\" height=\"12\" patternUnits=\"userSpaceOnUse\">" + tile.replacingOccurrences(of: "fill=\"url(#p)\"", with: "fill=\"url(#p)\" clip-path=\"url(#c)\""),
                  defs + "<pattern id=\"p\" width=\"12\" height=\"12\" patternUnits=\"userSpaceOnUse\">" + tile.replacingOccurrences(of: "fill=\"url(#p)\"", with: "fill=\"url(#p)\" clip-path=\"url(#c)\""))
        drawAlike("<filter id=\"v\"><feConvolveMatrix order=\"3\" kernelMatrix=\"0 0 0 0 1 0 0 0 0\" edgeMode=\"none\"/></filter><rect width=\"20\" height=\"20\" filter=\"url(#v)\"/>",
                  "<filter id=\"v\"><feConvolveMatrix order=\"3\" kernelMatrix=\"0 0 0 0 1 0 0 0 0\" edgeMode=\"none\"/></filter><rect width=\"20\" height=\"20\" filter=\"url(#v)\"/>")
    }
}
