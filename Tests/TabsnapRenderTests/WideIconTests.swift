import Foundation
@testable import TabsnapCairo
import TabsnapModel
import XCTest

/// An icon drawn widened (`SVGWideViewport`) gets a librsvg handle for each widened viewBox, and
/// that viewBox follows the icon's size (its margin is whole device pixels). An icon growing in
/// every frame would be read anew each frame, a cost no probe counts (review of stop 64: 0.1 s
/// for a large icon): past a few readings, a kept handle holding enough is drawn at the new size.
final class WideIconTests: XCTestCase {
    private func wide(_ body: String) throws -> SVGWideViewport {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>"
        return try XCTUnwrap(try SVGIconPreflight.check(Array(svg.utf8)).wide)
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
