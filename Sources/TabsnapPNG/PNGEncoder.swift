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
        var filtered = [UInt8](repeating: 0, count: image.height * (rowBytes + 1))
        let zeros = [UInt8](repeating: 0, count: max(rowBytes, 1))  // never empty: its address is used
        image.pixels.withUnsafeBufferPointer { pixels in
            zeros.withUnsafeBufferPointer { zeros in
                filtered.withUnsafeMutableBufferPointer { out in
                    guard let base = pixels.baseAddress, let target = out.baseAddress else { return }
                    for y in 0..<image.height {
                        let row = base + y * rowBytes
                        let previous = y > 0 ? row - rowBytes : zeros.baseAddress!
                        let filter = PNGFilter.best(row: row, previous: previous, count: rowBytes, bytesPerPixel: 4)
                        let line = target + y * (rowBytes + 1)
                        line[0] = filter.rawValue
                        filter.apply(row: row, previous: previous, count: rowBytes, bytesPerPixel: 4, out: line + 1)
                    }
                }
            }
        }
        return Deflate.zlibCompress(filtered, level: level)
    }
}
