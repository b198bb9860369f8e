import Foundation

extension CheckReport {
    /// Joins shards' reports. Orphans are computed once every shard of the split is present.
    /// `files`: where each report was read from, in order, for a refusal to name (without them,
    /// "report 2"). `program` is the program merging them (nil: `tabsnap`): the accept commands
    /// name it, never the program a shard names, which is input (a forged `bash` ran a `./check`
    /// of the pull request's when the command was pasted).
    public static func merge(_ reports: [CheckReport], files: [String] = [], program: String? = nil) throws -> CheckReport {
        guard var merged = reports.first else { throw ReportError(description: "no reports to merge") }
        func file(_ index: Int) -> String { index < files.count ? files[index] : "report \(index + 1)" }
        // Every refusal names the reports it is about (round 59: "the reports come from different
        // runs" left the user to find which of a dozen downloads).
        let splits = reports.indices.flatMap { index in reports[index].shards.map { (count: $0.count, report: index) } }
        if let one = splits.first, let other = splits.first(where: { $0.count != one.count }) {
            let which = one.report == other.report ? "\(file(one.report)) holds shards" : "\(file(one.report)) and \(file(other.report)) come"
            throw ReportError(description: "\(which) from different splits (/\(one.count) and /\(other.count))")
        }
        // Only shards of one run merge: a whole run (no shard) stands alone, and every report was
        // checked against the same goldens with the same comparison.
        if reports.count > 1, let whole = reports.firstIndex(where: \.shards.isEmpty) {
            throw ReportError(description: "\(file(whole)) is the report of a whole run (not one shard of it), which cannot be merged with others")
        }
        let first = reports[0]
        for (index, report) in reports.enumerated() {
            let differences = [report.snapshots != first.snapshots ? "goldens folder" : nil,
                               report.recordMode != first.recordMode ? "record mode" : nil,
                               report.options != first.options ? "tolerance" : nil].compactMap { $0 }
            if !differences.isEmpty {
                let named = differences.count == 1 ? differences[0] : differences.dropLast().joined(separator: ", ") + " and " + differences[differences.count - 1]
                throw ReportError(description: "\(file(0)) and \(file(index)) come from different runs (their \(named) differ)")
            }
        }
        var seenShards: [Shard: Int] = [:]
        for (index, report) in reports.enumerated() {
            for shard in report.shards {
                if let earlier = seenShards[shard] {
                    throw ReportError(description: earlier == index ? "\(file(index)) holds shard \(shard) twice"
                                      : file(earlier) == file(index) ? "\(file(index)) is given twice (shard \(shard))"
                                      : "\(file(earlier)) and \(file(index)) both hold shard \(shard)")
                }
                seenShards[shard] = index
            }
        }
        merged.shards = seenShards.keys.sorted { $0.index < $1.index }
        // Each shard reports the specs it could not read (they have no goldens to split), so those
        // appear once per shard: keep one of each.
        var seenNames = Set<String>()
        let origins = reports.indices.flatMap { index in reports[index].results.map { (result: $0, report: index) } }
            .filter { $0.result.kind != "spec" || seenNames.insert($0.result.name).inserted }
            .sorted { $0.result.name < $1.result.name }
        merged.results = origins.map(\.result)
        // Motion curves come from shards, which may be crafted: only whole ones with numbers a
        // transition has are kept, and no more than a chart budget in all (the curves are what
        // a merged report would otherwise grow by).
        var points = 0
        for index in merged.results.indices {
            guard let motion = merged.results[index].motion else { continue }
            let size = motion.pointCount
            if motion.isDrawable && points + size <= MotionCurves.reportBudget {
                points += size
            } else {
                merged.results[index].motion = nil
            }
        }
        // A golden belongs to exactly one shard; two results for it mean the reports were not
        // written by shards of one split (or were edited), and either count would be a guess.
        for (one, next) in zip(origins, origins.dropFirst()) where one.result.kind != "spec" && one.result.name == next.result.name {
            let place = one.report == next.report ? "in \(file(one.report))" : "in \(file(one.report)) and \(file(next.report))"
            throw ReportError(description: "golden \(printable(one.result.name)) has two results \(place); each golden is checked once, by one shard")
        }
        merged.goldens = Array(Set(reports.flatMap(\.goldens))).sorted()
        merged.pruned = Array(Set(reports.flatMap(\.pruned))).sorted()
        let unmarked = reports.compactMap(\.unmarked)
        merged.unmarked = unmarked.isEmpty ? nil : Array(Set(unmarked.flatMap { $0 })).sorted()
        let notFiles = reports.compactMap(\.notFiles)
        merged.notFiles = notFiles.isEmpty ? nil : Array(Set(notFiles.flatMap { $0 })).sorted()
        let unentered = reports.compactMap(\.unentered)
        merged.unentered = unentered.isEmpty ? nil : Array(Set(unentered.flatMap { $0 })).sorted()
        merged.errors = reports.flatMap(\.errors)
        merged.seconds = reports.map(\.seconds).max() ?? 0
        // Shards of one run name the same command line; when they do not, no accept command is
        // offered rather than one shard's.
        merged.accept = Set(reports.map { $0.accept.map { [$0] } ?? [] }).count == 1 ? reports.first?.accept : nil
        merged.accept?.program = program
        // Shards lint the variants of their own goldens; a variant split across shards is linted
        // by each, so the same finding is kept once.
        let lints = reports.compactMap(\.lint)
        merged.lint = lints.isEmpty ? nil : Linter.Report.union(lints)
        // Orphans only from shards that each checked their whole slice: a filtered shard's
        // results leave out goldens that are still rendered.
        let filtered = reports.contains { $0.filtered == true }
        if filtered { merged.filtered = true }
        merged.orphans = merged.coversWholeSuite && !filtered ? orphans(goldens: merged.goldens, rendered: merged.results.map(\.name)) : nil
        return merged
    }

    /// A name from a report as one printable line: a report is input, and a name holding a
    /// line break or a terminal escape would otherwise break the message apart.
    private static func printable(_ name: String) -> String {
        var line = ""
        for scalar in name.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: line.unicodeScalars.append(scalar)
            }
        }
        return "'" + line + "'"
    }
}
