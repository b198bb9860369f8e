import XCTest

/// Hostile round 105: a mask on a nested `<svg>`, and a mask or filter on a `<use>` of one, which
/// librsvg places in the `<svg>`'s own units; a clip path on what a clip path's `<use>` draws,
/// which librsvg ignores.
extension SVGDrawnAsABrowserTests {
    func testMasksAndFiltersPlacedInANestedViewportsUnitsAreRefused() throws {
        let mask = "<mask id=\"m\"><circle cx=\"12\" cy=\"12\" r=\"8\" fill=\"white\"/></mask>"
        let nested = "<svg width=\"24\" height=\"24\" viewBox=\"0 0 12 12\"%@><rect width=\"12\" height=\"12\" fill=\"blue\"/></svg>"
        refused("<defs>\(mask)</defs>" + String(format: nested, " mask=\"url(#m)\""), "a mask on a nested <svg>")
        refused("<defs>\(mask)</defs>" + String(format: nested, " style=\"mask: url(#m)\""), "a mask on a nested <svg>")
        refused("<style>.n { mask: url(#m) }</style><defs>\(mask)</defs>" + String(format: nested, " class=\"n\""), "a style sheet may give a nested <svg> a mask")
        let symbol = String(format: nested, " id=\"v\"")
        refused("<defs>\(mask)\(symbol)</defs><use href=\"#v\" mask=\"url(#m)\"/>", "<use mask> of a nested <svg>")
        refused("<defs>\(mask)\(symbol)<use id=\"u\" href=\"#v\"/></defs><use href=\"#u\" x=\"2\" mask=\"url(#m)\"/>", "<use mask> of a nested <svg>")
        refused("<defs><filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter>\(symbol)</defs><use href=\"#v\" filter=\"url(#f)\"/>",
                "<use filter> of a nested <svg>")
        refused("<style>use { filter: url(#f) }</style><defs><filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter>\(symbol)</defs><use href=\"#v\"/>",
                "a style sheet may give a <use> of a nested <svg> a filter")
        // Placed alike (measured against Chromium): a clip path on a use of an <svg>, a filter on
        // the nested <svg> itself, a mask on a use of a shape, and on a group around the <svg>.
        XCTAssertNoThrow(try render("<defs><clipPath id=\"c\"><circle cx=\"12\" cy=\"12\" r=\"8\"/></clipPath>\(symbol)</defs><use href=\"#v\" clip-path=\"url(#c)\"/>"))
        XCTAssertNoThrow(try render("<defs><filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter></defs>" + String(format: nested, " filter=\"url(#f)\"")))
        XCTAssertNoThrow(try render("<defs>\(mask)<rect id=\"r\" width=\"24\" height=\"24\" fill=\"blue\"/></defs><use href=\"#r\" mask=\"url(#m)\"/>"))
        XCTAssertNoThrow(try render("<defs>\(mask)</defs><g mask=\"url(#m)\">" + String(format: nested, "") + "</g>"))
    }

    func testAClipPathOnWhatAClipPathsUseDrawsIsRefused() throws {
        let target = "<rect width=\"24\" height=\"24\" fill=\"blue\" clip-path=\"url(#c)\"/>"
        let half = "<clipPath id=\"k\"><rect width=\"12\" height=\"24\"/></clipPath>"
        refused("<defs>\(half)<circle id=\"o\" cx=\"12\" cy=\"12\" r=\"9\" clip-path=\"url(#k)\"/><clipPath id=\"c\"><use href=\"#o\"/></clipPath></defs>\(target)",
                "on or inside a <clipPath>")
        refused("<style>.h { clip-path: url(#k) }</style><defs>\(half)<circle id=\"o\" class=\"h\" cx=\"12\" cy=\"12\" r=\"9\"/><clipPath id=\"c\"><use href=\"#o\"/></clipPath></defs>\(target)",
                "a style sheet may give a <clipPath> or what it holds a clip-path")
        // Through a chain of uses too.
        refused("<defs>\(half)<circle id=\"o\" cx=\"12\" cy=\"12\" r=\"9\" clip-path=\"url(#k)\"/><use id=\"p\" href=\"#o\"/><clipPath id=\"c\"><use href=\"#p\"/></clipPath></defs>\(target)",
                "on or inside a <clipPath>")
        // The same circle clipped where it is drawn, not in the clip path: drawn.
        XCTAssertNoThrow(try render("<defs>\(half)<circle id=\"o\" cx=\"12\" cy=\"12\" r=\"9\"/><clipPath id=\"c\"><use href=\"#o\"/></clipPath></defs>"
                                    + "<g clip-path=\"url(#k)\">\(target)</g>"))
    }
}
