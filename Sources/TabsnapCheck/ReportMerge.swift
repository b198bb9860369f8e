import Foundation

extension CheckReport {
    /// Joins shards' reports. Orphans are computed once every shard of the split is present.
    /// `program` is the program merging them (nil: `tabsnap`): the accept commands name it, never
    /// the program a shard names, which is input (a forged `bash` ran a `./check` of the pull
    /// request's when the command was pasted).
    public static func merge(_ reports: [CheckReport], program: String? = nil) throws -> CheckReport {
        guard var merged = reports.first else { throw ReportError(description: "no reports to merge") }
        let counts = Set(reports.flatMap(\.shards).map(\.count))
        guard counts.count <= 1 else {
            throw ReportError(description: "the reports come from different splits (\(counts.sorted().map { "/\($0)" }.joined(separator: ", ")))")
        }
        // Only shards of one run merge: a whole run (no shard) stands alone, and every report was
        // checked against the same goldens with the same comparison.
        if reports.count > 1, reports.contains(where: \.shards.isEmpty) {
            throw ReportError(description: "a report of a whole run (not one shard of it) cannot be merged with others")
        }
        guard Set(reports.map(\.snapshots)).count == 1, Set(reports.map(\.options)).count == 1,
              Set(reports.map(\.recordMode)).count == 1 else {
            throw ReportError(description: "the reports come from different runs (goldens folder, record mode or tolerance differ)")
        }
        var seenShards = Set<Shard>()
        for report in reports {
            for shard in report.shards where !seenShards.insert(shard).inserted {
                throw ReportError(description: "shard \(shard) appears in two of the reports")
            }
        }
        merged.shards = seenShards.sorted { $0.index < $1.index }
        // Each shard reports the specs it could not read (they have no goldens to split), so those
        // appear once per shard: keep one of each.
        var seenNames = Set<String>()
        merged.results = reports.flatMap(\.results).filter { $0.kind != "spec" || seenNames.insert($0.name).inserted }
            .sorted { $0.name < $1.name }
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
        for (result, next) in zip(merged.results, merged.results.dropFirst())
        where result.kind != "spec" && result.name == next.name {
            throw ReportError(description: "golden \(printable(result.name)) has two results in the reports; each golden is checked by one shard")
        }
        merged.goldens = Array(Set(reports.flatMap(\.goldens))).sorted()
        merged.pruned = Array(Set(reports.flatMap(\.pruned))).sorted()
        let unmarked = reports.compactMap(\.unmarked)
        merged.unmarked = unmarked.isEmpty ? nil : Array(Set(unmarked.flatMap { $0 })).sorted()
        let notFiles = reports.compactMap(\.notFiles)
        merged.notFiles = notFiles.isEmpty ? nil : Array(Set(notFiles.flatMap { $0 })).sorted()
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
