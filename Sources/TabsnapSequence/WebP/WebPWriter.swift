import CWebP
import Foundation
import TabsnapFiles
import TabsnapPNG

/// Writes an animated WebP through libwebp's animation encoder: lossless by default, or lossy at
/// a quality 0…100. The encoder stores each frame as the rectangle that changed and folds a
/// frame equal to the one before into its duration, so holds cost nothing.
///
/// Frames are placed at their start times in whole milliseconds (WebP's unit); the file appears
/// under its name only when `finish()` succeeds.
public final class WebPWriter {
    /// How the frames are compressed.
    public enum Compression: Sendable, Hashable {
        /// Exact pixels (libwebp's lossless preset at level 3 of 9).
        case lossless
        /// 0 (smallest) … 100 (best).
        case lossy(quality: Int)
    }

    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let url: URL
    private let width: Int
    private let height: Int
    private var time = 0.0
    private var frames = 0
    private var finished = false

    /// `plays`: how many times a viewer plays it, 0 for forever.
    public init(url: URL, width: Int, height: Int, compression: Compression = .lossless, plays: Int = 0) throws(FileError) {
        self.url = url
        self.width = width
        self.height = height
        guard width <= 16_383, height <= 16_383 else {
            throw FileError(path: url.path, reason: "a WebP is at most 16 383 px a side; this animation is \(width)×\(height)")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw FileError(path: url.path, reason: "libwebp's version does not match its headers")
        }
        options.anim_params.loop_count = Int32(clamping: plays)
        options.anim_params.bgcolor = 0  // transparent: what a viewer shows under the canvas
        switch compression {
        case .lossless:
            // Level 3 of 9: on the iOS and dark-theme example swipes (2×, release build) it made
            // the smallest files of levels 0–9 but for a few hundred bytes (145.8 KB and 80.1 KB
            // against level 6's 146.6 and 81.8, level 9's 146.5 and 81.5) in 0.18 s and 0.09 s
            // (level 6: 0.5 and 0.16 s; level 9: 11 and 7 s).
            _ = WebPConfigLosslessPreset(&config, 3)
        case .lossy(let quality):
            config.lossless = 0
            config.quality = Float(quality)
            config.method = 4
        }
        guard WebPValidateConfig(&config) != 0, let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw FileError(path: url.path, reason: "cannot start the WebP encoder")
        }
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// Appends the next frame, shown for `delay` seconds.
    public func append(_ image: RGBAImage, delay: Double) throws(FileError) {
        guard image.width == width && image.height == height else {
            throw FileError(path: url.path, reason: "a frame is \(image.width)×\(image.height) px; the animation's frames are \(width)×\(height)")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw FileError(path: url.path, reason: "cannot start the WebP encoder") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw FileError(path: url.path, reason: "out of memory") }
        let start = Int32((time * 1000).rounded())
        time += delay
        guard WebPAnimEncoderAdd(encoder, &picture, start, &config) != 0 else { throw encoderError() }
        frames += 1
    }

    /// Assembles the file and moves it into place.
    public func finish(durability: Durability) throws(FileError) {
        guard frames > 0 else { throw FileError(path: url.path, reason: "an animation needs at least one frame") }
        guard WebPAnimEncoderAdd(encoder, nil, Int32((time * 1000).rounded()), nil) != 0 else { throw encoderError() }
        var data = WebPData()
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else { throw encoderError() }
        let file = try StagedFile(target: url)
        try file.write(Array(UnsafeBufferPointer(start: bytes, count: data.size)))
        try file.commit(durability)
    }

    private func encoderError() -> FileError {
        let message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        return FileError(path: url.path, reason: "the WebP encoder failed" + (message.isEmpty ? "" : " (\(message))"))
    }
}
