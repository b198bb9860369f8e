/// Writes 8-bit RGBA PNG files with an sRGB chunk and nothing time- or host-dependent, so the same
/// pixels always give the same bytes.
public enum PNGEncoder {
    public static func encode(_ image: RGBAImage, compressionLevel: Int32 = 6) -> [UInt8] {
        var out = PNGChunk.signature
        PNGChunk.append("IHDR", PNGChunk.header(width: image.width, height: image.height), to: &out)
        PNGChunk.append("sRGB", [0], to: &out)  // rendering intent: perceptual
        PNGChunk.append("IDAT", compressedScanlines(image, level: compressionLevel), to: &out)
        PNGChunk.append("IEND", [], to: &out)
        return out
    }

    /// Filtered scanlines, zlib-compressed. Each row takes the filter with the smallest sum of
    /// absolute values (libpng's heuristic), which suits flat UI colours and text edges alike.
    static func compressedScanlines(_ image: RGBAImage, level: Int32) -> [UInt8] {
        let rowBytes = image.width * 4
        var filtered = [UInt8]()
        filtered.reserveCapacity(image.height * (rowBytes + 1))
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        var best = [UInt8](repeating: 0, count: rowBytes)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                let row = UnsafeBufferPointer(rebasing: pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
                let previous = y > 0 ? UnsafeBufferPointer(rebasing: pixels[((y - 1) * rowBytes)..<(y * rowBytes)]) : nil
                var bestFilter = PNGFilter.none
                var bestScore = Int.max
                for filter in PNGFilter.allCases {
                    filter.apply(row: row, previous: previous, out: &candidate)
                    let score = candidate.reduce(0) { $0 + Int(Int8(bitPattern: $1).magnitude) }
                    if score < bestScore {
                        bestScore = score
                        bestFilter = filter
                        swap(&best, &candidate)
                    }
                }
                filtered.append(bestFilter.rawValue)
                filtered += best
            }
        }
        return Deflate.zlibCompress(filtered, level: level)
    }
}
