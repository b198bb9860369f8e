@testable import TabsnapCairo
import XCTest

/// An icon drawn on two targets by one renderer (lint draws pixels for contrast and points for
/// its boxes) is probed on each apart, each within its own time: probed together, an icon that
/// PNG, SVG and `check` each drew in time was refused by lint alone (hostile round 47).
final class ProbeSizeTests: XCTestCase {
    func testBothTargetsAreProbedApart() {
        let pixels = ProbeSize(width: 24, height: 30, on: .pixels(scale: 2))
        let points = ProbeSize(width: 24, height: 30, on: .vector)
        XCTAssertEqual(pixels.parts, [pixels])
        XCTAssertEqual(points.parts, [points])
        let both = pixels.union(points)
        XCTAssertEqual(both.parts, [pixels, points])
        XCTAssertTrue(both.parts.allSatisfy { both.covers($0) })
        XCTAssertEqual(ProbeSize().parts, [])
        XCTAssertEqual(both.parts.map(\.description), ["48×64 px", "32×32 pt"])
    }
}
