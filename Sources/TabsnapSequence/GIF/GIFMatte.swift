import TabsnapModel
import TabsnapPNG

/// How a GIF, whose pixels are either solid or clear, shows a frame's partly transparent pixels
/// (a title at half opacity on a clear bar, anti-aliased edges).
public enum GIFMatte: Sendable, Hashable {
    /// Blended over this colour, as a page would show them: every pixel solid (the default is
    /// the page white).
    case color(RGBAColor)
    /// Kept as one bit: at least half opaque shows solid in its own colour, else clear. A title
    /// at half opacity turns solid (black text stays black, not grey): `GIFWriter.Colors`
    /// counts such pixels so a command can warn.
    case none

    /// White, the page most docs sit on.
    public static let pageWhite = GIFMatte.color(RGBAColor(red: 1, green: 1, blue: 1))

    /// `image` as the GIF shows it: blended over the colour (unchanged when already opaque).
    func applied(to image: RGBAImage) -> RGBAImage {
        guard case .color(let color) = self, image.pixels.withUnsafeBytes({ raw in
            raw.bindMemory(to: UInt32.self).contains { $0 >> 24 != 0xFF }
        }) else { return image }
        let matte = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        var out = image
        out.pixels.withUnsafeMutableBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                let alpha = Int(pixels[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 {
                        pixels[index + channel] = UInt8((Int(pixels[index + channel]) * alpha + matte[channel] * (255 - alpha) + 127) / 255)
                    }
                    pixels[index + 3] = 255
                }
                index += 4
            }
        }
        return out
    }
}
