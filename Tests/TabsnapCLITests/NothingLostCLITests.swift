import Foundation
import Tabsnap
import TabsnapCheck
import XCTest

/// Issue 11's data-loss class: the CLI only ever replaces what it wrote, and says so when it won't.
extension CLITests {
    private static let swipe = "width: 300\nscale: 1\nitems: [A, B]\ntransition: {to: 1, frames: 3}\n"
    private static let local = ["CI": "", "TABSNAP_RECORD": ""]

    private func listing(_ path: String = ".") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path).sorted()
    }

    func testAnimateIntoAFolderWithOtherFilesTouchesNothing() throws {
        try write(Self.swipe, to: "s.yaml")
        try write("mine", to: "notes.txt")
        try write("[]", to: "frames.json")  // looks like a frame folder, yet holds a spec and notes
        let run = try runTabsnap(["animate", "s.yaml", "-o", "."])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.contains("holds files tabsnap did not write"), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line")
        XCTAssertEqual(try listing(), ["frames.json", "notes.txt", "s.yaml"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8), "mine")
    }

    func testAnimateReplacesOnlyItsOwnEarlierFrames() throws {
        try write(Self.swipe, to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/"]).status, 0)
        XCTAssertEqual(try listing("out"), ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frames.json"])
        // A shorter run replaces the earlier frames: no stale frame-0002 is left.
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/", "--to", "1", "--frames", "2"]).status, 0)
        XCTAssertEqual(try listing("out"), ["frame-0000.png", "frame-0001.png", "frames.json"])
        // SVG frames replace PNG ones the same way.
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/", "--svg"]).status, 0)
        XCTAssertEqual(try listing("out"), ["frame-0000.svg", "frame-0001.svg", "frame-0002.svg", "frames.json"])
        // Once the user adds a file of their own, the folder is theirs.
        try write("keep", to: "out/README")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/"]).status, 2)
        XCTAssertEqual(try listing("out"), ["README", "frame-0000.svg", "frame-0001.svg", "frame-0002.svg", "frames.json"])
        XCTAssertEqual(try listing(), ["out", "s.yaml"], "no temporaries left")
    }

    /// An earlier frame folder is swapped with the new one in one step (renameat2's exchange), so
    /// an interruption leaves one or the other, never a mix; the folder keeps its permissions.
    func testAnimateSwapsAnEarlierFrameFolderWhole() throws {
        try write(Self.swipe, to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/"]).status, 0)
        let out = folder.appendingPathComponent("out").path
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: out)
        var before = stat(), after = stat()
        XCTAssertEqual(stat(out, &before), 0)
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/", "--to", "1", "--frames", "2"]).status, 0)
        XCTAssertEqual(stat(out, &after), 0)
        XCTAssertNotEqual(before.st_ino, after.st_ino, "a new folder in its place, not frames moved into the old one")
        XCTAssertEqual(after.st_mode & 0o777, 0o750)
        XCTAssertEqual(try listing("out"), ["frame-0000.png", "frame-0001.png", "frames.json"])
        XCTAssertEqual(try listing(), ["out", "s.yaml"], "no temporaries left")
    }

    func testARecordedGoldenDoesNotReplaceAReadOnlyFile() throws {
        try write(Self.swipe, to: "s.yaml")
        // A read-only file at a golden's name, under `--record all` (hostile round 77: it was
        // re-recorded as "unreadable"): every write renames into place the same way.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("gold"), withIntermediateDirectories: true)
        try write("theirs", to: "gold/s.png")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.appendingPathComponent("gold/s.png").path)
        let record = try runTabsnap(["check", "s.yaml", "--snapshots", "gold", "--record", "all"])
        XCTAssertEqual(record.status, 2, record.stderr)
        XCTAssertTrue((record.stdout + record.stderr).contains("gold/s.png: is read-only; not replacing it"), record.stdout + record.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("gold/s.png"), encoding: .utf8), "theirs")
    }

    func testReadOnlyAndSpecialOutputsAreNotReplaced() throws {
        try write(Self.swipe, to: "s.yaml")
        try write("theirs", to: "ro.png")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.appendingPathComponent("ro.png").path)
        for arguments in [["render", "s.yaml", "-o", "ro.png"], ["animate", "s.yaml", "-o", "ro.png"],
                          ["animate", "s.yaml", "-o", "x.png", "--sheet", "ro.png"]] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains("ro.png: is read-only; not replacing it"), run.stderr)
        }
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("ro.png"), encoding: .utf8), "theirs")
        // A link to a device is followed, and a device is never replaced.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("null.png").path, withDestinationPath: "/dev/null")
        let device = try runTabsnap(["render", "s.yaml", "-o", "null.png"])
        XCTAssertEqual(device.status, 2)
        XCTAssertTrue(device.stderr.contains("null.png: is a symbolic link to a device, not a regular file; not replacing it"), device.stderr)
        // A writable file is replaced (the user named it) and keeps its permissions.
        try write("old", to: "mine.png")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.appendingPathComponent("mine.png").path)
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "mine.png"]).status, 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("mine.png").path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try listing(), ["mine.png", "null.png", "ro.png", "s.yaml"], "no temporaries left")
    }

    func testPruneWithSomeSpecsTouchesOnlyTheirGoldens() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\nsnapshots: {positions: [0, 1]}\n", to: "specs/one.yaml")
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "specs/two.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.local).status, 0)
        XCTAssertEqual(try listing("goldens"), ["one.p0.png", "one.p1.png", "two.png"])
        // one.yaml stops asking for p1; a golden named like no spec, and failures inside the goldens folder.
        try write("width: 300\nscale: 1\nitems: [A, B]\nsnapshots: {positions: [0]}\n", to: "specs/one.yaml")
        try Data(try Data(contentsOf: folder.appendingPathComponent("goldens/two.png"))).write(to: folder.appendingPathComponent("goldens/three.png"))
        // Real artifacts (tabsnap wrote them: the folder's ledger proves it) of a failing spec elsewhere.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("other"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "other/extra.yaml")
        XCTAssertEqual(try runTabsnap(["check", "other", "--snapshots", "othergoldens"], environment: Self.local).status, 0)
        try write("width: 300\nscale: 1\nitems: [A, C]\n", to: "other/extra.yaml")
        XCTAssertEqual(try runTabsnap(["check", "other", "--snapshots", "othergoldens", "--artifacts", "goldens/.failures"], environment: Self.local).status, 1)
        let artifacts = [".tabsnap-written", "extra.actual.png", "extra.diff.png", "extra.triptych.png"]
        XCTAssertEqual(try listing("goldens/.failures"), artifacts)

        let dry = try runTabsnap(["check", "specs/one.yaml", "--snapshots", "goldens", "--artifacts", "goldens/.failures", "--prune", "--dry-run"],
                                 environment: Self.local)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("--dry-run: --prune would delete 1 golden: one.p1.png"), dry.stdout)
        XCTAssertEqual(try listing("goldens"), [".failures", "one.p0.png", "one.p1.png", "three.png", "two.png"])

        let subset = try runTabsnap(["check", "specs/one.yaml", "--snapshots", "goldens", "--artifacts", "goldens/.failures", "--prune"],
                                    environment: Self.local)
        XCTAssertEqual(subset.status, 0, subset.stderr)
        XCTAssertEqual(try listing("goldens"), [".failures", "one.p0.png", "three.png", "two.png"], "only one.yaml's own orphan goes")

        // The whole folder owns the snapshots folder: three.png (no spec) goes, artifacts stay.
        let whole = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "goldens/.failures", "--prune"],
                                   environment: Self.local)
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertEqual(try listing("goldens"), [".failures", "one.p0.png", "two.png"])
        XCTAssertEqual(try listing("goldens/.failures"), artifacts)
    }

    func testPruneNeverRunsWhileASpecCannotBeRead() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A]\n", to: "specs/one.yaml")
        try write("width: 300\nscale: 1\nitems: [A]\n", to: "specs/two.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.local).status, 0)
        try write("width: 300\nscale: 1\nitems: [A]\nindicator: {style: nope}\n", to: "specs/two.yaml")
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--prune"], environment: Self.local)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.contains("error: not pruning: 1 spec could not be read"), run.stdout)
        XCTAssertEqual(try listing("goldens"), ["one.png", "two.png"], "a broken spec's goldens are not orphans")
    }
}

/// Found in review: links in the goldens folder, ambiguous golden names, empty suites.
extension CLITests {
    func testGoldensAreNeverReadOrWrittenThroughLinks() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\nsnapshots: {positions: [0, 1]}\n", to: "bar.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        try write("precious", to: "outside.txt")
        // A dangling link would make check create a file where it points; a live one, overwrite it.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("goldens/bar.p0.png").path,
                                                   withDestinationPath: folder.appendingPathComponent("created-elsewhere.png").path)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("goldens/bar.p1.png").path,
                                                   withDestinationPath: folder.appendingPathComponent("outside.txt").path)
        for mode in ["missing", "all"] {
            let run = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--record", mode, "--report", "r.html"])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("is a symbolic link"), run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("created-elsewhere.png").path))
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("outside.txt"), encoding: .utf8), "precious")
        XCTAssertFalse(try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
            .contains(Data("precious".utf8).base64EncodedString()), "the report inlines PNG files only")
    }

    func testPruneLeavesGoldensASiblingSpecMayOwn() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        try write("width: 300\nscale: 1\nitems: [C, D]\n", to: "specs/bar.dark.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.local).status, 0)
        XCTAssertEqual(try listing("goldens"), ["bar.dark.png", "bar.png"])
        // bar.dark.png reads as bar's dark variant too; bar.dark.yaml exists, so it is not bar's to prune.
        let run = try runTabsnap(["check", "specs/bar.yaml", "--snapshots", "goldens", "--prune"], environment: Self.local)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try listing("goldens"), ["bar.dark.png", "bar.png"])
        // A folder without specs is no suite: nothing is pruned.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        let empty = try runTabsnap(["check", "docs", "--snapshots", "goldens", "--prune"], environment: Self.local)
        XCTAssertEqual(empty.status, 2)
        // Round 50: no spec is an error before anything runs (a CI check of an emptied folder
        // passed with "0 goldens"), so nothing is pruned either.
        XCTAssertTrue(empty.stderr.contains("no spec (.yaml, .yml, .json) found in docs"), empty.stderr)
        XCTAssertEqual(try listing("goldens"), ["bar.dark.png", "bar.png"])
    }

    func testReportsReadBackAreCheckedToo() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "bar.yaml", "--snapshots", "g", "--json", "r.json"], environment: Self.local).status, 0)
        var json = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
        json = json.replacingOccurrences(of: "\"shards\" : [\n\n  ]", with: "\"shards\" : [{\"index\": 1, \"count\": 0}]")
        try write(json, to: "bad-shard.json")
        let merge = try runTabsnap(["report", "merge", "bad-shard.json"])
        XCTAssertEqual(merge.status, 2, merge.stderr)
        XCTAssertTrue(merge.stderr.contains("not i/n"), merge.stderr)
        let huge = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"scale\" : 1", with: "\"position\" : 1e300, \"scale\" : 1e300")
        try write(huge, to: "huge.json")
        let report = try runTabsnap(["report", "merge", "huge.json", "--report", "huge.html"])
        // Range-checked as it is read (hostile round 47: carried into the merged report as if
        // measured), in one line naming the file and the place; nothing written.
        XCTAssertEqual(report.status, 2, report.stderr)
        XCTAssertEqual(report.stderr, "error: huge.json: results[0].scale: 1e+300 is out of range 0…8\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("huge.html").path))
        let crafted: [(String, String, String)] = [
            ("\"scale\" : 1", "\"scale\" : -1", "results[0].scale: -1 is out of range 0…8"),
            ("\"seconds\" : ", "\"seconds\" : -5, \"x\" : ", "seconds: -5 is out of range 0…604800"),
            ("\"maxDeltaE\" : 0", "\"maxDeltaE\" : 1e308", "options.maxDeltaE: 1e+308 is out of range 0…200"),
            // Round 48: a scale of 0, and names no check gives.
            ("\"scale\" : 1", "\"scale\" : 0", "results[0].scale: 0 is out of range; a scale is over 0, up to 8"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"/abs.png\"", "results[0].name: '/abs.png' is not a path inside the snapshots folder"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"\"", "results[0].name: empty"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"a\\u0000.png\"", "results[0].name: 'a?.png' holds a NUL character"),
            // Round 128: a golden's path that is not its snapshots folder's and its name.
            ("\"golden\" : \"", "\"golden\" : \"/tmp/outside-secret.png\", \"x\" : \"", "results[0].golden: not the path of the golden named 'bar.png'"),
        ]
        for (from, to, said) in crafted {
            let text = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
            XCTAssertTrue(text.contains(from), from)
            try write(text.replacingOccurrences(of: from, with: to), to: "crafted.json")
            let run = try runTabsnap(["report", "merge", "crafted.json", "--json", "out.json"])
            XCTAssertEqual(run.status, 2, "\(to): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("crafted.json: " + said), run.stderr)
        }
        // Round 129: text the decoder refuses as "unexpected end of file" is named where it lies.
        let badText: [(String, String, String)] = [
            ("\"name\" : \"bar.png\"", "\"name\" : \"bar\\ud800.png\"", "\\ud800 is half of a UTF-16 surrogate pair with no other half"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"bar\\udc00\\ud800.png\"", "\\udc00 is half of a UTF-16 surrogate pair with no other half"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"bar\\q.png\"", "'\\q' is no JSON escape"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"bar\\u12.png\"", "'\\u' is not followed by four hexadecimal digits"),
            ("\"name\" : \"bar.png\"", "\"name\" : \"bar\t.png\"", "a control character written as it is inside a string"),
        ]
        for (from, to, said) in badText {
            let text = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
            let written = text.replacingOccurrences(of: from, with: to)
            try write(written, to: "crafted.json")
            // Its line and column, counted here from the text as written.
            let before = written[..<(written.range(of: to)?.lowerBound ?? written.endIndex)]
            let line = before.filter { $0 == "\n" }.count + 1
            let run = try runTabsnap(["report", "merge", "crafted.json", "--json", "out.json"])
            XCTAssertEqual(run.status, 2, "\(to): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("error: crafted.json: line \(line), column "), run.stderr)
            XCTAssertTrue(run.stderr.contains(said), run.stderr)
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, run.stderr)
        }
        // A pair written as two escapes is one character, read.
        let text = try String(contentsOf: folder.appendingPathComponent("r.json"), encoding: .utf8)
        try write(text.replacingOccurrences(of: "\"format\" : \"tabsnap-check/1\"", with: "\"x\" : \"\\ud83d\\ude00\", \"format\" : \"tabsnap-check/1\""), to: "pair.json")
        let pair = try runTabsnap(["report", "merge", "pair.json", "--json", "out.json"])
        XCTAssertEqual(pair.status, 0, pair.stderr)
        // Round 130: a link where the report's pictures go is called a link, as every command
        // calls one (it was "not a folder"), whether it leads to a folder or to nothing.
        for target in ["real", "nowhere"] {
            try? FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("site-pictures"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("site-pictures").path, withDestinationPath: target)
            let linked = try runTabsnap(["report", "merge", "r.json", "--report", "site.html"])
            XCTAssertEqual(linked.status, 2, linked.stderr)
            XCTAssertTrue(linked.stderr.contains("site-pictures: is a symbolic link; the report's linked pictures go into a real folder"), linked.stderr)
        }
        // Its own merged report past the size it reads back is said to be that, not another file.
        let large = folder.appendingPathComponent("large.json")
        try write("{", to: "large.json")
        XCTAssertEqual(truncate(large.path, off_t(Limits.mergedReportBytes + 1)), 0)
        let over = try runTabsnap(["report", "merge", "r.json", "--json", "large.json"])
        XCTAssertEqual(over.status, 2, over.stderr)
        XCTAssertTrue(over.stderr.contains("large.json exists and is over 32 MB, more than tabsnap reads to tell whether it wrote it"), over.stderr)
    }
}

/// Found by a hostile tester: ownership judged by names alone, the artifacts folder, usage errors.
extension CLITests {
    func testFrameFilesAreOursOnlyWhenTheyAreWhatWeWrite() throws {
        try write(Self.swipe, to: "s.yaml")
        let cases: [(String, () throws -> Void)] = [
            ("a text file named like a frame", { try self.write("mine", to: "f/frame-0000.png") }),
            ("a frames.json that is no manifest", { try self.write("{\"mine\": 1}", to: "f/frames.json") }),
            ("a folder named like a frame", {
                try FileManager.default.createDirectory(at: self.folder.appendingPathComponent("f/frame-0001.png"), withIntermediateDirectories: true)
            }),
            ("a link named like a frame", {
                try FileManager.default.createSymbolicLink(atPath: self.folder.appendingPathComponent("f/frame-0000.png").path,
                                                           withDestinationPath: "../s.yaml")
            }),
        ]
        for (label, make) in cases {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("f"))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("f"), withIntermediateDirectories: true)
            try make()
            let before = try listing("f")
            let run = try runTabsnap(["animate", "s.yaml", "-o", "f/"])
            XCTAssertEqual(run.status, 2, label)
            XCTAssertTrue(run.stderr.contains("holds files tabsnap did not write"), "\(label): \(run.stderr)")
            XCTAssertEqual(try listing("f"), before, label)
        }
        // A read-only earlier frame is not ours to replace either.
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("f"))
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "f/"]).status, 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder.appendingPathComponent("f/frame-0001.png").path)
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "f/"]).status, 2)
    }

    func testTheArtifactsFolderIsTabsnapsOwn() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "specs/a.yaml")
        try write("width: 300\nscale: 1\nitems: [C, D]\n", to: "specs/a.diff.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold"], environment: Self.local).status, 0)
        // The goldens folder as the artifacts folder: a.diff.png (a golden) would be a's "stale diff".
        let same = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "gold"], environment: Self.local)
        XCTAssertEqual(same.status, 2)
        XCTAssertTrue(same.stderr.contains("holds the snapshots folder"), same.stderr)
        XCTAssertEqual(try listing("gold"), ["a.diff.png", "a.png"])
        // Inside it (hostile round 134): later runs took its pictures for goldens no spec renders.
        // A hidden folder there is left out of the goldens by every run, and taken.
        let inside = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "gold/x"], environment: Self.local)
        XCTAssertEqual(inside.status, 2)
        XCTAssertTrue(inside.stderr.contains("gold/x: is inside the snapshots folder, where later runs would take its pictures for goldens"), inside.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold/x").path))
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "gold/.failures"], environment: Self.local).status, 0)
        // A folder of the user's: refused, nothing deleted.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        try write("precious", to: "art/a.actual.png")
        try write("notes", to: "art/notes.txt")
        let theirs = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "art"], environment: Self.local)
        XCTAssertEqual(theirs.status, 2)
        XCTAssertEqual(try listing("art"), ["a.actual.png", "notes.txt"])
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("art/a.actual.png"), encoding: .utf8), "precious")
    }

    func testUsageErrorsAreOneLineAndExitTwo() throws {
        for arguments in [["render", "x.yaml", "--bogus"], ["animate", "x.yaml", "-o", "y", "--frames", "3.0"], ["nosuch"], ["diff", "a.png"],
                          ["check", "specs"]] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(try runTabsnap(["render", "--help"]).status, 0)
    }
}
