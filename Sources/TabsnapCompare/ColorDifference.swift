import Foundation

/// A colour in CIE L*a*b* (D65 white).
public struct LabColor: Sendable, Equatable {
    /// Lightness L*, 0 (black) to 100 (white).
    public var l: Double
    /// a*: green (negative) to red (positive).
    public var a: Double
    /// b*: blue (negative) to yellow (positive).
    public var b: Double

    /// A colour from its L*, a* and b* coordinates, taken as they are.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// An opaque 8-bit sRGB colour in L*a*b*.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = SRGB.linear[Int(red)], g = SRGB.linear[Int(green)], bl = SRGB.linear[Int(blue)]
        // sRGB (D65) → XYZ, normalised by the D65 white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * bl
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / 1.08883
        let fx = Self.f(x), fy = Self.f(y), fz = Self.f(z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    private static func f(_ t: Double) -> Double {
        t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
    }
}

enum SRGB {
    /// 8-bit sRGB value → linear light, one entry per code value.
    static let linear: [Double] = (0...255).map { code in
        let c = Double(code) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}

/// CIE ΔE 2000 (CIEDE2000), the colour difference the comparator reports. About 1 is the smallest
/// difference a trained eye sees side by side; 2 is just noticeable at a normal look.
public enum ColorDifference {
    /// The CIEDE2000 colour difference between two L*a*b* colours (weights kL = kC = kH = 1).
    /// Symmetric, and 0 for equal colours.
    public static func deltaE2000(_ x: LabColor, _ y: LabColor) -> Double {
        let c1 = (x.a * x.a + x.b * x.b).squareRoot(), c2 = (y.a * y.a + y.b * y.b).squareRoot()
        let cMean = (c1 + c2) / 2
        let c7 = seventhPower(cMean)
        let g = 0.5 * (1 - (c7 / (c7 + twentyFiveToTheSeventh)).squareRoot())
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let cp1 = (a1 * a1 + x.b * x.b).squareRoot(), cp2 = (a2 * a2 + y.b * y.b).squareRoot()
        let h1 = hueDegrees(x.b, a1), h2 = hueDegrees(y.b, a2)

        let dL = y.l - x.l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = h2 - h1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(radians(dh / 2))

        let lMean = (x.l + y.l) / 2
        let cpMean = (cp1 + cp2) / 2
        var hMean = h1 + h2
        if cp1 * cp2 != 0 {
            if abs(h1 - h2) <= 180 { hMean /= 2 } else if h1 + h2 < 360 { hMean = (h1 + h2 + 360) / 2 } else { hMean = (h1 + h2 - 360) / 2 }
        }
        let t = hueWeighting(radians(hMean))
        let hOffset = (hMean - 275) / 25
        let dTheta = 30 * exp(-(hOffset * hOffset))
        let cp7 = seventhPower(cpMean)
        let rC = 2 * (cp7 / (cp7 + twentyFiveToTheSeventh)).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cpMean
        let sH = 1 + 0.015 * cpMean * t
        let rT = -sin(radians(2 * dTheta)) * rC
        let l = dL / sL, c = dC / sC, h = dH / sH
        return (l * l + c * c + h * h + rT * c * h).squareRoot()
    }

    /// ΔE 2000 between two straight-alpha RGBA pixels. Alpha counts: each pixel is seen over white
    /// and over black and the larger difference wins, so fully transparent pixels always match
    /// and a change of opacity alone is measured like a change of colour.
    public static func deltaE(_ p: (UInt8, UInt8, UInt8, UInt8), _ q: (UInt8, UInt8, UInt8, UInt8)) -> Double {
        var labs = LabCache()
        return deltaE(p, q, labs: &labs)
    }

    /// The same, with L*a*b* conversions remembered in `labs` (a comparison converts the same few
    /// colours — a bar's anti-aliased edges — thousands of times).
    static func deltaE(_ p: (UInt8, UInt8, UInt8, UInt8), _ q: (UInt8, UInt8, UInt8, UInt8), labs: inout LabCache) -> Double {
        if p.3 == 255 && q.3 == 255 {
            return deltaE2000(labs.lab(p.0, p.1, p.2), labs.lab(q.0, q.1, q.2))
        }
        let pw = composite(p, over: 255), qw = composite(q, over: 255)
        let pb = composite(p, over: 0), qb = composite(q, over: 0)
        return max(deltaE2000(labs.lab(pw.0, pw.1, pw.2), labs.lab(qw.0, qw.1, qw.2)),
                   deltaE2000(labs.lab(pb.0, pb.1, pb.2), labs.lab(qb.0, qb.1, qb.2)))
    }

    static func composite(_ p: (UInt8, UInt8, UInt8, UInt8), over background: UInt8) -> (UInt8, UInt8, UInt8) {
        let alpha = Int(p.3), rest = (255 - alpha) * Int(background)
        func mix(_ c: UInt8) -> UInt8 { UInt8((Int(c) * alpha + rest + 127) / 255) }
        return (mix(p.0), mix(p.1), mix(p.2))
    }

    private static func hueDegrees(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = atan2(b, a) * 180 / .pi
        return h < 0 ? h + 360 : h
    }

    private static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    /// CIEDE2000's T for the mean hue `h` (radians): 1 − 0.17 cos(h − 30°) + 0.24 cos 2h
    /// + 0.32 cos(3h + 6°) − 0.20 cos(4h − 63°), its four cosines from one cosine and one sine
    /// by multiple-angle identities (libm's trigonometry was most of a comparison's time).
    private static func hueWeighting(_ h: Double) -> Double {
        let c1 = cos(h), s1 = sin(h)
        let c2 = 2 * c1 * c1 - 1, s2 = 2 * s1 * c1
        let c3 = c1 * (4 * c1 * c1 - 3), s3 = s1 * (3 - 4 * s1 * s1)
        let c4 = 2 * c2 * c2 - 1, s4 = 2 * s2 * c2
        let first = 0.17 * (c1 * cos30 + s1 * sin30)
        let third = 0.32 * (c3 * cos6 - s3 * sin6)
        let fourth = 0.20 * (c4 * cos63 + s4 * sin63)
        return 1 - first + 0.24 * c2 + third - fourth
    }

    private static func seventhPower(_ x: Double) -> Double {
        let x2 = x * x, x3 = x2 * x
        return x3 * x3 * x
    }

    private static let twentyFiveToTheSeventh = 6_103_515_625.0
    private static let cos30 = cos(radians(30)), sin30 = sin(radians(30))
    private static let cos6 = cos(radians(6)), sin6 = sin(radians(6))
    private static let cos63 = cos(radians(63)), sin63 = sin(radians(63))
}

/// L*a*b* of recently seen sRGB colours: 4096 slots, each keeping the last colour that hashed
/// there, made at the first question.
struct LabCache {
    private var keys: [UInt32] = []  // .max: empty (no 24-bit colour is)
    private var values: [LabColor] = []

    mutating func lab(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> LabColor {
        if keys.isEmpty {
            keys = [UInt32](repeating: .max, count: 4096)
            values = [LabColor](repeating: LabColor(l: 0, a: 0, b: 0), count: 4096)
        }
        let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        let slot = Int((key &* 0x9E37_79B1) >> 20)
        if keys[slot] == key { return values[slot] }
        let lab = LabColor(red: r, green: g, blue: b)
        keys[slot] = key
        values[slot] = lab
        return lab
    }
}
