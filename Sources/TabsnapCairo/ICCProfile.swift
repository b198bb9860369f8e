import Foundation

/// Whether an embedded picture's ICC profile is sRGB in effect, so a browser's colour
/// management (which converts from it) and librsvg's none (which draws the samples) agree. Told
/// by what the profile does, not by its name (hostile round 77: a profile described "sRGB
/// IEC61966-2.1" with red and blue swapped): an RGB matrix profile whose colorants are sRGB's
/// (adapted to D50, as ICC writes them) and whose tone curves follow sRGB's within 0.02 at a
/// quarter, a half and three quarters.
enum ICCProfile {
    /// sRGB's red, green and blue colorants in the profile connection space (D50), X Y Z.
    private static let standardColorants: [String: [Double]] = [
        "rXYZ": [0.4361, 0.2225, 0.0139], "gXYZ": [0.3851, 0.7169, 0.0971], "bXYZ": [0.1431, 0.0606, 0.7141],
    ]
    private static let colorantSlack = 0.005, curveSlack = 0.02

    static func isStandardRGB(_ profile: [UInt8]) -> Bool {
        guard profile.count >= 132, profile[16..<20].elementsEqual("RGB ".utf8) else { return false }
        var tags: [String: ArraySlice<UInt8>] = [:]
        let count = min(read(profile[...], 128, 4) ?? 0, 100)
        for entry in 0..<count {
            let at = 132 + entry * 12
            guard let offset = read(profile[...], at + 4, 4), let size = read(profile[...], at + 8, 4), at + 12 <= profile.count,
                  offset >= 0, size >= 0, offset + size <= profile.count else { return false }
            // The first of a name counts, as browsers' colour engines take it (skcms, qcms).
            let name = String(decoding: profile[at..<(at + 4)], as: UTF8.self)
            if tags[name] == nil { tags[name] = profile[offset..<(offset + size)] }
        }
        // A lookup table converts before the colorants and curves do: not judged here.
        if ["A2B0", "A2B1", "A2B2"].contains(where: { tags[$0] != nil }) { return false }
        for (name, expected) in standardColorants {
            guard let tag = tags[name], tag.count >= 20, tag.prefix(4).elementsEqual("XYZ ".utf8) else { return false }
            let values = (0..<3).map { fixed(tag, tag.startIndex + 8 + $0 * 4) }
            if zip(values, expected).contains(where: { !(abs($0 - $1) <= colorantSlack) }) { return false }
        }
        for name in ["rTRC", "gTRC", "bTRC"] {
            guard let tag = tags[name] else { return false }
            for x in [0.25, 0.5, 0.75] {
                guard let y = curve(tag, at: x), abs(y - standardCurve(x)) <= curveSlack else { return false }
            }
        }
        return true
    }

    /// sRGB's tone curve.
    private static func standardCurve(_ x: Double) -> Double {
        x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4)
    }

    /// A tone curve tag (`curv` or `para`) at `x`, nil when it cannot be read.
    private static func curve(_ tag: ArraySlice<UInt8>, at x: Double) -> Double? {
        let start = tag.startIndex
        guard tag.count >= 12 else { return nil }
        if tag.prefix(4).elementsEqual("curv".utf8) {
            guard let count = read(tag, start + 8, 4), tag.count >= 12 + 2 * count else { return nil }
            if count == 0 { return x }
            if count == 1 { return pow(x, Double(read(tag, start + 12, 2) ?? 0) / 256) }
            let position = x * Double(count - 1), low = Int(position), high = min(low + 1, count - 1)
            let a = Double(read(tag, start + 12 + 2 * low, 2) ?? 0), b = Double(read(tag, start + 12 + 2 * high, 2) ?? 0)
            return (a + (b - a) * (position - Double(low))) / 65535
        }
        guard tag.prefix(4).elementsEqual("para".utf8), let type = read(tag, start + 8, 2) else { return nil }
        let counts = [1, 3, 4, 5, 7]
        guard type < counts.count, tag.count >= 12 + 4 * counts[type] else { return nil }
        let p = (0..<counts[type]).map { fixed(tag, start + 12 + 4 * $0) }
        switch type {
        case 0: return pow(x, p[0])
        case 1: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], p[0]) : 0
        case 2: return x >= -p[2] / p[1] ? pow(p[1] * x + p[2], p[0]) + p[3] : p[3]
        case 3: return x >= p[4] ? pow(p[1] * x + p[2], p[0]) : p[3] * x
        default: return x >= p[4] ? pow(p[1] * x + p[2], p[0]) + p[5] : p[3] * x + p[6]
        }
    }

    /// A big-endian unsigned number of `count` bytes at `at`, nil past the end.
    private static func read(_ bytes: ArraySlice<UInt8>, _ at: Int, _ count: Int) -> Int? {
        guard at >= bytes.startIndex, at + count <= bytes.endIndex else { return nil }
        return bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// An s15Fixed16 number at `at`.
    private static func fixed(_ bytes: ArraySlice<UInt8>, _ at: Int) -> Double {
        guard let raw = read(bytes, at, 4) else { return .nan }
        return Double(Int32(truncatingIfNeeded: raw)) / 65536
    }
}
