import Foundation
import TabsnapAnimation
import TabsnapCairo
import TabsnapFiles
import TabsnapModel
import TabsnapPNG

extension FrameRenderer {
    /// Renders the whole transition into an animated PNG at `url` (frames streamed, file moved
    /// into place at the end). `each` sees every frame after it is written (progress, a sheet…).
    /// `limit`: the file is refused, unwritten, from the frame that takes it past the limit.
    public func writeAPNG(to url: URL, limit: ByteLimit? = nil, each: (TransitionFrame, RGBAImage) -> Void = { _, _ in }) throws {
        // Compressed on as many threads as frames render on (large frames one at a time).
        let encodeThreads = pace(bar.resolved()).threads
        try stream(folding: true, each: each) { width, height in
            // No frame count announced: frames under the floor fold away.
            try APNGWriter(url: url, width: width, height: height, plays: transition.loop.plays, limit: limit, encodeThreads: encodeThreads)
        }
    }

    /// Renders the whole transition into an animated file of `kind` at `url`, playing as the
    /// transition's `loop` says. `quality`: lossy WebP at 0…100; `nearLossless`: near-lossless
    /// WebP at 0…100, the smaller file for UI frames (neither: lossless). `each` sees
    /// every frame after it is written, once (progress, a sheet…).
    ///
    /// A GIF's one palette comes from every frame's colours, so its frames are rendered twice —
    /// counted, then written — rather than all held in memory. A video plays a finite loop as
    /// that many plays in a row.
    @discardableResult
    public func writeAnimation(_ kind: AnimationFileKind, to url: URL, quality: Int? = nil, nearLossless: Int? = nil, matte: GIFMatte = .pageWhite,
                               each: (TransitionFrame, RGBAImage) -> Void = { _, _ in }) throws -> AnimationNotes {
        let plays = transition.loop.plays
        var notes = AnimationNotes()
        switch kind {
        case .png, .apng:
            try writeAPNG(to: url, each: each)
        case .gif:
            // Both passes count to one bound on text in the spec's own fonts.
            let textTime = textTime(passes: 2)
            var colors = GIFWriter.Colors(matte: matte)
            try render(mapping: { _ in () }, textTime: textTime) { _, image, _ in colors.add(image) }
            notes.changedPixels = colors.changedPixels
            notes.totalPixels = colors.totalPixels
            // Each frame is matched to the palette on the thread that drew it.
            let indexer = GIFWriter.Indexer(colors: colors)
            var writer: GIFWriter?
            try render(mapping: { indexer.indices(of: $0) }, textTime: textTime) { frame, image, indices in
                let output = try writer ?? GIFWriter(url: url, width: image.width, height: image.height, indexer: indexer, plays: plays)
                writer = output
                try output.append(indices: indices, delay: transition.delay(after: frame.index), isKey: transition.isKeyFrame(frame.index))
                each(frame, image)
            }
            try writer?.finish()
        case .webp:
            // Encoded on as many threads as frames render on: large frames one at a time, as
            // they are rendered (their buffers would not fit twice in the memory bound).
            let encodeThreads = pace(bar.resolved()).threads
            try stream(folding: true, each: each) { width, height in
                let compression: WebPWriter.Compression = nearLossless.map { .nearLossless(level: $0) } ?? quality.map { .lossy(quality: $0) } ?? .lossless
                return try WebPWriter(url: url, width: width, height: height, compression: compression, plays: plays, encodeThreads: encodeThreads)
            }
        case .mp4, .webm:
            let format: VideoWriter.Format = kind == .mp4 ? .mp4 : .webm
            // A video plays a finite loop as that many plays in a row: bounded like one transition
            // is, so no loop count makes a run of hours.
            // Frames the video holds: its length at the constant rate (holds and long steps are
            // repeated frames), every play.
            let last = transition.frameCount - 1
            let perPlay = ((transition.frame(last).time + transition.delay(after: last)) * transition.fps).rounded()
            guard perPlay * Double(max(plays, 1)) <= Double(Limits.videoFrames) else {
                throw FileError(path: url.path, reason: "\(max(plays, 1)) play\(plays > 1 ? "s" : "") of \(Int(perPlay)) frames (at \(Limits.format(transition.fps)) fps) is over the \(Limits.videoFrames) frames a video may have (fewer plays or a shorter transition; loop: forever lets the player loop)")
            }
            try stream(times: max(plays, 1), each: each) { width, height in
                try VideoWriter(url: url, format: format, width: width, height: height, fps: transition.fps)
            }
        }
        return notes
    }

    /// Frames into a writer opened on the first frame (which gives the size), `times` plays in
    /// a row; `each` sees the first play's frames. `folding`: frames under the browsers' 11 ms
    /// floor fold into their neighbours first (`ShortFrames`).
    private func stream(times: Int = 1, folding: Bool = false, each: (TransitionFrame, RGBAImage) -> Void,
                        open: (Int, Int) throws -> AnimationWriter) throws {
        var writer: AnimationWriter?
        var short = ShortFrames()
        // Every play counts to one bound on text in the spec's own fonts.
        let textTime = textTime(passes: times)
        for play in 0..<times {
            try render(mapping: { _ in () }, textTime: textTime) { frame, image, _ in
                let output = try writer ?? open(image.width, image.height)
                writer = output
                let delay = transition.delay(after: frame.index), isKey = transition.isKeyFrame(frame.index)
                if !folding {
                    try output.append(image, delay: delay, isKey: isKey)
                } else if let settled = short.add(image, delay: delay, isKey: isKey) {
                    try output.append(settled.image, delay: settled.delay, isKey: false)
                }
                if play == 0 { each(frame, image) }
            }
        }
        if let last = short.finish() { try writer?.append(last.image, delay: last.delay, isKey: false) }
        try writer?.finish()
    }
}

/// What writing an animation found that its user may want to know.
public struct AnimationNotes: Sendable, Hashable {
    /// A GIF kept as one bit of alpha (`GIFMatte.none`): the pixels whose colour it changed
    /// (partly transparent ones, shown solid or clear), every frame counted.
    public var changedPixels = 0
    /// Every frame's pixels, for the share `changedPixels` is.
    public var totalPixels = 0
}

extension FrameRenderer {
    /// A contact sheet with a labelled cell for each of `frames` (`BarTransition.sheetFrames`),
    /// `columns` wide (nil: as many as fit 1 600 px), sized from the bar (the geometry of its
    /// first frame). Throws when the sheet would be over the pixel limits.
    public func contactSheet(frames: [Int], columns: Int? = nil) throws(RenderError) -> ContactSheet {
        let first = Renderer(layoutManager: layoutManager).geometry(of: transition.frame(0), bar: bar.resolved())
        return try ContactSheet(frameCount: frames.count, barSize: first.canvas, columns: columns)
    }
}
