import TabsnapModel
import Yams

/// Refuses YAML tags (`width: !!null 390`, `!!binary`, `!custom`): Tabsnap reads each value as
/// written, so a tag — which changes the value in any other YAML reader — was dropped without a
/// word (hostile round 51). The one tag each kind of node may carry is its own kind's (`!!str`,
/// `!!map`, `!!seq`): what Yams gives a quoted scalar, and any node once compared (its tag is
/// resolved in place), and what Tabsnap reads it as anyway.
enum SpecTags {
    static func check(_ root: Node, file: String) throws(SpecError) {
        var stack = [root]
        var seen = 0
        while let node = stack.popLast() {
            // An alias repeats its anchor, checked where it stands; a spec's size is bounded
            // by SpecSize, after this walk, so the walk stops at the same count.
            seen += 1
            guard seen <= Limits.specNodes else { return }
            let tag: Tag, own: Tag.Name
            switch node {
            case .scalar(let scalar): (tag, own) = (scalar.tag, .str)
            case .mapping(let mapping):
                (tag, own) = (mapping.tag, .map)
                for (key, value) in mapping { stack.append(key); stack.append(value) }
            case .sequence(let sequence):
                (tag, own) = (sequence.tag, .seq)
                stack.append(contentsOf: sequence)
            case .alias: continue
            }
            // "" is no tag; "!" a bare `!` (non-specific: the node's own kind).
            let name = tag.description
            guard name != "", name != "!", name != own.rawValue else { continue }
            let shown = name.hasPrefix("tag:yaml.org,2002:") ? "!!" + name.dropFirst("tag:yaml.org,2002:".count) : name
            throw SpecError(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                            message: "a YAML tag (\(shown)) is not read: tabsnap reads each value as it is written; remove the tag")
        }
    }
}
