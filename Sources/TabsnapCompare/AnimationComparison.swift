import Foundation
import TabsnapModel
import TabsnapPNG

/// The outcome of comparing two animations frame by frame: frame count, each frame's delay
/// (the fps) and each frame's pixels.
public struct AnimationComparison: Sendable {
    /// Frames in the golden. `SnapshotComparison` and `StreamedComparison` count them with holds
    /// merged, so this counts distinct frames.
    public var expectedFrameCount: Int
    /// Frames in the render, counted like `expectedFrameCount`.
    public var actualFrameCount: Int
    /// One comparison per frame both animations have.
    public var frames: [ImageComparison]
    /// Frames (0-based) whose delays differ by more than half a millisecond.
    public var retimedFrames: [Int]
    /// The golden's delay in seconds at the first retimed frame; nil when no frame is retimed.
    public var expectedDelay: Double?
    /// The render's delay in seconds at the first retimed frame; nil when no frame is retimed.
    public var actualDelay: Double?

    /// Frames (0-based) whose pixels do not match.
    public var failingFrames: [Int] { frames.indices.filter { !frames[$0].matches } }

    /// Whether the animations match: the same frame count, no retimed frame, and every frame
    /// both have matching (`ImageComparison.matches`, under the options compared with).
    public var matches: Bool {
        expectedFrameCount == actualFrameCount && retimedFrames.isEmpty && failingFrames.isEmpty
    }

    /// One line for a report: what differs (frame count, timing with ms per frame and fps, failing
    /// frames as ranges with the first one's summary), or "all N frames identical".
    public var summary: String {
        var parts: [String] = []
        if expectedFrameCount != actualFrameCount {
            parts.append("frame count \(actualFrameCount) differs from expected \(expectedFrameCount)")
        }
        // A still has no delay: say which side is one rather than time it at ∞ fps. An animation
        // may show a frame for 0 ms too: that is timing (round 45 called it "a still image").
        let expectedStill = expectedDelay == 0 && expectedFrameCount == 1, actualStill = actualDelay == 0 && actualFrameCount == 1
        if !retimedFrames.isEmpty, expectedStill || actualStill {
            parts.append(expectedStill ? "the golden is a still image, the render an animation"
                                       : "the render is a still image, the golden an animation")
        } else if let first = retimedFrames.first, let e = expectedDelay, let a = actualDelay {
            if retimedFrames.count == frames.count {
                parts.append("timing differs at every frame: \(milliseconds(a)) per frame, expected \(milliseconds(e)) (\(fps(a)) vs \(fps(e)) fps)")
            } else {
                // Some frames only: a hold added or lengthened, not another frame rate (round 27
                // read a 233 ms hold as "4.286 vs 30 fps").
                let which = retimedFrames.count == 1 ? "frame \(first): shown" : "\(retimedFrames.count) frames (\(Self.ranges(retimedFrames))): frame \(first) shown"
                parts.append("timing differs at \(which) \(milliseconds(a)), expected \(milliseconds(e))")
            }
        }
        let failing = failingFrames
        if let first = failing.first {
            parts.append("\(failing.count) of \(frames.count) frames differ (\(Self.ranges(failing))); frame \(first): \(frames[first].summary)")
        }
        return parts.isEmpty ? "all \(frames.count) frames identical" : parts.joined(separator: "; ")
    }

    private func milliseconds(_ seconds: Double) -> String { decimalText(seconds * 1000, places: 1) + " ms" }
    private func fps(_ seconds: Double) -> String { seconds > 0 ? String(format: "%.4g", 1 / seconds) : "∞" }

    /// "0–3, 7, 9–10"
    static func ranges(_ indices: [Int]) -> String {
        var parts: [String] = []
        var start = indices.first ?? 0, previous = start
        for index in indices.dropFirst() + [Int.min] {
            if index == previous + 1 { previous = index; continue }
            parts.append(start == previous ? "\(start)" : "\(start)–\(previous)")
            start = index
            previous = index
        }
        return parts.joined(separator: ", ")
    }
}

/// Compares two animations frame by frame: each pair of frames both have with `ImageComparator`,
/// and their delays.
public enum AnimationComparator {
    /// Compares the frames both animations have, in order, as they are (holds are not merged
    /// here; `SnapshotComparison.compare` merges them first). A frame is retimed when its delays
    /// differ by more than half a millisecond.
    /// - Parameters:
    ///   - expected: The golden animation.
    ///   - actual: The rendered animation.
    ///   - options: How strict each frame's pixel comparison is.
    /// - Returns: The per-frame comparisons, both frame counts and the retimed frames.
    public static func compare(expected: AnimatedImage, actual: AnimatedImage,
                               options: ComparisonOptions = .exact) -> AnimationComparison {
        let shared = min(expected.frames.count, actual.frames.count)
        var comparison = AnimationComparison(expectedFrameCount: expected.frames.count, actualFrameCount: actual.frames.count,
                                             frames: [], retimedFrames: [])
        for index in 0..<shared {
            let e = expected.frames[index], a = actual.frames[index]
            comparison.frames.append(ImageComparator.compare(expected: e.image, actual: a.image, options: options))
            if abs(e.delay - a.delay) > 0.0005 {
                if comparison.retimedFrames.isEmpty {
                    comparison.expectedDelay = e.delay
                    comparison.actualDelay = a.delay
                }
                comparison.retimedFrames.append(index)
            }
        }
        return comparison
    }

    /// Why the diff (and, with `triptychs`, the triptych) frames of two animations are not made,
    /// or nil: they are held whole until written, one per frame at the larger canvas, so their
    /// pixels together are held to `Limits.animationPixels` as an animation read is (hostile
    /// round 104: 10 000 frames of 4096×1 px, each triptych a band of labels taller than its
    /// frame, took 6.3 GB).
    public static func picturesProblem(expected: AnimatedImage, actual: AnimatedImage, triptychs: Bool) -> String? {
        let count = max(expected.frames.count, actual.frames.count)
        let all = expected.frames + actual.frames
        let width = all.map(\.image.width).max() ?? 0, height = all.map(\.image.height).max() ?? 0
        var pixels = count * width * height
        if triptychs {
            let size = DiffImage.triptychSize(Array(repeating: (width, height), count: 3), diffHeight: height)
            pixels += count * size.width * size.height
        }
        guard pixels > Limits.animationPixels else { return nil }
        return "\(count) frames of \(width)×\(height) px would take \(pixels >> 20) Mpx of \(triptychs ? "diff and triptych" : "diff") frames, "
            + "past the \(Limits.animationPixels >> 20) Mpx an animation may hold"
    }

    /// Frames of the diff animation and of the triptych animation, one per frame of the longer
    /// animation (each frame's diff drawn once for both). A frame only one side has is blank on
    /// the other side and all red in the diff.
    /// `triptychs: false` leaves the triptychs out (empty): three panels of a large frame cost
    /// three times its memory, for each frame (round 15: `diff --out` of two 4-frame 4096² APNGs
    /// peaked at 1.78 GB building triptychs nobody asked for).
    public static func diffAndTriptychFrames(expected: AnimatedImage, actual: AnimatedImage, comparison: AnimationComparison,
                                             triptychs makesTriptychs: Bool = true) -> (diff: [AnimationFrame], triptych: [AnimationFrame]) {
        let count = max(expected.frames.count, actual.frames.count)
        let all = expected.frames + actual.frames
        let width = all.map(\.image.width).max() ?? 0, height = all.map(\.image.height).max() ?? 0
        let blank = RGBAImage(width: width, height: height)
        var diffs: [AnimationFrame] = [], triptychs: [AnimationFrame] = []
        for index in 0..<count {
            let e = index < expected.frames.count ? expected.frames[index] : nil
            let a = index < actual.frames.count ? actual.frames[index] : nil
            let eImage = e?.image ?? blank, aImage = a?.image ?? blank
            let frameComparison = index < comparison.frames.count
                ? comparison.frames[index]
                : ImageComparator.compare(expected: RGBAImage(width: 0, height: 0), actual: blank)
            let diff = DiffImage.diff(expected: eImage, actual: aImage, comparison: frameComparison).padded(to: width, height)
            let delay = (a ?? e)?.delay ?? 0
            diffs.append(AnimationFrame(image: diff, delay: delay))
            guard makesTriptychs else { continue }
            triptychs.append(AnimationFrame(image: DiffImage.triptych(expected: eImage.padded(to: width, height), diff: diff,
                                                                         actual: aImage.padded(to: width, height)), delay: delay))
        }
        return (diffs, triptychs)
    }
}

extension RGBAImage {
    /// The image on a transparent canvas of at least the given size (top-left aligned).
    public func padded(to width: Int, _ height: Int) -> RGBAImage {
        guard width > self.width || height > self.height else { return self }
        var out = RGBAImage(width: max(width, self.width), height: max(height, self.height))
        for y in 0..<self.height {
            let source = y * self.width * 4, target = y * out.width * 4
            out.pixels.replaceSubrange(target..<(target + self.width * 4), with: pixels[source..<(source + self.width * 4)])
        }
        return out
    }
}
