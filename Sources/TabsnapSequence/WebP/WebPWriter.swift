import CWebP
import Foundation
import TabsnapFiles
import TabsnapPNG

/// Writes an animated WebP: lossless by default, or lossy at a quality 0…100. Each frame is
/// stored as the rectangle that changed since the frame before, encoded by libwebp's still-image
/// encoder: drawn over the canvas with its unchanged pixels transparent when every changed pixel
/// is opaque, else replacing the rectangle (`WebPSubframe`). A frame equal to the one before folds
/// into its duration, so holds cost nothing. These are the rules of libwebp's animation encoder:
/// lossless files are byte-identical to its (the iOS, Mística and segmented examples at 2×),
/// lossy ones within a few hundred bytes.
///
/// Frames are encoded as they come and kept, encoded, in memory up to a budget and past it in a
/// scratch file beside the output (`CompressedFrames`): a long animation of large frames holds
/// about two frames' pixels however many frames it has. (libwebp's `WebPAnimEncoder`, used
/// before, kept every encoded frame until the end: hostile round 18 measured 1.45 GB at 160
/// frames of 2048² noise.)
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
        /// Lossless coding of pixels nudged towards their neighbours: 0 (smallest) … 100 (exact).
        /// On UI frames (flat colours, anti-aliased edges) it is the smaller file that keeps
        /// them: at 60, GIF's bytes with no pixel off by more than ΔE 3, where lossy coding at
        /// quality 75 blurred edges by ΔE 20 for 14 % fewer bytes (`WebPSettingsTests`).
        case nearLossless(level: Int)
    }

    private var config = WebPConfig()
    private let url: URL
    private let width: Int
    private let height: Int
    private let plays: Int
    /// Seconds of the frames appended so far.
    private var time = 0.0
    /// The frame stored last (transparent at first): what a viewer's canvas shows, but for a
    /// lossy file's loss.
    private var canvas: RGBAImage
    /// The newest frame, not yet encoded: how long it shows is known when a different one comes.
    private var pending: (image: RGBAImage, start: Int)?
    /// Frames being encoded (on all cores), not yet stored, with where each goes and how long
    /// it shows: a frame after the newest that changes nothing lengthens it.
    private let encodes: EncodeQueue<Placement>
    /// Frames handed to the encoder so far.
    private var submitted = 0
    private var hasAlpha = false
    /// How far a colour channel may differ and count as unchanged: 0 for lossless files.
    private let tolerance: Int
    private let store: CompressedFrames
    private var storedBytes = 0

    /// Where an encoded frame goes on the canvas, and for how long.
    struct Placement {
        var region: ImageRegion
        var blends: Bool
        var milliseconds: Int
    }

    /// `plays`: how many times a viewer plays it, 0 for forever. `encodeThreads`: frames encoded
    /// at once (default: every core; 1 encodes each before the next comes, the baseline
    /// `tabsnap-bench` measures against).
    public init(url: URL, width: Int, height: Int, compression: Compression = .lossless, plays: Int = 0,
                encodeThreads: Int = ProcessInfo.processInfo.activeProcessorCount) throws(FileError) {
        encodes = EncodeQueue(depth: encodeThreads)
        self.url = url
        self.width = width
        self.height = height
        self.plays = min(max(plays, 0), 0xFFFF)
        guard width >= 1, height >= 1, width <= 16_383, height <= 16_383 else {
            throw FileError(path: url.path, reason: "a WebP is 1 to 16 383 px a side; this animation is \(width)×\(height)")
        }
        guard WebPConfigInit(&config) != 0 else {
            throw FileError(path: url.path, reason: "libwebp's version does not match its headers")
        }
        switch compression {
        case .lossless:
            tolerance = 0
            // Level 3 of 9: on the iOS and dark-theme example swipes (2×, release build) it made
            // the smallest files of levels 0–9 but for a few hundred bytes (145.8 KB and 80.1 KB
            // against level 6's 146.6 and 81.8, level 9's 146.5 and 81.5) in 0.18 s and 0.09 s
            // (level 6: 0.5 and 0.16 s; level 9: 11 and 7 s).
            _ = WebPConfigLosslessPreset(&config, 3)
            config.exact = 1  // keep the colour under transparent pixels: exact means exact
        case .nearLossless(let level):
            // Every change is stored (a tolerance, as for lossy, would add its error to the
            // coder's; the figures above were measured without one).
            tolerance = 0
            _ = WebPConfigLosslessPreset(&config, 3)
            config.near_lossless = Int32(min(max(level, 0), 100))
        case .lossy(let quality):
            config.lossless = 0
            config.quality = Float(min(max(quality, 0), 100))
            config.method = 4
            tolerance = WebPSubframe.maxDifference(quality: config.quality)
        }
        guard WebPValidateConfig(&config) != 0 else { throw FileError(path: url.path, reason: "cannot start the WebP encoder") }
        canvas = RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        store = CompressedFrames(target: url)
    }

    /// Appends the next frame, shown for `delay` seconds.
    public func append(_ image: RGBAImage, delay: Double) throws(FileError) {
        guard image.width == width && image.height == height else {
            throw FileError(path: url.path, reason: "a frame is \(image.width)×\(image.height) px; the animation's frames are \(width)×\(height)")
        }
        // Times are whole milliseconds in an Int: a delay that is not a number, or times past
        // 31 years, would trap converting.
        guard delay.isFinite, delay >= 0, time + delay <= 1e9 else {
            throw FileError(path: url.path, reason: "a frame's delay is \(delay) s; delays are 0 or more and add up to at most 10⁹ s")
        }
        let start = Int((time * 1000).rounded())
        time += delay
        if let pending {
            // A hold: the pending frame shows longer.
            if RGBAImage.changedRegion(from: pending.image, to: image) == nil { return }
            // Starting in the same millisecond, the pending frame would show for none: it never shows.
            if start <= pending.start {
                self.pending = (image, pending.start)
                return
            }
            try store(pending.image, milliseconds: start - pending.start)
        }
        pending = (image, start)
    }

    /// Assembles the file and moves it into place.
    public func finish(durability: Durability) throws(FileError) {
        guard let pending else { throw FileError(path: url.path, reason: "an animation needs at least one frame") }
        // The last frame shows to the end, and for at least a millisecond.
        try store(pending.image, milliseconds: max(Int((time * 1000).rounded()) - pending.start, 1))
        self.pending = nil
        for encode in encodes.drain() { try keep(encode) }
        let file = try StagedFile(target: url)
        try file.write(WebPContainer.header(width: width, height: height, hasAlpha: hasAlpha, plays: plays, framesBytes: storedBytes))
        for index in 0..<store.count { try file.write(store.data(index)) }
        try file.commit(durability)
    }

    /// Encodes `image` as the canvas's next frame, shown for `milliseconds`.
    private func store(_ image: RGBAImage, milliseconds: Int) throws(FileError) {
        let first = submitted == 0
        // The first frame covers the canvas: a viewer's canvas before it is not everywhere the
        // same (the format's background colour is only a hint).
        let whole = ImageRegion(x: 0, y: 0, width: width, height: height)
        guard let region = first ? whole : WebPSubframe.changedRegion(from: canvas, to: image, tolerance: tolerance) else {
            return try lengthenNewest(by: milliseconds)
        }
        // Drawn over the canvas when it can be, as libwebp's animation encoder does: encoding both
        // ways and keeping the smaller took twice as long for a few bytes either way.
        let over = first ? nil : tolerance == 0 ? WebPSubframe.drawnOver(canvas, image, in: region)
            : WebPSubframe.drawnOver(canvas, image, in: region, tolerance: tolerance)
        let frame = over ?? WebPSubframe.replacing(image, in: region)
        // The alpha flag says whether a frame has transparent pixels, those left to the canvas
        // included (as libwebp's muxer sets it: a viewer may otherwise take frames as opaque).
        if !hasAlpha && !frame.pixels.isOpaque(in: ImageRegion(x: 0, y: 0, width: region.width, height: region.height)) { hasAlpha = true }
        submitted += 1
        let (config, path, pixels, blends) = (config, url.path, frame.pixels, frame.blends)
        let placement = Placement(region: region, blends: blends, milliseconds: min(milliseconds, WebPContainer.longestDuration))
        if let oldest = encodes.submit(placement, { () throws(FileError) in try Self.encode(pixels, blended: blends, config: config, path: path) }) {
            try keep(oldest)
        }
        // The next frame is compared with this one as given, not with what a lossy file shows,
        // as libwebp's animation encoder does: tracking what it shows kept up to 22 % more
        // (the Mística example at quality 70: 224 KB against 184 KB, for a mean error of 0.87
        // against 0.93 of 255).
        canvas = image
        if milliseconds > WebPContainer.longestDuration { try lengthenNewest(by: milliseconds - WebPContainer.longestDuration) }
    }

    /// The newest frame shows `milliseconds` longer; past the format's longest duration, a frame
    /// repeating one pixel of the canvas carries the rest.
    private func lengthenNewest(by milliseconds: Int) throws(FileError) {
        guard let newest = encodes.newest else { return }
        let total = newest.item.milliseconds + milliseconds
        newest.item.milliseconds = min(total, WebPContainer.longestDuration)
        guard total > WebPContainer.longestDuration else { return }
        let pixel = ImageRegion(x: 0, y: 0, width: 1, height: 1)
        let repeated = WebPSubframe.replacing(canvas, in: pixel)
        let (config, path, pixels) = (config, url.path, repeated.pixels)
        if let oldest = encodes.submit(Placement(region: pixel, blends: false, milliseconds: 0),
                                       { () throws(FileError) in try Self.encode(pixels, blended: false, config: config, path: path) }) {
            try keep(oldest)
        }
        try lengthenNewest(by: total - WebPContainer.longestDuration)
    }

    /// Stores an encoded frame, in order, once its encoder is done.
    private func keep(_ encode: EncodeQueue<Placement>.Ticket) throws(FileError) {
        let placement = encode.item
        try keep(WebPContainer.frame(try encode.bytes(), at: placement.region, blends: placement.blends, milliseconds: placement.milliseconds))
    }

    /// Stores a finished ANMF chunk.
    private func keep(_ chunk: [UInt8]) throws(FileError) {
        guard storedBytes + chunk.count <= WebPContainer.largestBody - 64 else {
            throw FileError(path: url.path, reason: "a WebP file is at most 4 GiB; this animation would be larger")
        }
        _ = try store.append(chunk)
        storedBytes += chunk.count
    }

    /// `image` as a still WebP's image chunks; `blended`: to be drawn over the canvas. Touches
    /// nothing of a writer's (it runs on the encoders' threads); `path` names the file in errors.
    private static func encode(_ image: RGBAImage, blended: Bool, config: WebPConfig, path: String) throws(FileError) -> [UInt8] {
        let url = URL(fileURLWithPath: path)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw FileError(path: url.path, reason: "cannot start the WebP encoder") }
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = image.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4)) }
        guard imported != 0 else { throw FileError(path: url.path, reason: "out of memory") }
        let writer = UnsafeMutablePointer<WebPMemoryWriter>.allocate(capacity: 1)
        WebPMemoryWriterInit(writer)
        defer {
            WebPMemoryWriterClear(writer)
            writer.deallocate()
        }
        picture.writer = WebPMemoryWrite
        picture.custom_ptr = UnsafeMutableRawPointer(writer)
        var config = config
        if blended && config.lossless == 0 {
            // No deblocking filter on a frame drawn over the canvas: its smoothing would blur
            // the transparent edges into blocks (as libwebp's animation encoder does).
            config.autofilter = 0
            config.filter_strength = 0
        }
        guard WebPEncode(&config, &picture) != 0 else {
            throw FileError(path: url.path, reason: "the WebP encoder failed (error \(picture.error_code.rawValue))")
        }
        guard let memory = writer.pointee.mem,
              let chunks = WebPContainer.imageChunks(ofStill: Array(UnsafeBufferPointer(start: memory, count: writer.pointee.size))) else {
            throw FileError(path: url.path, reason: "the WebP encoder wrote no image")
        }
        return chunks
    }
}
