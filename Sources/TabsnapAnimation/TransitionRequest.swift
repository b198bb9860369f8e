import TabsnapModel

/// A transition described field by field, as a command line gives it: either its own (any of
/// `to`, `frames`, `duration`, `easing`, `kind`), or steps, or neither — then the spec's own
/// transition, with `from` and `fps` adjusting it. Every number is range-checked here, against
/// `Limits`, so every front end accepts the same values.
public struct TransitionRequest: Sendable, Hashable {
    /// Start position; nil: the bar's position (or, when the request only adjusts the spec's
    /// transition, that transition's start).
    public var from: Double?
    /// End position of a single step; nil: the next button (`defaultEnd(from:buttonCount:)`),
    /// unless the spec's transition is used.
    public var to: Double?
    /// Frames of a single step, both ends included (2 … `Limits.framesPerTransition`); not with
    /// `duration`. With neither, the step lasts its easing's natural duration.
    public var frames: Int?
    /// Milliseconds.
    public var duration: Double?
    /// Frames per second (1 … 240); nil: the spec transition's, else 60.
    public var fps: Double?
    /// Easing of a single step; nil: ease-in-out.
    public var easing: Easing?
    /// Swipe or jump, for a single step; nil: swipe.
    public var kind: BarTransition.Kind?
    /// A sequence (holds folded into the step before them, or held at the start); excludes `to`,
    /// `frames`, `duration`, `easing` and `kind`, which go inside each step.
    public var steps: StepList
    /// Override the spec's (or the default's) playback when set.
    public var loop: BarTransition.Loop?
    /// Whether the frames play back to the start after the last step; nil: the spec's, else no.
    public var pingPong: Bool?
    /// What a request that describes no motion makes when the spec has no transition either.
    public var fallback: Fallback = .nextButton

    /// The motion made when neither the request nor the spec describes one.
    public enum Fallback: Sendable, Hashable {
        /// One step to the next button (the previous one from the last).
        case nextButton
        /// `tabsnap animate`'s default and the preview's Play, made to be read in docs: hold the
        /// start, swipe across to the far end, hold, swipe back (`BarTransition.tour`); looping,
        /// it holds the start again.
        case tour
    }

    /// A request with the given fields; with none set it renders the spec's transition, or else a
    /// step from the bar's position to the next button.
    public init(from: Double? = nil, to: Double? = nil, frames: Int? = nil, duration: Double? = nil, fps: Double? = nil,
                easing: Easing? = nil, kind: BarTransition.Kind? = nil, steps: StepList = StepList(),
                loop: BarTransition.Loop? = nil, pingPong: Bool? = nil) {
        self.from = from
        self.to = to
        self.frames = frames
        self.duration = duration
        self.fps = fps
        self.easing = easing
        self.kind = kind
        self.steps = steps
        self.loop = loop
        self.pingPong = pingPong
    }

    /// A field out of range, or fields that do not go together. `fields` name the request's
    /// properties; a front end spells them its own way (`--frames`).
    public struct Problem: Error, Hashable, CustomStringConvertible {
        /// The request's fields at fault (`from`, `frames`, …; `step` for the steps); two when they
        /// do not go together.
        public var fields: [String]
        /// What is wrong, in one line, with the accepted range where there is one.
        public var message: String
        /// `FIELDS: message`, the fields joined by "and" (`frames and duration: give one of them`).
        public var description: String { fields.joined(separator: " and ") + ": " + message }
    }

    /// Whether the request describes a transition of its own (rather than adjusting the spec's).
    public var describesOne: Bool { to != nil || frames != nil || duration != nil || easing != nil || kind != nil }

    /// Checks every field on its own and together; `transition(…)` calls it too.
    public func validate() throws(Problem) {
        if let from, !Limits.position.contains(from) { throw Problem(fields: ["from"], message: Limits.positionProblem(from)) }
        if let to, !Limits.position.contains(to) { throw Problem(fields: ["to"], message: Limits.positionProblem(to)) }
        if let fps, !Limits.fps.contains(fps) {
            throw Problem(fields: ["fps"], message: "\(Limits.format(fps)) is out of range; expected \(Int(Limits.fps.lowerBound))…\(Int(Limits.fps.upperBound))")
        }
        if case .times(let count) = loop, !Limits.loopCount.contains(count) {
            throw Problem(fields: ["loop"], message: "\(count) is out of range; expected forever or \(Limits.loopCount.lowerBound)…\(Limits.loopCount.upperBound) plays")
        }
        if steps.startHold > 0 && steps.steps.isEmpty {
            throw Problem(fields: ["step"], message: "a hold needs a step after it (add --step '{to: …}')")
        }
        if !steps.steps.isEmpty && describesOne {
            throw Problem(fields: ["step"], message: "give the steps' own to, frames, duration, easing and kind inside each step")
        }
        if let frames, !(2...Limits.framesPerTransition).contains(frames) {
            throw Problem(fields: ["frames"], message: "\(frames) is out of range; expected 2…\(Limits.framesPerTransition)")
        }
        let durations = Limits.durationMilliseconds
        if let duration, !(duration > durations.lowerBound && duration <= durations.upperBound) {
            throw Problem(fields: ["duration"],
                          message: "\(Limits.format(duration)) is out of range; expected milliseconds, more than 0 and at most \(Int(durations.upperBound))")
        }
        if frames != nil && duration != nil { throw Problem(fields: ["frames", "duration"], message: "give one of them") }
    }

    /// The transition to render for a bar at `position` with `buttonCount` buttons whose spec
    /// has `spec` (or no) transition.
    public func transition(position: Double, buttonCount: Int, spec: BarTransition?) throws(Problem) -> BarTransition {
        try validate()
        var transition = try motion(position: position, buttonCount: buttonCount, spec: spec)
        // A spec's releases were held to paging as read; steps given here, or a start moved by
        // `from`, are held to it now.
        if let (index, message) = transition.releaseProblem(pageCount: buttonCount) {
            throw Problem(fields: ["step"], message: "step \(index + 1): " + message)
        }
        // Playback is the spec's unless the request says otherwise, whatever the motion.
        transition.loop = loop ?? spec?.loop ?? .forever
        transition.pingPong = pingPong ?? spec?.pingPong ?? false
        return transition
    }

    private func motion(position: Double, buttonCount: Int, spec: BarTransition?) throws(Problem) -> BarTransition {
        let start = from ?? position
        let rate = fps ?? spec?.fps ?? 60
        if !steps.steps.isEmpty { return BarTransition(from: start, sequence: steps, fps: rate) }
        if var spec, !describesOne {
            if let from { spec.from = from }
            if let fps { spec.fps = fps }
            return spec
        }
        if fallback == .tour, !describesOne, buttonCount >= 2 { return BarTransition.tour(from: start, buttonCount: buttonCount, fps: rate) }
        return BarTransition(from: start, to: to ?? Self.defaultEnd(from: start, buttonCount: buttonCount),
                             kind: kind ?? .swipe, easing: easing ?? .easeInOut, frames: frames,
                             duration: duration.map { $0 / 1000 }, fps: rate)
    }

    /// Where a transition goes when only its start is known: the next button, or the previous one
    /// from the last.
    public static func defaultEnd(from start: Double, buttonCount: Int) -> Double {
        let last = Double(max(buttonCount - 1, 0))
        return start + 1 <= last ? (start + 1).rounded(.down) : max(start - 1, 0).rounded(.up)
    }
}

extension BarTransition {
    /// Seconds the tour holds each end.
    public static let tourHold = 0.6

    /// A swipe that reads in docs: hold the start for `tourHold`, swipe across to the far end
    /// (the last button from the first half of the bar, else the first), hold, swipe back. Each
    /// swipe takes 0.3 s and 0.15 s a button crossed, 0.45 … 1.2 s, eased in and out; looping, the
    /// start is held again.
    public static func tour(from start: Double, buttonCount: Int, fps: Double) -> BarTransition {
        let last = Double(max(buttonCount - 1, 0))
        let far = start <= last / 2 ? last : 0
        let seconds = min(max(0.3 + 0.15 * abs(far - start), 0.45), 1.2)
        return BarTransition(from: start, steps: [
            Step(to: far, easing: .easeInOut, duration: seconds, hold: tourHold),
            Step(to: start, easing: .easeInOut, duration: seconds),
        ], fps: fps, startHold: tourHold)
    }
}
