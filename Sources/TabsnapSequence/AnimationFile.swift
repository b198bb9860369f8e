import Foundation
import TabsnapAnimation
import TabsnapModel
import TabsnapPNG

extension FrameRenderer {
    /// Renders the whole transition into an animated PNG at `url` (frames streamed, file moved
    /// into place at the end). `progress` is called with the number of frames done.
    public func writeAPNG(to url: URL, progress: (Int) -> Void = { _ in }) throws {
        var writer: APNGWriter?  // opened on the first frame, which gives the size
        try render { frame, image in
            let apng = try writer ?? APNGWriter(url: url, width: image.width, height: image.height, frameCount: transition.frameCount)
            writer = apng
            apng.append(image, delay: transition.delay(after: frame.index))
            progress(frame.index + 1)
        }
        try writer?.finish()
    }
}
