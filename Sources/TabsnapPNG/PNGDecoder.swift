/// Reads non-interlaced 8-bit PNG files (greyscale, grey+alpha, RGB, RGBA) into RGBA: enough for
/// Tabsnap's own goldens and most PNG icons. Other kinds are reported, never guessed at.
public enum PNGDecoder {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notPNG
        case gitLFSPointer
        case truncated
        case unsupported(String)
        case corrupt(String)

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

    public static func decode(_ bytes: [UInt8]) throws(Failure) -> RGBAImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunk.signature else {
            if bytes.starts(with: Array("version https://git-lfs".utf8)) { throw .gitLFSPointer }
            throw .notPNG
        }
        var offset = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(PNGChunk.readBigEndian(bytes[offset...]))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw .truncated }
            switch type {
            case "IHDR": header = Array(bytes[start..<(start + length)])
            case "IDAT": data += bytes[start..<(start + length)]
            case "IEND": return try reconstruct(header: header, data: data)
            default: break
            }
            offset = start + length + 4
        }
        throw .truncated
    }

    static func reconstruct(header: [UInt8], data: [UInt8]) throws(Failure) -> RGBAImage {
        guard header.count == 13 else { throw .corrupt("missing IHDR") }
        let width = Int(PNGChunk.readBigEndian(header[0...]))
        let height = Int(PNGChunk.readBigEndian(header[4...]))
        let depth = header[8], colorType = header[9], interlace = header[12]
        guard depth == 8 else { throw .unsupported("bit depth \(depth)") }
        guard interlace == 0 else { throw .unsupported("interlaced") }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw .unsupported("colour type \(colorType)")
        }
        let rowBytes = width * channels
        guard let inflated = Deflate.zlibDecompress(data, expectedSize: height * (rowBytes + 1)) else {
            throw .corrupt("image data does not inflate to \(width)×\(height)")
        }
        let zeros = [UInt8](repeating: 0, count: max(rowBytes, 1))  // never empty: its address is used
        var badFilter: UInt8?
        // Uninitialised: every row is copied in whole before it is unfiltered.
        let raw = [UInt8](unsafeUninitializedCapacity: height * rowBytes) { target, initialized in
            initialized = 0
            inflated.withUnsafeBufferPointer { source in
                zeros.withUnsafeBufferPointer { zeros in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    for y in 0..<height {
                        let line = from + y * (rowBytes + 1)
                        guard let filter = PNGFilter(rawValue: line[0]) else { badFilter = line[0]; return }
                        let row = to + y * rowBytes
                        row.initialize(from: line + 1, count: rowBytes)
                        let previous = y > 0 ? UnsafePointer(row - rowBytes) : zeros.baseAddress!
                        filter.reverse(row: row, previous: previous, count: rowBytes, bytesPerPixel: channels)
                        initialized += rowBytes
                    }
                }
            }
        }
        if let badFilter { throw .corrupt("filter \(badFilter)") }
        return RGBAImage(width: width, height: height, pixels: expandToRGBA(raw, channels: channels))
    }

    private static func expandToRGBA(_ raw: [UInt8], channels: Int) -> [UInt8] {
        if channels == 4 { return raw }
        var out = [UInt8]()
        out.reserveCapacity(raw.count / channels * 4)
        var i = 0
        while i < raw.count {
            switch channels {
            case 1: out += [raw[i], raw[i], raw[i], 255]
            case 2: out += [raw[i], raw[i], raw[i], raw[i + 1]]
            default: out += [raw[i], raw[i + 1], raw[i + 2], 255]
            }
            i += channels
        }
        return out
    }
}
