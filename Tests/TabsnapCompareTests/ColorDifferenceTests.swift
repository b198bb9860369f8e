import XCTest
@testable import TabsnapCompare

final class ColorDifferenceTests: XCTestCase {
    /// Pairs from Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula" (2005), table 1.
    func testCIEDE2000MatchesPublishedTestData() {
        let pairs: [(LabColor, LabColor, Double)] = [
            (LabColor(l: 50, a: 2.6772, b: -79.7751), LabColor(l: 50, a: 0, b: -82.7485), 2.0425),
            (LabColor(l: 50, a: 0, b: 0), LabColor(l: 50, a: -1, b: 2), 2.3669),
            (LabColor(l: 50, a: 2.5, b: 0), LabColor(l: 73, a: 25, b: -18), 27.1492),
            (LabColor(l: 60.2574, a: -34.0099, b: 36.2677), LabColor(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
            (LabColor(l: 22.7233, a: 20.0904, b: -46.6940), LabColor(l: 23.0331, a: 14.9730, b: -42.5619), 2.0373),
            (LabColor(l: 90.8027, a: -2.0831, b: 1.4410), LabColor(l: 91.1528, a: -1.6435, b: 0.0447), 1.4441),
        ]
        for (x, y, expected) in pairs {
            XCTAssertEqual(ColorDifference.deltaE2000(x, y), expected, accuracy: 0.0001)
            XCTAssertEqual(ColorDifference.deltaE2000(y, x), expected, accuracy: 0.0001, "symmetric")
        }
    }

    func testSRGBToLab() {
        let white = LabColor(red: 255, green: 255, blue: 255)
        XCTAssertEqual(white.l, 100, accuracy: 0.01)
        XCTAssertEqual(white.a, 0, accuracy: 0.01)
        XCTAssertEqual(white.b, 0, accuracy: 0.01)
        let red = LabColor(red: 255, green: 0, blue: 0)  // reference: L 53.24, a 80.09, b 67.20
        XCTAssertEqual(red.l, 53.24, accuracy: 0.02)
        XCTAssertEqual(red.a, 80.09, accuracy: 0.05)
        XCTAssertEqual(red.b, 67.20, accuracy: 0.05)
    }

    func testAlphaCounts() {
        XCTAssertEqual(ColorDifference.deltaE((255, 0, 0, 0), (0, 255, 0, 0)), 0, "transparent is transparent")
        XCTAssertGreaterThan(ColorDifference.deltaE((255, 0, 0, 255), (255, 0, 0, 128)), 20, "opacity change is measured")
        XCTAssertEqual(ColorDifference.deltaE((10, 20, 30, 255), (10, 20, 30, 255)), 0)
    }
}

/// The comparator's colour cache: a colour's L*a*b* is the same whether it was remembered, evicted
/// by a colour hashing to its slot, or computed fresh.
final class LabCacheTests: XCTestCase {
    func testCachedConversionsEqualFreshOnes() {
        var labs = LabCache()
        var state: UInt32 = 7
        for _ in 0..<20_000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            // Few distinct values, so slots are shared and colours come back after eviction.
            let r = UInt8(truncatingIfNeeded: state >> 24) & 0xF0, g = UInt8(truncatingIfNeeded: state >> 16) & 0xE0
            let b = UInt8(truncatingIfNeeded: state >> 8)
            XCTAssertEqual(labs.lab(r, g, b), LabColor(red: r, green: g, blue: b))
        }
        var cache = LabCache()
        let p: (UInt8, UInt8, UInt8, UInt8) = (200, 10, 30, 128), q: (UInt8, UInt8, UInt8, UInt8) = (20, 100, 230, 255)
        XCTAssertEqual(ColorDifference.deltaE(p, q, labs: &cache), ColorDifference.deltaE(p, q))
    }
}
