import Foundation
import TabsnapAnimation
import TabsnapCairo
import TabsnapModel

extension Renderer {
    /// Refuses a transition whose frames would spend more than `Limits.transitionIconSeconds`
    /// drawing SVG icons, before a frame is drawn. Each frame draws its bar's icons again: one bar
    /// within the sandbox's budget for a bar (10 s), drawn by each of 9 961 frames, would have
    /// run for hours (hostile round 94). What the sandbox measured for the icons the first and
    /// the last frame draw, and for every icon the bar has (`iconTimeAtMost`: a frame between
    /// draws what neither end draws, round 95), the largest, times the frames.
    /// - Throws: `RenderError.icon`, naming the icon that costs most, when over; what loading
    ///   the icons throws.
    /// `vector`: frames drawn as SVG or PDF (icons probed in points). `passes`: how many times
    /// the frames are drawn for one file, all counted (hostile round 142: a GIF's two passes and
    /// a video's plays were each held to the 60 s alone: 114 s for a GIF, 155 s for three plays).
    public func checkIconTime(of transition: BarTransition, bar: ResolvedBar, scale: Double, vector: Bool = false, passes: Int = 1) throws(RenderError) {
        let (perFrame, heaviest) = try iconTimePerFrame(of: transition, bar: bar, scale: scale, vector: vector)
        try holdIconTime(perFrame: perFrame, heaviest: heaviest, frames: transition.frameCount, passes: passes)
    }

    /// Refuses `frames` frames drawn `passes` times over at `perFrame` ms of SVG icons each, with
    /// `reading` ms of reading them besides (each renderer drawing frames reads the icons for
    /// itself: review of e147418), when over `transitionIconBudget`, naming `heaviest`.
    package func holdIconTime(perFrame: Int, heaviest: URL?, frames: Int, passes: Int, reading: Int = 0) throws(RenderError) {
        let passes = max(passes, 1)
        let total = Double(perFrame) * Double(frames) * Double(passes) + Double(max(reading, 0))
        guard total > Double(transitionIconBudget), let heaviest else { return }
        let times = passes > 1 ? ", \(passes) times over (a GIF's colours and frames, a video's plays)" : ""
        throw .icon(IconLoadError(path: heaviest.path, reason: "the transition draws the bar's SVG icons in each of its \(frames) frames, "
                                  + "\(perFrame) ms each time\(times)\(reading > 0 ? ", read by each thread drawing them" : ""): \(Int(total / 1_000)) s together, over the \(Limits.format(Double(transitionIconBudget) / 1_000)) s "
                                  + "a transition may spend on icons; fewer frames (a lower fps, a shorter duration\(passes > 2 ? ", fewer plays" : "")), simpler icons, or PNGs"))
    }

    /// What a frame of `transition` may spend on SVG icons at most (ms), as `checkIconTime`
    /// measures it, and the icon that costs most. The frames at its ends and at its quarters are
    /// each held to the bar's budget as they will be drawn: between its ends, icons growing with
    /// the selection are off whole pixels and cost more (review of round 141: a frame between was
    /// refused after the first frames were drawn; a ping-pong's halfway is its turn, at rest).
    public func iconTimePerFrame(of transition: BarTransition, bar: ResolvedBar, scale: Double, vector: Bool = false) throws(RenderError) -> (milliseconds: Int, heaviest: URL?) {
        var perFrame = 0, heaviest: URL?
        let last = max(transition.frameCount - 1, 0)
        for index in Set([0, last / 4, last / 2, 3 * last / 4, last]).sorted() {
            let frame = geometry(of: transition.frame(index), bar: bar)
            for measured in [try iconTime(of: frame, scale: scale, vector: vector), try iconTimeAtMost(of: frame, scale: scale, vector: vector)]
            where measured.milliseconds > perFrame {
                (perFrame, heaviest) = (measured.milliseconds, measured.heaviest)
            }
        }
        return (perFrame, heaviest)
    }
}
