import TabsnapPNG

/// How a frame of an animated WebP is stored: the pixels of a rectangle of the canvas, either
/// replacing what the canvas shows there or drawn over it, where their transparent pixels leave
/// the canvas as it was.
///
/// The rules are those of libwebp's own animation encoder (`anim_encode.c`), which Tabsnap used
/// before it wrote frames as they come: the changed rectangle and the pixels left to the canvas
/// are exact for lossless files; for lossy ones, a pixel within `maxDifference(quality:)` of what
/// the canvas shows counts as unchanged, as the lossy encoder would not keep that difference.
struct WebPSubframe {
    /// Where on the canvas (even origin: the format stores it halved).
    var region: ImageRegion
    /// `region`'s new pixels.
    var pixels: RGBAImage
    /// Drawn over the canvas rather than replacing it.
    var blends: Bool

    /// The largest difference in a colour channel a lossy file at `quality` lets pass as none:
    /// 31 at quality 0 down to 1 at 100 (libwebp's `QualityToMaxDiff`).
    static func maxDifference(quality: Float) -> Int {
        let weight = (Double(quality) / 100).squareRoot()
        return Int((31 * (1 - weight) + weight).rounded())
    }

    /// The rectangle of `image` holding what differs from `canvas` by more than `tolerance`,
    /// widened to an even origin; nil when nothing does.
    static func changedRegion(from canvas: RGBAImage, to image: RGBAImage, tolerance: Int) -> ImageRegion? {
        guard var region = RGBAImage.changedRegion(from: canvas, to: image) else { return nil }
        if tolerance > 0 {
            // Rows and columns at the edges whose every difference is within the tolerance go.
            func rowIsSimilar(_ y: Int) -> Bool { (region.x..<region.x + region.width).allSatisfy { similar(canvas, image, $0, y, tolerance) } }
            func columnIsSimilar(_ x: Int) -> Bool { (region.y..<region.y + region.height).allSatisfy { similar(canvas, image, x, $0, tolerance) } }
            while region.height > 0 && rowIsSimilar(region.y) { region.y += 1; region.height -= 1 }
            while region.height > 0 && rowIsSimilar(region.y + region.height - 1) { region.height -= 1 }
            guard region.height > 0 else { return nil }
            while columnIsSimilar(region.x) { region.x += 1; region.width -= 1 }
            while columnIsSimilar(region.x + region.width - 1) { region.width -= 1 }
        }
        return ImageRegion(x: region.x & ~1, y: region.y & ~1,
                           width: region.width + region.x % 2, height: region.height + region.y % 2)
    }

    /// `region` of `image`, replacing what the canvas shows there.
    static func replacing(_ image: RGBAImage, in region: ImageRegion) -> WebPSubframe {
        var pixels = [UInt8](repeating: 0, count: region.width * region.height * 4)
        for y in 0..<region.height {
            let from = ((region.y + y) * image.width + region.x) * 4
            pixels.replaceSubrange(y * region.width * 4..<(y + 1) * region.width * 4, with: image.pixels[from..<from + region.width * 4])
        }
        return WebPSubframe(region: region, pixels: RGBAImage(width: region.width, height: region.height, pixels: pixels), blends: false)
    }

    /// `region` of `image` drawn over `canvas`, its pixels equal to the canvas's transparent
    /// black (which compresses to almost nothing): for a lossless file. Nil when a pixel that
    /// changes is not opaque: drawn over the canvas, it would mix with it.
    static func drawnOver(_ canvas: RGBAImage, _ image: RGBAImage, in region: ImageRegion) -> WebPSubframe? {
        var frame = replacing(image, in: region)
        for y in 0..<region.height {
            for x in 0..<region.width {
                let pixel = image.pixel(region.x + x, region.y + y)
                if pixel == canvas.pixel(region.x + x, region.y + y) {
                    frame.setPixel(y * region.width + x, 0)
                } else if pixel >> 24 != 255 {
                    return nil
                }
            }
        }
        frame.blends = true
        return frame
    }

    /// `region` of `image` drawn over `canvas`, for a lossy file: each 8 × 8 block (on the
    /// canvas's grid) whose pixels are opaque and all within `tolerance` of the canvas's becomes
    /// transparent, of their mean colour (one flat block costs the lossy encoder least); other
    /// pixels stay as they are, since single transparent pixels cost more in the alpha plane
    /// than they save. Nil when a pixel outside those blocks is not opaque.
    static func drawnOver(_ canvas: RGBAImage, _ image: RGBAImage, in region: ImageRegion, tolerance: Int) -> WebPSubframe? {
        var frame = replacing(image, in: region)
        let block = 8
        var cleared = [Bool](repeating: false, count: region.width * region.height)
        var top = (region.y + block - 1) / block * block
        while top + block <= region.y + region.height {
            var left = (region.x + block - 1) / block * block
            while left + block <= region.x + region.width {
                var sums: [UInt32] = [0, 0, 0], unchanged = true
                for y in top..<top + block where unchanged {
                    for x in left..<left + block {
                        let pixel = image.pixel(x, y)
                        guard pixel >> 24 == 255, similar(pixel, canvas.pixel(x, y), tolerance) else { unchanged = false; break }
                        for channel in 0..<3 { sums[channel] += pixel >> (8 * UInt32(channel)) & 0xFF }
                    }
                }
                if unchanged {
                    let count = UInt32(block * block)
                    let mean = sums[0] / count | (sums[1] / count) << 8 | (sums[2] / count) << 16  // alpha 0
                    for y in top..<top + block {
                        for x in left..<left + block {
                            let local = (y - region.y) * region.width + x - region.x
                            frame.setPixel(local, mean)
                            cleared[local] = true
                        }
                    }
                }
                left += block
            }
            top += block
        }
        for y in 0..<region.height {
            for x in 0..<region.width where !cleared[y * region.width + x] && image.pixel(region.x + x, region.y + y) >> 24 != 255 {
                return nil
            }
        }
        frame.blends = true
        return frame
    }

    /// Sets pixel `index` (row after row) of the frame, as `RGBAImage.pixel` reads it.
    private mutating func setPixel(_ index: Int, _ value: UInt32) {
        pixels.pixels.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: index * 4, as: UInt32.self) }
    }

    /// Same alpha, and each colour channel (weighted by alpha) within `tolerance`: a difference
    /// the lossy encoder would not keep (libwebp's `PixelsAreSimilar`).
    private static func similar(_ a: UInt32, _ b: UInt32, _ tolerance: Int) -> Bool {
        let alpha = Int(a >> 24)
        guard alpha == Int(b >> 24) else { return false }
        for shift: UInt32 in [0, 8, 16] where abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) * alpha > tolerance * 255 {
            return false
        }
        return true
    }

    /// `similar` for pixel (x, y) of two images of one size.
    private static func similar(_ a: RGBAImage, _ b: RGBAImage, _ x: Int, _ y: Int, _ tolerance: Int) -> Bool {
        similar(a.pixel(x, y), b.pixel(x, y), tolerance)
    }
}

extension RGBAImage {
    /// Pixel (x, y) as loaded from its RGBA bytes: red lowest, alpha highest.
    fileprivate func pixel(_ x: Int, _ y: Int) -> UInt32 {
        pixels.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: (y * width + x) * 4, as: UInt32.self)) }
    }
}
