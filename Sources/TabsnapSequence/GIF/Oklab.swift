import Foundation

/// A colour in Oklab (Björn Ottosson's perceptual space): straight distances there follow how
/// different two colours look far better than distances in sRGB, so the palette is built and
/// matched in it.
struct Oklab: Hashable {
    var l: Float
    var a: Float
    var b: Float

    /// sRGB bytes to linear light, once per byte value.
    private static let linear: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Self.linear[Int(red)], g = Self.linear[Int(green)], b = Self.linear[Int(blue)]
        let l = cbrtf(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrtf(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrtf(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// A packed opaque colour (`PackedColor`).
    init(packed: UInt32) {
        self.init(red: UInt8(packed & 0xFF), green: UInt8((packed >> 8) & 0xFF), blue: UInt8((packed >> 16) & 0xFF))
    }

    func distanceSquared(to other: Oklab) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// The nearest sRGB bytes, packed as `PackedColor` does.
    var packed: UInt32 {
        let l1 = l + 0.3963377774 * a + 0.2158037573 * b
        let m1 = l - 0.1055613458 * a - 0.0638541728 * b
        let s1 = l - 0.0894841775 * a - 1.2914855480 * b
        let lc = l1 * l1 * l1, mc = m1 * m1 * m1, sc = s1 * s1 * s1
        let r = 4.0767416621 * lc - 3.3077115913 * mc + 0.2309699292 * sc
        let g = -1.2684380046 * lc + 2.6097574011 * mc - 0.3413193965 * sc
        let bl = -0.0041960863 * lc - 0.7034186147 * mc + 1.7076147010 * sc
        return PackedColor.opaque(red: Self.encode(r), green: Self.encode(g), blue: Self.encode(bl))
    }

    private static func encode(_ linear: Float) -> UInt8 {
        let c = Double(min(max(linear, 0), 1))
        let value = c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
        return UInt8((value * 255).rounded())
    }
}

/// An RGBA pixel as one little-endian word (`r | g << 8 | b << 16 | a << 24`, how the bytes of
/// an `RGBAImage` load). GIF has one bit of alpha: a pixel at least half opaque shows its colour,
/// stored with alpha 255 (so a packed colour is never 0); a pixel under half is transparent.
enum PackedColor {
    static let alphaMask: UInt32 = 0xFF00_0000

    static func opaque(red: UInt8, green: UInt8, blue: UInt8) -> UInt32 {
        UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | alphaMask
    }

    /// The colour a pixel shows in a GIF, or nil where it is transparent there.
    @inline(__always) static func shown(_ pixel: UInt32) -> UInt32? {
        pixel >> 24 >= 128 ? pixel | alphaMask : nil
    }

    static func red(_ packed: UInt32) -> UInt8 { UInt8(packed & 0xFF) }
    static func green(_ packed: UInt32) -> UInt8 { UInt8((packed >> 8) & 0xFF) }
    static func blue(_ packed: UInt32) -> UInt8 { UInt8((packed >> 16) & 0xFF) }
}
