import Tabsnap

/// How to accept a golden's new render, as the parts of the `tabsnap check` command line that
/// ran (specs, folders, tolerance), not as command text: a report from a shard is input, and a
/// command copied from it could say anything (`curl … | sh`). The command is always built here,
/// from `tabsnap check`, these values each quoted as one shell word, and the golden's name; a
/// value with a control character (a line break could start a second command where the text is
/// pasted), or any character the terminal and the report show escaped (`VisibleText`: a
/// bidirectional override, a zero-width space — the command as shown would name another file:
/// round 42), makes no command at all.
public struct AcceptCommand: Codable, Sendable, Hashable {
    /// The spec files and folders the run was given, as typed (a relative path is relative to
    /// the run's working folder); `accept.specs` in the JSON report. With none, no command.
    public var specs: [String]
    /// The goldens folder, `--snapshots`' argument as typed; `accept.snapshots` in the JSON report.
    public var snapshots: String
    /// Nil for the default folder, `.tabsnap/failures`.
    public var artifacts: String?
    /// `--delta-e`'s value (largest CIE ΔE 2000, 0 to 100), nil when the run did not give it. A
    /// value that is not finite makes no command.
    public var deltaE: Double?
    /// `--allow`'s argument as given (`12`, `0.1%`).
    public var allow: String?
    /// Whether the run passed `--strict` (anti-aliased pixels count as differences).
    public var strict: Bool
    /// The program that ran, when it is not `tabsnap`: a `tabsnap` of your own
    /// (`TabsnapCommandLine.main(components:)`) reads specs naming your components, the stock
    /// one cannot. Only a plain command name (letters, digits, `.`, `_`, `+`, `-`; no path) makes
    /// a command: it is read back from shard reports, which are input.
    public var program: String? = nil

    /// A run's command-line values. Nothing is checked here: a value that cannot be quoted
    /// safely makes `accepting(_:)` and `recordingFailed(shard:)` return nil.
    /// - Parameters:
    ///   - specs: The spec files and folders, as given.
    ///   - snapshots: The goldens folder (`--snapshots`), as given.
    ///   - artifacts: The artifacts folder (`--artifacts`), or nil for the default
    ///     `.tabsnap/failures`.
    ///   - deltaE: `--delta-e`'s value, or nil when not given.
    ///   - allow: `--allow`'s argument as typed (`12`, `0.1%`), or nil when not given.
    ///   - strict: Whether `--strict` was given.
    public init(specs: [String], snapshots: String, artifacts: String?, deltaE: Double?, allow: String?, strict: Bool) {
        self.specs = specs
        self.snapshots = snapshots
        self.artifacts = artifacts
        self.deltaE = deltaE
        self.allow = allow
        self.strict = strict
    }

    /// `tabsnap check --snapshots=DIR [--artifacts=DIR] [tolerance] EXTRA -- SPECS`, or nil
    /// when a value holds a character a terminal would not show as itself (`VisibleText`). Every value is glued to its option (`--x=VALUE`)
    /// and the specs follow `--`, so a value starting with `-` (a spec named `--json=f`) stays a
    /// value and cannot become an option of its own.
    func command(_ extra: [String]) -> String? {
        let program = self.program ?? "tabsnap"
        guard Self.isPlainCommandName(program) else { return nil }
        var words = [program, "check", "--snapshots=" + snapshots]
        if let artifacts { words.append("--artifacts=" + artifacts) }
        if let deltaE {
            guard deltaE.isFinite else { return nil }
            words.append("--delta-e=\(deltaE)")
        }
        if let allow { words.append("--allow=" + allow) }
        if strict { words.append("--strict") }
        words += extra + ["--"] + specs
        guard !specs.isEmpty, words.allSatisfy({ !$0.isEmpty && !$0.unicodeScalars.contains { VisibleText.escape($0) != nil } }) else { return nil }
        return words.map(ShellWord.quoted).joined(separator: " ")
    }

    /// A name a shell finds on the PATH as it is, and cannot read as anything else.
    public static func isPlainCommandName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-", first != ".", name.unicodeScalars.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._+-".unicodeScalars.contains($0) }
    }

    /// The command accepting `name`'s current render, quoted for a POSIX shell.
    public func accepting(_ name: String) -> String? {
        command(["--accept-name=" + name])
    }

    /// The same run re-recording what failed (`--record failed`), for `shard` when given.
    public func recordingFailed(shard: String?) -> String? {
        command((shard.map { ["--shard=" + $0] } ?? []) + ["--record=failed"])
    }
}
