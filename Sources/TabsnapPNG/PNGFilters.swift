/// PNG scanline filters (RFC 2083 §6). Rows are raw pointers: encoding and decoding spend most of
/// their time here, and bounds-checked slices made it several times slower. A missing row above
/// (the first row) is passed as a row of zeros, which is what the filters define it to be.
public enum PNGFilter: UInt8, CaseIterable, Sendable {
    /// The five filter types, by their byte value 0…4: `none` (bytes as they are), `sub` (minus
    /// the byte one pixel left), `up` (minus the byte above), `average` (minus the mean of those
    /// two) and `paeth` (minus whichever of left, above and upper-left the Paeth predictor picks).
    case none = 0, sub, up, average, paeth

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// The filter with the smallest sum of absolute filtered values (libpng's heuristic; ties go
    /// to the earlier filter), all five scored in one pass over the row, 16 bytes at a time:
    /// choosing filters is most of the cost of writing a PNG.
    static func best(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int) -> PNGFilter {
        scores(row: row, previous: previous, count: count, bytesPerPixel: bpp).best
    }

    /// `vectorized`: sixteen bytes at a time (the default when optimised), else byte by byte
    /// (see `isUnoptimized`); the sums are the same.
    static func scores(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int,
                       vectorized: Bool = !isUnoptimized) -> FilterScores {
        var scores = FilterScores()
        let head = min(bpp, count)
        var i = 0
        while i < head {
            scores.add(x: row[i], a: 0, b: previous[i], c: 0)
            i += 1
        }
        if !vectorized {
            while i < count {
                scores.add(x: row[i], a: row[i - bpp], b: previous[i], c: previous[i - bpp])
                i += 1
            }
            return scores
        }
        let rowBytes = UnsafeRawPointer(row), previousBytes = UnsafeRawPointer(previous)
        while i + 16 <= count {
            scores.add(x: rowBytes.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self),
                       a: rowBytes.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self),
                       b: previousBytes.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self),
                       c: previousBytes.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self))
            i += 16
        }
        while i < count {
            scores.add(x: row[i], a: row[i - bpp], b: previous[i], c: previous[i - bpp])
            i += 1
        }
        scores.flush()
        return scores
    }

    /// Filters one row into `out` (`count` bytes): the first pixel (nothing to its left) byte by
    /// byte, then sixteen bytes at a time, as `scores` reads them.
    func apply(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int,
               out: UnsafeMutablePointer<UInt8>, vectorized: Bool = !isUnoptimized) {
        if self == .none {
            out.update(from: row, count: count)
            return
        }
        let head = min(bpp, count)
        var i = 0
        while i < head {
            out[i] = row[i] &- predict(a: 0, b: previous[i], c: 0)
            i += 1
        }
        let rowBytes = UnsafeRawPointer(row), previousBytes = UnsafeRawPointer(previous)
        let target = UnsafeMutableRawPointer(out)
        while i + 16 <= count && vectorized {  // else byte by byte (see `isUnoptimized`)
            let x = rowBytes.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let a = rowBytes.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self)
            let b = previousBytes.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
            let predicted: SIMD16<UInt8>
            switch self {
            case .none: predicted = SIMD16()
            case .sub: predicted = a
            case .up: predicted = b
            case .average:
                predicted = SIMD16(truncatingIfNeeded: (FilterScores.Lanes(truncatingIfNeeded: a) &+ FilterScores.Lanes(truncatingIfNeeded: b)) &>> 1)
            case .paeth:
                let c = previousBytes.loadUnaligned(fromByteOffset: i - bpp, as: SIMD16<UInt8>.self)
                predicted = SIMD16(truncatingIfNeeded: FilterScores.paeth(FilterScores.Lanes(truncatingIfNeeded: a),
                                                                          FilterScores.Lanes(truncatingIfNeeded: b),
                                                                          FilterScores.Lanes(truncatingIfNeeded: c)))
            }
            target.storeBytes(of: x &- predicted, toByteOffset: i, as: SIMD16<UInt8>.self)
            i += 16
        }
        while i < count {
            out[i] = row[i] &- predict(a: row[i - bpp], b: previous[i], c: previous[i - bpp])
            i += 1
        }
    }

    /// What the filter predicts a byte from: a to its left, b above, c above-left.
    @inline(__always)
    func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 {
        switch self {
        case .none: 0
        case .sub: a
        case .up: b
        case .average: UInt8((UInt16(a) + UInt16(b)) / 2)
        case .paeth: PNGFilter.paethPredictor(a, b, c)
        }
    }

    /// Reverses the filter in place; `previous` is the already reconstructed row above. One loop
    /// per filter: decoding goldens is most of what a passing check does besides rendering.
    func reverse(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bytesPerPixel bpp: Int) {
        let head = min(bpp, count)  // the first pixel has nothing to its left (a = c = 0)
        // While loops, not ranges: goldens are decoded here in debug builds too, where a range's
        // iterator costs a call per byte.
        var i = 0
        switch self {
        case .none:
            return
        case .sub:
            i = bpp
            while i < count { row[i] &+= row[i - bpp]; i += 1 }
        case .up:
            while i < count { row[i] &+= previous[i]; i += 1 }
        case .average:
            while i < head { row[i] &+= previous[i] / 2; i += 1 }
            while i < count { row[i] &+= UInt8((UInt16(row[i - bpp]) + UInt16(previous[i])) / 2); i += 1 }
        case .paeth:
            while i < head { row[i] &+= previous[i]; i += 1 }  // the predictor of (0, b, 0) is b
            while i < count { row[i] &+= PNGFilter.paethPredictor(row[i - bpp], previous[i], previous[i - bpp]); i += 1 }
        }
    }
}
