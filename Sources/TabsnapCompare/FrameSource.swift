import Foundation
import TabsnapFiles
import TabsnapPNG

/// An animation's frames made one at a time, by index, on demand: a transition rendered frame
/// by frame (renders are stateless, so asking twice gives the same frame), or frames already in
/// memory. How long animations are checked without holding them.
public struct FrameSource {
    public let count: Int
    private let make: (Int) throws -> AnimationFrame

    public init(count: Int, frame: @escaping (Int) throws -> AnimationFrame) {
        self.count = count
        make = frame
    }

    public func frame(_ index: Int) throws -> AnimationFrame { try make(index) }

    /// Frames already in memory.
    public static func frames(_ animation: AnimatedImage) -> FrameSource {
        FrameSource(count: animation.frames.count) { animation.frames[$0] }
    }
}

/// Writes frames as they come: one frame is a PNG, more an animated PNG (streamed to disk).
/// Nothing appears under the file's name before `finish()`.
public final class AnimationFileWriter {
    private let url: URL
    private let frameCount: Int
    private var apng: APNGWriter?
    private var single: RGBAImage?

    public init(url: URL, frameCount: Int) {
        self.url = url
        self.frameCount = frameCount
    }

    public func append(_ image: RGBAImage, delay: Double) throws {
        guard frameCount > 1 else {
            single = image
            return
        }
        let writer = try apng ?? APNGWriter(url: url, width: image.width, height: image.height, frameCount: frameCount)
        apng = writer
        try writer.append(image, delay: delay)
    }

    public func finish() throws {
        if let single {
            try AtomicFile.write(PNGEncoder.encode(single), to: url)
        } else if let apng {
            try apng.finish()
        }
    }

    /// Every frame of `source` to `url`.
    public static func write(_ source: FrameSource, to url: URL) throws {
        let writer = AnimationFileWriter(url: url, frameCount: source.count)
        for index in 0..<source.count {
            let frame = try source.frame(index)
            try writer.append(frame.image, delay: frame.delay)
        }
        try writer.finish()
    }
}
