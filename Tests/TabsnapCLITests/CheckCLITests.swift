import Foundation
import Tabsnap
import TabsnapCheck
import XCTest

/// `tabsnap diff`, `check` and `report merge` as a CI job would run them.
extension CLITests {
    private static let spec = """
    width: 300
    scale: 1
    items: [Home, Search, Profile]
    layout: {mode: fit, insets: 0, spacing: 0}
    snapshots: {positions: [0, 1]}
    """
    private static let local = ["CI": "", "TABSNAP_RECORD": ""]
    private static let ci = ["CI": "true", "TABSNAP_RECORD": ""]

    func testDiffExitCodesAndOutputs() throws {
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["render", "bar.yaml", "-o", "a.png"]).status, 0)
        XCTAssertEqual(try runTabsnap(["render", "bar.yaml", "-o", "b.png", "--position", "0.02"]).status, 0)
        let same = try runTabsnap(["diff", "a.png", "a.png"])
        XCTAssertEqual(same.status, 0)
        XCTAssertEqual(same.stdout, "match: identical\n")
        let differ = try runTabsnap(["diff", "a.png", "b.png", "--out", "d.png", "--triptych", "t.png"])
        XCTAssertEqual(differ.status, 1)
        XCTAssertTrue(differ.stdout.hasPrefix("differ: ") && differ.stdout.contains(" pixels differ (max ΔE "), differ.stdout)
        let diff = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("d.png"))))
        let triptych = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("t.png"))))
        XCTAssertEqual(triptych.width, diff.width * 3 + 2 * max(2, diff.height / 16))
        try write("version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n", to: "lfs.png")
        let lfs = try runTabsnap(["diff", "lfs.png", "a.png"])
        XCTAssertEqual(lfs.status, 2)
        XCTAssertEqual(lfs.stderr, "error: lfs.png: a Git LFS pointer, not an image (run `git lfs pull`)\n")
        XCTAssertEqual(try runTabsnap(["diff", "bar.yaml", "a.png"]).stderr, "error: bar.yaml: not a PNG file\n")
        XCTAssertEqual(try runTabsnap(["diff", "nope.png", "a.png"]).stderr, "error: nope.png: no such file\n")
        XCTAssertEqual(try runTabsnap(["diff", "a.png", "a.png", "--allow", "lots"]).status, 2)
        // A triptych over the frame limit is refused before any work, naming the option.
        try Data(PNGEncoder.encode(RGBAImage(width: 2_400, height: 2_400), compression: .fast)).write(to: folder.appendingPathComponent("big.png"))
        let big = try runTabsnap(["diff", "big.png", "big.png", "--triptych", "tb.png"])
        XCTAssertEqual(big.status, 2)
        XCTAssertEqual(big.stderr, "error: --triptych: a 7500×2444 px triptych would be over the limit of 16777216 px a frame (4096×4096); "
                       + "--out writes the diff alone\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("tb.png").path))
    }

    func testCheckRecordsLocallyAndOnlyComparesUnderCI() throws {
        try write(Self.spec, to: "bar.yaml")
        let ciFirst = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.ci)
        XCTAssertEqual(ciFirst.status, 2, "no goldens folder under CI: an error, not N missing goldens")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.ci).status, 1, "missing goldens fail under CI")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens").path), [], "and none is written")
        let local = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.local)
        XCTAssertEqual(local.status, 0, local.stderr)
        XCTAssertTrue(local.stdout.hasPrefix("tabsnap check: 2 goldens, 2 new"), local.stdout)
        let ci = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.ci)
        XCTAssertEqual(ci.status, 0)
        XCTAssertTrue(ci.stdout.hasPrefix("tabsnap check: 2 goldens, 2 passed"), ci.stdout)
    }

    /// Past five failures the summary says the report has the rest's commands, and says so
    /// truly: a spec whose name holds a line break has none (hostile round 18).
    func testTheSummarySaysWhichFailuresHaveNoCommand() throws {
        let spec = "width: 600\nscale: 1\nitems: [A, B, C, D, E, F]\nsnapshots: {positions: [0, 1, 2, 3, 4, 5]}\n"
        for name in ["plain.yaml", "line\nbreak.yaml"] { try write(spec, to: name) }
        for name in ["plain.yaml", "line\nbreak.yaml"] {
            XCTAssertEqual(try runTabsnap(["check", name, "--snapshots", "goldens"], environment: Self.local).status, 0)
            try write(spec + "button: {selectedTint: \"#FF3B30\"}\n", to: name)
        }
        let plain = try runTabsnap(["check", "plain.yaml", "--snapshots", "goldens"], environment: Self.ci)
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.stdout.contains("\n(1 more: the report lists each one's command)\n"), plain.stdout)
        let broken = try runTabsnap(["check", "line\nbreak.yaml", "--snapshots", "goldens"], environment: Self.ci)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stdout.contains("\n(1 more: the report lists each one, with its command but for 1 whose path holds a control character)\n"),
                      broken.stdout)
    }

    func testCheckFailureWritesReportsAndPrintsTheAcceptCommand() throws {
        try write(Self.spec, to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.local).status, 0)
        try write(Self.spec + "\nbutton: {selectedTint: \"#FF3B30\"}\n", to: "bar.yaml")
        let run = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--report", "r.html", "--json", "r.json",
                                  "--junit", "r.xml"], environment: Self.ci)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.stderr.contains("FAILED bar.p0.png: "), run.stderr)
        XCTAssertTrue(run.stdout.contains("To accept every new image: tabsnap check --snapshots=goldens --record=failed -- bar.yaml"), run.stdout)
        XCTAssertTrue(run.stdout.contains("To accept bar.p0.png: tabsnap check --snapshots=goldens --accept-name=bar.p0.png -- bar.yaml"), run.stdout)
        let html = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("To accept this render: <code>tabsnap check --snapshots=goldens --accept-name=bar.p0.png -- bar.yaml</code>"))
        for name in ["r.html", "r.json", "r.xml", ".tabsnap/failures/bar.p0.actual.png", ".tabsnap/failures/bar.p0.diff.png",
                     ".tabsnap/failures/bar.p0.triptych.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
        // The command as printed does what it says (it checks and records that golden alone).
        let one = try runTabsnap(["check", "--snapshots=goldens", "--accept-name=bar.p0.png", "--", "bar.yaml"], environment: Self.ci)
        XCTAssertEqual(one.status, 0, one.stdout + one.stderr)
        XCTAssertTrue(one.stdout.contains("1 golden, 1 recorded"), one.stdout)
        let accept = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--record", "failed"], environment: Self.ci)
        XCTAssertEqual(accept.status, 0, accept.stdout)
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.ci).status, 0)
    }

    /// `--filter` checks what it matches; `--accept` re-records only what it names, even under CI.
    func testFilterAndAcceptChooseGoldens() throws {
        try write(Self.spec, to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.local).status, 0)
        try write(Self.spec + "\nbutton: {selectedTint: \"#FF3B30\"}\n", to: "bar.yaml")
        let all = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--quiet"], environment: Self.ci)
        let count = all.stdout.components(separatedBy: " goldens").first?.components(separatedBy: " ").last ?? "?"
        let one = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--filter", "bar.p0.*", "--quiet"], environment: Self.ci)
        XCTAssertTrue(one.stdout.hasPrefix("tabsnap check: 1 golden, 1 failed"), "of \(count): \(one.stdout)")
        let typo = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--filter", "bar.p9.png"], environment: Self.ci)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("'bar.p9.png' matches no golden of the specs; did you mean 'bar.p0.png'?"), typo.stderr)
        let accepted = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--accept", "bar.p0.png"], environment: Self.ci)
        XCTAssertEqual(accepted.status, 0, accepted.stderr)
        XCTAssertTrue(accepted.stdout.hasPrefix("tabsnap check: 1 golden, 1 recorded"), accepted.stdout)
        let rest = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--quiet"], environment: Self.ci)
        XCTAssertFalse(rest.stderr.contains("bar.p0.png"), "bar.p0.png passes now: \(rest.stderr)")
        XCTAssertTrue(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--accept", "x", "--record", "all"]).stderr
            .contains("--accept records what it names; leave out --record"))
        // A goldens folder that is not there, under never: a wrong path, said as such.
        let nowhere = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldns"], environment: Self.ci)
        XCTAssertEqual(nowhere.status, 2)
        XCTAssertEqual(nowhere.stderr, "error: --snapshots: goldns: no such folder (record mode never writes none; is the path right?)\n")
    }

    func testCheckShardsMergeAndBadInput() throws {
        try write(Self.spec, to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: Self.local).status, 0)
        for index in 1...2 {
            let run = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--shard", "\(index)/2", "--json", "s\(index).json"],
                                     environment: Self.ci)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stdout.hasPrefix("tabsnap check: 1 golden, 1 passed"), run.stdout)
        }
        let merged = try runTabsnap(["report", "merge", "s1.json", "s2.json", "--junit", "all.xml"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.stdout, "tabsnap report merge: 2 goldens, 2 passed\n")
        let partial = try runTabsnap(["report", "merge", "s1.json"])
        XCTAssertEqual(partial.stdout, "tabsnap report merge: 1 golden, 1 passed; shards missing: 2/2\n")
        XCTAssertEqual(partial.status, 1, "a missing shard's goldens were never checked: CI must not pass")
        XCTAssertEqual(try runTabsnap(["report", "merge", "bar.yaml"]).status, 2)
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--shard", "3/2"]).stderr,
                       "error: The value '3/2' is invalid for '--shard <shard>': not i/n with 1 ≤ i ≤ n (e.g. 2/4) (see tabsnap --help)\n")
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: ["TABSNAP_RECORD": "maybe"]).stderr,
                       "error: TABSNAP_RECORD: 'maybe' is not a record mode; use missing, all, failed, never\n")
        try write("width: 300\nitems: [Home]\nsnapshots: {scales: []}\n", to: "bad.yaml")
        // One bad spec is an error result; the other specs run and the report is written.
        let bad = try runTabsnap(["check", "bad.yaml", "bar.yaml", "--snapshots", "goldens", "--json", "-", "--junit", "bad.xml"],
                                 environment: Self.local)
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr.split(separator: "\n").first,
                       "ERROR bad.yaml: bad.yaml:3:21: snapshots.scales: list at least one value, or leave the key out")
        let report = try JSONDecoder().decode(CheckReport.self, from: Data(bad.stdout.utf8))  // only JSON on stdout
        XCTAssertEqual(report.results.map(\.status), [.passed, .passed, .error])
        XCTAssertEqual(report.results.last?.kind, "spec")
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("bad.xml"), encoding: .utf8).contains("snapshots.scales"))
    }
}
