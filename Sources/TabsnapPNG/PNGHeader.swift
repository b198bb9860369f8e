import TabsnapModel

/// A PNG's IHDR, validated: size within `Limits` before anything is allocated, and a bit depth
/// and colour type the format allows.
struct PNGHeader {
    enum ColorType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        var allowedDepths: [UInt8] {
            switch self {
            case .grey: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: return [8, 16]
            }
        }
    }

    var width: Int
    var height: Int
    var depth: Int
    var colorType: ColorType
    var interlaced: Bool

    init(_ body: ArraySlice<UInt8>) throws(PNGDecoder.Failure) {
        guard body.count == 13 else { throw .corrupt("IHDR of \(body.count) bytes") }
        let b = Array(body)
        width = Int(PNGChunk.readBigEndian(body))
        height = Int(PNGChunk.readBigEndian(body.dropFirst(4)))
        guard width > 0, height > 0 else { throw .corrupt("a \(width)×\(height) image") }
        guard Limits.allowsPixels(width: width, height: height) else {
            throw .unsupported("\(width)×\(height) px is \(Limits.overPixelLimits(width: width, height: height))")
        }
        guard let type = ColorType(rawValue: b[9]), type.allowedDepths.contains(b[8]) else {
            throw .corrupt("bit depth \(b[8]) with colour type \(b[9])")
        }
        guard b[10] == 0, b[11] == 0, b[12] <= 1 else { throw .corrupt("unknown compression, filter or interlace method") }
        depth = Int(b[8])
        colorType = type
        interlaced = b[12] == 1
    }

    var bitsPerPixel: Int { colorType.channels * depth }
    /// The distance filters look back (at least one byte).
    var filterStride: Int { max(bitsPerPixel / 8, 1) }

    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    /// Adam7's seven passes as (x0, y0, dx, dy); one pass covering everything when not interlaced.
    var passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] {
        guard interlaced else { return [(0, 0, 1, 1)] }
        return [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    }

    /// Columns and rows of a pass's sub-image.
    func size(of pass: (x0: Int, y0: Int, dx: Int, dy: Int)) -> (columns: Int, rows: Int) {
        ((width - pass.x0 + pass.dx - 1) / pass.dx, (height - pass.y0 + pass.dy - 1) / pass.dy)
    }

    /// Bytes the image data inflates to: each pass's rows, each with its filter byte.
    var inflatedSize: Int {
        passes.reduce(0) { total, pass in
            let (columns, rows) = size(of: pass)
            return columns == 0 || rows == 0 ? total : total + rows * (rowBytes(width: columns) + 1)
        }
    }
}
