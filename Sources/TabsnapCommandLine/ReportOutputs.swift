import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck

/// The report files `check` and `report merge` both write (each atomically).
struct ReportOutputs {
    var html: String?
    var json: String?
    var junit: String?

    /// The report files, as the options that named them (standard output is not a file).
    var files: [(option: String, path: String)] {
        [("--report", html), ("--json", json == "-" ? nil : json), ("--junit", junit)].compactMap { option, path in
            path.map { (option, $0) }
        }
    }

    /// Throws when a report would replace a file that is not a report tabsnap wrote (an icon, a
    /// font, the user's own file), before anything is written.
    func checkReplacing() throws {
        let kinds: [(String?, ReportFiles.Kind, String)] = [(html, .html, "--report"), (json == "-" ? nil : json, .json, "--json"), (junit, .junit, "--junit")]
        for case let (path?, kind, option) in kinds {
            if let problem = ReportFiles.problem(replacing: path, with: kind) { throw CLIError("\(option): \(problem)") }
        }
    }

    /// Writes each report file asked for. With `pictures`, the HTML report's linked pictures are
    /// copied beside it (`report merge`), before the page takes its name.
    func write(_ report: CheckReport, pictures: ReportPictures? = nil, pictureFolders: [URL] = []) throws {
        // Asked again now: a long check gives time for a report's path to become someone's file.
        try checkReplacing()
        do {
            // Every file is written under its temporary name first and all take their names
            // after: a full disk stops them all, never leaving the JSON new and the JUnit old.
            var staged: [StagedFile] = []
            if let json {
                var located = report
                // Where it was written, so a merge reading a downloaded copy finds its pictures.
                if json != "-" { located.location = ReportLocation.of(reportAt: json) }
                let data = try located.jsonData() + Data("\n".utf8)
                if json == "-" { try StandardOutput.write([UInt8](data)) } else { staged.append(try StagedFile(target: URL(fileURLWithPath: json), holding: [UInt8](data))) }
            }
            if let junit { staged.append(try StagedFile(target: URL(fileURLWithPath: junit), holding: Array(JUnitReport.xml(report).utf8))) }
            if let html {
                // Written as it is made, a card at a time (a page of many failures is never held
                // whole), under a temporary name until complete.
                let url = URL(fileURLWithPath: html)
                let file = try StagedFile(target: url)
                var pending: [UInt8] = []
                try HTMLReport.write(report, reportFolder: url.deletingLastPathComponent(), pictures: pictures,
                                     pictureFolders: pictureFolders) { (piece: String) throws(FileError) in
                    pending += piece.utf8
                    if pending.count >= 1 << 16 {
                        try file.write(pending)
                        pending.removeAll(keepingCapacity: true)
                    }
                }
                try file.write(pending)
                try pictures?.copy()
                // Once more just before the rename: making the page and copying pictures takes
                // time, in which the path may have become someone's file.
                if let problem = ReportFiles.problem(replacing: html, with: .html) { throw CLIError("--report: \(problem)") }
                staged.append(file)
            }
            try StagedFile.together { for file in staged { try file.commit() } }
        } catch {
            throw CLIError("\(error)")
        }
    }

    static func summary(_ report: CheckReport) -> String {
        report.countSummary.joined(separator: ", ")
    }
}

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with `tabsnap check` JSON reports.",
        subcommands: [MergeCommand.self]
    )

    struct MergeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge the JSON reports of sharded runs into one (orphans are listed once all shards are in).",
            discussion: "Exit status as for check: 0 all pass, 1 a golden differs or is missing or a shard's report is missing, 2 error."
        )

        @Argument(help: "JSON reports written by `tabsnap check --json`.")
        var reports: [String]

        @Option(help: "Write the merged JSON here ('-' for standard output).")
        var json: String?

        @Option(help: "Write JUnit XML here.")
        var junit: String?

        @Option(help: "Write a self-contained HTML report here: pictures are inlined, or copied into NAME-pictures/ beside it when large. Each report's pictures are found beside it, where its shard wrote them; goldens from this folder.")
        var report: String?

        func run() throws {
            let outputChecks = OutputChecks(outputs: ReportOutputs(html: report, json: json, junit: junit).files, inputs: reports)
            try outputChecks.check()
            try outputChecks.checkStandardOutput(option: json == "-" ? "--json -" : "standard output")
            try ReportOutputs(html: report, json: json, junit: junit).checkReplacing()
            let merged: CheckReport
            var pictures: ReportPictures?
            do {
                // Each report's pictures as seen from here: a shard's upload, downloaded into a
                // folder of its own, holds its report and the artifacts beside it.
                let read = try CheckReport.readAll(reports)
                merged = try CheckReport.merge(zip(read, reports).map { $0.rebased(readFrom: $1) }, files: reports,
                                               program: TabsnapCommandLine.programName == "tabsnap" ? nil : TabsnapCommandLine.programName)
                if let report { pictures = try ReportPictures(folder: ReportPictures.folder(besideReport: URL(fileURLWithPath: report))) }
            } catch {
                throw CLIError("\(error)")
            }
            // The reports name the run's goldens, artifacts and spec folders (as it named them,
            // from the folder a merge runs in too): a merged report written into one would be
            // read as a spec, or make the next check refuse a folder holding files it did not write.
            try OutputChecks(outputs: ReportOutputs(html: report, json: json, junit: junit).files,
                             keptFolders: [("goldens", merged.snapshots), ("artifacts", merged.artifacts)],
                             specFolders: merged.accept?.specs ?? []).check()
            // Each shard's pictures lie beside its report, wherever the merge job downloaded it.
            let folders = reports.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
            try ReportOutputs(html: report, json: json, junit: junit).write(merged, pictures: pictures, pictureFolders: folders)
            let missing = merged.missingPictures(access: ReportPictureAccess(reportFolders: folders))
            if !missing.isEmpty {
                // Named one per line: which download lacks what is then plain.
                printLine("tabsnap report merge: \(missing.count) picture\(missing.count == 1 ? "" : "s") the reports name \(missing.count == 1 ? "is" : "are") not here "
                    + "(download each shard's report with its artifacts folder beside it, and run the merge in the repository):", to: .standardError)
                for entry in missing.prefix(50) { printLine("  \(entry)", to: .standardError) }
                if missing.count > 50 { printLine("  and \(missing.count - 50) more", to: .standardError) }
            }
            var line = "tabsnap report merge: \(ReportOutputs.summary(merged))"
            var status = merged.exitCode
            if !merged.coversWholeSuite {
                // A missing shard's goldens were never checked: that is no pass.
                let count = merged.shards.first?.count ?? 0
                let missing = Set(1...count).subtracting(merged.shards.map(\.index)).sorted()
                line += "; shards missing: " + missing.map { "\($0)/\(count)" }.joined(separator: ", ")
                status = max(status, 1)
            } else if let orphans = merged.orphans, !orphans.isEmpty {
                line += "; \(orphans.count) orphaned: " + NameList.line(orphans, whereAll: "the merged JSON lists all")
            }
            printLine(line, to: json == "-" ? .standardError : .standardOutput)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
