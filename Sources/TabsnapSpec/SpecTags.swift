import Yams

/// Refuses YAML tags (`width: !!null 390`, `!!binary`, `!custom`): Tabsnap reads each value as
/// written, so a tag — which changes the value in any other YAML reader — was dropped without a
/// word (hostile round 51). The one tag each kind of node may carry is its own kind's (`!!str`,
/// `!!map`, `!!seq`): what Yams gives a quoted scalar, and any node once compared (its tag is
/// resolved in place), and what Tabsnap reads it as anyway. Checked on `SpecSize`'s walk, right
/// after the YAML is composed and before anything reads a node.
enum SpecTags {
    /// Why `node` cannot be read: the tag it carries; nil when it carries none.
    static func problem(_ node: Node) -> String? {
        let tag: Tag, own: Tag.Name
        switch node {
        case .scalar(let scalar): (tag, own) = (scalar.tag, .str)
        case .mapping(let mapping): (tag, own) = (mapping.tag, .map)
        case .sequence(let sequence): (tag, own) = (sequence.tag, .seq)
        case .alias: return nil
        }
        // "" is no tag; "!" a bare `!` (non-specific: the node's own kind).
        let name = tag.description
        guard name != "", name != "!", name != own.rawValue else { return nil }
        let shown = name.hasPrefix("tag:yaml.org,2002:") ? "!!" + name.dropFirst("tag:yaml.org,2002:".count) : name
        return "a YAML tag (\(shown)) is not read: tabsnap reads each value as it is written; remove the tag"
    }
}
