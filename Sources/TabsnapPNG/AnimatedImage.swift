/// Frames with their delays: a decoded animated PNG, a rendered transition, or one still.
public struct AnimatedImage: Sendable, Equatable {
    public var frames: [AnimationFrame]
    /// 0 means forever.
    public var plays: Int

    public init(frames: [AnimationFrame], plays: Int = 0) {
        self.frames = frames
        self.plays = plays
    }

    /// A still image as a one-frame animation (how a still golden is compared).
    public init(still image: RGBAImage) {
        self.init(frames: [AnimationFrame(still: image)])
    }
}

public struct AnimationFrame: Sendable, Equatable {
    public var image: RGBAImage
    /// Seconds this frame is shown.
    public var delay: Double

    public init(image: RGBAImage, delay: Double) {
        self.image = image
        self.delay = delay
    }

    /// A still image: one frame, no delay.
    public init(still image: RGBAImage) {
        self.init(image: image, delay: 0)
    }
}
