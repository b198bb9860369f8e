import Foundation
import TabsnapAnimation
import TabsnapCairo
import TabsnapFiles
import TabsnapModel
import TabsnapPNG

extension FrameRenderer {
    /// Renders the whole transition into an animated PNG at `url` (frames streamed, file moved
    /// into place at the end). `each` sees every frame after it is written (progress, a sheet…).
    public func writeAPNG(to url: URL, each: (TransitionFrame, RGBAImage) -> Void = { _, _ in }) throws {
        try writeAnimation(.apng, to: url, each: each)
    }

    /// Renders the whole transition into an animated file of `kind` at `url`, playing as the
    /// transition's `loop` says. `quality`: lossy WebP at 0…100 (nil: lossless). `each` sees
    /// every frame after it is written, once (progress, a sheet…).
    ///
    /// A GIF's one palette comes from every frame's colours, so its frames are rendered twice —
    /// counted, then written — rather than all held in memory. A video plays a finite loop as
    /// that many plays in a row.
    public func writeAnimation(_ kind: AnimationFileKind, to url: URL, quality: Int? = nil,
                               each: (TransitionFrame, RGBAImage) -> Void = { _, _ in }) throws {
        let plays = transition.loop.plays
        switch kind {
        case .png, .apng:
            try stream(each: each) { width, height in
                try APNGWriter(url: url, width: width, height: height, frameCount: transition.frameCount, plays: plays)
            }
        case .gif:
            var colors = GIFWriter.Colors()
            try render { _, image in colors.add(image) }
            try stream(each: each) { width, height in try GIFWriter(url: url, width: width, height: height, colors: colors, plays: plays) }
        case .webp:
            try stream(each: each) { width, height in
                try WebPWriter(url: url, width: width, height: height, compression: quality.map { .lossy(quality: $0) } ?? .lossless, plays: plays)
            }
        case .mp4, .webm:
            let format: VideoWriter.Format = kind == .mp4 ? .mp4 : .webm
            // A video plays a finite loop as that many plays in a row: bounded like one transition
            // is, so no loop count makes a run of hours.
            let frames = Double(transition.frameCount) * Double(max(plays, 1))
            guard frames <= Double(Limits.videoFrames) else {
                throw FileError(path: url.path, reason: "\(max(plays, 1)) plays of \(transition.frameCount) frames is over the \(Limits.videoFrames) frames a video may have (fewer plays, or loop: forever and let the player loop)")
            }
            try stream(times: max(plays, 1), each: each) { width, height in
                try VideoWriter(url: url, format: format, width: width, height: height, fps: transition.fps)
            }
        }
    }

    /// Frames into a writer opened on the first frame (which gives the size), `times` plays in
    /// a row; `each` sees the first play's frames.
    private func stream(times: Int = 1, each: (TransitionFrame, RGBAImage) -> Void,
                        open: (Int, Int) throws -> AnimationWriter) throws {
        var writer: AnimationWriter?
        for play in 0..<times {
            try render { frame, image in
                let output = try writer ?? open(image.width, image.height)
                writer = output
                try output.append(image, delay: transition.delay(after: frame.index), isKey: transition.isKeyFrame(frame.index))
                if play == 0 { each(frame, image) }
            }
        }
        try writer?.finish()
    }
}

extension FrameRenderer {
    /// A contact sheet with a labelled cell for every frame, sized from the bar (the geometry of
    /// its first frame). Throws when the sheet would be over the pixel limits.
    public func contactSheet() throws(RenderError) -> ContactSheet {
        let first = Renderer(layoutManager: layoutManager).geometry(of: transition.frame(0), bar: bar.resolved())
        return try ContactSheet(frameCount: transition.frameCount, barSize: Size(width: first.width, height: first.height))
    }
}
