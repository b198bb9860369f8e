import Yams

/// Files Tabsnap writes as JSON that a spec folder may come to hold — a Lottie animation
/// (`animate -o specs/tabs.json`), a frame folder's `frames.json`, a check or lint report, `layout`'s
/// geometry — told apart from specs by their top-level keys, so reading one as a spec says what
/// it is rather than "unknown key 'v'" (hostile round 38: the next `check specs` failed so).
enum OutputLookalike {
    /// What each output is, by keys only it has at its top level.
    private static let outputs: [(keys: Set<String>, what: String)] = [
        (["v", "fr", "ip", "op", "layers"], "a Lottie animation (tabsnap animate -o FILE.json)"),
        (["timeUnit", "fps", "frames"], "the frame list of a frame folder (tabsnap animate -o DIR/)"),
        (["results", "recordMode", "goldens"], "a check report (tabsnap check --json)"),
        // Hostile round 129: `lint s.yaml --json lint.json`, then `lint .`, said "unknown key 'errors'".
        (["findings", "switchedOff", "format"], "a lint report (tabsnap lint --json)"),
        (["buttons", "contentWidth", "scrollOffset"], "a bar's geometry (tabsnap layout)"),
    ]

    /// What `root` is when it is one of Tabsnap's outputs, else nil.
    static func output(_ root: Node) -> String? {
        guard case .mapping(let mapping) = root else { return nil }
        let keys = Set(mapping.keys.compactMap(\.string))
        return outputs.first { $0.keys.isSubset(of: keys) }?.what
    }
}
