/// Reads PNG files of every standard kind — greyscale, grey+alpha, RGB, RGBA and palette, 1 to 16
/// bits, interlaced or not, with tRNS transparency — into 8-bit RGBA, as optimisers and image
/// tools write them. Goldens come from pull requests, so nothing is trusted: every chunk's CRC is
/// checked, and a size beyond `Limits.pixelsPerSide` / `pixelsPerFrame` is refused from the
/// header, before anything is allocated.
public enum PNGDecoder {
    /// The eight bytes every PNG file starts with.
    public static let signature = PNGChunk.signature

    /// Why bytes could not be decoded as a PNG (or an animated PNG).
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// The bytes are a Git LFS pointer file, not the image it stands for (`git lfs pull`
        /// fetches it).
        case gitLFSPointer
        /// The file ends before its IEND chunk, or inside a chunk.
        case truncated
        /// A valid PNG beyond what Tabsnap reads or allows: the associated text says what (a size
        /// or frame count over `Limits`, say).
        case unsupported(String)
        /// A damaged or invalid file: the associated text says what is wrong (a bad CRC, a chunk
        /// out of place, image data that does not inflate).
        case corrupt(String)

        /// One line for messages: "truncated PNG file", "corrupt PNG: bad CRC in the IDAT
        /// chunk"….
        public var description: String {
            switch self {
            case .notPNG: return "not a PNG file"
            case .gitLFSPointer: return "a Git LFS pointer, not an image (run `git lfs pull`)"
            case .truncated: return "truncated PNG file"
            case .unsupported(let what): return "unsupported PNG: \(what)"
            case .corrupt(let what): return "corrupt PNG: \(what)"
            }
        }
    }

    /// Decodes a PNG file's first image (an animated PNG's default image) into 8-bit RGBA with
    /// straight alpha; ancillary chunks other than tRNS are ignored.
    /// - Throws: A `Failure` saying why the bytes are not a PNG it can read.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> RGBAImage {
        var reader = try PNGChunkReader(bytes)
        var header: PNGHeader?
        var colors = PNGColors()
        var data: [UInt8] = []
        while let chunk = try reader.next() {
            switch chunk.type {
            case "IHDR":
                guard header == nil else { throw .corrupt("a second IHDR") }
                header = try PNGHeader(chunk.body)
            case "PLTE": try colors.readPalette(chunk.body)
            case "tRNS": try colors.readTransparency(chunk.body, header: header)
            case "IDAT": data += chunk.body
            case "IEND":
                guard let header else { throw .corrupt("missing IHDR") }
                return try reconstruct(header: header, data: data, colors: colors)
            default: break
            }
        }
        throw .truncated
    }

    static func reconstruct(header: PNGHeader, data: [UInt8], colors: PNGColors) throws(Failure) -> RGBAImage {
        guard let inflated = Deflate.zlibDecompress(data, expectedSize: header.inflatedSize) else {
            throw .corrupt("image data does not inflate to \(header.width)×\(header.height)")
        }
        if header.colorType == .palette && colors.palette.isEmpty { throw .corrupt("palette image without a PLTE chunk") }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        var problem: Failure?
        pixels.withUnsafeMutableBufferPointer { out in
            inflated.withUnsafeBufferPointer { source in
                problem = unfilter(source, header: header, colors: colors, into: out)
            }
        }
        if let problem { throw problem }
        return RGBAImage(width: header.width, height: header.height, pixels: pixels)
    }

    /// Undoes each row's filter, pass by pass, and writes its pixels as RGBA.
    private static func unfilter(_ source: UnsafeBufferPointer<UInt8>, header: PNGHeader, colors: PNGColors,
                                 into out: UnsafeMutableBufferPointer<UInt8>) -> Failure? {
        var offset = 0
        for pass in header.passes {
            let (columns, rows) = header.size(of: pass)
            guard columns > 0, rows > 0 else { continue }
            let rowBytes = header.rowBytes(width: columns)
            var previous = [UInt8](repeating: 0, count: rowBytes)
            var current = [UInt8](repeating: 0, count: rowBytes)
            for r in 0..<rows {
                guard let filter = PNGFilter(rawValue: source[offset]) else { return .corrupt("filter \(source[offset])") }
                let problem: Failure? = current.withUnsafeMutableBufferPointer { row in
                    previous.withUnsafeBufferPointer { above in
                        guard let rowStart = row.baseAddress, let aboveStart = above.baseAddress,
                              let sourceStart = source.baseAddress else { return nil }
                        rowStart.update(from: sourceStart + offset + 1, count: rowBytes)
                        filter.reverse(row: rowStart, previous: aboveStart, count: rowBytes, bytesPerPixel: header.filterStride)
                        let y = pass.y0 + r * pass.dy
                        if header.colorType == .rgba, header.depth == 8, !header.interlaced, let target = out.baseAddress {
                            // Tabsnap's own goldens: the row is already RGBA.
                            (target + y * rowBytes).update(from: rowStart, count: rowBytes)
                            return nil
                        }
                        if header.colorType == .rgb, header.depth == 8, !header.interlaced, let target = out.baseAddress {
                            // Tabsnap's own animations while opaque: RGB, maybe a key colour.
                            PNGSamples.expandRGB(rowStart, columns: columns, key: colors.key, into: target + y * columns * 4)
                            return nil
                        }
                        return PNGSamples(row: UnsafePointer(rowStart), header: header, colors: colors)
                            .writeRGBA(columns: columns, into: out, at: { y * header.width + pass.x0 + $0 * pass.dx })
                    }
                }
                if let problem { return problem }
                swap(&previous, &current)
                offset += rowBytes + 1
            }
        }
        return nil
    }
}
