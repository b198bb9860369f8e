/// A transition between bar positions, frame by frame: one step (`from` → `to`) or a sequence of
/// steps with holds, e.g. 0 → 2, hold 300 ms, 2 → 1.
public struct BarTransition: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The finger-driven page swipe: the position moves continuously through the buttons between.
        case swipe
        /// Tabman's tap: the geometry interpolates straight from the start state to the end state;
        /// buttons in between stay untouched.
        case jump
    }

    public struct Step: Sendable, Hashable {
        public var to: Double
        public var kind: Kind
        public var easing: Easing
        /// Frames including both ends; nil: from `duration`.
        public var frames: Int?
        /// Seconds; nil: from `frames` at the fps, or the easing's natural duration.
        public var duration: Double?
        /// Seconds to hold the end state after the step.
        public var hold: Double

        public init(to: Double, kind: Kind = .swipe, easing: Easing = .easeInOut, frames: Int? = nil,
                    duration: Double? = nil, hold: Double = 0) {
            self.to = to
            self.kind = kind
            self.easing = easing
            self.frames = frames
            self.duration = duration
            self.hold = hold
        }
    }

    public var from: Double
    public var steps: [Step]
    public var fps: Double

    public init(from: Double, steps: [Step], fps: Double = 60) {
        self.from = from
        self.steps = steps
        self.fps = fps
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

public struct TransitionFrame: Sendable, Hashable {
    public var index: Int
    /// Seconds from the start.
    public var time: Double
    public var state: FrameState
}

extension BarTransition.Step {
    /// Frames in this step, both ends included (at least 2).
    func frameCount(fps: Double) -> Int {
        if let frames { return max(frames, 2) }
        let seconds = duration ?? easing.naturalDuration
        return max(Int((seconds * fps).rounded()) + 1, 2)
    }

    /// Real time the step lasts: frames apart by 1/fps, unless a duration is given; a spring
    /// given only frames lasts its settling time (its frames spread over it).
    func seconds(fps: Double) -> Double {
        if let duration { return duration }
        if case .spring = easing, frames != nil { return easing.naturalDuration }
        return Double(frameCount(fps: fps) - 1) / fps
    }
}

extension BarTransition {
    /// How many frames the whole transition has (a step's first frame is the previous step's last).
    public var frameCount: Int {
        var count = 1
        for step in steps {
            count += step.frameCount(fps: fps) - 1 + Int((step.hold * fps).rounded())
        }
        return count
    }

    /// Frame `index`, computed on its own (so frames can render in any order, in parallel).
    public func frame(_ index: Int) -> TransitionFrame {
        precondition(index >= 0 && index < frameCount, "frame \(index) outside 0..<\(frameCount)")
        var first = 0  // index of the current step's first frame
        var start = from
        var time = 0.0
        for step in steps {
            let n = step.frameCount(fps: fps)
            let holdFrames = Int((step.hold * fps).rounded())
            let seconds = step.seconds(fps: fps)
            if index <= first + n - 1 {
                // k = 0 … n−1 within the step: t_k = k / (n − 1)
                let t = Double(index - first) / Double(n - 1)
                let progress = step.easing.progress(at: t)
                let state: FrameState = step.kind == .swipe
                    ? .position(start + (step.to - start) * progress)
                    : .jump(from: start, to: step.to, progress: progress)
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
