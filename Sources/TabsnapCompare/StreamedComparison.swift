import Foundation
import TabsnapFiles
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

    /// Pass one's outcome, and the frames it walked from the first one that failed, when they
    /// fitted the budget it was given: pass two draws those without decoding, rendering and
    /// comparing them again. (From the first failure only: a passing check keeps nothing.)
    public struct PassOne: Sendable {
        public let outcome: Outcome
        /// The walk's steps from `tailStart` on, with their comparisons, or nil.
        fileprivate let tail: [FramePair]?
        fileprivate let tailStart: Int
    }

    /// One step of the walk both passes take through the golden and the render, holds merged:
    /// a frame of each while both last, then the render's remaining frames alone, or one more
    /// golden frame standing for the rest of a longer golden.
    fileprivate struct FramePair: Sendable {
        var expected: AnimationFrame?
        var actual: AnimationFrame?
        /// With its verdicts; nil until compared, and for a step missing a side.
        var comparison: ImageComparison?

        var bytes: Int {
            (expected?.image.pixels.count ?? 0) + (actual?.image.pixels.count ?? 0) + (comparison?.verdicts.count ?? 0)
        }
    }

    /// What pass one keeps for pass two: the steps from the first failing one, within a budget.
    private struct Tail {
        let budget: Int
        var pairs: [FramePair]? = nil
        var start = 0
        var bytes = 0
        var overBudget = false

        /// Step `index` of the walk; `failing`: it differs (then it and every later step are kept).
        mutating func offer(_ pair: FramePair, at index: Int, failing: Bool) {
            guard budget > 0, !overBudget else { return }
            if pairs == nil {
                guard failing else { return }
                pairs = []
                start = index
            }
            bytes += pair.bytes
            if bytes <= budget {
                pairs?.append(pair)
            } else {
                pairs = nil
                overBudget = true
            }
        }
    }

    /// Pass one. `golden` is the golden file's bytes. Animations are compared with their holds
    /// merged (`AnimatedImage.mergingHolds()`), so frame numbers count distinct frames.
    public static func compare(golden: [UInt8], actual: FrameSource, options: ComparisonOptions) throws -> Outcome {
        try compare(golden: golden, actual: actual, options: options, keeping: 0).outcome
    }

    /// Pass one, keeping what it walks from the first failing frame on (both frames and their
    /// verdicts: 9 bytes a pixel) for pass two while that takes at most `budget` bytes.
    public static func compare(golden: [UInt8], actual: FrameSource, options: ComparisonOptions, keeping budget: Int) throws -> PassOne {
        let reader = try APNGFrameReader(golden)
        let limit = RawFrameLimit(actual.count + 1)
        var expectedFrames = HoldMergingReader { try limit.next(reader) }
        var actualFrames = Self.merged(actual)
        var comparison = AnimationComparison(expectedFrameCount: 0, actualFrameCount: 0, frames: [], retimedFrames: [])
        var tail = Tail(budget: budget)
        var cache = DeltaECache()
        var index = 0
        while let expected = try expectedFrames.next() {
            comparison.expectedFrameCount += 1
            guard let frame = try actualFrames.next() else {
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
        if limit.reached {
            // More frames than the render has, holds or not: the counts differ, by the acTL's say.
            comparison.expectedFrameCount = max(comparison.expectedFrameCount + 1, reader.announced ?? 0)
        }
        if reader.announced == nil, actual.count == 1, let only = comparison.frames.first {
            return PassOne(outcome: .image(only), tail: tail.pairs, tailStart: tail.start)
        }
        return PassOne(outcome: .animation(comparison), tail: tail.pairs, tailStart: tail.start)
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

    /// Pass two's walk: anew up to where pass one's kept tail starts, then the tail.
    private static func walk(golden: [UInt8], actual: FrameSource, passOne: PassOne?) throws -> () throws -> FramePair? {
        guard let passOne, let tail = passOne.tail else { return try walk(golden: golden, actual: actual) }
        let fresh = passOne.tailStart > 0 ? try walk(golden: golden, actual: actual) : nil
        var index = 0
        return {
            defer { index += 1 }
            if index < passOne.tailStart { return try fresh?() }
            return index - passOne.tailStart < tail.count ? tail[index - passOne.tailStart] : nil
        }
    }

    /// Pass two: the diff and the triptych (and the actual frames, when `actualURL` is given),
    /// written as they are drawn: one frame per frame of the render (holds merged, as compared),
    /// plus one more when the golden is longer (its extra frames all differ alike; the summary
    /// gives the counts). From `passOne`'s kept frames where it kept them.
    public static func writeArtifacts(golden: [UInt8], actual: FrameSource, options: ComparisonOptions, passOne: PassOne? = nil,
                                      diffURL: URL, triptychURL: URL, actualURL: URL?) throws {
        let next = try walk(golden: golden, actual: actual, passOne: passOne)
        let kept = passOne?.tailStart == 0 ? passOne?.tail?.first?.actual : nil
        let firstActual = try kept ?? (actual.count > 0 ? actual.frame(0) : nil)
        // The canvas of the diff: the larger of the golden's canvas (all its frames have that
        // size) and the render's (one transition's frames share one size).
        let canvas = try APNGFrameReader.canvas(of: golden)
        let width = max(canvas.width, firstActual?.image.width ?? 0), height = max(canvas.height, firstActual?.image.height ?? 0)
        let stills = !canvas.isAnimated && actual.count == 1
        let blank = RGBAImage(width: width, height: height)
        // Fast to write: a failing check should not wait on the smallest possible artifacts, nor
        // on flushing to disk what the next check makes again.
        let diffs = AnimationFileWriter(url: diffURL, compression: .fast, durability: .rebuildable)
        let triptychs = AnimationFileWriter(url: triptychURL, compression: .fast, durability: .rebuildable)
        let actuals = actualURL.map { AnimationFileWriter(url: $0, compression: .fast, durability: .rebuildable) }
        var cache = DeltaECache()
        while let pair = try next() {
            let eImage = pair.expected?.image ?? blank, aImage = pair.actual?.image ?? blank
            let comparison = pair.comparison
                ?? (pair.expected != nil && pair.actual != nil
                    ? ImageComparator.compare(expected: eImage, actual: aImage, options: options, cache: &cache)
                    : ImageComparator.compare(expected: RGBAImage(width: 0, height: 0), actual: blank))
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
