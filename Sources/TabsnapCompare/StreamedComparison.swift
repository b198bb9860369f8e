import Foundation
import TabsnapPNG

/// A golden file compared with frames made on demand, one frame in memory at a time. Pass one
/// compares and keeps per-frame numbers only; when something differs, pass two reads and
/// renders again to draw the diff and triptych straight into their files.
public enum StreamedComparison {
    /// The verdict, without any pixels.
    public enum Outcome: Sendable {
        /// One frame on each side: compared as images.
        case image(ImageComparison)
        case animation(AnimationComparison)

        public var matches: Bool {
            switch self {
            case .image(let comparison): return comparison.matches
            case .animation(let comparison): return comparison.matches
            }
        }

        public var summary: String {
            switch self {
            case .image(let comparison): return comparison.summary
            case .animation(let comparison): return comparison.summary
            }
        }

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

        public var failingFrames: [Int] {
            if case .animation(let comparison) = self { return comparison.failingFrames }
            return []
        }
    }

    /// A still against a still golden (most goldens): one comparison whose verdicts also draw the
    /// diff, so nothing is decoded or compared twice. Nil when either side is animated.
    public static func stills(golden: [UInt8], actual: FrameSource) throws -> (expected: RGBAImage, actual: RGBAImage)? {
        guard actual.count == 1 else { return nil }
        let reader = try APNGFrameReader(golden)
        guard let first = try reader.next(), reader.announced == nil else { return nil }
        return (first.image, try actual.frame(0).image)
    }

    /// Pass one's outcome, with each compared frame's verdicts when they fitted the budget it
    /// was given, so pass two draws the diff from them instead of comparing every frame again.
    /// (Only verdicts: keeping the frames too, to spare decoding and rendering them again, was
    /// measured slower — fresh memory for every frame costs more than drawing it again.)
    public struct PassOne: Sendable {
        public let outcome: Outcome
        /// The comparisons of the walk's pairs of frames, in order, or nil: over budget, or not asked.
        fileprivate let comparisons: [ImageComparison]?

        fileprivate func comparison(_ index: Int) -> ImageComparison? {
            guard let comparisons, index < comparisons.count else { return nil }
            return comparisons[index]
        }
    }

    /// One step of the walk both passes take through the golden and the render, holds merged:
    /// a frame of each while both last, then the render's remaining frames alone, or one more
    /// golden frame standing for the rest of a longer golden.
    fileprivate struct FramePair: Sendable {
        var expected: AnimationFrame?
        var actual: AnimationFrame?
    }

    /// Pass one. `golden` is the golden file's bytes. Animations are compared with their holds
    /// merged (`AnimatedImage.mergingHolds()`), so frame numbers count distinct frames.
    public static func compare(golden: [UInt8], actual: FrameSource, options: ComparisonOptions) throws -> Outcome {
        try compare(golden: golden, actual: actual, options: options, keeping: 0).outcome
    }

    /// Pass one, keeping per-pixel verdicts for pass two while they take at most `budget` bytes
    /// (one a pixel).
    public static func compare(golden: [UInt8], actual: FrameSource, options: ComparisonOptions, keeping budget: Int) throws -> PassOne {
        let reader = try APNGFrameReader(golden)
        let limit = RawFrameLimit(actual.count + 1)
        var expectedFrames = HoldMergingReader { try limit.next(reader) }
        var actualFrames = Self.merged(actual)
        var comparison = AnimationComparison(expectedFrameCount: 0, actualFrameCount: 0, frames: [], retimedFrames: [])
        var kept: [ImageComparison]? = budget > 0 ? [] : nil
        var keptBytes = 0
        var cache = DeltaECache()
        var index = 0
        while let expected = try expectedFrames.next() {
            comparison.expectedFrameCount += 1
            guard let frame = try actualFrames.next() else {
                // The golden is longer than the render: the count differs, and its acTL tells
                // about by how much. Decoding the rest would only cost time (a hostile golden can
                // hold thousands of full-canvas frames in a small file).
                comparison.expectedFrameCount = max(comparison.expectedFrameCount, reader.announced ?? 0)
                break
            }
            comparison.actualFrameCount += 1
            var image = ImageComparator.compare(expected: expected.image, actual: frame.image, options: options, cache: &cache)
            keptBytes += image.verdicts.count
            if keptBytes <= budget { kept?.append(image) } else { kept = nil }
            image.verdicts = []  // the outcome outlives the check of this golden: no pixels in it
            comparison.frames.append(image)
            if abs(expected.delay - frame.delay) > 0.0005 {
                if comparison.retimedFrames.isEmpty {
                    comparison.expectedDelay = expected.delay
                    comparison.actualDelay = frame.delay
                }
                comparison.retimedFrames.append(index)
            }
            index += 1
        }
        // The render may be longer: its count takes the rest of its frames.
        while try actualFrames.next() != nil { comparison.actualFrameCount += 1 }
        if limit.reached {
            // More frames than the render has, holds or not: the counts differ, by the acTL's say.
            comparison.expectedFrameCount = max(comparison.expectedFrameCount + 1, reader.announced ?? 0)
        }
        if reader.announced == nil, actual.count == 1, let only = comparison.frames.first {
            return PassOne(outcome: .image(only), comparisons: kept)
        }
        return PassOne(outcome: .animation(comparison), comparisons: kept)
    }

    /// The render's frames in order, holds merged.
    private static func merged(_ source: FrameSource) -> HoldMergingReader {
        var next = 0
        return HoldMergingReader {
            guard next < source.count else { return nil }
            next += 1
            return try source.frame(next - 1)
        }
    }

    /// Pass one's walk again, read and rendered anew.
    private static func walk(golden: [UInt8], actual: FrameSource) throws -> () throws -> FramePair? {
        let reader = try APNGFrameReader(golden)
        let limit = RawFrameLimit(actual.count + 1)
        var expectedFrames = HoldMergingReader { try limit.next(reader) }
        var actualFrames = Self.merged(actual)
        var goldenOnly = false
        return {
            let a = try actualFrames.next()
            // Past the render's end, one more golden frame stands for the rest.
            guard let e = a != nil || !goldenOnly ? try expectedFrames.next() : nil else {
                return a.map { FramePair(actual: $0) }
            }
            if a == nil { goldenOnly = true }
            return FramePair(expected: e, actual: a)
        }
    }

    /// Pass two: the diff and the triptych (and the actual frames, when `actualURL` is given),
    /// written as they are drawn: one frame per frame of the render (holds merged, as compared),
    /// plus one more when the golden is longer (its extra frames all differ alike; the summary
    /// gives the counts). With `passOne`'s verdicts when it kept them.
    public static func writeArtifacts(golden: [UInt8], actual: FrameSource, options: ComparisonOptions, passOne: PassOne? = nil,
                                      diffURL: URL, triptychURL: URL, actualURL: URL?) throws {
        let next = try walk(golden: golden, actual: actual)
        let firstActual = actual.count > 0 ? try actual.frame(0) : nil
        // The canvas of the diff: the larger of the golden's canvas (all its frames have that
        // size) and the render's (one transition's frames share one size).
        let canvas = try APNGFrameReader.canvas(of: golden)
        let width = max(canvas.width, firstActual?.image.width ?? 0), height = max(canvas.height, firstActual?.image.height ?? 0)
        let stills = !canvas.isAnimated && actual.count == 1
        let blank = RGBAImage(width: width, height: height)
        // Fast to write: a failing check should not wait on the smallest possible artifacts.
        let diffs = AnimationFileWriter(url: diffURL, compression: .fast)
        let triptychs = AnimationFileWriter(url: triptychURL, compression: .fast)
        let actuals = actualURL.map { AnimationFileWriter(url: $0, compression: .fast) }
        var cache = DeltaECache()
        var paired = 0
        while let pair = try next() {
            let eImage = pair.expected?.image ?? blank, aImage = pair.actual?.image ?? blank
            let comparison: ImageComparison
            if pair.expected != nil && pair.actual != nil {
                comparison = passOne?.comparison(paired)
                    ?? ImageComparator.compare(expected: eImage, actual: aImage, options: options, cache: &cache)
                paired += 1
            } else {
                comparison = ImageComparator.compare(expected: RGBAImage(width: 0, height: 0), actual: blank)
            }
            let delay = (pair.actual ?? pair.expected)?.delay ?? 0
            if stills {
                let diff = DiffImage.diff(expected: eImage, actual: aImage, comparison: comparison)
                try diffs.append(diff, delay: 0)
                try triptychs.append(DiffImage.triptych(expected: eImage, diff: diff, actual: aImage), delay: 0)
            } else {
                let diff = DiffImage.diff(expected: eImage, actual: aImage, comparison: comparison).padded(to: width, height)
                try diffs.append(diff, delay: delay)
                try triptychs.append(DiffImage.triptych(expected: eImage.padded(to: width, height), diff: diff,
                                                        actual: aImage.padded(to: width, height)), delay: delay)
            }
            if let a = pair.actual { try actuals?.append(a.image, delay: a.delay) }
        }
        try diffs.finish()
        try triptychs.finish()
        try actuals?.finish()
    }
}

/// Reads a golden's frames up to a count: one past the render's, as no golden that matches can
/// have more (holds only shorten a golden). Merging holds reads on while frames repeat, and a
/// hostile golden can hold thousands of full-canvas frames in a small file.
private final class RawFrameLimit {
    private let limit: Int
    private var read = 0
    private(set) var reached = false

    init(_ limit: Int) {
        self.limit = limit
    }

    private var ended = false

    func next(_ reader: APNGFrameReader) throws -> AnimationFrame? {
        guard !ended else { return nil }
        guard read < limit else {
            reached = true
            return nil
        }
        read += 1
        let frame = try reader.next()
        ended = frame == nil
        return frame
    }
}
