import Foundation
import Tabsnap
import XCTest

/// `report merge` in a CI's shape: each shard runs in its own checkout and uploads the folder
/// holding its report and artifacts; the merge job has a checkout of its own and the shards'
/// uploads, each downloaded into a folder of its own, and nothing else.
extension CLITests {
    private static let shardedSpec = """
    width: 300
    scale: 1
    items: [Home, Search, Profile]
    layout: {mode: fit, insets: 0, spacing: 0}
    snapshots: {positions: [0, 1]}
    """

    /// Copies `names` (files or folders) from `from` into a new folder `to`.
    private func copy(_ names: [String], from: URL, to: URL) throws {
        try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(at: from.appendingPathComponent(name), to: to.appendingPathComponent(name))
        }
    }

    func testAMergedReportFromDownloadedShardsShowsEveryPictureOrNamesWhatIsMissing() throws {
        let root: URL = folder
        defer { folder = root }
        let ci = ["CI": "true", "TABSNAP_RECORD": ""]
        try write(Self.shardedSpec, to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        // A change both goldens catch, committed: every job's checkout has it.
        try write(Self.shardedSpec + "\nbutton: {selectedTint: \"#FF3B30\"}\n", to: "bar.yaml")
        let merge = root.appendingPathComponent("merge-job")
        for index in 1...2 {
            let job = root.appendingPathComponent("shard-job-\(index)")
            try copy(["bar.yaml", "goldens"], from: root, to: job)
            folder = job
            let run = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--shard", "\(index)/2", "--json", ".tabsnap/report.json", "--quiet"],
                                     environment: ci)
            XCTAssertEqual(run.status, 1, run.stderr)
            // The upload: the shard's .tabsnap folder, downloaded as shards/shard-N.
            try FileManager.default.createDirectory(at: merge.appendingPathComponent("shards"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: job.appendingPathComponent(".tabsnap"), to: merge.appendingPathComponent("shards/shard-\(index)"))
            try FileManager.default.removeItem(at: job)
        }
        try copy(["bar.yaml", "goldens"], from: root, to: merge)
        folder = merge
        let reports = ["shards/shard-1/report.json", "shards/shard-2/report.json"]
        let merged = try runTabsnap(["report", "merge"] + reports + ["--report", "out/report.html"])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        XCTAssertEqual(merged.stdout, "tabsnap report merge: 2 goldens, 2 failed\n")
        XCTAssertEqual(merged.stderr, "", "every picture is found")
        let page = try String(contentsOf: merge.appendingPathComponent("out/report.html"), encoding: .utf8)
        XCTAssertEqual(page.components(separatedBy: "data:image/png;base64,").count - 1, 2 * 3, "each failure's expected, actual and diff, inlined")
        XCTAssertFalse(page.contains("not found here"))

        // Downloads outside the working folder: each report's own folder may show its pictures
        // (hostile round 8, F3: they were left out, and nothing said so).
        try FileManager.default.moveItem(at: merge.appendingPathComponent("shards"), to: root.appendingPathComponent("downloads"))
        let outside = try runTabsnap(["report", "merge", "../downloads/shard-1/report.json", "../downloads/shard-2/report.json", "--report", "out/report.html"])
        XCTAssertEqual(outside.status, 1)
        XCTAssertEqual(outside.stderr, "", "every picture is found")
        let outsidePage = try String(contentsOf: merge.appendingPathComponent("out/report.html"), encoding: .utf8)
        XCTAssertEqual(outsidePage.components(separatedBy: "data:image/png;base64,").count - 1, 2 * 3)
        try FileManager.default.moveItem(at: root.appendingPathComponent("downloads"), to: merge.appendingPathComponent("shards"))

        // A download that lost a picture: the merge says which, and so does the page.
        let lost = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: merge.appendingPathComponent("shards/shard-2/failures").path)
            .first { $0.hasSuffix(".actual.png") })
        try FileManager.default.removeItem(at: merge.appendingPathComponent("shards/shard-2/failures/\(lost)"))
        let partial = try runTabsnap(["report", "merge"] + reports + ["--report", "out/report.html"])
        XCTAssertEqual(partial.status, 1)
        let lines = partial.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, partial.stderr)
        XCTAssertTrue(lines.first?.hasPrefix("tabsnap report merge: 1 picture the reports name is not here") == true, partial.stderr)
        XCTAssertTrue(lines.last?.hasSuffix(": actual shards/shard-2/failures/\(lost)") == true, partial.stderr)
        let partialPage = try String(contentsOf: merge.appendingPathComponent("out/report.html"), encoding: .utf8)
        XCTAssertTrue(partialPage.contains("not found here: actual shards/shard-2/failures/\(lost)"))
    }
}
