/// The PLTE and tRNS chunks: what palette indices and transparent colours mean.
struct PNGColors {
    /// RGBA per palette index.
    var palette: [UInt8] = []
    /// The one fully transparent grey or RGB value (in the image's own bit depth).
    var key: [UInt16]?

    mutating func readPalette(_ body: ArraySlice<UInt8>) throws(PNGDecoder.Failure) {
        guard body.count % 3 == 0, (3...768).contains(body.count) else { throw .corrupt("PLTE of \(body.count) bytes") }
        let b = Array(body)
        palette = []
        for i in stride(from: 0, to: b.count, by: 3) { palette += [b[i], b[i + 1], b[i + 2], 255] }
    }

    mutating func readTransparency(_ body: ArraySlice<UInt8>, header: PNGHeader?) throws(PNGDecoder.Failure) {
        guard let header else { throw .corrupt("tRNS before IHDR") }
        let b = Array(body)
        switch header.colorType {
        case .palette:
            guard b.count <= palette.count / 4 else { throw .corrupt("tRNS longer than the palette") }
            for (index, alpha) in b.enumerated() { palette[index * 4 + 3] = alpha }
        case .grey:
            guard b.count == 2 else { throw .corrupt("tRNS of \(b.count) bytes") }
            key = [UInt16(b[0]) << 8 | UInt16(b[1])]
        case .rgb:
            guard b.count == 6 else { throw .corrupt("tRNS of \(b.count) bytes") }
            key = (0..<3).map { UInt16(b[$0 * 2]) << 8 | UInt16(b[$0 * 2 + 1]) }
        case .greyAlpha, .rgba:
            throw .corrupt("tRNS in an image that has alpha")
        }
    }
}

/// Reads one unfiltered row's samples, whatever their depth, as 8-bit RGBA.
struct PNGSamples {
    let row: UnsafePointer<UInt8>
    let header: PNGHeader
    let colors: PNGColors

    /// Sample `n` of the row (pixel × channels + channel) at the image's depth.
    @inline(__always)
    private func sample(_ n: Int) -> UInt16 {
        switch header.depth {
        case 8: return UInt16(row[n])
        case 16: return UInt16(row[2 * n]) << 8 | UInt16(row[2 * n + 1])
        default:
            let bit = n * header.depth
            let shift = 8 - header.depth - (bit & 7)
            return UInt16((row[bit >> 3] >> UInt8(shift)) & UInt8((1 << header.depth) - 1))
        }
    }

    /// A sample scaled to 8 bits: 16-bit keeps its high byte (exact for data widened from 8
    /// bits), 1/2/4-bit greys spread over 0…255.
    @inline(__always)
    private func eight(_ value: UInt16) -> UInt8 {
        switch header.depth {
        case 16: return UInt8(value >> 8)
        case 8: return UInt8(value)
        default: return UInt8(Int(value) * 255 / ((1 << header.depth) - 1))
        }
    }

    /// An 8-bit RGB row as RGBA: opaque, or transparent where it is the tRNS key colour.
    static func expandRGB(_ row: UnsafePointer<UInt8>, columns: Int, key: [UInt16]?, into out: UnsafeMutablePointer<UInt8>) {
        // A key above 255 in any channel matches no 8-bit pixel.
        let key = key.flatMap { $0.count == 3 && $0.allSatisfy { $0 <= 255 } ? (UInt8($0[0]), UInt8($0[1]), UInt8($0[2])) : nil }
        var c = 0
        while c < columns {
            let r = row[c * 3], g = row[c * 3 + 1], b = row[c * 3 + 2]
            out[c * 4] = r; out[c * 4 + 1] = g; out[c * 4 + 2] = b
            if let key, key.0 == r, key.1 == g, key.2 == b { out[c * 4 + 3] = 0 } else { out[c * 4 + 3] = 255 }
            c += 1
        }
    }

    /// Writes `columns` pixels; `index(c)` is column c's pixel index in the output.
    func writeRGBA(columns: Int, into out: UnsafeMutableBufferPointer<UInt8>, at index: (Int) -> Int) -> PNGDecoder.Failure? {
        let channels = header.colorType.channels
        for c in 0..<columns {
            let o = index(c) * 4
            let n = c * channels
            switch header.colorType {
            case .palette:
                let entry = Int(sample(n)) * 4
                guard entry + 3 < colors.palette.count else { return .corrupt("palette index \(sample(n)) past the palette") }
                for k in 0..<4 { out[o + k] = colors.palette[entry + k] }
            case .grey:
                let value = sample(n), grey = eight(value)
                out[o] = grey; out[o + 1] = grey; out[o + 2] = grey
                out[o + 3] = colors.key == [value] ? 0 : 255
            case .greyAlpha:
                let grey = eight(sample(n))
                out[o] = grey; out[o + 1] = grey; out[o + 2] = grey
                out[o + 3] = eight(sample(n + 1))
            case .rgb:
                let r = sample(n), g = sample(n + 1), b = sample(n + 2)
                out[o] = eight(r); out[o + 1] = eight(g); out[o + 2] = eight(b)
                // (No array per pixel: animated PNGs are RGB whenever they are opaque.)
                let isKey = colors.key.map { $0.count == 3 && $0[0] == r && $0[1] == g && $0[2] == b } ?? false
                out[o + 3] = isKey ? 0 : 255
            case .rgba:
                for k in 0..<4 { out[o + k] = eight(sample(n + k)) }
            }
        }
        return nil
    }
}
