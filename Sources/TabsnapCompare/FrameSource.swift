import Foundation
import TabsnapFiles
import TabsnapPNG

/// An animation's frames made one at a time, by index, on demand: a transition rendered frame
/// by frame (renders are stateless, so asking twice gives the same frame), or frames already in
/// memory. How long animations are checked without holding them.
public struct FrameSource {
    /// How many frames the animation has; `frame(_:)` takes indices 0..<count.
    public let count: Int
    /// Whether making a frame spends time held to a bound (SVG icons, text in a spec's own
    /// fonts): such frames are made once and kept for any later pass (`FrameTape`), since each
    /// pass drawing them again would spend that time again.
    public let isCostly: Bool
    private let make: (Int) throws -> AnimationFrame

    /// A source of `count` frames made by `frame`, called with an index each time one is asked for.
    /// - Parameters:
    ///   - count: How many frames there are.
    ///   - isCostly: Making a frame spends time held to a bound (see `isCostly`).
    ///   - frame: Makes frame `index` (0-based). It may be called more than once for the same
    ///     index and should give the same frame each time.
    public init(count: Int, isCostly: Bool = false, frame: @escaping (Int) throws -> AnimationFrame) {
        self.count = count
        self.isCostly = isCostly
        make = frame
    }

    /// Makes frame `index` (0-based, below `count`), rethrowing whatever the maker throws.
    public func frame(_ index: Int) throws -> AnimationFrame { try make(index) }

    /// The same frames, with what making one throws turned into `transform`'s error (a spec's
    /// name put before it); its count and cost stay.
    public func mappingErrors(_ transform: @escaping (any Error) -> any Error) -> FrameSource {
        FrameSource(count: count, isCostly: isCostly) { index in
            do { return try self.frame(index) } catch { throw transform(error) }
        }
    }

    /// Frames already in memory.
    public static func frames(_ animation: AnimatedImage) -> FrameSource {
        FrameSource(count: animation.frames.count) { animation.frames[$0] }
    }
}

/// Writes frames as they come: one frame is a PNG, more an animated PNG (compressed as they
/// come). Nothing appears under the file's name before `finish()`.
public final class AnimationFileWriter {
    private let url: URL
    private let compression: PNGCompression
    private let durability: Durability
    private let encoder: PNGScanlineEncoder
    private var apng: APNGWriter?
    private var first: AnimationFrame?
    private let mark: (keyword: String, text: String)?
    private let limit: ByteLimit?
    private let notes: [(keyword: String, text: String)]

    /// `compression` for an animation (a still is always `.small`): goldens take the default,
    /// the diff, triptych and actual frames of a failure `.fast` (and `.rebuildable`).
    /// `encoder` may be shared by writers used in turn on one thread. `mark`: a `PNGTextMark`
    /// (keyword, text) the file carries (goldens say whose they are with it). `limit`: a
    /// file that would be larger is refused, unwritten (a golden the next check could not read).
    /// `notes`: iTXt chunks (`PNGInternationalText`) the file carries (a still golden's
    /// geometry, a transition golden's motion).
    public init(url: URL, compression: PNGCompression = .dense, durability: Durability = .durable,
                encoder: PNGScanlineEncoder = PNGScanlineEncoder(), mark: (keyword: String, text: String)? = nil, limit: ByteLimit? = nil,
                notes: [(keyword: String, text: String)] = []) {
        self.mark = mark
        self.notes = notes
        self.limit = limit
        self.url = url
        self.compression = compression
        self.durability = durability
        self.encoder = encoder
    }

    /// Adds the next frame, shown for `delay` seconds. The first frame is held back until a second
    /// one comes (only then is the file known to be an APNG); from then on each frame is
    /// compressed as it comes (see `APNGWriter`).
    /// - Throws: A `FileError` when the staged file cannot be made, or a frame's size differs
    ///   from the first frame's.
    public func append(_ image: RGBAImage, delay: Double) throws {
        guard let first else {
            first = AnimationFrame(image: image, delay: delay)
            return
        }
        if apng == nil {
            let writer = try APNGWriter(url: url, width: first.image.width, height: first.image.height, compression: compression,
                                        durability: durability, encoder: encoder, mark: mark, notes: notes, limit: limit)
            try writer.append(first.image, delay: first.delay)
            apng = writer
        }
        try apng?.append(image, delay: delay)
    }

    /// Completes the file and moves it into place under its name: a PNG when only one frame was
    /// appended (its delay dropped), an APNG otherwise. With no frame appended, writes nothing.
    /// - Throws: A `FileError` when the file cannot be written or moved into place.
    public func finish() throws {
        if let apng {
            try apng.finish()
        } else if let first {
            var png = PNGEncoder.encode(first.image)
            if let mark { png = PNGTextMark.inserting(keyword: mark.keyword, text: mark.text, into: png) }
            for note in notes { png = PNGInternationalText.inserting(keyword: note.keyword, text: note.text, into: png) }
            if let limit, png.count > limit.bytes { throw FileError(path: url.path, reason: limit.refusal(png.count)) }
            try AtomicFile.write(png, to: url, durability: durability)
        }
    }

    /// Every frame of `source` to `url`, carrying `mark` when one is given and `notes`,
    /// refused past `limit` when given.
    public static func write(_ source: FrameSource, to url: URL, mark: (keyword: String, text: String)? = nil, limit: ByteLimit? = nil,
                             notes: [(keyword: String, text: String)] = []) throws {
        let writer = AnimationFileWriter(url: url, mark: mark, limit: limit, notes: notes)
        for index in 0..<source.count {
            let frame = try source.frame(index)
            try writer.append(frame.image, delay: frame.delay)
        }
        try writer.finish()
    }
}
