import TabsnapModel

/// Reads animated PNGs back into whole frames (for tests and for checking APNG goldens frame by
/// frame). Supports what APNGs commonly use: dispose none / background / previous, blend source /
/// over. A plain PNG reads as one frame.
public enum APNGDecoder {
    /// Every frame at once. The frames are held together, so `Limits.animationPixels` bounds
    /// them; `APNGFrameReader` reads one frame at a time instead.
    public static func decode(_ bytes: [UInt8]) throws(PNGDecoder.Failure) -> AnimatedImage {
        let reader = try APNGFrameReader(bytes)
        var frames: [AnimationFrame] = []
        while let frame = try reader.next() {
            guard (frames.count + 1) * frame.image.width * frame.image.height <= Limits.animationPixels else {
                throw .unsupported("more than \(Limits.animationPixels) pixels in all frames together")
            }
            frames.append(frame)
        }
        return AnimatedImage(frames: frames, plays: reader.plays)
    }
}

/// Reads an animated PNG (or a plain PNG, as one frame) one whole frame at a time, holding only
/// the canvas: how a long animated golden is compared without keeping its frames in memory.
/// Supports dispose none / background / previous and blend source / over.
public final class APNGFrameReader {
    private struct Control {
        var width, height, x, y: Int
        var delay: Double
        var dispose: UInt8
        var blend: UInt8
    }

    private var chunks: PNGChunkReader
    private var header: PNGHeader?
    private var colors = PNGColors()
    private var pending: (control: Control?, data: [UInt8])?
    /// The canvas frames are drawn on, made when a frame first needs one (a still never does).
    private var canvas: RGBAImage?
    private var canvasSize: (width: Int, height: Int)?
    private var emitted = 0
    private var ended = false
    /// The sequence number the next fcTL or fdAT must carry: they count up from 0, so chunks put
    /// out of order are found (a golden with two fcTL swapped was read and passed: round 27).
    private var sequence: UInt32 = 0
    /// Frames the acTL chunk announces (nil for a plain PNG).
    public private(set) var announced: Int?
    /// 0 means forever.
    public private(set) var plays = 0

    /// A reader of the PNG or APNG file `bytes`. Only the signature is checked here; each chunk is
    /// checked as `next()` reaches it.
    /// - Throws: `.notPNG`, or `.gitLFSPointer` when the bytes are a Git LFS pointer file.
    public init(_ bytes: [UInt8]) throws(PNGDecoder.Failure) {
        chunks = try PNGChunkReader(bytes)
    }

    /// A reader of the PNG or APNG `bytes`, in memory or read from their file chunk by chunk.
    /// - Throws: `.notPNG`, or `.gitLFSPointer` when the bytes are a Git LFS pointer file.
    public init(_ bytes: PNGBytes) throws(PNGDecoder.Failure) {
        chunks = try PNGChunkReader(bytes)
    }

    /// The canvas every frame of `bytes` is drawn on (IHDR's size; every frame this reader gives
    /// is the whole canvas) and whether an acTL makes it an animation (wherever it is, as the
    /// reader takes it), from the chunks' headers without decoding anything.
    public static func canvas(of bytes: PNGBytes) throws(PNGDecoder.Failure) -> (width: Int, height: Int, isAnimated: Bool) {
        var chunks = try PNGChunkReader(bytes)
        var size: (width: Int, height: Int)?
        var isAnimated = false
        while let chunk = try chunks.next() {
            if chunk.type == "IHDR" {
                let header = try PNGHeader(chunk.body)
                size = (header.width, header.height)
            }
            if chunk.type == "acTL" { isAnimated = true }
        }
        guard let size else { throw .corrupt("no IHDR") }
        return (size.width, size.height, isAnimated)
    }

    private func checkSequence(of body: ArraySlice<UInt8>, in type: String) throws(PNGDecoder.Failure) {
        let found = PNGChunk.readBigEndian(body)
        guard found == sequence else {
            throw .corrupt("\(type) with sequence number \(found) where \(sequence) is due (frame chunks out of order)")
        }
        sequence += 1
    }

    /// The next frame, or nil after the last.
    public func next() throws(PNGDecoder.Failure) -> AnimationFrame? {
        guard !ended else { return nil }
        while let chunk = try chunks.next() {
            let body = chunk.body
            switch chunk.type {
            case "IHDR":
                guard header == nil else { throw .corrupt("a second IHDR") }
                let parsed = try PNGHeader(body)
                header = parsed
                canvasSize = (parsed.width, parsed.height)
            case "PLTE":
                try colors.readPalette(body)
            case "tRNS":
                try colors.readTransparency(body, header: header)
            case "fcTL" where announced == nil, "fdAT" where announced == nil:
                break  // frame chunks without acTL: a plain PNG, whose viewers ignore them too
            case "acTL":
                guard body.count == 8 else { throw .corrupt("acTL of \(body.count) bytes") }
                let count = Int(PNGChunk.readBigEndian(body))
                guard count >= 1 else { throw .corrupt("acTL announces no frames") }
                guard count <= Limits.goldenFrames else { throw .unsupported("\(count) frames; at most \(Limits.goldenFrames)") }
                announced = count
                plays = Int(PNGChunk.readBigEndian(body.dropFirst(4)))
            case "fcTL":
                let frame = try flush()
                guard body.count == 26, let canvas = canvasSize else { throw .corrupt("fcTL of \(body.count) bytes, or before IHDR") }
                try checkSequence(of: body, in: "fcTL")
                let b = Array(body)
                let numerator = Double(UInt16(b[20]) << 8 | UInt16(b[21]))
                var denominator = Double(UInt16(b[22]) << 8 | UInt16(b[23]))
                if denominator == 0 { denominator = 100 }
                let control = Control(width: Int(PNGChunk.readBigEndian(body.dropFirst(4))), height: Int(PNGChunk.readBigEndian(body.dropFirst(8))),
                                      x: Int(PNGChunk.readBigEndian(body.dropFirst(12))), y: Int(PNGChunk.readBigEndian(body.dropFirst(16))),
                                      delay: numerator / denominator, dispose: b[24], blend: b[25])
                guard control.width > 0, control.height > 0, control.x + control.width <= canvas.width,
                      control.y + control.height <= canvas.height else {
                    throw .corrupt("frame \(emitted) of \(control.width)×\(control.height) at \(control.x),\(control.y) "
                                   + "does not fit the \(canvas.width)×\(canvas.height) canvas")
                }
                guard control.dispose <= 2, control.blend <= 1 else {
                    throw .corrupt("frame \(emitted) has dispose_op \(control.dispose) and blend_op \(control.blend); APNG has dispose 0–2 and blend 0–1")
                }
                pending = (control, [])
                if let frame { return frame }
            case "IDAT":
                if pending == nil { pending = (nil, []) }
                pending?.data += body
            case "fdAT":
                guard body.count >= 4 else { throw .corrupt("fdAT of \(body.count) bytes") }
                try checkSequence(of: body, in: "fdAT")
                pending?.data += body.dropFirst(4)
            case "IEND":
                let frame = try flush()
                guard header != nil else { throw .corrupt("missing IHDR") }
                // IHDR and IEND alone decoded as an image of no frames, which "matched" itself.
                guard emitted > 0 else { throw .corrupt("no image data (no IDAT before IEND)") }
                ended = true
                if let announced, announced != emitted {
                    throw .corrupt("acTL announces \(announced) frames, \(emitted) found")
                }
                return frame
            default:
                break
            }
        }
        throw .truncated
    }

    /// Composites the frame whose data has been collected; returns it unless it is the default
    /// image of an animation (shown by viewers without APNG support, not part of the animation).
    private func flush() throws(PNGDecoder.Failure) -> AnimationFrame? {
        guard let current = pending, !current.data.isEmpty else { return nil }
        pending = nil
        guard let size = canvasSize, let header else { return nil }
        let control = current.control ?? Control(width: size.width, height: size.height, x: 0, y: 0,
                                                 delay: 0, dispose: 0, blend: 0)
        var frameHeader = header
        frameHeader.width = control.width
        frameHeader.height = control.height
        let patch = try PNGDecoder.reconstruct(header: frameHeader, data: current.data, colors: colors)
        // The default image of an animation (IDAT before the first fcTL) is for viewers without
        // APNG support: not a frame, and not on the canvas frame 0 starts from.
        guard current.control != nil || announced == nil else { return nil }
        let whole = control.x == 0 && control.y == 0 && control.blend == 0 && patch.width == size.width && patch.height == size.height
        // A whole frame (every still, every first frame) is the canvas: no blank one made, no copy.
        var canvasImage = whole ? patch : canvas ?? RGBAImage(width: size.width, height: size.height)
        // Kept only when needed: holding a second reference makes the composite copy the canvas.
        let saved = control.dispose == 2 ? canvas ?? RGBAImage(width: size.width, height: size.height) : nil
        canvas = nil  // our own reference dropped, so the composite writes in place
        if !whole { canvasImage.composite(patch, x: control.x, y: control.y, over: control.blend == 1) }
        guard emitted < Limits.goldenFrames else { throw .unsupported("more than \(Limits.goldenFrames) frames") }
        let frame = AnimationFrame(image: canvasImage, delay: control.delay)
        emitted += 1
        switch control.dispose {
        case 1: canvasImage.clear(x: control.x, y: control.y, width: control.width, height: control.height)
        case 2: if let saved { canvasImage = saved }
        default: break
        }
        canvas = canvasImage
        return frame
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
        // Blend over (Tabsnap's later frames: unchanged pixels transparent). Pointers and while
        // loops: every frame of every animated golden comes through here, in debug builds too.
        let rows = max(0, min(patch.height, height - y)), columns = max(0, min(patch.width, width - x))
        let canvasWidth = width
        patch.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                var row = 0
                while row < rows {
                    var s = source + row * patch.width * 4, d = target + ((y + row) * canvasWidth + x) * 4
                    var column = 0
                    while column < columns {
                        let alpha = s[3]
                        if alpha == 255 {
                            d[0] = s[0]; d[1] = s[1]; d[2] = s[2]; d[3] = 255
                        } else if alpha > 0 {
                            Self.blend(s, over: d)
                        }
                        s += 4
                        d += 4
                        column += 1
                    }
                    row += 1
                }
            }
        }
    }

    /// Source-over of one translucent pixel, straight alpha.
    private static func blend(_ s: UnsafePointer<UInt8>, over d: UnsafeMutablePointer<UInt8>) {
        let sa = Double(s[3]) / 255, da = Double(d[3]) / 255
        let a = sa + da * (1 - sa)
        for c in 0..<3 {
            let value = (Double(s[c]) * sa + Double(d[c]) * da * (1 - sa)) / a
            d[c] = UInt8(min(max(value.rounded(), 0), 255))
        }
        d[3] = UInt8((a * 255).rounded())
    }

    mutating func clear(x: Int, y: Int, width w: Int, height h: Int) {
        guard x < width, y < height else { return }
        for row in y..<min(y + h, height) {
            for column in x..<min(x + w, width) {
                let d = (row * width + column) * 4
                for c in 0..<4 { pixels[d + c] = 0 }
            }
        }
    }
}
