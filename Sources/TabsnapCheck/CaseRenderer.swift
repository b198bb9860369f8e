import Foundation
import Tabsnap

/// Renders a snapshot case as frames: one for a still, every frame for a transition (with the
/// delays an APNG file stores, so a fresh render compares equal to its recorded golden). Frames
/// are made when asked for, one at a time, so a long transition is never held whole.
package enum CaseRenderer {
    /// The case's frames at its scale: one for a still (or for an SVG case, the bar at its
    /// position), every frame of a transition with its stored delay.
    /// - Throws: What rendering throws, or a transition's `TransitionTooLong`.
    public static func frames(of snapshot: SnapshotCase, with renderer: Renderer) throws -> FrameSource {
        switch snapshot.kind {
        case .still(let position):
            let image = try renderer.image(of: snapshot.bar, position: position, scale: snapshot.scale)
            return FrameSource(count: 1) { _ in AnimationFrame(still: image) }
        case .transition(let transition):
            return try frames(of: snapshot.bar, transition: transition, scale: snapshot.scale, with: renderer)
        case .svg(let position), .a11y(let position):
            // An SVG or spoken golden's picture, for callers that want pixels: the bar at that position.
            let image = try renderer.image(of: snapshot.bar, position: position, scale: snapshot.scale)
            return FrameSource(count: 1) { _ in AnimationFrame(still: image) }
        }
    }

    /// How a transition golden's motion record is made (nil for other kinds): a closure, as the
    /// verifier makes it only when a golden is written or differs.
    public static func motion(of snapshot: SnapshotCase, with renderer: Renderer) -> (() -> MotionRecord)? {
        guard case .transition(let transition) = snapshot.kind else { return nil }
        return { MotionRecord(of: snapshot.bar, transition: transition, renderer: renderer) }
    }

    /// A spoken golden's text: what a screen reader says for each button at the position, a
    /// line each (`tabsnap a11y`). A bar that draws no buttons has nothing to say: an error.
    public static func spoken(of snapshot: SnapshotCase, with renderer: Renderer) throws -> [UInt8] {
        let geometry = try renderer.checkedGeometry(of: snapshot.bar, position: snapshot.position)
        let drawn = snapshot.bar.customButton?.drawsContent ?? snapshot.bar.resolved().button.style.isDrawn
        // As `tabsnap a11y` prints them: a label's control characters escaped, so the golden and
        // its diff can be shown in a terminal (hostile round 24: an OSC sequence went in raw).
        let lines = drawn ? SpokenButtons.lines(of: geometry, items: snapshot.bar.items).map(VisibleText.escaped) : []
        guard !lines.isEmpty else { throw SpokenTextError() }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Why a spoken golden cannot be kept: the bar has no buttons to speak.
    struct SpokenTextError: Error, CustomStringConvertible {
        var description: String { "snapshots.formats: a11y: the bar draws no buttons, so a screen reader finds none" }
    }

    /// An SVG golden's text: the bar at the position, in points.
    public static func svg(of snapshot: SnapshotCase, with renderer: Renderer) throws -> [UInt8] {
        try renderer.render(snapshot.bar, format: .svg, position: snapshot.position)
    }

    /// `transition`'s frames of `bar` at `scale` (pixels per point), each with the delay an APNG
    /// file stores, made when asked for.
    /// - Throws: `TransitionTooLong` when the transition has more frames than
    ///   `Limits.framesPerTransition`, and `RenderError.icon` when its frames would spend more than
    ///   `Limits.transitionIconSeconds` on SVG icons, before any frame is made. Asking the source
    ///   for a frame throws what rendering throws, and `RenderError.fonts` once the frames drawn
    ///   foretell more than `Limits.transitionTextSeconds` on text in the spec's own fonts.
    public static func frames(of bar: Bar, transition: BarTransition, scale: Double, with renderer: Renderer) throws -> FrameSource {
        try transition.checkLimits()
        let isCostly = RefusalTime.isCostly(bar)
        let bar = bar.resolved()  // once, not per frame
        let icons = try renderer.iconTimePerFrame(of: transition, bar: bar, scale: scale)
        try renderer.holdIconTime(perFrame: icons.milliseconds, heaviest: icons.heaviest, frames: transition.frameCount, passes: 1)
        let passes = TextTimePasses(frames: transition.frameCount, fonts: bar.fonts)
        // Frames whose icons or text are held to a time bound are drawn once, however many
        // passes a check makes over them (`FrameTape`).
        return FrameSource(count: transition.frameCount, isCostly: isCostly) { index in
            let textTime = passes.bound(at: index)
            try textTime.checkBeforeFrame()
            // (What the renderer measured is the golden's too: its spec's bound takes it after.)
            let before = renderer.textMilliseconds
            let image = try renderer.image(of: transition.frame(index), bar: bar, scale: scale)
            textTime.add(renderer.textMilliseconds - before)
            return AnimationFrame(image: image, delay: APNGWriter.storedDelay(transition.delay(after: index)))
        }
    }

    /// Every frame at once (for callers that want the animation itself).
    public static func render(_ snapshot: SnapshotCase, with renderer: Renderer) throws -> AnimatedImage {
        let source = try frames(of: snapshot, with: renderer)
        return AnimatedImage(frames: try (0..<source.count).map { try source.frame($0) })
    }
}

/// The bound on text in the spec's own fonts for each pass a check makes over a golden's frames
/// (they are read in order, again for a failing golden's artifacts or for recording): each
/// pass is a transition drawn, held to the bound alone (the spec's bound counts them all). A
/// frame at or before the last one read starts a new pass: the frame source is read by one
/// reader at a time, in order (`GoldenVerifier`, `StreamedComparison`, the APNG writer).
final class TextTimePasses: @unchecked Sendable {
    private let frames: Int
    private let fonts: [URL]
    private let budget: Int
    private var current: TransitionTextTime?
    private var last = Int.max

    init(frames: Int, fonts: [URL], budget: Int = Limits.transitionTextSeconds * 1_000) {
        self.frames = frames
        self.fonts = fonts
        self.budget = budget
    }

    /// The bound frame `index` counts to.
    func bound(at index: Int) -> TransitionTextTime {
        defer { last = index }
        if let current, index > last { return current }
        let fresh = TransitionTextTime(frames: frames, fonts: fonts, budget: budget)
        current = fresh
        return fresh
    }
}
