import Foundation
@testable import TabsnapCairo
import TabsnapModel
import XCTest

/// An icon drawn widened (`SVGWideViewport`) gets a librsvg handle for each widened viewBox, and
/// that viewBox follows the icon's size (its margin is whole device pixels). An icon growing in
/// every frame would be read anew each frame, a cost no probe counts (review of stop 64: 0.1 s
/// for a large icon): past a few readings, a kept handle holding enough is drawn at the new size.
final class WideIconTests: XCTestCase {
    private func checked(_ body: String) throws -> SVGIconPreflight.Checked {
        try SVGIconPreflight.check(Array("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>".utf8))
    }

    func wide(_ body: String) throws -> SVGWideViewport {
        try XCTUnwrap(try checked(body).wide)
    }

    func testAnIconGrowingInEveryFrameIsReadABoundedNumberOfTimes() throws {
        let icon = WideIcon(try wide("<filter id=\"b\"><feGaussianBlur stdDeviation=\"1\"/></filter><circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/>"))
        for step in 0..<100 {
            let side = 20 + Double(step) * 0.37
            guard case .success(let placed) = icon.placed(in: Rect(x: 5, y: 5, width: side, height: side), devicePerUnit: (2, 2)) else {
                return XCTFail("size \(side) not drawn")
            }
            // The viewport holds the frame with the reach (3 units) around it, at the frame's scale.
            let perUnit = side / 24
            XCTAssertLessThanOrEqual(placed.viewport.x, 5 - 3 * perUnit + 1e-9)
            XCTAssertGreaterThanOrEqual(placed.viewport.x + placed.viewport.width, 5 + side + 3 * perUnit - 1e-9)
        }
        XCTAssertLessThanOrEqual(icon.read, 24)
    }

    func testAKeptHandleMapsTheIconWhereItsOwnSizeWould() throws {
        let viewport = try wide("<filter id=\"b\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect width=\"24\" height=\"24\" filter=\"url(#b)\"/>")
        let frame = Rect(x: 10, y: 20, width: 48, height: 48)
        let (viewBox, exact) = viewport.placement(in: frame, devicePerUnit: (1, 1))
        // The same viewBox mapped into the same frame: the same viewport.
        let mapped = try XCTUnwrap(viewport.viewport(mapping: viewBox, in: frame))
        for (a, b) in [(mapped.x, exact.x), (mapped.y, exact.y), (mapped.width, exact.width), (mapped.height, exact.height)] { XCTAssertEqual(a, b, accuracy: 1e-9) }
        // One too narrow for the reach holds too little.
        XCTAssertNil(viewport.viewport(mapping: Rect(x: -1, y: -1, width: 26, height: 26), in: frame))
    }
}

/// The second review of stop 64: reaches the lines of elements did not add up.
extension WideIconTests {
    private func reach(_ body: String) throws -> Double {
        try wide(body).reach
    }

    func testResourcesAndInheritedFiltersAddToTheReach() throws {
        let offset = "<filter id=\"o\" filterUnits=\"userSpaceOnUse\" x=\"-48\" y=\"-48\" width=\"120\" height=\"120\"><feOffset dx=\"10\"/></filter>"
        // An offset mask under an offset group: moved twice.
        XCTAssertGreaterThanOrEqual(try reach(offset + "<mask id=\"m\" maskUnits=\"userSpaceOnUse\" x=\"-48\" y=\"-48\" width=\"120\" height=\"120\">"
                                              + "<rect x=\"-20\" width=\"10\" height=\"24\" fill=\"#fff\" filter=\"url(#o)\"/></mask>"
                                              + "<g filter=\"url(#o)\"><rect x=\"-48\" width=\"120\" height=\"24\" fill=\"red\" mask=\"url(#m)\"/></g>"), 20)
        // `inherit` from a sheet, and on what a <use> draws: filtered again. (In the middle of
        // the box: a group with its own offset holds it there by the offset, or a browser may
        // leave the group out, round 116.)
        XCTAssertGreaterThanOrEqual(try reach(offset + "<style>.a { filter: inherit }</style><g filter=\"url(#o)\"><g class=\"a\"><rect x=\"10\" y=\"10\" width=\"4\" height=\"4\"/></g></g>"), 20)
        XCTAssertGreaterThanOrEqual(try reach(offset + "<defs><rect id=\"r\" x=\"10\" y=\"10\" width=\"4\" height=\"4\" filter=\"inherit\"/></defs><use href=\"#r\" filter=\"url(#o)\"/>"), 20)
        // A length computed by a function is not read.
        XCTAssertThrowsError(try checked("<rect width=\"4\" height=\"4\" style=\"filter: blur(calc(2px + 1px))\"/>"))
        // A percentage a userSpaceOnUse gradient takes through its href follows the viewBox.
        XCTAssertThrowsError(try checked("<linearGradient id=\"a\" x2=\"50%\"><stop offset=\"0\"/></linearGradient><linearGradient id=\"b\" href=\"#a\" "
                                      + "gradientUnits=\"userSpaceOnUse\"/><rect width=\"9\" height=\"9\" fill=\"url(#b)\"/>"
                                      + "<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect width=\"4\" height=\"4\" filter=\"url(#f)\"/>"))
    }

    /// Round 112: a hatch pattern enlarged three times, and an unused marker on a 6-unit stroke,
    /// beside a soft mask multiplied its reach by 18 (refused); they draw no other resource.
    func testResourcesDrawingNoOtherEnlargeNothingElse() throws {
        let icon = "<marker id=\"m\"><path d=\"M0,0 L-3,-2 L-3,2 z\"/></marker><filter id=\"b\"><feGaussianBlur stdDeviation=\"4\"/></filter>"
            + "<mask id=\"k\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"24\" height=\"24\"><circle cx=\"12\" cy=\"12\" r=\"8\" fill=\"#fff\" filter=\"url(#b)\"/></mask>"
            + "<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"4\" height=\"4\" patternTransform=\"scale(3)\"><rect width=\"2\" height=\"2\"/></pattern>"
            + "<rect width=\"24\" height=\"24\" fill=\"url(#p)\" mask=\"url(#k)\"/><path d=\"M2 20 L20 2\" stroke=\"#000\" stroke-width=\"6\"/>"
        XCTAssertEqual(try reach(icon), 12, accuracy: 1e-9)
        // A pattern that fills with another resource does enlarge it.
        XCTAssertGreaterThan(try reach(icon.replacingOccurrences(of: "<rect width=\"2\" height=\"2\"/>", with: "<rect width=\"2\" height=\"2\" mask=\"url(#k)\"/>")), 12)
    }

    /// Round 113: a function left open at the end of a value is closed there, as CSS (and
    /// librsvg) close it; a radial gradient's focus and focal radius in percent follow the
    /// viewport; letter-spacing in percent is of the viewport in librsvg, of the font in a browser.
    func testOpenFunctionsAndFocalPercentagesAreRead() throws {
        let offset = "<filter id=\"b\" x=\"-2\" y=\"-2\" width=\"5\" height=\"5\"><feOffset dx=\"10\"/></filter>"
        XCTAssertEqual(try reach(offset + "<rect x=\"-10\" width=\"12\" height=\"12\" filter=\"url(#b\"/>"), 10, accuracy: 1e-9)
        XCTAssertEqual(try reach(offset + "<rect x=\"-10\" width=\"12\" height=\"12\" style=\"filter: drop-shadow(10px 0 0 blue\"/>"), 10, accuracy: 1e-9)
        let blur = "<filter id=\"s\"><feGaussianBlur stdDeviation=\"1\"/></filter><circle cx=\"4\" cy=\"4\" r=\"2\" filter=\"url(#s)\"/>"
        for focus in ["fr=\"30%\"", "fx=\"30%\" fy=\"30%\""] {
            XCTAssertThrowsError(try checked(blur + "<radialGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" cx=\"12\" cy=\"12\" r=\"10\" \(focus)><stop offset=\"0\"/>"
                                             + "</radialGradient><rect width=\"24\" height=\"24\" fill=\"url(#g)\"/>"), focus)
        }
        XCTAssertThrowsError(try checked("<text y=\"12\" font-size=\"8\" letter-spacing=\"10%\">IIII</text>")) { error in
            XCTAssertTrue("\(error)".contains("letter-spacing 10%"), "\(error)")
        }
    }

    func testABoxChangingShapeInEveryFrameIsRefusedPastTheReadings() throws {
        let icon = WideIcon(try wide("<filter id=\"b\"><feGaussianBlur stdDeviation=\"1\"/></filter><circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/>"))
        var refused = false
        for step in 0..<60 {
            if case .failure = icon.placed(in: Rect(x: 0, y: 0, width: 24 + Double(step) * 3, height: 24), devicePerUnit: (1, 1)) { refused = true }
        }
        XCTAssertTrue(refused)
        XCTAssertLessThanOrEqual(icon.read, 24)
    }
}
