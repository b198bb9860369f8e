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
        var out = RGBAImage(width: comparison.width, height: comparison.height)
        let e = PremultipliedPixels(expected, paddedTo: comparison.width, comparison.height)
        let a = PremultipliedPixels(actual, paddedTo: comparison.width, comparison.height)
        for y in 0..<comparison.height {
            for x in 0..<comparison.width {
                let colour: (UInt8, UInt8, UInt8)
                switch comparison.verdict(x: x, y: y) {
                case .same:
                    let source = e.contains(x, y) ? e : a
                    // Brightness faded 90 % of the way to white, as pixelmatch does.
                    let grey = UInt8(255 - (255 - source.brightness(x, y)) * 0.1)
                    colour = (grey, grey, grey)
                case .withinTolerance: colour = tolerated
                case .antialiased: colour = antialiased
                case .differs, .outside: colour = changed
                }
                let i = (y * out.width + x) * 4
                out.pixels[i] = colour.0
                out.pixels[i + 1] = colour.1
                out.pixels[i + 2] = colour.2
                out.pixels[i + 3] = 255
            }
        }
        return out
    }

    /// expected │ diff │ actual side by side, each over a checkerboard so transparency shows,
    /// separated by a grey gutter.
    public static func triptych(expected: RGBAImage, diff: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let panels = [expected, diff, actual]
        let gutter = max(2, diff.height / 16)
        let height = panels.map(\.height).max() ?? 0
        let width = panels.map(\.width).reduce(0, +) + gutter * 2
        var out = RGBAImage(width: width, height: height)
        let gutterGrey: UInt8 = 128
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            out.pixels[i] = gutterGrey; out.pixels[i + 1] = gutterGrey; out.pixels[i + 2] = gutterGrey; out.pixels[i + 3] = 255
        }
        var left = 0
        for panel in panels {
            for y in 0..<panel.height {
                for x in 0..<panel.width {
                    let check: UInt8 = ((x / 8 + y / 8) % 2 == 0) ? 255 : 230
                    let p = panel[x, y]
                    let alpha = Int(p.a)
                    let background = Int(check) * (255 - alpha)
                    func over(_ c: UInt8) -> UInt8 { UInt8((Int(c) * alpha + background + 127) / 255) }
                    let i = (y * width + left + x) * 4
                    out.pixels[i] = over(p.r); out.pixels[i + 1] = over(p.g); out.pixels[i + 2] = over(p.b); out.pixels[i + 3] = 255
                }
            }
            left += panel.width + gutter
        }
        return out
    }
}
