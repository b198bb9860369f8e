@testable import TabsnapCairo
import XCTest

/// Cairo's premultiplied ARGB words to straight RGBA bytes, both ways the converter has: four
/// opaque pixels at a time (optimised builds) and word by word (debug builds) give the same bytes,
/// and those are the textbook division.
final class StraightRowTests: XCTestCase {
    func testBothFormsGiveTheTextbookBytes() {
        var state: UInt32 = 99
        var words: [UInt32] = []
        for i in 0..<203 {
            state = state &* 1_664_525 &+ 1_013_904_223
            // Runs of opaque pixels broken by transparent and translucent ones, as edges are.
            let alpha: UInt32 = i % 17 == 0 ? 0 : i % 5 == 0 ? (state >> 24) : 255
            let channel = { (shift: UInt32) in min((state >> shift) & 0xFF, alpha) }  // premultiplied: ≤ alpha
            words.append(alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0))
        }
        var expected: [UInt8] = []
        for argb in words {
            let a = argb >> 24
            func straight(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min((c * 255 + a / 2) / a, 255)) }
            expected += [straight(argb >> 16 & 0xFF), straight(argb >> 8 & 0xFF), straight(argb & 0xFF), UInt8(a)]
        }
        for vectorized in [true, false] {
            var out = [UInt8](repeating: 7, count: words.count * 4)
            words.withUnsafeBufferPointer { row in
                out.withUnsafeMutableBufferPointer { out in
                    CairoSurfaces.straightRow(row.baseAddress!, width: words.count, into: out.baseAddress!, vectorized: vectorized)
                }
            }
            XCTAssertEqual(out, expected, "vectorized \(vectorized)")
        }
    }
}
