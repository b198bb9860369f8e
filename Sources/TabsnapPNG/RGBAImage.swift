/// An 8-bit RGBA image with straight (not premultiplied) alpha, rows top to bottom, no padding.
public struct RGBAImage: Sendable, Hashable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The RGBA bytes, 4 a pixel: pixel (x, y) starts at byte `(y × width + x) × 4`.
    public var pixels: [UInt8]

    /// An image of the given bytes, which must number `width × height × 4` (checked by a
    /// precondition).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A fully transparent image (every byte 0) of the given size.
    public init(width: Int, height: Int) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// The RGBA bytes of one pixel.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
