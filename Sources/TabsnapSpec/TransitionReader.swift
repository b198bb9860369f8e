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
struct TransitionReader {
    static let keys = ["from", "to", "frames", "duration", "fps", "easing", "kind", "steps"]
    static let stepKeys = ["to", "frames", "duration", "easing", "kind", "hold"]

    let defaultFrom: Double

    func read(_ node: SpecNode) throws(SpecError) -> BarTransition {
        let map = try node.mapping(allowed: Self.keys)
        let from = try map["from"]?.number(in: Limits.position) ?? defaultFrom
        let fps = try map["fps"]?.number(in: Limits.fps) ?? 60
        if let stepsNode = map["steps"] {
            for key in ["to", "frames", "duration", "easing", "kind"] where map[key] != nil {
                throw map.entries[key]!.key.error("transition: '\(key)' goes inside each step when 'steps' is given")
            }
            let steps = try Self.steps(try stepsNode.list())
            guard !steps.isEmpty else { throw stepsNode.error("transition.steps: needs at least one step") }
            guard steps.count <= Limits.steps.upperBound else {
                throw stepsNode.error("transition.steps: \(steps.count) steps; at most \(Limits.steps.upperBound)")
            }
            return try checked(BarTransition(from: from, steps: steps, fps: fps), at: node)
        }
        guard map["to"] != nil else { throw node.error("transition: missing required key 'to' (or 'steps')") }
        return try checked(BarTransition(from: from, steps: [try Self.step(map)], fps: fps), at: node)
    }

    /// A sequence's steps, each `{to: …}` or `{hold: MS}` (a hold lengthens the step before it).
    static func steps(_ entries: [SpecNode]) throws(SpecError) -> [BarTransition.Step] {
        var steps: [BarTransition.Step] = []
        for entry in entries { try append(entry, to: &steps) }
        return steps
    }

    static func append(_ entry: SpecNode, to steps: inout [BarTransition.Step]) throws(SpecError) {
        let step = try entry.mapping(allowed: stepKeys)
        if step["to"] == nil {
            guard let hold = step["hold"], step.entries.count == 1 else {
                throw entry.error("\(entry.path): a step needs 'to' (or is just {hold: MS})")
            }
            guard !steps.isEmpty else { throw entry.error("\(entry.path): a hold needs a step before it") }
            steps[steps.count - 1].hold += try hold.number(in: Limits.holdMilliseconds) / 1000
            return
        }
        steps.append(try Self.step(step))
    }

    private func checked(_ transition: BarTransition, at node: SpecNode) throws(SpecError) -> BarTransition {
        do {
            try transition.checkLimits()
        } catch {
            throw node.error("\(node.path): \(error.description)")
        }
        return transition
    }

    private static func step(_ map: SpecMapping) throws(SpecError) -> BarTransition.Step {
        let to = try map.required("to").number(in: Limits.position)
        if map["frames"] != nil, let duration = map.entries["duration"] {
            throw duration.key.error("\(map.node.path.isEmpty ? "transition" : map.node.path): give 'frames' or 'duration', not both")
        }
        var easing = Easing.easeInOut
        if let node = map["easing"] {
            switch Easing.parse(try node.string()) {
            case .success(let parsed): easing = parsed
            case .failure(let problem): throw node.error("\(node.path): \(problem.message)")
            }
        }
        return BarTransition.Step(to: to, kind: try map["kind"]?.choice(BarTransition.Kind.self) ?? .swipe, easing: easing,
                               frames: try map["frames"]?.integer(in: 2...Limits.framesPerTransition),
                               duration: try map["duration"].map { node throws(SpecError) in try node.number(in: Limits.durationMilliseconds, exclusiveLower: true) / 1000 },
                               hold: (try map["hold"]?.number(in: Limits.holdMilliseconds) ?? 0) / 1000)
    }
}
