import TabsnapAnimation
import TabsnapModel

/// Reads a spec's `transition:` section:
///
///     transition: {from: 0, to: 2, frames: 30, easing: spring, kind: swipe, fps: 60}
///     transition:
///       from: 0
///       steps:
///         - {to: 2, duration: 400, easing: ease-in-out}   # duration in milliseconds
///         - {hold: 300}
///         - {to: 1, kind: jump}
///       loop: 3            # plays 3 times in all (default: forever)
///       pingPong: true     # then back to the start
///
/// The keys are two tables over `TransitionFields` (the section, and one step); the rules that
/// tie keys together (steps or a single step, frames or duration) follow the tables.
struct TransitionReader {
    let defaultFrom: Double
    /// The bar's items: the pages a release can end on.
    let pageCount: Int

    func read(_ node: SpecNode) throws(SpecError) -> BarTransition {
        let map = try Self.transition.mapping(node)
        if map["steps"] != nil {
            for key in Self.step.keys where key != "hold" {
                if let entry = map.entries[key] { throw entry.key.error("transition: '\(key)' goes inside each step when 'steps' is given") }
            }
        } else if map["to"] == nil {
            throw node.error("transition: missing required key 'to' (or 'steps')")
        }
        try Self.checkFramesOrDuration(map)
        var fields = TransitionFields()
        try Self.transition.read(map, into: &fields)
        var sequence = fields.steps ?? StepList()
        if sequence.steps.isEmpty { sequence.steps = [try Self.step(from: fields, at: map)] }
        let transition = try checked(BarTransition(from: fields.from ?? defaultFrom, sequence: sequence, fps: fields.fps ?? 60,
                                                   pingPong: fields.pingPong ?? false, loop: fields.loop ?? .forever), at: node)
        if let (index, message) = transition.releaseProblem(pageCount: pageCount) {
            // Placed at the step (holds are entries of the list too), or at the section.
            let stepNodes = ((try? map["steps"]?.list()) ?? []).filter { $0.descendant(["to"]) != nil }
            let place = stepNodes.indices.contains(index) ? stepNodes[index] : node
            throw place.error("\(place.path.isEmpty ? "transition" : place.path): \(message)")
        }
        return transition
    }

    /// A sequence's steps, each `{to: …}` or `{hold: MS}` (a hold lengthens the step before it;
    /// before the first step, it holds the start).
    static func steps(_ entries: [SpecNode]) throws(SpecError) -> StepList {
        var sequence = StepList()
        for entry in entries { try append(entry, to: &sequence) }
        return sequence
    }

    static func append(_ entry: SpecNode, to sequence: inout StepList) throws(SpecError) {
        let map = try step.mapping(entry)
        if map["to"] == nil {
            guard let hold = map["hold"], map.entries.count == 1 else {
                throw entry.error("\(entry.path): a step needs 'to' (or is just {hold: MS})")
            }
            let seconds = try hold.number(in: Limits.holdMilliseconds) / 1000
            if sequence.steps.isEmpty { sequence.startHold += seconds } else { sequence.steps[sequence.steps.count - 1].hold += seconds }
            return
        }
        try checkFramesOrDuration(map)
        var fields = TransitionFields()
        try step.read(map, into: &fields)
        sequence.steps.append(try Self.step(from: fields, at: map))
    }

    private static func checkFramesOrDuration(_ map: SpecMapping) throws(SpecError) {
        if map["frames"] != nil, let duration = map.entries["duration"] {
            throw duration.key.error("\(map.node.path.isEmpty ? "transition" : map.node.path): give 'frames' or 'duration', not both")
        }
    }

    private static func step(from fields: TransitionFields, at map: SpecMapping) throws(SpecError) -> BarTransition.Step {
        guard let to = fields.to else { throw map.node.error("\(map.node.path): missing required key 'to'") }
        // A release is the page container's own motion: no curve of its own, and no jump.
        if fields.velocity != nil {
            let path = map.node.path.isEmpty ? "transition" : map.node.path
            let release = "\(path): 'velocity' makes the step a release that decelerates onto its page as paging does; "
            if let easing = map.entries["easing"] { throw easing.key.error(release + "leave 'easing' out") }
            if fields.kind == .jump, let kind = map.entries["kind"] { throw kind.key.error(release + "a jump has no release") }
        }
        return BarTransition.Step(to: to, kind: fields.kind ?? .swipe, easing: fields.easing ?? .easeInOut, frames: fields.frames,
                                  duration: fields.duration.map { $0 / 1000 }, hold: (fields.hold ?? 0) / 1000, velocity: fields.velocity)
    }

    private func checked(_ transition: BarTransition, at node: SpecNode) throws(SpecError) -> BarTransition {
        do {
            try transition.checkLimits()
        } catch {
            throw node.error("\(node.path): \(error.description)")
        }
        return transition
    }
}

/// What a `transition:` mapping, or one of its steps, sets (times in milliseconds, as written).
struct TransitionFields: Sendable {
    var from: Double?
    var to: Double?
    var frames: Int?
    var duration: Double?
    var fps: Double?
    var easing: Easing?
    var kind: BarTransition.Kind?
    var hold: Double?
    var steps: StepList?
    var loop: BarTransition.Loop?
    var pingPong: Bool?
    var velocity: Double?
}

extension TransitionReader {
    private static let from = SpecField<TransitionFields>("from", \.from, .number(in: Limits.position))
    private static let to = SpecField<TransitionFields>("to", \.to, .number(in: Limits.position))
    private static let frames = SpecField<TransitionFields>("frames", \.frames, .integer(in: 2...Limits.framesPerTransition))
    private static let duration = SpecField<TransitionFields>("duration", \.duration,
                                                              .number(in: Limits.durationMilliseconds, exclusiveLower: true))
    private static let fps = SpecField<TransitionFields>("fps", \.fps, .number(in: Limits.fps))
    private static let easing = SpecField<TransitionFields>("easing", \.easing, SpecCodec(read: { (node) throws(SpecError) in
        switch Easing.parse(try node.string()) {
        case .success(let easing): return easing
        case .failure(let problem): throw node.error("\(node.path): \(problem.message)")
        }
    }, write: { .text($0.specText) }))
    private static let kind = SpecField<TransitionFields>("kind", \.kind, .choice)
    private static let hold = SpecField<TransitionFields>("hold", \.hold, .number(in: Limits.holdMilliseconds))
    private static let stepList = SpecField<TransitionFields>("steps", \.steps, SpecCodec(read: { (node) throws(SpecError) in
        let entries = try node.list()
        // Holds count too: each is an entry to read, even when it adds no frame.
        guard entries.count <= Limits.steps.upperBound else {
            throw node.error("transition.steps: \(entries.count) steps and holds; at most \(Limits.steps.upperBound)")
        }
        let sequence = try TransitionReader.steps(entries)
        guard !sequence.steps.isEmpty else { throw node.error("transition.steps: needs at least one step") }
        return sequence
    }, write: { sequence in
        let leading: [SpecValue] = sequence.startHold > 0 ? [.map([(key: "hold", value: .number(sequence.startHold * 1000))])] : []
        return .list(leading + sequence.steps.flatMap(TransitionReader.write))
    }))
    private static let loop = SpecField<TransitionFields>("loop", \.loop, SpecCodec(read: { (node) throws(SpecError) in
        let text = try node.string()
        if text == "forever" { return .forever }
        guard let count = Int(text), Limits.loopCount.contains(count) else {
            throw node.error("\(node.path): expected forever or a number of plays, \(Limits.loopCount.lowerBound)…\(Limits.loopCount.upperBound); got '\(text)'")
        }
        return .times(count)
    }, write: { loop in
        switch loop {
        case .forever: return .text("forever")
        case .times(let count): return .number(Double(count))
        }
    }))
    private static let pingPong = SpecField<TransitionFields>("pingPong", \.pingPong, .flag)
    private static let velocity = SpecField<TransitionFields>("velocity", \.velocity, .number(in: Limits.releaseVelocity))

    /// The `transition:` keys.
    static let transition = SpecTable<TransitionFields>(fields: [from, to, frames, duration, fps, easing, kind, velocity, stepList, loop, pingPong])
    /// The keys of one of its `steps`.
    static let step = SpecTable<TransitionFields>(fields: [to, frames, duration, easing, kind, velocity, hold])

    /// A step as a spec writes it: the step, then `{hold: MS}` when it holds.
    private static func write(_ step: BarTransition.Step) -> [SpecValue] {
        var fields = TransitionFields()
        fields.to = step.to
        fields.frames = step.frames
        fields.duration = step.duration.map { $0 * 1000 }
        fields.easing = step.easing == .easeInOut ? nil : step.easing
        fields.kind = step.kind == .swipe ? nil : step.kind
        fields.velocity = step.velocity
        var values = [TransitionReader.step.write(fields)]
        if step.hold > 0 { values.append(.map([(key: "hold", value: .number(step.hold * 1000))])) }
        return values
    }

    /// The transition as a spec's `transition:` section.
    static func write(_ transition: BarTransition) -> SpecValue {
        var fields = TransitionFields()
        fields.from = transition.from
        fields.fps = transition.fps
        fields.steps = StepList(startHold: transition.startHold, steps: transition.steps)
        fields.loop = transition.loop == .forever ? nil : transition.loop
        fields.pingPong = transition.pingPong ? true : nil
        return TransitionReader.transition.write(fields)
    }
}
