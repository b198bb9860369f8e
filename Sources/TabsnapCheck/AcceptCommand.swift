/// How to accept a golden's new render, as the parts of the `tabsnap check` command line that
/// ran (specs, folders, tolerance), not as command text: a report from a shard is input, and a
/// command copied from it could say anything (`curl … | sh`). The command is always built here,
/// from `tabsnap check`, these values each quoted as one shell word, and the golden's name; a
/// value with a control character (a line break could start a second command where the text is
/// pasted) makes no command at all.
public struct AcceptCommand: Codable, Sendable, Hashable {
    public var specs: [String]
    public var snapshots: String
    /// Nil for the default folder, `.tabsnap/failures`.
    public var artifacts: String?
    public var deltaE: Double?
    /// `--allow`'s argument as given (`12`, `0.1%`).
    public var allow: String?
    public var strict: Bool

    public init(specs: [String], snapshots: String, artifacts: String?, deltaE: Double?, allow: String?, strict: Bool) {
        self.specs = specs
        self.snapshots = snapshots
        self.artifacts = artifacts
        self.deltaE = deltaE
        self.allow = allow
        self.strict = strict
    }

    /// `tabsnap check SPECS --snapshots DIR [--artifacts DIR] [tolerance]`, or nil when a value
    /// cannot be one plain shell word.
    public var words: [String]? {
        var words = ["tabsnap", "check"] + specs + ["--snapshots", snapshots]
        if let artifacts { words += ["--artifacts", artifacts] }
        if let deltaE {
            guard deltaE.isFinite else { return nil }
            words += ["--delta-e", "\(deltaE)"]
        }
        if let allow { words += ["--allow", allow] }
        if strict { words.append("--strict") }
        guard words.allSatisfy({ !$0.isEmpty && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) else { return nil }
        return words
    }

    /// The command accepting `name`'s current render, quoted for a POSIX shell.
    public func accepting(_ name: String) -> String? {
        guard let words, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return (words + ["--accept", name]).map(ShellWord.quoted).joined(separator: " ")
    }

    /// The same run re-recording what failed (`--record failed`), for `shard` when given.
    public func recordingFailed(shard: String?) -> String? {
        guard var words else { return nil }
        if let shard { words += ["--shard", shard] }
        return (words + ["--record", "failed"]).map(ShellWord.quoted).joined(separator: " ")
    }
}
