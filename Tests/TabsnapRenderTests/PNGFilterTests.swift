@testable import TabsnapPNG
import XCTest

/// The PNG filters as numbers: every filter undoes itself, the vector scoring equals the
/// byte-by-byte scoring, and the chosen filter is the one the textbook heuristic picks.
final class PNGFilterTests: XCTestCase {
    /// Rows with flat runs, ramps, edges and noise (a fixed generator: same bytes every run).
    private func rows(count: Int, length: Int) -> [[UInt8]] {
        var state: UInt32 = 12345
        func next() -> UInt8 {
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        return (0..<count).map { r in
            (0..<length).map { i in
                switch r % 4 {
                case 0: return UInt8(truncatingIfNeeded: i * 3)
                case 1: return i % 24 < 12 ? 250 : 5
                case 2: return next()
                default: return i % 7 == 0 ? next() : 128
                }
            }
        }
    }

    /// The heuristic as RFC 2083 writes it, one byte at a time.
    private func referenceSums(row: [UInt8], previous: [UInt8], bpp: Int) -> [Int] {
        var sums = [0, 0, 0, 0, 0]
        for i in row.indices {
            let x = row[i], b = previous[i]
            let a: UInt8 = i >= bpp ? row[i - bpp] : 0, c: UInt8 = i >= bpp ? previous[i - bpp] : 0
            let p = Int(a) + Int(b) - Int(c)
            let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
            let paeth = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            let predictions: [UInt8] = [0, a, b, UInt8((Int(a) + Int(b)) / 2), paeth]
            for (k, prediction) in predictions.enumerated() {
                sums[k] += Int(Int8(bitPattern: x &- prediction).magnitude)
            }
        }
        return sums
    }

    /// Both forms: sixteen bytes at a time (optimised builds) and byte by byte (debug builds).
    func testVectorAndByteScoresEqualTheTextbookSums() {
        for vectorized in [true, false] {
            for bpp in [3, 4] {  // RGB (animations) and RGBA
                for length in [1, 3, 4, 15, 16, 17, 20, 35, 64, 100, 4 * 1000] {
                    let rows = self.rows(count: 8, length: length)
                    for r in 1..<rows.count {
                        var scores = FilterScores()
                        rows[r].withUnsafeBufferPointer { row in
                            rows[r - 1].withUnsafeBufferPointer { previous in
                                scores = PNGFilter.scores(row: row.baseAddress!, previous: previous.baseAddress!, count: length,
                                                          bytesPerPixel: bpp, vectorized: vectorized)
                            }
                        }
                        XCTAssertEqual(scores.sums, referenceSums(row: rows[r], previous: rows[r - 1], bpp: bpp),
                                       "length \(length), row \(r), \(bpp) bytes per pixel, vectorized \(vectorized)")
                    }
                }
            }
        }
    }

    func testEveryFilterUndoesItself() {
        for bpp in 1...4 {
            for vectorized in [true, false] {
                assertFiltersUndoThemselves(bytesPerPixel: bpp, vectorized: vectorized)
            }
        }
    }

    private func assertFiltersUndoThemselves(bytesPerPixel bpp: Int, vectorized: Bool) {
        let rows = self.rows(count: 6, length: 40 * bpp)
        for filter in PNGFilter.allCases {
            var previousDecoded = [UInt8](repeating: 0, count: rows[0].count)
            for (r, original) in rows.enumerated() {
                var filtered = [UInt8](repeating: 0, count: original.count)
                let above = r > 0 ? rows[r - 1] : [UInt8](repeating: 0, count: original.count)
                above.withUnsafeBufferPointer { above in
                    original.withUnsafeBufferPointer { row in
                        filtered.withUnsafeMutableBufferPointer { out in
                            filter.apply(row: row.baseAddress!, previous: above.baseAddress!, count: row.count,
                                         bytesPerPixel: bpp, out: out.baseAddress!, vectorized: vectorized)
                        }
                    }
                }
                previousDecoded.withUnsafeBufferPointer { above in
                    filtered.withUnsafeMutableBufferPointer { row in
                        filter.reverse(row: row.baseAddress!, previous: above.baseAddress!, count: row.count, bytesPerPixel: bpp)
                    }
                }
                XCTAssertEqual(filtered, original, "\(filter), \(bpp) bytes per pixel, row \(r), vectorized \(vectorized)")
                previousDecoded = filtered
            }
        }
    }
}
