import Foundation
import XCTest
@testable import TabsnapCompare

final class ColorDifferenceTests: XCTestCase {
    /// Pairs from Sharma, Wu & Dalal, "The CIEDE2000 Color-Difference Formula" (2005), table 1.
    /// The textbook formula, term by term (pow, four cosines), as the fast one must agree with.
    private func textbookDeltaE2000(_ x: LabColor, _ y: LabColor) -> Double {
        func radians(_ d: Double) -> Double { d * .pi / 180 }
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let cMean = ((x.a * x.a + x.b * x.b).squareRoot() + (y.a * y.a + y.b * y.b).squareRoot()) / 2
        let g = 0.5 * (1 - (pow(cMean, 7) / (pow(cMean, 7) + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let cp1 = (a1 * a1 + x.b * x.b).squareRoot(), cp2 = (a2 * a2 + y.b * y.b).squareRoot()
        let h1 = hue(x.b, a1), h2 = hue(y.b, a2)
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(radians(dh / 2))
        let lMean = (x.l + y.l) / 2, cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 { hMean /= 2 } else if h1 + h2 < 360 { hMean = (h1 + h2 + 360) / 2 } else { hMean = (h1 + h2 - 360) / 2 }
        }
        let t = 1 - 0.17 * cos(radians(hMean - 30)) + 0.24 * cos(radians(2 * hMean))
            + 0.32 * cos(radians(3 * hMean + 6)) - 0.20 * cos(radians(4 * hMean - 63))
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let rC = 2 * (pow(cpMean, 7) / (pow(cpMean, 7) + pow(25, 7))).squareRoot()
        let sL = 1 + 0.015 * pow(lMean - 50, 2) / (20 + pow(lMean - 50, 2)).squareRoot()
        let sC = 1 + 0.045 * cpMean, sH = 1 + 0.015 * cpMean * t
        let rT = -sin(radians(2 * dTheta)) * rC
        let l = (y.l - x.l) / sL, c = (cp2 - cp1) / sC, h = dH / sH
        return (l * l + c * c + h * h + rT * c * h).squareRoot()
    }

    func testAgreesWithTheTextbookFormula() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            func lab() -> LabColor {
                LabColor(l: .random(in: 0...100, using: &generator), a: .random(in: -128...127, using: &generator),
                         b: .random(in: -128...127, using: &generator))
            }
            let x = lab(), y = lab()
            XCTAssertEqual(ColorDifference.deltaE2000(x, y), textbookDeltaE2000(x, y), accuracy: 1e-9, "\(x) \(y)")
        }
    }

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
