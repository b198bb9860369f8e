/// The movements of a transition, frame by frame: each step of the way there, and with a
/// ping-pong each step again on the way back. Holds are not movements. A motion record
/// (`MotionRecord`) measures overshoot and settling per movement, which a curve alone cannot
/// tell apart (a spring's overshoot and a ping-pong's turn both reverse the direction).
public struct TransitionMovement: Sendable, Hashable, Codable {
    /// The movement's first frame (the state it starts from).
    public var first: Int
    /// Its last frame (the state it ends at).
    public var last: Int
    /// The position it starts at.
    public var from: Double
    /// The position it ends at.
    public var to: Double
    /// Swipe or jump.
    public var kind: BarTransition.Kind

    /// A movement over frames `first…last` from position `from` to `to`.
    public init(first: Int, last: Int, from: Double, to: Double, kind: BarTransition.Kind) {
        self.first = first
        self.last = last
        self.from = from
        self.to = to
        self.kind = kind
    }
}

extension BarTransition {
    /// Every movement in frame order: the steps of the way there, then, with `pingPong`, the same
    /// steps in reverse order, each running backwards.
    public var movements: [TransitionMovement] {
        var forward: [TransitionMovement] = []
        var first = startHoldFrames
        var start = from
        for step in steps {
            let last = first + step.frameCount(fps: fps) - 1
            forward.append(TransitionMovement(first: first, last: last, from: start, to: step.to, kind: step.kind))
            first = last + Int((step.hold * fps).rounded())
            start = step.to
        }
        guard pingPong, backFrameCount > 0 else { return forward }
        // Frame i of the way back shows frame F − 2 − H − (i − F) of the way there (`frame(_:)`).
        let count = forwardFrameCount, turn = turnHoldFrames
        let back = forward.reversed().map { movement in
            TransitionMovement(first: count + (count - 2 - turn - movement.last), last: min(count + (count - 2 - turn - movement.first), frameCount - 1),
                               from: movement.to, to: movement.from, kind: movement.kind)
        }
        return forward + back
    }
}
