/// Writes 8-bit RGBA PNG files with an sRGB chunk and nothing time- or host-dependent, so the same
/// pixels always give the same bytes. One-off files; frame loops keep a `PNGScanlineEncoder`.
public enum PNGEncoder {
    /// The bytes of a PNG file of `image`, deflated as `compression` says (`.small` by default).
    public static func encode(_ image: RGBAImage, compression: PNGCompression = .small) -> [UInt8] {
        PNGScanlineEncoder().encode(image, compression: compression)
    }
}
