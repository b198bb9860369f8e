import Foundation
/// Frames with their delays: a decoded animated PNG, a rendered transition, or one still.
public struct AnimatedImage: Sendable, Equatable {
    /// The frames in the order they are shown.
    public var frames: [AnimationFrame]
    /// 0 means forever.
    public var plays: Int

    /// An animation of `frames`, played `plays` times (0, the default: forever).
    public init(frames: [AnimationFrame], plays: Int = 0) {
        self.frames = frames
        self.plays = plays
    }

    /// A still image as a one-frame animation (how a still golden is compared).
    public init(still image: RGBAImage) {
        self.init(frames: [AnimationFrame(still: image)])
    }
}

/// One frame of an animation: its picture and how long it is shown.
public struct AnimationFrame: Sendable, Equatable {
    /// The whole frame, at the animation's full size.
    public var image: RGBAImage
    /// Seconds this frame is shown.
    public var delay: Double

    /// A frame showing `image` for `delay` seconds.
    public init(image: RGBAImage, delay: Double) {
        self.image = image
        self.delay = delay
    }

    /// A still image: one frame, no delay.
    public init(still image: RGBAImage) {
        self.init(image: image, delay: 0)
    }
}

extension AnimatedImage {
    /// The same animation with each run of equal frames as one frame shown for their summed
    /// delays: what an animated PNG stores, and what two animations are compared as, so a golden
    /// and a render agree however either spelled out a hold.
    public func mergingHolds() -> AnimatedImage {
        var merged: [AnimationFrame] = []
        for frame in frames {
            if let last = merged.last, last.image.hasSamePixels(as: frame.image) {
                merged[merged.count - 1].delay += frame.delay
            } else {
                merged.append(frame)
            }
        }
        return AnimatedImage(frames: merged, plays: plays)
    }
}

extension RGBAImage {
    /// Same size and bytes, compared with memcmp (holds are looked for between every two frames).
    public func hasSamePixels(as other: RGBAImage) -> Bool {
        guard width == other.width, height == other.height else { return false }
        return pixels.withUnsafeBytes { a in
            other.pixels.withUnsafeBytes { b in
                guard let p = a.baseAddress, let q = b.baseAddress else { return a.count == b.count }
                return a.count == b.count && memcmp(p, q, a.count) == 0
            }
        }
    }
}

/// Frames read one at a time with holds merged as they come (see `mergingHolds()`), holding at
/// most the frame being built and the one after it.
public struct HoldMergingReader {
    private let read: () throws -> AnimationFrame?
    private var following: AnimationFrame?

    /// A reader over the frames `read` gives one per call, in order, nil after the last.
    public init(_ read: @escaping () throws -> AnimationFrame?) {
        self.read = read
    }

    /// The next distinct frame, shown for the summed delays of the equal frames that follow it
    /// (reading one frame ahead to find where its hold ends); nil when the frames are exhausted.
    /// - Throws: Whatever `read` throws.
    public mutating func next() throws -> AnimationFrame? {
        guard var frame = try following ?? read() else { return nil }
        following = nil
        while let next = try read() {
            guard next.image.hasSamePixels(as: frame.image) else {
                following = next
                break
            }
            frame.delay += next.delay
        }
        return frame
    }
}
