/// A transition between bar positions, frame by frame: one step (`from` → `to`) or a sequence of
/// steps with holds, e.g. 0 → 2, hold 300 ms, 2 → 1.
public struct BarTransition: Sendable, Hashable {
    /// How a step moves the bar from one position to the next.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The finger-driven page swipe: the position moves continuously through the buttons between.
        case swipe
        /// Tabman's tap: the geometry interpolates straight from the start state to the end state;
        /// buttons in between stay untouched.
        case jump
    }

    /// One movement to position `to`, then a hold there. With neither `frames` nor `duration` it
    /// lasts the easing's natural duration.
    public struct Step: Sendable, Hashable {
        /// The position the step ends at (whole: a button is selected).
        public var to: Double
        /// Swipe through the buttons between, or jump straight there.
        public var kind: Kind
        /// How the step's progress runs over its time.
        public var easing: Easing
        /// Frames including both ends; nil: from `duration`.
        public var frames: Int?
        /// Seconds; nil: from `frames` at the fps, or the easing's natural duration.
        public var duration: Double?
        /// Seconds to hold the end state after the step.
        public var hold: Double
        /// The finger's velocity as it lets go at the step's start, in positions (pages) per
        /// second: the step is then the page container's deceleration onto `to`
        /// (`ReleaseMotion`), not `easing`'s curve; nil: an eased step. Swipes only.
        public var velocity: Double?

        /// A step to position `to` (by default a swipe, eased in and out), lasting `frames` frames
        /// or `duration` seconds (neither: the easing's natural duration), then holding its end for
        /// `hold` seconds.
        public init(to: Double, kind: Kind = .swipe, easing: Easing = .easeInOut, frames: Int? = nil,
                    duration: Double? = nil, hold: Double = 0, velocity: Double? = nil) {
            self.to = to
            self.kind = kind
            self.easing = easing
            self.frames = frames
            self.duration = duration
            self.hold = hold
            self.velocity = velocity
        }

        /// How long the step lasts when neither `frames` nor `duration` says: a release's
        /// settling time, or the easing's natural duration.
        public var naturalDuration: Double { velocity != nil ? ReleaseMotion.naturalDuration : easing.naturalDuration }
    }

    /// How many times a player shows the animation (GIF, WebP, APNG); a frame folder records it.
    public enum Loop: Sendable, Hashable {
        /// Plays over and over (stored as 0 plays).
        case forever
        /// Plays this many times in all (1: once, then stays on the last frame).
        case times(Int)

        /// The count file formats store: 0 for forever.
        public var plays: Int {
            switch self {
            case .forever: return 0
            case .times(let count): return count
            }
        }
    }

    /// The position the transition starts at (the first frame shows the bar there).
    public var from: Double
    /// The steps in order, each starting where the one before ended (the first at `from`).
    public var steps: [Step]
    /// Frames per second: how far apart frames are in time, and how many a duration or hold takes.
    public var fps: Double
    /// Seconds the start state shows before the first step (a spec's leading `{hold: MS}`).
    public var startHold: Double
    /// After the last step, the same frames play back to the start ("there and back").
    public var pingPong: Bool
    /// How many times a player shows the animation; forever by default.
    public var loop: Loop

    /// A transition from position `from` through `steps`, at `fps` frames per second, showing the
    /// start state for `startHold` seconds first.
    public init(from: Double, steps: [Step], fps: Double = 60, startHold: Double = 0, pingPong: Bool = false, loop: Loop = .forever) {
        self.from = from
        self.steps = steps
        self.fps = fps
        self.startHold = startHold
        self.pingPong = pingPong
        self.loop = loop
    }

    /// A sequence as a spec lists it (its leading hold and its steps).
    public init(from: Double, sequence: StepList, fps: Double = 60, pingPong: Bool = false, loop: Loop = .forever) {
        self.init(from: from, steps: sequence.steps, fps: fps, startHold: sequence.startHold, pingPong: pingPong, loop: loop)
    }

    /// One step from `from` to `to`.
    public init(from: Double, to: Double, kind: Kind = .swipe, easing: Easing = .easeInOut, frames: Int? = nil,
                duration: Double? = nil, fps: Double = 60) {
        self.init(from: from, steps: [Step(to: to, kind: kind, easing: easing, frames: frames, duration: duration)], fps: fps)
    }
}

/// What one frame shows.
public enum FrameState: Sendable, Hashable {
    /// The bar at a position (swipes, holds).
    case position(Double)
    /// A jump: the geometry at `from` blended towards the geometry at `to` by `progress`.
    case jump(from: Double, to: Double, progress: Double)

    /// The position this frame stands for (a jump's is interpolated, for labels and frames.json).
    public var position: Double {
        switch self {
        case .position(let p): return p
        case .jump(let from, let to, let progress): return from + (to - from) * progress
        }
    }
}

/// Steps as a spec or `--step` lists them: a hold before the first step, if any, then the steps
/// (each holding its end state for its own `hold`).
public struct StepList: Sendable, Hashable {
    /// Seconds.
    public var startHold: Double
    /// The steps in order, each starting where the one before ended.
    public var steps: [BarTransition.Step]

    /// A list holding the start for `startHold` seconds, then running `steps`.
    public init(startHold: Double = 0, steps: [BarTransition.Step] = []) {
        self.startHold = startHold
        self.steps = steps
    }
}

/// One frame of a `BarTransition`: where it is in the animation and what it shows.
public struct TransitionFrame: Sendable, Hashable {
    /// The frame's place, from 0; a ping-pong's way back continues the count.
    public var index: Int
    /// Seconds from the start.
    public var time: Double
    /// What the frame shows: the bar at a position, or a jump's blend.
    public var state: FrameState
}

extension BarTransition.Step {
    /// Frames in this step, both ends included (at least 2).
    func frameCount(fps: Double) -> Int {
        if let frames { return max(frames, 2) }
        let seconds = duration ?? naturalDuration
        return max(Int((seconds * fps).rounded()) + 1, 2)
    }

    /// Real time the step lasts: frames apart by 1/fps, unless a duration is given; a spring or
    /// a release given only frames lasts its settling time (its frames spread over it).
    func seconds(fps: Double) -> Double {
        if let duration { return duration }
        if velocity != nil, frames != nil { return naturalDuration }
        if case .spring = easing, frames != nil { return easing.naturalDuration }
        return Double(frameCount(fps: fps) - 1) / fps
    }
}

extension BarTransition {
    /// Frames the start state is held for before the first step.
    var startHoldFrames: Int { Int((startHold * fps).rounded()) }

    /// Frames of the way there: the start hold, then each step (whose first frame is the
    /// previous step's last) and its hold.
    var forwardFrameCount: Int {
        var count = 1 + startHoldFrames
        for step in steps {
            count += step.frameCount(fps: fps) - 1 + Int((step.hold * fps).rounded())
        }
        return count
    }

    /// Frames the last step holds its end for: at a ping-pong's turn they show once.
    var turnHoldFrames: Int { steps.last.map { Int(($0.hold * fps).rounded()) } ?? 0 }

    /// Frames of the way back of a ping-pong: the way there reversed, without the turn's hold
    /// (shown once, at the turn) and without the start hold (it shows when the next play
    /// begins), ending on the start state.
    var backFrameCount: Int { max(forwardFrameCount - 1 - turnHoldFrames - startHoldFrames, 0) }

    /// How many frames the whole transition has: the way there, and with `pingPong` the way back.
    public var frameCount: Int {
        pingPong ? forwardFrameCount + backFrameCount : forwardFrameCount
    }

    /// Frame `index`, computed on its own (so frames can render in any order, in parallel).
    public func frame(_ index: Int) -> TransitionFrame {
        precondition(index >= 0 && index < frameCount, "frame \(index) outside 0..<\(frameCount)")
        let forward = forwardFrameCount
        guard index >= forward else { return forwardFrame(index) }
        // The way back mirrors the way there from the step's end before the turn's hold: frame
        // m of the way there shows again, as long after the turn as it was before the step's end.
        let mirror = mirrored(index)
        let stepEnd = forwardFrame(forward - 1 - turnHoldFrames).time, turn = forwardFrame(forward - 1).time
        let shown = forwardFrame(mirror)
        return TransitionFrame(index: index, time: turn + stepEnd - shown.time, state: shown.state)
    }

    /// The frame of the way there that frame `index` (on the way back) shows.
    private func mirrored(_ index: Int) -> Int {
        forwardFrameCount - 2 - turnHoldFrames - (index - forwardFrameCount)
    }

    private func forwardFrame(_ index: Int) -> TransitionFrame {
        let held = startHoldFrames
        if index <= held { return TransitionFrame(index: index, time: Double(index) / fps, state: .position(from)) }
        var first = held  // index of the current step's first frame
        var start = from
        var time = Double(held) / fps
        for step in steps {
            let n = step.frameCount(fps: fps)
            let holdFrames = Int((step.hold * fps).rounded())
            let seconds = step.seconds(fps: fps)
            if index <= first + n - 1 {
                // k = 0 … n−1 within the step: t_k = k / (n − 1)
                let t = Double(index - first) / Double(n - 1)
                let state: FrameState
                if let velocity = step.velocity, step.kind == .swipe {
                    // The last frame is on the page exactly (the spring's tail is under 0.2 %).
                    state = .position(t == 1 ? step.to : start + ReleaseMotion.displacement(after: t * seconds, distance: step.to - start, velocity: velocity))
                } else {
                    let progress = step.easing.progress(at: t)
                    state = step.kind == .swipe ? .position(start + (step.to - start) * progress) : .jump(from: start, to: step.to, progress: progress)
                }
                return TransitionFrame(index: index, time: time + t * seconds, state: state)
            }
            if index <= first + n - 1 + holdFrames {
                let k = index - (first + n - 1)
                return TransitionFrame(index: index, time: time + seconds + Double(k) / fps, state: .position(step.to))
            }
            first += n - 1 + holdFrames
            time += seconds + Double(holdFrames) / fps
            start = step.to
        }
        return TransitionFrame(index: index, time: time, state: .position(start))  // only with no steps
    }

    /// Whether frame `index` is one where the motion changes — the first and the last, where a
    /// hold or a step ends, the turn of a ping-pong — which a writer that must drop frames (GIF's
    /// 20 ms floor) keeps.
    public func isKeyFrame(_ index: Int) -> Bool {
        let forward = forwardFrameCount
        let index = index < forward ? index : mirrored(index)
        if index == 0 || index == forward - 1 || index == startHoldFrames { return true }
        var last = startHoldFrames
        for step in steps {
            let end = last + step.frameCount(fps: fps) - 1
            let holdEnd = end + Int((step.hold * fps).rounded())
            if index == end || index == holdEnd { return true }
            if index < holdEnd { return false }
            last = holdEnd
        }
        return false
    }

    /// Every frame, lazily, in order.
    public var frames: LazyMapSequence<Range<Int>, TransitionFrame> {
        (0..<frameCount).lazy.map { self.frame($0) }
    }

    /// Delay shown before the next frame, in seconds: 1/fps (a step's frames spread over its
    /// duration when one is given).
    public func delay(after index: Int) -> Double {
        guard index + 1 < frameCount else { return 1 / fps }
        return max(frame(index + 1).time - frame(index).time, 0)
    }
}

extension BarTransition {
    /// Steps whose frame count cannot show their easing's curve (a spring's overshoot falling
    /// between frames), said in one line each; empty when every step can.
    public var frameCountWarnings: [String] {
        steps.enumerated().compactMap { index, step in
            step.easing.problem(showingWith: step.frameCount(fps: fps)).map { steps.count > 1 ? "step \(index + 1): \($0)" : $0 }
        }
    }
}
