/// Reads animated PNGs back into whole frames (for tests and for checking APNG goldens frame by
/// frame). Supports what APNGs commonly use: dispose none / background / previous, blend source /
/// over. A plain PNG reads as one frame.
public enum APNGDecoder {
    public struct Frame: Sendable, Equatable {
        public var image: RGBAImage
        /// Seconds this frame is shown.
        public var delay: Double

        public init(image: RGBAImage, delay: Double) {
            self.image = image
            self.delay = delay
        }
    }

    public struct Animation: Sendable, Equatable {
        public var frames: [Frame]
        /// 0 means forever.
        public var plays: Int

        public init(frames: [Frame], plays: Int = 0) {
            self.frames = frames
            self.plays = plays
        }
    }

    private struct Control {
        var width, height, x, y: Int
        var delay: Double
        var dispose: UInt8
        var blend: UInt8
    }

    public static func decode(_ bytes: [UInt8]) throws(PNGDecoder.Failure) -> Animation {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunk.signature else {
            if bytes.starts(with: Array("version https://git-lfs".utf8)) { throw .gitLFSPointer }
            throw .notPNG
        }
        var header: [UInt8] = []
        var plays = 0
        var announced: Int?
        var pending: (control: Control?, data: [UInt8])?
        var canvas: RGBAImage?
        var frames: [Frame] = []

        func flush() throws(PNGDecoder.Failure) {
            guard let current = pending, !current.data.isEmpty else { return }
            pending = nil
            guard var canvasImage = canvas else { return }
            let control = current.control ?? Control(width: canvasImage.width, height: canvasImage.height, x: 0, y: 0,
                                                     delay: 0, dispose: 0, blend: 0)
            var frameHeader = header
            PNGChunk.write(UInt32(control.width), into: &frameHeader, at: 0)
            PNGChunk.write(UInt32(control.height), into: &frameHeader, at: 4)
            let patch = try PNGDecoder.reconstruct(header: frameHeader, data: current.data)
            // Kept only when needed: holding a second reference makes the composite copy the canvas.
            let saved = control.dispose == 2 ? canvasImage : nil
            canvasImage.composite(patch, x: control.x, y: control.y, over: control.blend == 1)
            if current.control != nil || announced == nil {
                frames.append(Frame(image: canvasImage, delay: control.delay))
            }
            switch control.dispose {
            case 1: canvasImage.clear(x: control.x, y: control.y, width: control.width, height: control.height)
            case 2: if let saved { canvasImage = saved }
            default: break
            }
            canvas = canvasImage
        }

        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(PNGChunk.readBigEndian(bytes[offset...]))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw .truncated }
            let body = bytes[start..<(start + length)]
            switch type {
            case "IHDR":
                header = Array(body)
                guard header.count == 13 else { throw .corrupt("missing IHDR") }
                canvas = RGBAImage(width: Int(PNGChunk.readBigEndian(body)), height: Int(PNGChunk.readBigEndian(body.dropFirst(4))))
            case "acTL":
                announced = Int(PNGChunk.readBigEndian(body))
                plays = Int(PNGChunk.readBigEndian(body.dropFirst(4)))
            case "fcTL":
                try flush()
                let b = Array(body)
                guard b.count == 26 else { throw .corrupt("fcTL of \(b.count) bytes") }
                let numerator = Double(UInt16(b[20]) << 8 | UInt16(b[21]))
                var denominator = Double(UInt16(b[22]) << 8 | UInt16(b[23]))
                if denominator == 0 { denominator = 100 }
                pending = (Control(width: Int(PNGChunk.readBigEndian(body.dropFirst(4))), height: Int(PNGChunk.readBigEndian(body.dropFirst(8))),
                                   x: Int(PNGChunk.readBigEndian(body.dropFirst(12))), y: Int(PNGChunk.readBigEndian(body.dropFirst(16))),
                                   delay: numerator / denominator, dispose: b[24], blend: b[25]), [])
            case "IDAT":
                if pending == nil { pending = (nil, []) }
                pending!.data += body
            case "fdAT":
                pending?.data += body.dropFirst(4)
            case "IEND":
                try flush()
                if let announced, announced != frames.count {
                    throw .corrupt("acTL announces \(announced) frames, \(frames.count) found")
                }
                return Animation(frames: frames, plays: plays)
            default:
                break
            }
            offset = start + length + 4
        }
        throw .truncated
    }
}

extension PNGChunk {
    static func write(_ value: UInt32, into bytes: inout [UInt8], at index: Int) {
        bytes[index] = UInt8(value >> 24)
        bytes[index + 1] = UInt8((value >> 16) & 0xFF)
        bytes[index + 2] = UInt8((value >> 8) & 0xFF)
        bytes[index + 3] = UInt8(value & 0xFF)
    }
}

extension RGBAImage {
    /// Puts `patch` at (x, y): replacing pixels, or source-over blending them.
    mutating func composite(_ patch: RGBAImage, x: Int, y: Int, over: Bool) {
        if !over {
            // Blend source (what Tabsnap writes): each row of the patch is one copy.
            let columns = max(0, min(patch.width, width - x))
            for row in 0..<patch.height where y + row < height && columns > 0 {
                let s = row * patch.width * 4, d = ((y + row) * width + x) * 4
                pixels.replaceSubrange(d..<(d + columns * 4), with: patch.pixels[s..<(s + columns * 4)])
            }
            return
        }
        for row in 0..<patch.height where y + row < height {
            for column in 0..<patch.width where x + column < width {
                let s = (row * patch.width + column) * 4, d = ((y + row) * width + x + column) * 4
                if !over || patch.pixels[s + 3] == 255 {
                    for c in 0..<4 { pixels[d + c] = patch.pixels[s + c] }
                } else if patch.pixels[s + 3] > 0 {
                    let sa = Double(patch.pixels[s + 3]) / 255, da = Double(pixels[d + 3]) / 255
                    let a = sa + da * (1 - sa)
                    for c in 0..<3 {
                        let value = (Double(patch.pixels[s + c]) * sa + Double(pixels[d + c]) * da * (1 - sa)) / a
                        pixels[d + c] = UInt8(min(max(value.rounded(), 0), 255))
                    }
                    pixels[d + 3] = UInt8((a * 255).rounded())
                }
            }
        }
    }

    mutating func clear(x: Int, y: Int, width w: Int, height h: Int) {
        for row in y..<min(y + h, height) {
            for column in x..<min(x + w, width) {
                let d = (row * width + column) * 4
                for c in 0..<4 { pixels[d + c] = 0 }
            }
        }
    }
}
