import TabsnapPNG

/// An image's pixels as premultiplied RGBA packed into one `UInt32` each, padded with transparent
/// pixels to a given size. Premultiplying makes "transparent is transparent": every pixel with
/// alpha 0 becomes 0, whatever colour channels it carried.
struct PremultipliedPixels {
    let width: Int
    let height: Int
    /// The source image's own size; pixels outside it are padding.
    let sourceWidth: Int
    let sourceHeight: Int
    let values: [UInt32]

    init(_ image: RGBAImage, paddedTo width: Int, _ height: Int) {
        self.width = width
        self.height = height
        sourceWidth = image.width
        sourceHeight = image.height
        var values = [UInt32](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = (y * image.width + x) * 4
                    let a = UInt32(source[i + 3])
                    guard a > 0 else { continue }
                    if a == 255 {  // opaque (most pixels): premultiplying changes nothing
                        values[y * width + x] = UInt32(source[i]) | UInt32(source[i + 1]) << 8 | UInt32(source[i + 2]) << 16 | a << 24
                        continue
                    }
                    func premultiply(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    values[y * width + x] = premultiply(source[i]) | premultiply(source[i + 1]) << 8
                        | premultiply(source[i + 2]) << 16 | a << 24
                }
            }
        }
        self.values = values
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x < sourceWidth && y < sourceHeight }

    subscript(x: Int, y: Int) -> UInt32 { values[y * width + x] }

    /// Straight-alpha channels of a pixel (for colour-difference maths).
    func straight(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let v = self[x, y]
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
