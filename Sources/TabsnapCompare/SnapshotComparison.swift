import Foundation
import TabsnapFiles
import TabsnapModel
import TabsnapPNG

/// Compares two PNG or animated-PNG files (goldens and renders) and draws what differs. A still
/// image is an animation of one frame; two stills compare as images, anything else frame by frame.
public enum SnapshotComparison: Sendable {
    /// Two stills compared as images, with both images (to draw the diff from).
    case image(ImageComparison, expected: RGBAImage, actual: RGBAImage)
    /// Anything else compared frame by frame, with both animations, their holds merged.
    case animation(AnimationComparison, expected: AnimatedImage, actual: AnimatedImage)

    /// A file that could not be read as an image; `description` names it and says why.
    public struct LoadError: Error, CustomStringConvertible {
        /// The file as messages name it: the `displayName` given to `load(_:displayName:)`, or
        /// the URL's path.
        public var path: String
        /// Why it could not be read: a read error, or what is wrong with the PNG.
        public var reason: String
        /// "path: reason".
        public var description: String { "\(path): \(reason)" }
    }

    /// Reads a PNG or APNG file as an animation (a still is one frame), refusing a file larger
    /// than `Limits.goldenFileBytes`.
    /// - Parameters:
    ///   - url: The file to read.
    ///   - displayName: How errors name the file (a path relative to the project, say); nil for
    ///     `url.path`.
    /// - Throws: `LoadError` when the file cannot be read or is not a valid PNG or APNG.
    public static func load(_ url: URL, displayName: String? = nil) throws(LoadError) -> AnimatedImage {
        let name = displayName ?? url.path
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.bytes(of: url, limit: Limits.goldenFileBytes, displayName: name)
        } catch {
            throw LoadError(path: name, reason: error.reason)
        }
        do {
            return try APNGDecoder.decode(bytes)
        } catch {
            throw LoadError(path: name, reason: error.description)
        }
    }

    /// Animations compare with their holds merged (`AnimatedImage.mergingHolds()`).
    public static func compare(expected: AnimatedImage, actual: AnimatedImage,
                               options: ComparisonOptions = .exact) -> SnapshotComparison {
        if expected.frames.count == 1, actual.frames.count == 1 {
            let e = expected.frames[0].image, a = actual.frames[0].image
            return .image(ImageComparator.compare(expected: e, actual: a, options: options), expected: e, actual: a)
        }
        let expected = expected.mergingHolds(), actual = actual.mergingHolds()
        return .animation(AnimationComparator.compare(expected: expected, actual: actual, options: options),
                          expected: expected, actual: actual)
    }

    /// Whether the golden and the render match under the options compared with.
    public var matches: Bool {
        switch self {
        case .image(let comparison, _, _): return comparison.matches
        case .animation(let comparison, _, _): return comparison.matches
        }
    }

    /// One line for a report, from `ImageComparison.summary` or `AnimationComparison.summary`.
    public var summary: String {
        switch self {
        case .image(let comparison, _, _): return comparison.summary
        case .animation(let comparison, _, _): return comparison.summary
        }
    }

    /// Largest ΔE 2000 over all compared pixels (all frames).
    public var maxDeltaE: Double {
        switch self {
        case .image(let comparison, _, _): return comparison.maxDeltaE
        case .animation(let comparison, _, _): return comparison.frames.map(\.maxDeltaE).max() ?? 0
        }
    }

    /// Frames (0-based) that failed; empty for a still image.
    public var failingFrames: [Int] {
        if case .animation(let comparison, _, _) = self { return comparison.failingFrames }
        return []
    }

    /// The diff (a PNG for images, an APNG of per-frame diffs for animations) and the
    /// expected │ diff │ actual triptych (an APNG of triptychs for animations), each diff drawn once;
    /// `triptychs: false` leaves the triptychs out (empty).
    public func diffAndTriptychFrames(triptychs: Bool = true) -> (diff: [AnimationFrame], triptych: [AnimationFrame]) {
        switch self {
        case .image(let comparison, let e, let a):
            let diff = DiffImage.diff(expected: e, actual: a, comparison: comparison)
            return ([AnimationFrame(image: diff, delay: 0)],
                    triptychs ? [AnimationFrame(image: DiffImage.triptych(expected: e, diff: diff, actual: a), delay: 0)] : [])
        case .animation(let comparison, let e, let a):
            return AnimationComparator.diffAndTriptychFrames(expected: e, actual: a, comparison: comparison, triptychs: triptychs)
        }
    }

    /// Writes frames as a PNG (one frame) or an APNG, atomically.
    public static func write(_ frames: [AnimationFrame], to url: URL) throws {
        try AnimationFileWriter.write(FrameSource.frames(AnimatedImage(frames: frames)), to: url)
    }
}
