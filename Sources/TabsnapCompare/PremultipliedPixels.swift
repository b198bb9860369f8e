import TabsnapPNG

/// An image's pixels read as premultiplied RGBA packed into one `UInt32` each, padded with
/// transparent pixels to a given size. Premultiplying makes "transparent is transparent": every
/// pixel with alpha 0 reads as 0, whatever colour channels it carried.
///
/// A view, computed per pixel on demand: the comparator asks only about pixels whose bytes differ
/// and their neighbours, so premultiplying whole images up front cost more than it saved.
struct PremultipliedPixels {
    let width: Int
    let height: Int
    /// The source image's own size; pixels outside it are padding.
    let sourceWidth: Int
    let sourceHeight: Int
    private let pixels: [UInt8]

    init(_ image: RGBAImage, paddedTo width: Int, _ height: Int) {
        self.width = width
        self.height = height
        sourceWidth = image.width
        sourceHeight = image.height
        pixels = image.pixels
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x < sourceWidth && y < sourceHeight }

    subscript(x: Int, y: Int) -> UInt32 {
        guard contains(x, y) else { return 0 }
        let i = (y * sourceWidth + x) * 4
        let a = UInt32(pixels[i + 3])
        if a == 255 { return UInt32(pixels[i]) | UInt32(pixels[i + 1]) << 8 | UInt32(pixels[i + 2]) << 16 | a << 24 }
        guard a > 0 else { return 0 }
        func premultiply(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
        return premultiply(pixels[i]) | premultiply(pixels[i + 1]) << 8 | premultiply(pixels[i + 2]) << 16 | a << 24
    }

    /// Straight-alpha channels of a premultiplied pixel (for colour-difference maths).
    static func straight(_ v: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
        let a = v >> 24
        guard a > 0 else { return (0, 0, 0, 0) }
        func unpremultiply(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        return (unpremultiply(v & 0xFF), unpremultiply(v >> 8 & 0xFF), unpremultiply(v >> 16 & 0xFF), UInt8(a))
    }

    /// Brightness (YIQ's Y) of the pixel seen over white, 0…255.
    func brightness(_ x: Int, _ y: Int) -> Double {
        let v = self[x, y]
        let clear = 255 - Double(v >> 24)
        let r = Double(v & 0xFF) + clear, g = Double(v >> 8 & 0xFF) + clear, b = Double(v >> 16 & 0xFF) + clear
        return 0.29889531 * r + 0.58662247 * g + 0.11448223 * b
    }
}
