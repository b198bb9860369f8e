import TabsnapModel
import TabsnapPNG

/// Pictures of a comparison: the diff (unchanged pixels faded grey, changed red, forgiven
/// anti-aliasing yellow, tolerated colour shifts orange) and the expected │ diff │ actual triptych.
public enum DiffImage {
    static let changed: (UInt8, UInt8, UInt8) = (230, 0, 0)
    static let antialiased: (UInt8, UInt8, UInt8) = (255, 215, 0)
    static let tolerated: (UInt8, UInt8, UInt8) = (255, 150, 60)

    /// The diff at the padded size. Faded pixels come from the expected image (the actual one where
    /// only it has pixels), so the reader sees where on the bar the red is.
    public static func diff(expected: RGBAImage, actual: RGBAImage, comparison: ImageComparison) -> RGBAImage {
        let width = comparison.width, height = comparison.height
        var faded = FadedGrey()
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            expected.pixels.withUnsafeBytes { e in
                actual.pixels.withUnsafeBytes { a in
                    comparison.verdicts.withUnsafeBufferPointer { verdicts in
                        var i = 0
                        for y in 0..<height {
                            for x in 0..<width {
                                let colour: (UInt8, UInt8, UInt8)
                                switch verdicts.isEmpty ? .same : verdicts[y * width + x] {
                                case .same:
                                    // Outside both images reads as transparent, which fades to white.
                                    let pixel = x < expected.width && y < expected.height
                                        ? e.loadUnaligned(fromByteOffset: (y * expected.width + x) * 4, as: UInt32.self)
                                        : x < actual.width && y < actual.height
                                        ? a.loadUnaligned(fromByteOffset: (y * actual.width + x) * 4, as: UInt32.self) : 0
                                    let grey = faded.grey(pixel)
                                    colour = (grey, grey, grey)
                                case .withinTolerance: colour = tolerated
                                case .antialiased: colour = antialiased
                                case .differs, .outside: colour = changed
                                }
                                out[i] = colour.0
                                out[i + 1] = colour.1
                                out[i + 2] = colour.2
                                out[i + 3] = 255
                                i += 4
                            }
                        }
                    }
                }
            }
            initialized = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// A pixel's brightness over white (YIQ's Y of its premultiplied value plus the white showing
    /// through), faded 90 % of the way to white, as pixelmatch does. Transparent is white. The
    /// last pixel's answer is kept: a bar's rows are long runs of one colour.
    private struct FadedGrey {
        private var last: UInt32 = 0
        private var lastGrey: UInt8 = 255  // transparent (0) fades to white

        mutating func grey(_ pixel: UInt32) -> UInt8 {
            if pixel == last { return lastGrey }
            let bytes = pixel.littleEndian
            let r = UInt32(bytes & 0xFF), g = UInt32(bytes >> 8 & 0xFF), b = UInt32(bytes >> 16 & 0xFF), a = bytes >> 24
            func premultiplied(_ c: UInt32) -> Double { a == 0 ? 0 : Double((c * a + 127) / 255) }
            let clear = 255 - Double(a)
            let brightness = 0.29889531 * (premultiplied(r) + clear) + 0.58662247 * (premultiplied(g) + clear)
                + 0.11448223 * (premultiplied(b) + clear)
            last = pixel
            lastGrey = UInt8(255 - (255 - brightness) * 0.1)
            return lastGrey
        }
    }

    /// The triptych's size for panels of these sizes (the label band included).
    public static func triptychSize(_ panels: [(width: Int, height: Int)], diffHeight: Int) -> (width: Int, height: Int) {
        (panels.map(\.width).reduce(0, +) + max(2, diffHeight / 16) * 2,
         (panels.map(\.height).max() ?? 0) + TriptychLabels.height(forPanelHeight: diffHeight))
    }

    /// Why a triptych of panels this size is not made, or nil: one over the frame limit could
    /// not be read back by Tabsnap (`tabsnap diff` refuses it), and three panels of a large bar
    /// held by an APNG writer cost more memory than the rest of a check.
    public static func triptychProblem(_ panels: [(width: Int, height: Int)], diffHeight: Int) -> String? {
        let size = triptychSize(panels, diffHeight: diffHeight)
        guard !Limits.allowsPixels(width: size.width, height: size.height) else { return nil }
        return "a \(size.width)×\(size.height) px triptych would be \(Limits.overPixelLimits(width: size.width, height: size.height))"
    }

    /// expected │ diff │ actual side by side under a band naming them, each over a checkerboard
    /// so transparency shows, separated by a grey gutter.
    public static func triptych(expected: RGBAImage, diff: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let panels = [expected, diff, actual]
        let gutter = max(2, diff.height / 16)
        let (width, height) = triptychSize(panels.map { ($0.width, $0.height) }, diffHeight: diff.height)
        let band = TriptychLabels.height(forPanelHeight: diff.height), fontScale = TriptychLabels.scale(forPanelHeight: diff.height)
        let grey = UInt32(littleEndian: 0xFF80_8080)  // opaque (128, 128, 128): gutters, and below a shorter panel
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            guard let out = UnsafeMutableRawPointer(buffer.baseAddress) else { return }
            let labels = TriptychLabels.names.map(TriptychLabels.letters)
            for y in 0..<band {
                var d = y * width * 4
                for (index, panel) in panels.enumerated() {
                    if index > 0 {
                        for _ in 0..<gutter { out.storeBytes(of: grey, toByteOffset: d, as: UInt32.self); d += 4 }
                    }
                    for x in 0..<panel.width {
                        let ink = TriptychLabels.isInk(labels[index], x: x, y: y, width: panel.width, scale: fontScale)
                        out.storeBytes(of: UInt32(littleEndian: ink ? TriptychLabels.ink : TriptychLabels.background), toByteOffset: d, as: UInt32.self)
                        d += 4
                    }
                }
            }
            for y in 0..<(height - band) {
                var d = (y + band) * width * 4
                for (index, panel) in panels.enumerated() {
                    if index > 0 {
                        for _ in 0..<gutter { out.storeBytes(of: grey, toByteOffset: d, as: UInt32.self); d += 4 }
                    }
                    guard y < panel.height else {
                        for _ in 0..<panel.width { out.storeBytes(of: grey, toByteOffset: d, as: UInt32.self); d += 4 }
                        continue
                    }
                    panel.pixels.withUnsafeBytes { p in
                        guard let source = p.baseAddress else { return }
                        let row = source + y * panel.width * 4
                        // Most pixels are opaque: the row is copied as it is, then the others are
                        // laid over a checkerboard, so transparency shows.
                        (out + d).copyMemory(from: row, byteCount: panel.width * 4)
                        for x in 0..<panel.width {
                            let alpha = Int(row.load(fromByteOffset: x * 4 + 3, as: UInt8.self))
                            if alpha == 255 { continue }
                            let check = ((x / 8 + y / 8) % 2 == 0) ? 255 : 230
                            let background = check * (255 - alpha)
                            for c in 0..<3 {
                                out.storeBytes(of: UInt8((Int(row.load(fromByteOffset: x * 4 + c, as: UInt8.self)) * alpha + background + 127) / 255),
                                               toByteOffset: d + x * 4 + c, as: UInt8.self)
                            }
                            out.storeBytes(of: 255, toByteOffset: d + x * 4 + 3, as: UInt8.self)
                        }
                    }
                    d += panel.width * 4
                }
            }
            initialized = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
