import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check specs against design rules: contrast, title fit, overdraw, touch targets, icon alignment, text size, icon labels.",
        discussion: """
        Every variant a spec's `snapshots:` lists (locales × themes × directions × text scales) is checked at rest, \
        halfway between buttons and in overscroll, from the geometry and the colours drawn. A spec switches a rule \
        with `lint: {contrast: warn}` or `lint: {textSize: {severity: off, reason: "…"}}`. \
        Exit status: 0 no error findings, 1 an error finding, 2 a spec could not be read.
        """
    )

    @Argument(help: "Spec files, or folders searched for .yaml, .yml and .json.")
    var specs: [String]

    @Option(help: "Write the findings as JSON here ('-' for standard output).")
    var json: String?

    @Option(help: "Write JUnit XML here (error findings are failures).")
    var junit: String?

    @Flag(name: .shortAndLong, help: "Print only the summary.")
    var quiet = false

    @OptionGroup var access: IconAccessArguments

    func validate() throws {
        if junit == "-" { throw ValidationError("--junit: '-' names no file; only --json writes to standard output") }
    }

    func run() throws {
        let files = [("--json", json == "-" ? nil : json), ("--junit", junit)].compactMap { option, path in path.map { (option, $0) } }
        let checks = OutputChecks(outputs: files, specFolders: specs)
        try checks.check()
        // Standard output gets the report or the findings: either is written into no input.
        let standardOutput = json == "-" ? "--json -" : "standard output"
        try checks.checkStandardOutput(option: standardOutput)
        try checkReplacing()
        let plan: SnapshotPlanner.Plan
        do {
            plan = try SnapshotPlanner.plan(forSpecs: specs, icons: access.icons, components: TabsnapCommandLine.components,
                                            explain: { CLIError($0).description })
            try SnapshotPlanner.requireSpecs(plan, in: specs)
        } catch {
            throw CLIError("\(error)")
        }
        try OutputChecks(outputs: [], inputs: plan.inputs).checkStandardOutput(option: standardOutput)
        let report = Linter.lint(plan)
        if !quiet {
            for error in report.errors { printLine("ERROR \(error)", to: .standardError) }
            for finding in report.findings { printLine(finding.line, to: json == "-" ? .standardError : .standardOutput) }
        }
        try checkReplacing()
        do {
            // Both files written before either takes its name (a full disk stops both).
            var staged: [StagedFile] = []
            if let json {
                let data = try report.jsonData() + Data("\n".utf8)
                if json == "-" { try StandardOutput.write([UInt8](data)) } else { staged.append(try StagedFile(target: URL(fileURLWithPath: json), holding: [UInt8](data))) }
            }
            if let junit { staged.append(try StagedFile(target: URL(fileURLWithPath: junit), holding: Array(report.junitXML().utf8))) }
            try StagedFile.together { for file in staged { try file.commit() } }
        } catch {
            throw CLIError("\(error)")
        }
        let summary = ["\(plan.specCount) spec\(plan.specCount == 1 ? "" : "s")"] + report.countSummary
            + (report.switchedOff.isEmpty ? [] : ["\(report.switchedOff.count) rule\(report.switchedOff.count == 1 ? "" : "s") off"])
        printLine("tabsnap lint: " + summary.joined(separator: ", "), to: .standardError)
        if report.exitStatus != 0 { throw ExitCode(report.exitStatus) }
    }

    /// A report file replaces only a lint report tabsnap wrote.
    private func checkReplacing() throws {
        for case let (path?, kind, option) in [(json == "-" ? nil : json, ReportFiles.Kind.lintJSON, "--json"), (junit, .lintJUnit, "--junit")] {
            if let problem = ReportFiles.problem(replacing: path, with: kind) { throw CLIError("\(option): \(problem)") }
        }
    }
}
