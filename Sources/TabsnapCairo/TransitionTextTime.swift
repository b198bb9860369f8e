import Foundation
import TabsnapModel

/// What a transition's frames spend drawing text in the spec's own fonts, all together, held to
/// `Limits.transitionTextSeconds` (hostile round 105: each frame scan-converted a heavy font's
/// glyphs again, 7.5 s a frame). Unlike icons, whose cost the sandbox measures before a frame
/// is drawn, text is timed as it is drawn (`Renderer.textMilliseconds` across each frame): a
/// frame is refused when the frames drawn so far, at their average, foretell more than the bound for the whole
/// transition — so the first frames of a transition that would run for hours are enough to
/// refuse it. Shared by the threads drawing the frames.
package final class TransitionTextTime: @unchecked Sendable {
    private let lock = NSLock()
    private let frames: Int
    /// How many times the frames are drawn (a GIF's two passes, a video's plays).
    package let passes: Int
    private let fonts: [URL]
    private let budget: Int, perFrame: Int
    private var spent = 0, drawn = 0

    /// A bound for `passes` passes over `frames` frames of a bar bringing `fonts` (a GIF draws
    /// its frames twice, a video once per play); `budget` in ms, and `perFrame` ms besides for
    /// each frame of each pass.
    package init(frames: Int, passes: Int = 1, fonts: [URL], budget: Int = Limits.transitionTextSeconds * 1_000,
                 perFrame: Int = Limits.pictureTextMilliseconds) {
        self.frames = frames
        self.passes = max(passes, 1)
        self.fonts = fonts
        self.budget = budget
        self.perFrame = perFrame
    }

    /// What the frames drawn so far spent (ms).
    package var milliseconds: Int { lock.withLock { spent } }

    /// Refuses the next frame when what is spent, with the frames still to draw at the average so
    /// far, passes the bound.
    package func checkBeforeFrame() throws(RenderError) {
        guard !fonts.isEmpty else { return }
        let (spent, drawn) = lock.withLock { (self.spent, self.drawn) }
        guard drawn > 0 else { return }
        let average = Double(spent) / Double(drawn), all = frames * passes
        let foreseen = Double(spent) + average * Double(max(all - drawn, 0))
        // The bound, and what each frame of each pass may spend besides.
        let allowed = Double(budget) + Double(perFrame) * Double(all)
        guard foreseen > allowed else { return }
        let times = passes > 1 ? " (\(passes) times over)" : ""
        throw .fonts("\(fonts.map(\.path).joined(separator: ", ")): the transition draws the bar's text in the spec's fonts in each of its \(frames) frames\(times), "
                     + "about \(Int(average.rounded())) ms each: about \(Int((average * Double(all) / 1_000).rounded(.up))) s together, over the "
                     + "\(Limits.format(Double(budget) / 1_000)) s a transition may spend on such text (and \(perFrame) ms a frame); fewer frames (a lower fps, a shorter duration), "
                     + "fewer or shorter titles, or lighter fonts")
    }

    /// Adds what a frame spent (ms).
    package func add(_ milliseconds: Int) {
        lock.withLock {
            spent += milliseconds
            drawn += 1
        }
    }
}
