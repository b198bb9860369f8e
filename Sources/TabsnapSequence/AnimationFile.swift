import Foundation
import TabsnapAnimation
import TabsnapCairo
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

extension FrameRenderer {
    /// A contact sheet with a labelled cell for every frame, sized from the bar (the geometry of
    /// its first frame). Throws when the sheet would be over the pixel limits.
    public func contactSheet() throws(RenderError) -> ContactSheet {
        let first = Renderer(layoutManager: layoutManager).geometry(of: transition.frame(0), bar: bar.resolved())
        return try ContactSheet(frameCount: transition.frameCount, barSize: Size(width: first.width, height: first.height))
    }
}
