import Foundation
import Tabsnap
import XCTest

/// Hostile round 108: librsvg cuts what a filter reads at the viewport it draws the icon into, so
/// a part of an element past the icon's box that an offset, a blur or a shadow brings into view
/// was lost. Such icons are drawn into a viewport widened by their filters' reach
/// (`SVGWideViewport`), clipped back to the box; a reach that cannot be read is refused.
extension SVGDrawnAsABrowserTests {
    /// Pixels of two pictures differing by more than antialiasing (a filter's surface rounds
    /// edges otherwise than a plain fill: measured against Chromium, both robust 0).
    private func differing(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return Int.max }
        return stride(from: 0, to: a.pixels.count, by: 4).filter { at in (0..<4).contains { abs(Int(a.pixels[at + $0]) - Int(b.pixels[at + $0])) > 40 } }.count
    }

    /// Whether two bodies draw the same picture, but for antialiasing.
    private func drawNearlyAlike(_ a: String, _ b: String, viewBox: String = "0 0 24 24", line: UInt = #line) {
        do {
            let count = differing(try render(a, viewBox: viewBox), try render(b, viewBox: viewBox))
            XCTAssertLessThanOrEqual(count, 8, "\(a) draws otherwise than \(b)", line: line)
        } catch {
            XCTFail("\(error)", line: line)
        }
    }

    func testAFilterReadsWhatLiesPastTheIconsBox() {
        let offset = "<filter id=\"f\" x=\"-2\" y=\"-2\" width=\"5\" height=\"5\"><feOffset dx=\"10\" dy=\"4\"/></filter>"
        // A rect 8 units past the left edge, moved 10 right and 4 down, is the rect it becomes.
        drawNearlyAlike(offset + "<rect x=\"-8\" y=\"2\" width=\"12\" height=\"12\" fill=\"#c00\" filter=\"url(#f)\"/>",
                  "<rect x=\"2\" y=\"6\" width=\"12\" height=\"12\" fill=\"#c00\"/>")
        // Under a transform that doubles it: 20 units.
        drawNearlyAlike(offset + "<g transform=\"scale(2)\"><rect x=\"-8\" y=\"1\" width=\"6\" height=\"4\" fill=\"#c00\" filter=\"url(#f)\"/></g>",
                  "<rect x=\"4\" y=\"10\" width=\"12\" height=\"8\" fill=\"#c00\"/>")
        // Through a <use>, and a viewBox not at 0, 0.
        drawNearlyAlike("<defs>" + offset + "<rect id=\"r\" x=\"-20\" y=\"-6\" width=\"12\" height=\"12\" fill=\"#063\"/></defs><use xlink:href=\"#r\" filter=\"url(#f)\"/>",
                  "<rect x=\"-10\" y=\"-2\" width=\"12\" height=\"12\" fill=\"#063\"/>", viewBox: "-12 -12 24 24")
        // A shadow from a style sheet: the rect past the edge leaves its shadow in view.
        drawNearlyAlike("<style>.s { filter: drop-shadow(16px 0 0 #00c) }</style><rect class=\"s\" x=\"-14\" y=\"6\" width=\"12\" height=\"12\"/>",
                  "<rect x=\"2\" y=\"6\" width=\"12\" height=\"12\" fill=\"#00c\"/>")
    }

    func testTheRoomLeftByAViewBoxOfAnotherShapeIsReadToo() throws {
        // A 2:1 viewBox in a square box, at its top: the room below it shows what is moved there.
        func icon(_ body: String) -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 12\" preserveAspectRatio=\"xMinYMin meet\" width=\"24\" height=\"24\">\(body)</svg>"
        }
        let moved = try renderDocument(icon("<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"-10\" y=\"-10\" width=\"50\" height=\"50\"><feOffset dy=\"16\"/></filter>"
                                            + "<rect x=\"4\" y=\"-2\" width=\"8\" height=\"6\" fill=\"#c00\" filter=\"url(#f)\"/>"))
        let plain = try renderDocument(icon("<rect x=\"4\" y=\"14\" width=\"8\" height=\"6\" fill=\"#c00\"/>"))
        XCTAssertLessThanOrEqual(differing(moved, plain), 8)
    }

    func testAFilterReachThatCannotBeWidenedForIsRefused() {
        refused("<filter id=\"f\" x=\"-9\" y=\"0\" width=\"20\" height=\"1\"><feOffset dx=\"60\"/></filter><rect x=\"-50\" y=\"6\" width=\"12\" height=\"12\" filter=\"url(#f)\"/>",
                "its filters may reach 60 units, past twice the icon's side")
        refused("<filter id=\"f\" primitiveUnits=\"objectBoundingBox\"><feOffset dx=\"0.5\"/></filter><rect width=\"12\" height=\"12\" filter=\"url(#f)\"/>",
                "a filter with primitives in objectBoundingBox units")
        refused("<rect x=\"-10\" y=\"6\" width=\"12\" height=\"12\" style=\"filter: drop-shadow(0.5em 0 0 red)\"/>", "drop-shadow(0.5em 0 0 red), whose reach is not read")
        refused("<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect width=\"50%\" height=\"12\" filter=\"url(#f)\"/>",
                "<rect width> in percent in an icon with a filter that moves what it reads")
        // What moves nothing is drawn as it is; a gradient's percentages are of its box.
        XCTAssertNoThrow(try render("<filter id=\"f\"><feColorMatrix type=\"saturate\" values=\"0\"/></filter><rect width=\"50%\" height=\"12\" fill=\"red\" filter=\"url(#f)\"/>"))
        XCTAssertNoThrow(try render("<linearGradient id=\"g\" x2=\"100%\"><stop offset=\"0\"/><stop offset=\"1\" stop-color=\"red\"/></linearGradient>"
                                    + "<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\"/></filter><rect width=\"12\" height=\"12\" fill=\"url(#g)\" filter=\"url(#f)\"/>"))
    }
}
