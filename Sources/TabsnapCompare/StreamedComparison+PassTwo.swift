import Foundation
import TabsnapFiles
import TabsnapPNG

extension StreamedComparison {
    /// Pass one's walk again, read and rendered anew.
    private static func walk(golden: PNGBytes, actual: FrameSource) throws -> () throws -> FramePair? {
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
    private static func walk(golden: PNGBytes, actual: FrameSource, passOne: PassOne?) throws -> () throws -> FramePair? {
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
    /// gives the counts). From `passOne`'s kept frames where it kept them. Returns why no
    /// triptych was written (`DiffImage.triptychProblem`), or nil.
    @discardableResult
    public static func writeArtifacts(golden: PNGBytes, actual: FrameSource, options: ComparisonOptions, passOne: PassOne? = nil,
                                      diffURL: URL, triptychURL: URL, actualURL: URL?) throws -> String? {
        let walk = try walk(golden: golden, actual: actual, passOne: passOne)
        // The first step is read ahead: its render frame gives the render's size.
        var first = try walk()
        let next = {
            guard let step = first else { return try walk() }
            first = nil
            return step
        }
        let firstActual = try first?.actual ?? (actual.count > 0 ? actual.frame(0) : nil)
        // The canvas of the diff: the larger of the golden's canvas (all its frames have that
        // size) and the render's (one transition's frames share one size).
        let canvas = try APNGFrameReader.canvas(of: golden)
        let width = max(canvas.width, firstActual?.image.width ?? 0), height = max(canvas.height, firstActual?.image.height ?? 0)
        let stills = !canvas.isAnimated && actual.count == 1
        let blank = RGBAImage(width: width, height: height)
        let noTriptych = DiffImage.triptychProblem(Array(repeating: (width, height), count: 3), diffHeight: height)
        // Fast to write: a failing check should not wait on the smallest possible artifacts, nor
        // on flushing to disk what the next check makes again. One encoder for the three: they
        // take turns, and its buffers are a frame's size.
        let encoder = PNGScanlineEncoder()
        func writer(_ url: URL) -> AnimationFileWriter {
            AnimationFileWriter(url: url, compression: .fast, durability: .rebuildable, encoder: encoder)
        }
        let diffs = writer(diffURL)
        let triptychs = noTriptych == nil ? writer(triptychURL) : nil
        let actuals = actualURL.map(writer)
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
                try triptychs?.append(DiffImage.triptych(expected: eImage, diff: diff, actual: aImage), delay: 0)
            } else {
                let diff = DiffImage.diff(expected: eImage, actual: aImage, comparison: comparison).padded(to: width, height)
                try diffs.append(diff, delay: delay)
                try triptychs?.append(DiffImage.triptych(expected: eImage.padded(to: width, height), diff: diff,
                                                         actual: aImage.padded(to: width, height)), delay: delay)
            }
            if let a = pair.actual { try actuals?.append(a.image, delay: a.delay) }
        }
        try diffs.finish()
        try triptychs?.finish()
        try actuals?.finish()
        return noTriptych
    }
}
