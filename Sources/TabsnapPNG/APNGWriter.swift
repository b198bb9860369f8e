import Foundation
import TabsnapFiles

/// Writes an animated PNG frame by frame to disk, holding only the previous frame: the first frame
/// whole (it is also the still image non-animating viewers show), each later frame cropped to the
/// rectangle that changed since the one before (dispose none, blend source), looping forever.
/// The file appears under its name only when `finish()` succeeds (see `StagedFile`); a write
/// error (a full disk) is thrown with the file's path.
public final class APNGWriter {
    public typealias Failure = FileError

    private let file: StagedFile
    private let width: Int
    private let height: Int
    private let frameCount: Int
    private var previous: RGBAImage?
    private var written = 0
    private var sequence: UInt32 = 0
    private let encoder = PNGScanlineEncoder()

    public init(url: URL, width: Int, height: Int, frameCount: Int) throws(FileError) {
        guard frameCount > 0 else { throw FileError(path: url.path, reason: "an animation needs at least one frame") }
        self.width = width
        self.height = height
        self.frameCount = frameCount
        file = try StagedFile(target: url)
        var head = PNGChunk.signature
        PNGChunk.append("IHDR", PNGChunk.header(width: width, height: height), to: &head)
        PNGChunk.append("sRGB", [0], to: &head)
        var control: [UInt8] = []
        PNGChunk.appendBigEndian(UInt32(frameCount), to: &control)
        PNGChunk.appendBigEndian(0, to: &control)  // plays: forever
        PNGChunk.append("acTL", control, to: &head)
        try file.write(head)
    }

    /// Appends the next frame, shown for `delay` seconds.
    public func append(_ image: RGBAImage, delay: Double) throws(FileError) {
        guard image.width == width && image.height == height else {
            throw FileError(path: file.target.path, reason: "frame \(written) is \(image.width)×\(image.height) px; the animation's frames are \(width)×\(height)")
        }
        guard written < frameCount else { throw FileError(path: file.target.path, reason: "more frames than the \(frameCount) announced") }
        let region: (x: Int, y: Int, width: Int, height: Int) = previous.map { changedRegion(from: $0, to: image) } ?? (0, 0, width, height)
        let crop = written == 0 ? image : image.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
        var out: [UInt8] = []
        PNGChunk.append("fcTL", frameControl(region: region, delay: delay), to: &out)
        let data = encoder.compressedScanlines(crop, compression: .small)
        if written == 0 {
            PNGChunk.append("IDAT", data, to: &out)
        } else {
            var chunk: [UInt8] = []
            PNGChunk.appendBigEndian(nextSequence(), to: &chunk)
            PNGChunk.append("fdAT", chunk + data, to: &out)
        }
        try file.write(out)
        previous = image
        written += 1
    }

    /// Closes the file and moves it into place.
    public func finish() throws(FileError) {
        guard written == frameCount else {
            throw FileError(path: file.target.path, reason: "\(written) of \(frameCount) frames written")
        }
        var end: [UInt8] = []
        PNGChunk.append("IEND", [], to: &end)
        try file.write(end)
        try file.commit()
    }

    private func nextSequence() -> UInt32 {
        defer { sequence += 1 }
        return sequence
    }

    private func frameControl(region: (x: Int, y: Int, width: Int, height: Int), delay: Double) -> [UInt8] {
        var data: [UInt8] = []
        PNGChunk.appendBigEndian(nextSequence(), to: &data)
        for value in [region.width, region.height, region.x, region.y] { PNGChunk.appendBigEndian(UInt32(value), to: &data) }
        let (numerator, denominator) = APNGWriter.delayFraction(delay)
        data += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
        data += [0, 0]  // dispose none, blend source
        return data
    }

    /// The delay a reader gets back after `seconds` went through an APNG file.
    public static func storedDelay(_ seconds: Double) -> Double {
        let (numerator, denominator) = delayFraction(seconds)
        return Double(numerator) / Double(denominator)
    }

    /// A delay as the fraction APNG stores: 1/fps exactly when it is one, else milliseconds.
    static func delayFraction(_ seconds: Double) -> (UInt16, UInt16) {
        let perSecond = 1 / max(seconds, 1e-6)
        if abs(perSecond - perSecond.rounded()) < 1e-6, perSecond.rounded() <= 65_535 { return (1, UInt16(perSecond.rounded())) }
        return (UInt16(min(max((seconds * 1000).rounded(), 0), 65_535)), 1000)
    }

    /// The smallest rectangle holding every pixel that differs (1×1 when nothing does; APNG
    /// frames cannot be empty).
    private func changedRegion(from a: RGBAImage, to b: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                let rowBytes = width * 4
                for y in 0..<height {
                    let row = y * rowBytes
                    // Whole-row comparison first: most rows of a tab bar frame do not change.
                    if memcmp(pa.baseAddress! + row, pb.baseAddress! + row, rowBytes) == 0 { continue }
                    minY = min(minY, y)
                    maxY = y
                    for x in 0..<width where memcmp(pa.baseAddress! + row + x * 4, pb.baseAddress! + row + x * 4, 4) != 0 {
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                    }
                }
            }
        }
        guard maxY >= 0 else { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

extension RGBAImage {
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            pixels += self.pixels[start..<(start + width * 4)]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

extension APNGWriter {
    /// Writes frames already in memory as an animated PNG (all frames must share one size).
    public static func write(_ frames: [AnimationFrame], to url: URL) throws(FileError) {
        guard let first = frames.first else { throw FileError(path: url.path, reason: "an animation needs at least one frame") }
        let writer = try APNGWriter(url: url, width: first.image.width, height: first.image.height, frameCount: frames.count)
        for frame in frames { try writer.append(frame.image, delay: frame.delay) }
        try writer.finish()
    }
}
