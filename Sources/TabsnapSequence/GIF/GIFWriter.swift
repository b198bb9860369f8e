import Foundation
import TabsnapFiles
import TabsnapPNG

/// Writes an animated GIF from frames and their delays, with one palette for the whole
/// animation (`GIFPalette`, from the counts of every frame's colours: see `FrameRenderer.writeGIF`,
/// which renders twice rather than hold the frames).
///
/// Each frame becomes palette indices; holds and frames under GIF's 20 ms floor fold away
/// (`GIFFrameTiming`); each remaining frame stores only what changed (`GIFCanvasPlan`). The
/// file appears under its name only when `finish()` succeeds.
public final class GIFWriter {
    private let palette: GIFPalette
    private let indexer: Indexer
    private var timing = GIFFrameTiming()
    private var plan: GIFCanvasPlan
    private let file: GIFFile
    private let width: Int
    private let height: Int
    private let path: String
    private let matte: GIFMatte

    /// How often each colour shows across the animation, gathered before writing, and how the
    /// GIF shows partly transparent pixels (`matte`).
    public struct Colors {
        var counts = ColorCounts()
        /// Blended over a colour, or kept as one bit (the writer's default: the frames as given;
        /// `FrameRenderer.writeAnimation` blends over the page white unless asked otherwise).
        public let matte: GIFMatte
        /// Pixels whose colour the GIF changes: partly transparent ones kept as one bit (with
        /// `matte` `.none`; blended over a colour, none).
        public private(set) var changedPixels = 0
        /// Pixels counted, every frame in full.
        public var totalPixels: Int { counts.total }

        /// No colours counted yet.
        public init(matte: GIFMatte = .none) {
            self.matte = matte
        }

        /// Counts one frame's colours; add every frame the GIF will show, so the palette fits them
        /// all.
        public mutating func add(_ image: RGBAImage) {
            if matte == .none {
                changedPixels += image.pixels.withUnsafeBytes { raw in
                    raw.bindMemory(to: UInt32.self).reduce(0) { count, word in count + (word >> 24 != 0 && word >> 24 != 0xFF ? 1 : 0) }
                }
            }
            counts.add(matte.applied(to: image).pixels)
        }
    }

    /// Turns frames into palette indices: the animation's palette, every counted colour
    /// matched, and its matte. It only reads, so frames are matched on every core.
    public struct Indexer: Sendable {
        let palette: GIFPalette
        let matte: GIFMatte

        /// The palette made from `colors`' counts, with its matte.
        public init(colors: Colors) {
            palette = GIFPalette(counts: colors.counts)
            matte = colors.matte
        }

        /// The frame as palette indices, blended over the matte first.
        public func indices(of image: RGBAImage) -> [UInt8] {
            palette.indices(of: matte.applied(to: image))
        }
    }

    /// `plays`: how many times a viewer plays it, 0 for forever.
    public convenience init(url: URL, width: Int, height: Int, colors: Colors, plays: Int = 0) throws(FileError) {
        try self.init(url: url, width: width, height: height, indexer: Indexer(colors: colors), plays: plays)
    }

    /// A writer of frames matched by `indexer` (`append(indices:delay:isKey:)`, or frames as
    /// pixels); `plays`: how many times a viewer plays it, 0 for forever.
    public init(url: URL, width: Int, height: Int, indexer: Indexer, plays: Int = 0) throws(FileError) {
        self.indexer = indexer
        let palette = indexer.palette
        self.palette = palette
        plan = GIFCanvasPlan(width: width, height: height, transparent: palette.transparent)
        file = try GIFFile(url: url, width: width, height: height, palette: palette, plays: plays)
        self.width = width
        self.height = height
        path = url.path
        matte = indexer.matte
    }

    /// Appends the next frame, shown for `delay` seconds. A key frame (where the motion changes)
    /// is kept when frames must be dropped for GIF's 20 ms floor (`GIFFrameTiming`).
    public func append(_ image: RGBAImage, delay: Double, isKey: Bool = false) throws(FileError) {
        guard image.width == width && image.height == height else {
            throw FileError(path: path, reason: "a frame is \(image.width)×\(image.height) px; the animation's frames are \(width)×\(height)")
        }
        try append(indices: indexer.indices(of: image), delay: delay, isKey: isKey)
    }

    /// Appends the next frame as its palette indices (`Indexer.indices(of:)`, the same
    /// indexer's), shown for `delay` seconds; `isKey` as for `append(_:delay:isKey:)`.
    public func append(indices: [UInt8], delay: Double, isKey: Bool = false) throws(FileError) {
        guard indices.count == width * height else {
            throw FileError(path: path, reason: "a frame has \(indices.count) pixels; the animation's frames have \(width * height)")
        }
        guard let settled = timing.add(indices, delay: delay, isKey: isKey) else { return }
        if let block = plan.add(settled.frame, delay: settled.delay) { try file.write(block) }
    }

    /// Writes the last frames and moves the file into place.
    public func finish(durability: Durability) throws(FileError) {
        if let last = timing.finish(), let block = plan.add(last.frame, delay: last.delay) { try file.write(block) }
        guard let block = plan.finish() else { throw FileError(path: path, reason: "an animation needs at least one frame") }
        try file.write(block)
        try file.finish(durability: durability)
    }
}
