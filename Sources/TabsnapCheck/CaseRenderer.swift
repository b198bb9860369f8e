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

    public static func render(_ bar: Bar, transition: Transition, scale: Double, with renderer: Renderer) throws -> APNGDecoder.Animation {
        var frames: [APNGDecoder.Frame] = []
        for frame in transition.frames {
            let geometry = FrameRenderer.geometry(of: frame, bar: bar, renderer: renderer)
            let image = try renderer.image(of: bar, geometry: geometry, scale: scale)
            frames.append(APNGDecoder.Frame(image: image, delay: APNGWriter.storedDelay(transition.delay(after: frame.index))))
        }
        return APNGDecoder.Animation(frames: frames)
    }
}
