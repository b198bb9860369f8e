import Foundation
import TabsnapFiles
import TabsnapPNG

/// A golden file compared with frames made on demand, a frame or two in memory at a time. Pass
/// one compares, keeping per-frame numbers, and a failing animation's frames from its first
/// failing one while they fit a budget (`PassOne`); when something differs, pass two
/// (`writeArtifacts`) draws the diff and triptych straight into their files, from what pass one
/// kept and by reading and rendering again what it did not.
public enum StreamedComparison {
    /// The verdict, without any pixels.
    public enum Outcome: Sendable {
        /// One frame on each side: compared as images.
        case image(ImageComparison)
        /// Anything else (either side animated): compared frame by frame, holds merged.
        case animation(AnimationComparison)

        /// Whether the golden and the render match under the options compared with.
        public var matches: Bool {
            switch self {
            case .image(let comparison): return comparison.matches
            case .animation(let comparison): return comparison.matches
            }
        }

        /// One line for a report, from `ImageComparison.summary` or `AnimationComparison.summary`.
        public var summary: String {
            switch self {
            case .image(let comparison): return comparison.summary
            case .animation(let comparison): return comparison.summary
            }
        }

        /// Largest CIE ΔE 2000 between pixels present on both sides, over all frames.
        public var maxDeltaE: Double {
            switch self {
            case .image(let comparison): return comparison.maxDeltaE
            case .animation(let comparison): return comparison.frames.map(\.maxDeltaE).max() ?? 0
            }
        }

        /// Every compared pixel equal, bit for bit, in every frame (and the timing the same).
        public var isIdentical: Bool {
            switch self {
            case .image(let comparison): return comparison.isIdentical
            case .animation(let comparison): return comparison.matches && comparison.frames.allSatisfy(\.isIdentical)
            }
        }

        /// Frames (0-based, holds merged) whose pixels do not match; empty for a still image.
        public var failingFrames: [Int] {
            if case .animation(let comparison) = self { return comparison.failingFrames }
            return []
        }
    }

    /// A still against a still golden (most goldens): one comparison whose verdicts also draw the
    /// diff, so nothing is decoded or compared twice. Nil when either side is animated.
    public static func stills(golden: PNGBytes, actual: FrameSource) throws -> (expected: RGBAImage, actual: RGBAImage)? {
        guard actual.count == 1 else { return nil }
        let reader = try APNGFrameReader(golden)
        guard let first = try reader.next(), reader.announced == nil else { return nil }
        return (first.image, try actual.frame(0).image)
    }

    /// Pass one. `golden` is the golden file's bytes (read from the file as they are needed). Animations are compared with their holds
    /// merged (`AnimatedImage.mergingHolds()`), so frame numbers count distinct frames.
    public static func compare(golden: PNGBytes, actual: FrameSource, options: ComparisonOptions) throws -> Outcome {
        try compare(golden: golden, actual: actual, options: options, keeping: 0).outcome
    }

    /// Pass one, keeping what it walks from the first failing frame on (both frames and their
    /// verdicts: 9 bytes a pixel) for pass two while that takes at most `budget` bytes.
    public static func compare(golden: PNGBytes, actual: FrameSource, options: ComparisonOptions, keeping budget: Int) throws -> PassOne {
        let reader = try APNGFrameReader(golden)
        let limit = RawFrameLimit(actual.count + 1)
        var expectedFrames = HoldMergingReader { try limit.next(reader) }
        var actualFrames = Self.merged(actual)
        var comparison = AnimationComparison(expectedFrameCount: 0, actualFrameCount: 0, frames: [], retimedFrames: [])
        var tail = Tail(budget: budget)
        var cache = DeltaECache()
        var index = 0
        var renderRanOut = false
        while let expected = try expectedFrames.next() {
            comparison.expectedFrameCount += 1
            guard let frame = try actualFrames.next() else {
                renderRanOut = true
                // The golden is longer than the render: the count differs, and its acTL tells
                // about by how much. Decoding the rest would only cost time (a hostile golden can
                // hold thousands of full-canvas frames in a small file).
                comparison.expectedFrameCount = max(comparison.expectedFrameCount, reader.announced ?? 0)
                tail.offer(FramePair(expected: expected), at: index, failing: true)
                break
            }
            comparison.actualFrameCount += 1
            var image = ImageComparator.compare(expected: expected.image, actual: frame.image, options: options, cache: &cache)
            let retimed = abs(expected.delay - frame.delay) > 0.0005
            tail.offer(FramePair(expected: expected, actual: frame, comparison: image), at: index, failing: !image.matches || retimed)
            image.verdicts = []  // the outcome outlives the check of this golden: no pixels in it
            comparison.frames.append(image)
            if retimed {
                if comparison.retimedFrames.isEmpty {
                    comparison.expectedDelay = expected.delay
                    comparison.actualDelay = frame.delay
                }
                comparison.retimedFrames.append(index)
            }
            index += 1
        }
        // The render may be longer: its count takes the rest of its frames.
        while let frame = try actualFrames.next() {
            comparison.actualFrameCount += 1
            tail.offer(FramePair(actual: frame), at: index, failing: true)
            index += 1
        }
        if limit.reached && !renderRanOut {
            // The reader stopped at its limit before the golden ended (more frames than the
            // render has, holds or not): one more at least, by the acTL's say. When the render
            // ran out first, the frame that showed it was counted already (hostile round 24: a
            // 12-frame golden was said to have 13).
            comparison.expectedFrameCount = max(comparison.expectedFrameCount + 1, reader.announced ?? 0)
        }
        if reader.announced == nil, actual.count == 1, let only = comparison.frames.first {
            return PassOne(outcome: .image(only), tail: tail.pairs, tailStart: tail.start)
        }
        return PassOne(outcome: .animation(comparison), tail: tail.pairs, tailStart: tail.start)
    }

    /// The render's frames in order, holds merged.
    static func merged(_ source: FrameSource) -> HoldMergingReader {
        var next = 0
        return HoldMergingReader {
            guard next < source.count else { return nil }
            next += 1
            return try source.frame(next - 1)
        }
    }

}
