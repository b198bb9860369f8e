import Foundation
import Tabsnap

/// Renders a snapshot case as frames: one for a still, every frame for a transition (with the
/// delays an APNG file stores, so a fresh render compares equal to its recorded golden).
public enum CaseRenderer {
    public static func render(_ snapshot: SnapshotCase, with renderer: Renderer) throws -> APNGDecoder.Animation {
        switch snapshot.kind {
        case .still(let position):
            let image = try renderer.image(of: snapshot.bar, position: position, scale: snapshot.scale)
            return APNGDecoder.Animation(frames: [APNGDecoder.Frame(image: image, delay: 0)])
        case .transition(let transition):
            return try render(snapshot.bar, transition: transition, scale: snapshot.scale, with: renderer)
        }
    }

    /// A transition's frames are compared as a whole, so they are held in memory together:
    /// `Limits.animationPixels` bounds them.
    public static func render(_ bar: Bar, transition: Transition, scale: Double, with renderer: Renderer) throws -> APNGDecoder.Animation {
        try transition.checkLimits()
        var frames: [APNGDecoder.Frame] = []
        for frame in transition.frames {
            let geometry = FrameRenderer.geometry(of: frame, bar: bar, renderer: renderer)
            let image = try renderer.image(of: bar, geometry: geometry, scale: scale)
            if frames.isEmpty, transition.frameCount * image.width * image.height > Limits.animationPixels {
                throw RenderLimitError(description: "the transition's \(transition.frameCount) frames of \(image.width)×\(image.height) px are "
                    + "over the \(Limits.animationPixels / 1_000_000) Mpx a checked animation may hold; use fewer frames or a lower scale")
            }
            frames.append(APNGDecoder.Frame(image: image, delay: APNGWriter.storedDelay(transition.delay(after: frame.index))))
        }
        return APNGDecoder.Animation(frames: frames)
    }
}

/// A render `check` will not hold in memory (see `Limits.animationPixels`).
public struct RenderLimitError: Error, CustomStringConvertible {
    public var description: String
}
