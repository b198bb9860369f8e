import Foundation
import TabsnapModel

/// Something that turns a draw list into its own output, replaying the commands in order: the
/// cairo painters make pixels or a PNG, SVG or PDF file (`ImagePainter`, `FilePainter` in
/// Tabsnap), `RecordingPainter` the list of what would be painted, for tests. The vocabulary is
/// closed — rects, fills and strokes of paths, text, icons, groups — so every painter draws every
/// list, and the same list always gives the same output.
public protocol DrawListPainter {
    /// What painting a list gives.
    associatedtype Output
    /// Paints `list` back to front.
    func paint(_ list: DrawList) throws -> Output
}

/// Records what a list paints, without drawing: every leaf command (groups opened) in paint
/// order, with what the groups around it do to it. For tests of a component's drawing: "the
/// indicator is painted after the titles", "this path is clipped".
public struct RecordingPainter: DrawListPainter {
    /// One painted command and the groups around it.
    public struct Step: Sendable, Hashable {
        /// The command (never a group).
        public var command: DrawCommand
        /// The groups' transforms, composed (identity outside any).
        public var transform: DrawTransform
        /// The groups' opacities, multiplied.
        public var opacity: Double
        /// How many of the groups around it clip.
        public var clips: Int
        /// How many of the groups around it mask.
        public var masks: Int
        /// How many groups it is inside.
        public var depth: Int
    }

    /// A recorder.
    public init() {}

    /// The leaf commands of `list`, in paint order.
    public func paint(_ list: DrawList) -> [Step] {
        var steps: [Step] = []
        record(list.commands, transform: .identity, opacity: 1, clips: 0, masks: 0, depth: 0, into: &steps)
        return steps
    }

    private func record(_ commands: [DrawCommand], transform: DrawTransform, opacity: Double, clips: Int, masks: Int, depth: Int,
                        into steps: inout [Step]) {
        for command in commands {
            guard case .group(let group) = command else {
                steps.append(Step(command: command, transform: transform, opacity: opacity, clips: clips, masks: masks, depth: depth))
                continue
            }
            // The inner transform applies first, then the outer ones.
            record(group.commands, transform: group.transform.map { $0.then(transform) } ?? transform, opacity: opacity * group.opacity,
                   clips: clips + (group.clip == nil ? 0 : 1), masks: masks + (group.mask == nil ? 0 : 1), depth: depth + 1, into: &steps)
        }
    }
}
