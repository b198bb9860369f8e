import TabsnapCairo
import TabsnapModel

extension FrameRenderer {
    /// The transition as a Lottie file (`LottieDocument`), named `name` inside: every frame's
    /// shapes, taken from the same geometry as the PNG frames. Refused (`RenderError.unmapped`)
    /// when the bar draws what Lottie cannot hold here. `progress` hears each frame done.
    public func lottie(name: String, progress: (Int) -> Void = { _ in }) throws(RenderError) -> [UInt8] {
        let bar = self.bar.resolved()
        let renderer = Renderer(layoutManager: layoutManager)
        var frames: [[FlatShape]] = []
        var size = Size(width: 1, height: 1)
        frames.reserveCapacity(transition.frameCount)
        // The document is built whole, each frame's points a few times over (shapes, beziers,
        // keyframes, text): bounded by the points of all frames, counted as they come.
        var points = 0, perFrame = 0
        // Text in the spec's own fonts is measured and probed at each frame's sizes.
        let textTime = textTime(passes: 1)
        for index in 0..<transition.frameCount {
            let frame = transition.frame(index)
            // A hold shows the frame before it again: taken apart once.
            if index > 0, transition.frame(index - 1).state == frame.state, let last = frames.last {
                frames.append(last)
            } else {
                let picture = try Self.timed(textTime, renderer) { () throws(RenderError) in
                    try renderer.flatPicture(of: renderer.geometry(of: frame, bar: bar), format: "Lottie")
                }
                size = picture.size
                frames.append(picture.shapes)
                perFrame = picture.shapes.reduce(0) { $0 + $1.pointCount }
            }
            points += perFrame
            guard points <= LottieDocument.maximumPoints else {
                throw .unmapped("Lottie: the transition's \(transition.frameCount) frames, about \(perFrame) points each, come to over \(LottieDocument.maximumPoints / 1_000_000) million points, "
                                + "more than a Lottie file here may hold (about 1 GB to write); fewer frames (a lower fps, a shorter transition) or a simpler bar")
            }
            progress(index + 1)
        }
        return LottieDocument.file(frames: frames, size: size, fps: transition.fps, name: name)
    }
}
