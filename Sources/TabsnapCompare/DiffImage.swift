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
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            for y in 0..<height {
                for x in 0..<width {
                    let colour: (UInt8, UInt8, UInt8)
                    switch comparison.verdict(x: x, y: y) {
                    case .same:
                        let source = x < expected.width && y < expected.height ? expected : actual
                        let grey = faded(source, x, y)
                        colour = (grey, grey, grey)
                    case .withinTolerance: colour = tolerated
                    case .antialiased: colour = antialiased
                    case .differs, .outside: colour = changed
                    }
                    let i = (y * width + x) * 4
                    out[i] = colour.0
                    out[i + 1] = colour.1
                    out[i + 2] = colour.2
                    out[i + 3] = 255
                }
            }
            initialized = width * height * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixel's brightness over white (YIQ's Y of its premultiplied value plus the white showing
    /// through), faded 90 % of the way to white, as pixelmatch does. Transparent is white.
    @inline(__always)
    private static func faded(_ image: RGBAImage, _ x: Int, _ y: Int) -> UInt8 {
        guard x < image.width && y < image.height else { return 255 }
        return image.pixels.withUnsafeBufferPointer { p in
            let i = (y * image.width + x) * 4
            let a = UInt32(p[i + 3])
            func premultiplied(_ c: UInt8) -> Double { a == 0 ? 0 : Double((UInt32(c) * a + 127) / 255) }
            let clear = 255 - Double(a)
            let brightness = 0.29889531 * (premultiplied(p[i]) + clear) + 0.58662247 * (premultiplied(p[i + 1]) + clear)
                + 0.11448223 * (premultiplied(p[i + 2]) + clear)
            return UInt8(255 - (255 - brightness) * 0.1)
        }
    }

    /// expected │ diff │ actual side by side, each over a checkerboard so transparency shows,
    /// separated by a grey gutter.
    public static func triptych(expected: RGBAImage, diff: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let panels = [expected, diff, actual]
        let gutter = max(2, diff.height / 16)
        let height = panels.map(\.height).max() ?? 0
        let width = panels.map(\.width).reduce(0, +) + gutter * 2
        let gutterGrey: UInt8 = 128
        var pixels = [UInt8](repeating: gutterGrey, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for i in stride(from: 3, to: out.count, by: 4) { out[i] = 255 }
            var left = 0
            for panel in panels {
                panel.pixels.withUnsafeBufferPointer { p in
                    for y in 0..<panel.height {
                        for x in 0..<panel.width {
                            let s = (y * panel.width + x) * 4, d = (y * width + left + x) * 4
                            let alpha = Int(p[s + 3])
                            if alpha == 255 {
                                out[d] = p[s]; out[d + 1] = p[s + 1]; out[d + 2] = p[s + 2]
                                continue
                            }
                            let check = ((x / 8 + y / 8) % 2 == 0) ? 255 : 230
                            let background = check * (255 - alpha)
                            for c in 0..<3 { out[d + c] = UInt8((Int(p[s + c]) * alpha + background + 127) / 255) }
                        }
                    }
                }
                left += panel.width + gutter
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
