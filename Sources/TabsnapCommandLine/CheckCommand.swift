import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render specs and compare them with their goldens.",
        discussion: """
        Each spec gives one golden per position × scale × theme listed under its `snapshots:` key, plus its \
        transition as an animated PNG. Record modes: missing (default; CI=true makes it never), all, failed, never; \
        TABSNAP_RECORD sets the same. Exit status: 0 all pass, 1 a golden differs or is missing under never, 2 error.
        """
    )

    @Argument(help: "Spec files, or folders searched for .yaml, .yml and .json.")
    var specs: [String]

    @Option(help: "Folder of golden images.")
    var snapshots: String

    @Option(help: "missing | all | failed | never (default: TABSNAP_RECORD, else never under CI, else missing).")
    var record: RecordMode?

    @Option(help: "Where actual, diff and triptych images of failures go.")
    var artifacts = ".tabsnap/failures"

    @Option(help: "Write a self-contained HTML report here.")
    var report: String?

    @Option(help: "Write the results as JSON here ('-' for standard output).")
    var json: String?

    @Option(help: "Write JUnit XML here.")
    var junit: String?

    @Option(parsing: .unconditional, help: "Check only slice i of n (e.g. 2/4), for a CI matrix; merge the JSON with `tabsnap report merge`.",
            transform: Shard.parsing)
    var shard: Shard?

    @Option(help: "Check only the goldens this matches (repeatable): a glob with * and ? over golden names (ios-*.dark.*), or a part of a name.")
    var filter: [String] = []

    @Option(help: "Accept the current render of these goldens (repeatable): whole names, or globs with * and ?; each is re-recorded if it differs or is missing; nothing else is checked.")
    var accept: [String] = []

    @Option(name: .customLong("accept-name"),
            help: "As --accept, for exactly this golden name, its extension included: no wildcards (what printed accept commands use).")
    var acceptName: [String] = []

    @Flag(help: "Check again only the goldens that failed when last checked here (.tabsnap/last-run.json); everything when none did.")
    var lastFailed = false

    @Flag(help: "Delete the orphans: goldens of the checked specs that they no longer render (with a folder of specs, also goldens no spec in it renders).")
    var prune = false

    @Flag(help: "With --prune: list what would be deleted, delete nothing.")
    var dryRun = false

    @Flag(help: "Also check the design rules (as `tabsnap lint`) on the variants checked: findings in the summary and every report; an error finding fails the run.")
    var lint = false

    @Flag(name: .shortAndLong, help: "Print only the summary.")
    var quiet = false

    @OptionGroup var comparison: ComparisonArguments

    @OptionGroup var access: IconAccessArguments

    func validate() throws {
        if junit == "-" { throw ValidationError("--junit: '-' names no file; only --json writes to standard output") }
        if prune && shard != nil { throw ValidationError("--prune needs the whole suite; run it without --shard") }
        if dryRun && !prune { throw ValidationError("--dry-run goes with --prune") }
        if !accept.isEmpty && !acceptName.isEmpty { throw ValidationError("give --accept or --accept-name, not both") }
        if !accept.isEmpty || !acceptName.isEmpty {
            if record != nil { throw ValidationError("--accept records what it names; leave out --record") }
            if !filter.isEmpty { throw ValidationError("--accept names what it checks; leave out --filter") }
            if prune { throw ValidationError("--accept checks only what it names; run --prune on its own") }
            if lastFailed { throw ValidationError("--accept names what it checks; leave out --last-failed") }
        }
        if lastFailed && !filter.isEmpty { throw ValidationError("--last-failed chooses the goldens itself; leave out --filter") }
        if lastFailed && prune { throw ValidationError("--prune needs the whole suite; run it without --last-failed") }
        for (option, pattern) in filter.map({ ("--filter", $0) }) + accept.map({ ("--accept", $0) }) + acceptName.map({ ("--accept-name", $0) }) {
            if pattern.isEmpty { throw ValidationError("\(option): an empty pattern") }
            if pattern.unicodeScalars.count > 1_000 { throw ValidationError("\(option): a pattern of \(pattern.unicodeScalars.count) characters; at most 1000") }
        }
    }

    func run() throws {
        let options = comparison.options
        let mode: RecordMode
        // Accepting is recording what differs, asked for by name: even under CI.
        do { mode = accept.isEmpty && acceptName.isEmpty ? try RecordMode.resolve(record) : .failed } catch { throw CLIError(error.description) }
        let slice = shard
        for (option, folder) in [("--snapshots", snapshots), ("--artifacts", artifacts)] {
            if let what = FolderWalk.notAFolder(folder) { throw CLIError("\(option): \(folder) \(what)") }
        }
        if mode == .never && !FileManager.default.fileExists(atPath: snapshots) {
            // Under `never` every golden would be "missing": a wrong path, not a suite to fail.
            throw CLIError("--snapshots: \(snapshots): no such folder (record mode never writes none; is the path right?)")
        }
        // Every report file is checked before a golden is written or a spec read; an existing
        // file is replaced only when it is a report tabsnap wrote (never a spec's icon or font,
        // whether or not the spec can be read).
        let outputChecks = OutputChecks(outputs: ReportOutputs(html: report, json: json, junit: junit).files,
                                        keptFolders: [("goldens", snapshots), ("artifacts", artifacts)], specFolders: specs)
        try outputChecks.check()
        // Standard output gets the report or the summary: either is written into no input.
        let standardOutput = json == "-" ? "--json -" : "standard output"
        try outputChecks.checkStandardOutput(option: standardOutput)
        try ReportOutputs(html: report, json: json, junit: junit).checkReplacing()
        let verifier = GoldenVerifier(snapshots: URL(fileURLWithPath: snapshots), artifacts: URL(fileURLWithPath: artifacts),
                                      mode: mode, options: options)
        var runner = CheckRunner(specs: specs, verifier: verifier, shard: slice, prune: prune && !dryRun)
        runner.pruneDryRun = dryRun
        runner.components = TabsnapCommandLine.components
        runner.checkInputs = { try OutputChecks(outputs: [], inputs: $0).checkStandardOutput(option: standardOutput) }
        runner.icons = access.icons
        runner.explain = { CLIError($0).description }
        runner.lints = lint
        // The artifacts' `.tabsnap` (the default) first: a link there is an error of its own.
        do { try StateFolder.prepare(containing: URL(fileURLWithPath: artifacts)) } catch { throw CLIError("\(error)") }
        // Read before anything is checked: a record that is not Tabsnap's is an error, not
        // something to replace at the end.
        var lastRun: LastRun?
        do { lastRun = try LastRun.read() } catch {
            if lastFailed { throw CLIError("--last-failed: \(error)") }
            printLine("tabsnap check: warning: failures are not remembered for --last-failed: \(error)", to: .standardError)
        }
        if !accept.isEmpty {
            runner.filter = CaseFilter(patterns: accept, wholeNames: true)
        } else if !acceptName.isEmpty {
            runner.filter = .exactNames(acceptName)
        } else if !filter.isEmpty {
            runner.filter = CaseFilter(patterns: filter)
        } else if lastFailed {
            let failing = lastRun?.failing(in: URL(fileURLWithPath: snapshots)) ?? []
            if failing.isEmpty {
                printLine("tabsnap check: no golden failed when last checked here; checking them all", to: .standardError)
            } else {
                runner.filter = .names(failing)
            }
        }
        let quiet = self.quiet
        var result: CheckReport
        let tell = { (result: CaseResult) in
            guard !quiet, result.status != .passed else { return }
            printLine("\(result.status.rawValue.uppercased()) \(result.name): \(result.message)", to: .standardError)
        }
        do {
            result = try runner.run(progress: tell)
            // What failed last time may be gone (its spec renamed or deleted): checking nothing
            // then would pass while other goldens fail.
            if lastFailed, runner.filter != nil, result.results.isEmpty {
                printLine(shard == nil ? "tabsnap check: none of the goldens that failed when last checked here is in the suite now; checking them all"
                          : "tabsnap check: none of the goldens that failed when last checked here is in shard \(shard.map(\.description) ?? "")'s slice; checking the slice",
                          to: .standardError)
                runner.filter = nil
                result = try runner.run(progress: tell)
            }
        } catch {
            throw CLIError("\(error)")
        }
        result.accept = runCommand
        try ReportOutputs(html: report, json: json, junit: junit).write(result)
        if var lastRun {
            // Remembering is a convenience: failing to (a read-only folder) does not fail the check.
            lastRun.update(with: result, snapshots: URL(fileURLWithPath: snapshots))
            do { try lastRun.write() } catch {
                printLine("tabsnap check: warning: the failures were not remembered for --last-failed: \(error)", to: .standardError)
            }
        }
        // With the JSON on standard output, the summary goes to standard error.
        printSummary(result, to: json == "-" ? .standardError : .standardOutput)
        if result.exitCode != 0 { throw ExitCode(result.exitCode) }
    }

    private func printSummary(_ report: CheckReport, to stream: FileHandle) {
        var lines = ["tabsnap check: \(ReportOutputs.summary(report)) in \(String(format: "%.1f", report.seconds)) s"]
        let failed = report.results.filter { $0.status.isFailure }
        if !failed.isEmpty {
            lines.append("Artifacts (the actual, the diff, and a triptych where one was written) are in \(artifacts)/.")
            for result in failed.prefix(5) { lines.append("To accept \(result.name): \(acceptCommand(for: result.name))") }
            if failed.count > 5 { lines.append(Self.moreLine(failed.dropFirst(5).map { runCommand.accepting($0.name) != nil })) }
            lines.append("To accept every new image: \(acceptCommand())")
        }
        if dryRun, let held = report.errors.first(where: { $0.hasPrefix(CheckRunner.notPruning) }) {
            lines.append("--dry-run: --prune would delete nothing (\(held))")
        } else if let orphans = report.orphans, !orphans.isEmpty {
            if dryRun {
                lines.append("--dry-run: --prune would delete \(orphans.count) golden\(orphans.count == 1 ? "" : "s"): " + orphans.joined(separator: ", "))
            } else {
                // With --prune, what is still an orphan was left on purpose: written while this
                // check ran (another run's), or refused with an error (round 145 said "--prune removes them").
                let why = prune ? "left by --prune: written while this check ran, or not removed: see the errors" : "--prune removes them"
                lines.append("\(orphans.count) orphaned golden\(orphans.count == 1 ? "" : "s") (no checked spec renders them; \(why)): "
                    + NameList.line(orphans, whereAll: "--json lists all"))
            }
        } else if dryRun {
            lines.append("--dry-run: --prune would delete nothing")
        }
        if !report.pruned.isEmpty { lines.append("pruned: " + report.pruned.joined(separator: ", ")) }
        lines += Self.titleLines(report)
        if let lint = report.lint {
            // Every error finding, and the warnings unless quiet (they may be many).
            for error in lint.errors { lines.append("lint: \(error)") }
            for finding in lint.findings where finding.severity == .error || !quiet { lines.append(finding.line) }
        }
        if prune, let unmarked = report.unmarked, !unmarked.isEmpty {
            // Pruning deletes only what is provably a golden tabsnap recorded: say what it left.
            lines.append("left alone: \(unmarked.count) file\(unmarked.count == 1 ? "" : "s") no spec renders carr\(unmarked.count == 1 ? "ies" : "y") no tabsnap golden mark "
                + "(recorded before 0.16.0, or not a golden; delete by hand if unwanted): " + unmarked.prefix(10).joined(separator: ", ")
                + (unmarked.count > 10 ? " and \(unmarked.count - 10) more" : ""))
        }
        if prune, let notFiles = report.notFiles {
            // Never read nor pruned: said, so a dry run is not silent about a golden's name on a
            // link, a FIFO or a folder (hostile round 50).
            let described = notFiles.prefix(10).map { name in
                "\(name) " + (FolderWalk.notOwnFile(snapshots + "/" + name) ?? "is no file of its own")
            }
            lines.append("left alone: \(notFiles.count) entr\(notFiles.count == 1 ? "y" : "ies") named as goldens but no files of their own (never read as goldens, never pruned): "
                + described.joined(separator: "; ") + (notFiles.count > 10 ? " and \(notFiles.count - 10) more" : ""))
        }
        if let unentered = report.unentered {
            // Orphans in them go unlisted and unpruned: said, never silent (hostile round 142).
            lines.append("left alone: \(unentered.count) folder\(unentered.count == 1 ? "" : "s") inside the goldens folder not looked into: "
                + "one that cannot be listed, or that neither statx nor the mount table says is no other folder mounted there (what they hold is never listed as orphans or pruned): "
                + NameList.line(unentered, whereAll: "--json lists all"))
        }
        lines += report.errors.map { "error: \($0)" }
        for line in lines { printLine(line, to: stream) }
    }

    /// The locale report in short: how many titles do not fit as written, the first few named
    /// (the HTML and JSON reports list every one).
    static func titleLines(_ report: CheckReport) -> [String] {
        let rows = report.results.flatMap { result in (result.titles ?? []).map { (result.name, $0) } }
        guard !rows.isEmpty else { return [] }
        var lines = ["\(rows.count) title\(rows.count == 1 ? "" : "s") do\(rows.count == 1 ? "es" : "") not fit as written (wrapped, ellipsized or left out):"]
        for (name, fit) in rows.prefix(5) {
            lines.append("  \(name): item \(fit.item) \"\(fit.title)\" \(fit.fit == .leftOut ? "left out" : fit.fit.rawValue)")
        }
        if rows.count > 5 { lines.append("  (\(rows.count - 5) more: the report lists each one)") }
        return lines
    }

    /// The line after the first five accept commands: how many more, and whether the report has a
    /// command for each (a name whose path holds a control character has none).
    static func moreLine(_ haveCommands: [Bool]) -> String {
        let without = haveCommands.filter { !$0 }.count
        if without == 0 { return "(\(haveCommands.count) more: the report lists each one's command)" }
        return "(\(haveCommands.count) more: the report lists each one, with its command but for \(without) whose path holds a control character)"
    }

    /// The command accepting one golden's new render, quoted for a POSIX shell.
    func acceptCommand(for name: String) -> String {
        runCommand.accepting(name) ?? "(no command: a name holds a character a terminal would not show as it is)"
    }

    /// The same run with record mode `failed`, quoted for a POSIX shell.
    private func acceptCommand() -> String {
        runCommand.recordingFailed(shard: shard?.description) ?? "(no command: a name holds a character a terminal would not show as it is)"
    }

    /// `tabsnap check` with this run's specs, folders and tolerance.
    private var runCommand: AcceptCommand {
        var command = AcceptCommand(specs: specs, snapshots: snapshots, artifacts: artifacts != ".tabsnap/failures" ? artifacts : nil,
                                    deltaE: comparison.deltaE, allow: comparison.allow?.argument, strict: comparison.strict)
        command.program = TabsnapCommandLine.programName == "tabsnap" ? nil : TabsnapCommandLine.programName
        return command
    }
}
