import TabsnapModel

/// A transition longer than `Limits.framesPerTransition` (a slow spring, long holds, many steps).
public struct TransitionTooLong: Error, CustomStringConvertible {
    /// The frame count the transition would have, in floating point (it may be huge, or infinite).
    public var frames: Double
    /// The frame count against the limit, and how to come under it, in one line.
    public var description: String {
        let count = frames < 1e15 ? String(Int(frames)) : "about \(frames)"
        return "the transition has \(count) frames; at most \(Limits.framesPerTransition) "
            + "(fewer frames, a lower fps, shorter holds, or a spring that settles sooner)"
    }
}

extension BarTransition {
    /// The frame count, computed in floating point so no input can overflow it.
    var plannedFrameCount: Double {
        var count = 1 + (startHold * fps).rounded()
        for step in steps {
            let frames = step.frames.map(Double.init) ?? ((step.duration ?? step.naturalDuration) * fps).rounded() + 1
            count += max(frames, 2) - 1 + (step.hold * fps).rounded()
        }
        // The way back is never longer than the way there.
        return pingPong ? 2 * count - 1 : count
    }

    /// Throws when the transition has more frames than `Limits.framesPerTransition` or no steps.
    public func checkLimits() throws(TransitionTooLong) {
        let frames = plannedFrameCount
        guard frames.isFinite, frames <= Double(Limits.framesPerTransition) else { throw TransitionTooLong(frames: frames) }
    }
}
