import Foundation
import Tabsnap
import XCTest

/// `tabsnap lint`: one line per finding, exit 1 on an error finding, JSON and JUnit that replace
/// only a lint report, and the shipped examples lint without errors (each switched rule says why).
extension CLITests {
    func testLintExitsByTheWorstFindingAndWritesReports() throws {
        try write("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, Beta]\n", to: "short.yaml")
        let failing = try runTabsnap(["lint", "short.yaml", "--json", "lint.json", "--junit", "lint.xml"])
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertTrue(failing.stdout.contains("short.yaml [p 0] button \"Alpha\" (item 1): "), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("< 44 × 44 pt"), failing.stdout)
        XCTAssertTrue(failing.stderr.contains("tabsnap lint: 1 spec, 2 errors, 0 warnings"), failing.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("lint.json"))) as? [String: Any]
        XCTAssertEqual(json?["format"] as? String, "tabsnap-lint/1")
        XCTAssertEqual((json?["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }, ["touchTarget", "touchTarget"])
        let xml = try String(contentsOf: folder.appendingPathComponent("lint.xml"), encoding: .utf8)
        XCTAssertTrue(xml.contains(#"<testsuites name="tabsnap lint" tests="2" failures="2""#), xml)

        try write("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, Beta]\nlint: {touchTarget: {severity: warn, reason: a toolbar}}\n", to: "short.yaml")
        let warned = try runTabsnap(["lint", "short.yaml", "--json", "lint.json"])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("0 errors, 2 warnings"), warned.stderr)
        try write("preset: buttonBar\nwidth: 320\nheight: 30\nitems: [Alpha, Beta]\nlint: {touchTarget: off}\n", to: "short.yaml")
        let off = try runTabsnap(["lint", "short.yaml"])
        XCTAssertEqual([off.status], [0])
        XCTAssertTrue(off.stderr.contains("1 rule off"), off.stderr)

        // A file that is not a lint report is never replaced, and nothing else is written.
        try write("my notes\n", to: "notes.json")
        let refused = try runTabsnap(["lint", "short.yaml", "--json", "notes.json", "--junit", "new.xml"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--json: notes.json exists and is not a report tabsnap wrote"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("notes.json"), encoding: .utf8), "my notes\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.xml").path))

        try write("width: 320\nitems: [A, B]\nlint: {contrst: warn}\n", to: "typo.yaml")
        let typo = try runTabsnap(["lint", "typo.yaml"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("typo.yaml:3:8: unknown key 'contrst' in lint; did you mean 'contrast'?"), typo.stderr)
    }

    /// A report written beside a spec named alone is read by the next run over the folder as
    /// what it is, in one line, as every other Tabsnap output is (hostile round 129: `lint s.yaml
    /// --json lint.json`, then `lint .`, said "unknown key 'errors'"); never passed over, so no
    /// spec is ever skipped for looking like a report.
    func testReportsBesideASpecAreNamedAsReportsByTheNextRun() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 320\nheight: 60\nitems: [Alpha, Beta]\nlint: {contrast: off}\n", to: "specs/s.yaml")
        let lint = try runTabsnap(["lint", "specs/s.yaml", "--json", "specs/lint.json"])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        let check = try runTabsnap(["check", "specs/s.yaml", "--snapshots", "g", "--record", "all", "--json", "specs/c.json"])
        XCTAssertEqual(check.status, 0, check.stderr)
        let again = try runTabsnap(["lint", "specs"])
        XCTAssertEqual(again.status, 2, again.stderr)
        let said = "specs/lint.json:1:1: this is a lint report (tabsnap lint --json), not a spec; keep what tabsnap writes out of the folders it reads specs from"
        XCTAssertTrue(again.stdout.contains(said) || again.stderr.contains(said), again.stdout + again.stderr)
        XCTAssertTrue((again.stdout + again.stderr).contains("specs/c.json:1:1: this is a check report (tabsnap check --json), not a spec"), again.stdout + again.stderr)
    }

    /// The examples are linted as CI lints them: no error findings; a rule a spec turns down says
    /// why in the spec.
    func testTheShippedExamplesLintWithoutErrors() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folders = ["Examples/specs", "Examples/ci/project/specs"].map { root.appendingPathComponent($0).path }
        let run = try runTabsnap(["lint"] + folders + ["--json", "examples.json"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("examples.json"))) as? [String: Any]
        XCTAssertEqual((report?["errors"] as? [String])?.count, 0)
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Examples").path) where path.hasSuffix(".yaml") {
            let text = try String(contentsOf: root.appendingPathComponent("Examples").appendingPathComponent(path), encoding: .utf8)
            guard text.contains("\nlint:") else { continue }
            XCTAssertTrue(text.contains("reason:"), "\(path) switches a rule without a reason")
        }
    }
}

extension CLITests {
    /// `check --lint`: the findings in the summary, the JSON, the JUnit file and the HTML
    /// report's "Design rules" section, escaped; an error finding fails a run whose goldens pass;
    /// shards' findings merge once each.
    func testCheckWithLintReportsFindingsEverywhere() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: buttonBar\nwidth: 320\nheight: 30\nscale: 1\nitems: [Alpha, \"<b>Beta</b> & co\"]\n", to: "specs/short.yaml")
        let record = try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(record.status, 0, record.stderr)
        let plain = try runTabsnap(["check", "specs", "--snapshots", "gold"])
        XCTAssertEqual(plain.status, 0, "without --lint the rules are not checked")
        let linted = try runTabsnap(["check", "specs", "--snapshots", "gold", "--lint", "--json", "r.json", "--junit", "r.xml", "--report", "r.html"])
        XCTAssertEqual(linted.status, 1, linted.stdout + linted.stderr)
        XCTAssertTrue(linted.stdout.contains("lint: 2 errors, 0 warnings"), linted.stdout)
        XCTAssertTrue(linted.stdout.contains("specs/short.yaml [p 0] button \"Alpha\" (item 1): "), linted.stdout)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("r.json"))) as? [String: Any]
        XCTAssertEqual(((json?["lint"] as? [String: Any])?["findings"] as? [Any])?.count, 2)
        let xml = try String(contentsOf: folder.appendingPathComponent("r.xml"), encoding: .utf8)
        XCTAssertTrue(xml.contains(#"tests="3" failures="2""#), xml)
        XCTAssertTrue(xml.contains("touchTarget: button &quot;&lt;b&gt;Beta&lt;/b&gt; &amp; co&quot;"), xml)
        let html = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("<h2>Design rules <span class=\"count\">2</span></h2>"), html)
        XCTAssertTrue(html.contains("button &quot;&lt;b&gt;Beta&lt;/b&gt; &amp; co&quot;"), html)
        XCTAssertFalse(html.contains("<b>Beta</b>"), "titles are escaped")
        // Two shards each lint the variants of their goldens; the merge keeps each finding once.
        for index in 1...2 {
            _ = try runTabsnap(["check", "specs", "--snapshots", "gold", "--lint", "--shard", "\(index)/2", "--json", "s\(index).json"])
        }
        let merged = try runTabsnap(["report", "merge", "s1.json", "s2.json", "--json", "m.json"])
        XCTAssertEqual(merged.status, 1, merged.stderr)
        let mergedJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("m.json"))) as? [String: Any]
        XCTAssertEqual(((mergedJSON?["lint"] as? [String: Any])?["findings"] as? [Any])?.count, 2)
    }
}
