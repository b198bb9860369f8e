import Foundation
import TabsnapPNG

/// A rectangle of pixels.
public struct PixelRegion: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Column of the left edge, in pixels from the image's left.
    public var x: Int
    /// Row of the top edge, in pixels from the image's top.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A region whose top-left pixel is (`x`, `y`), `width` × `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// "x,y w×h", as comparison summaries print it.
    public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// What the comparator decided about one pixel.
public enum PixelVerdict: UInt8, Sendable {
    /// Equal once premultiplied (transparent pixels are equal whatever their colour bytes).
    case same
    /// Different, but within the allowed colour distance.
    case withinTolerance
    /// Different, recognised as anti-aliasing and forgiven.
    case antialiased
    /// Different beyond what the options forgive: counted in `differingPixels`.
    case differs
    /// Only one of the images has this pixel (their sizes differ).
    case outside
}

/// The outcome of comparing an expected image with an actual one.
public struct ImageComparison: Sendable {
    /// The expected image's size in pixels.
    public var expectedSize: (width: Int, height: Int)
    /// The actual image's size in pixels.
    public var actualSize: (width: Int, height: Int)
    /// Width and height both images were padded to (the larger of each).
    public var width: Int
    /// Height both images were padded to (the larger of the two).
    public var height: Int
    /// Pixels that differ beyond what the options forgive, including pixels only one image has
    /// (verdicts `.differs` and `.outside`). What `ComparisonOptions.allowed` is checked against.
    public var differingPixels: Int
    /// Differing pixels forgiven as anti-aliasing (verdict `.antialiased`); not in
    /// `differingPixels`.
    public var antialiasedPixels: Int
    /// Differing pixels within `ComparisonOptions.maxDeltaE` (verdict `.withinTolerance`); not in
    /// `differingPixels`.
    public var toleratedPixels: Int
    /// Largest ΔE 2000 among pixels present in both images.
    public var maxDeltaE: Double
    /// Bounding box of the differing pixels (including pixels outside the smaller image).
    public var region: PixelRegion?
    /// One verdict per pixel of the padded size, row by row; empty when the images are identical.
    public var verdicts: [PixelVerdict]
    /// Whether the images match: the same size, and no more differing pixels than the options
    /// allow.
    public var matches: Bool

    /// Pixels in the padded size, `width` × `height` (what a ratio allowance is a fraction of).
    public var totalPixels: Int { width * height }
    /// Whether both images have the same width and height.
    public var sizesMatch: Bool { expectedSize == actualSize }
    /// No visible difference at all (bytes of fully transparent pixels aside). Counted, not read
    /// from `verdicts`, so it holds once a long animation's verdicts have been dropped.
    public var isIdentical: Bool { sizesMatch && differingPixels == 0 && toleratedPixels == 0 && antialiasedPixels == 0 }

    /// The verdict on the pixel at column `x`, row `y` of the padded size (both 0-based, inside
    /// `width` × `height`); `.same` everywhere when `verdicts` is empty.
    public func verdict(x: Int, y: Int) -> PixelVerdict {
        verdicts.isEmpty ? .same : verdicts[y * width + x]
    }

    /// One line: "N of M pixels differ (max ΔE x.x) in region x,y w×h", plus sizes and what was
    /// forgiven.
    public var summary: String {
        var parts: [String] = []
        if !sizesMatch {
            parts.append("size \(actualSize.width)×\(actualSize.height) differs from expected \(expectedSize.width)×\(expectedSize.height)")
        }
        if differingPixels > 0 {
            var text = "\(differingPixels) of \(totalPixels) pixels differ (max ΔE \(decimalText(maxDeltaE, places: 1)))"
            if let region { text += " in region \(region)" }
            parts.append(text)
        } else if sizesMatch {
            parts.append(isIdentical ? "identical" : "match within tolerance")
        }
        var forgiven: [String] = []
        if toleratedPixels > 0 { forgiven.append("\(toleratedPixels) within ΔE tolerance") }
        if antialiasedPixels > 0 { forgiven.append("\(antialiasedPixels) anti-aliased") }
        if !forgiven.isEmpty { parts.append("forgiven: " + forgiven.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}

/// Compares images pixel by pixel: an exact fast path, then premultiplied values, ΔE 2000 and
/// anti-aliasing detection as the options allow.
public enum ImageComparator {
    /// Compares `actual` with `expected`. Images of different sizes are compared over the larger
    /// width and height, each padded with transparent pixels, and never match.
    /// - Parameters:
    ///   - expected: The golden image.
    ///   - actual: The rendered image.
    ///   - options: How strict the comparison is; `.exact` by default.
    /// - Returns: The counts, the largest ΔE, the differing region and each pixel's verdict.
    public static func compare(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .exact) -> ImageComparison {
        var cache = DeltaECache()
        return compare(expected: expected, actual: actual, options: options, cache: &cache)
    }

    /// The same, with ΔE remembered in `cache` across calls (an animation's frames).
    static func compare(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions, cache: inout DeltaECache) -> ImageComparison {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var result = ImageComparison(
            expectedSize: (expected.width, expected.height), actualSize: (actual.width, actual.height),
            width: width, height: height, differingPixels: 0, antialiasedPixels: 0, toleratedPixels: 0,
            maxDeltaE: 0, region: nil, verdicts: [], matches: true)
        if expected.width == actual.width && expected.height == actual.height && bytesEqual(expected.pixels, actual.pixels) {
            return result
        }
        let e = PremultipliedPixels(expected, paddedTo: width, height)
        let a = PremultipliedPixels(actual, paddedTo: width, height)
        var verdicts: [PixelVerdict] = []  // made at the first pixel that is not the same
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        // Rows, and within a row pixels, whose bytes are equal are the same: found by memcmp and
        // whole words, so per-pixel judging (slow Swift in a debug build) runs only where
        // something changed. While loops: a range's iterator is calls per pixel in debug builds.
        CommonPixels.with(expected, actual) { common in
            var y = -1
            while y + 1 < height {
                y += 1
                if common.rowsEqual(y) { continue }
                var x = -1
                while x + 1 < width {
                    x += 1
                    if common.pixelsEqual(x, y) { continue }
                    let verdict = judge(x, y, e, a, options: options, maxDeltaE: &result.maxDeltaE, cache: &cache)
                    guard verdict != .same else { continue }
                    if verdicts.isEmpty { verdicts = [PixelVerdict](repeating: .same, count: width * height) }
                    verdicts[y * width + x] = verdict
                    switch verdict {
                    case .withinTolerance: result.toleratedPixels += 1
                    case .antialiased: result.antialiasedPixels += 1
                    default:
                        result.differingPixels += 1
                        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        if maxX >= 0 { result.region = PixelRegion(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1) }
        result.verdicts = verdicts  // empty when only invisible bytes differed (transparent pixels' colours)
        result.matches = result.sizesMatch && options.allowed.permits(result.differingPixels, of: result.totalPixels)
        return result
    }

    private static func judge(_ x: Int, _ y: Int, _ e: PremultipliedPixels, _ a: PremultipliedPixels,
                              options: ComparisonOptions, maxDeltaE: inout Double, cache: inout DeltaECache) -> PixelVerdict {
        guard e.contains(x, y) && a.contains(x, y) else { return .outside }
        let ev = e[x, y], av = a[x, y]
        guard ev != av else { return .same }
        let distance = cache.deltaE(ev, av)
        maxDeltaE = max(maxDeltaE, distance)
        if distance <= options.maxDeltaE { return .withinTolerance }
        if options.toleratesAntialiasing,
           AntiAliasing.isAntialiased(x, y, in: e, other: a) || AntiAliasing.isAntialiased(x, y, in: a, other: e) {
            return .antialiased
        }
        return .differs
    }

    private static func bytesEqual(_ p: [UInt8], _ q: [UInt8]) -> Bool {
        p.count == q.count && p.withUnsafeBytes { pb in q.withUnsafeBytes { qb in CommonPixels.bytesEqual(pb, qb) } }
    }
}
