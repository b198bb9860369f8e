/// PNG scanline filters (RFC 2083 §6) for 4-byte RGBA pixels.
enum PNGFilter: UInt8, CaseIterable {
    case none = 0, sub, up, average, paeth

    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Filters one row into `out` (which has the row's length).
    func apply(row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?, out: inout [UInt8]) {
        let bpp = 4
        for i in 0..<row.count {
            let x = row[i]
            let a = i >= bpp ? row[i - bpp] : 0
            let b = previous?[i] ?? 0
            let c = i >= bpp ? (previous?[i - bpp] ?? 0) : 0
            switch self {
            case .none: out[i] = x
            case .sub: out[i] = x &- a
            case .up: out[i] = x &- b
            case .average: out[i] = x &- UInt8((Int(a) + Int(b)) / 2)
            case .paeth: out[i] = x &- PNGFilter.paethPredictor(a, b, c)
            }
        }
    }

    /// Reverses the filter in place; `previous` is the already reconstructed row above.
    func reverse(row: inout ArraySlice<UInt8>, previous: ArraySlice<UInt8>?, bytesPerPixel bpp: Int) {
        let start = row.startIndex
        let prevStart = previous?.startIndex ?? 0
        for i in 0..<row.count {
            let a = i >= bpp ? row[start + i - bpp] : 0
            let b = previous.map { $0[prevStart + i] } ?? 0
            let c = i >= bpp ? (previous.map { $0[prevStart + i - bpp] } ?? 0) : 0
            let x = row[start + i]
            switch self {
            case .none: break
            case .sub: row[start + i] = x &+ a
            case .up: row[start + i] = x &+ b
            case .average: row[start + i] = x &+ UInt8((Int(a) + Int(b)) / 2)
            case .paeth: row[start + i] = x &+ PNGFilter.paethPredictor(a, b, c)
            }
        }
    }
}
