import Foundation
import TabsnapAnimation
import TabsnapModel
import TabsnapPNG

extension FrameRenderer {
    /// Renders the whole transition into an animated PNG at `url` (frames streamed, file moved
    /// into place at the end). `each` sees every frame after it is written (progress, a sheet…).
    public func writeAPNG(to url: URL, each: (TransitionFrame, RGBAImage) -> Void = { _, _ in }) throws {
        var writer: APNGWriter?  // opened on the first frame, which gives the size
        try render { frame, image in
            let apng = try writer ?? APNGWriter(url: url, width: image.width, height: image.height, frameCount: transition.frameCount)
            writer = apng
            try apng.append(image, delay: transition.delay(after: frame.index))
            each(frame, image)
        }
        try writer?.finish()
    }
}
