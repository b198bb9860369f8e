import Foundation
import Tabsnap
import XCTest

/// Hostile rounds 46 to 49's findings that live on the command line.
extension CLITests {
    /// M5: a golden whose name is not valid UTF-8 was neither listed as an orphan nor named:
    /// Foundation's listing skipped it. A check of the specs' folder now names it (exit 2);
    /// `--prune` leaves it, saying so; a check of one spec leaves a name that is not its own.
    func testAGoldenWhoseNameIsNotUTF8IsNamedNotSkipped() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"]).status, 0)
        let golden = try Data(contentsOf: folder.appendingPathComponent("gold/bar.png"))
        // A link beside the goldens is no golden (nor an orphan), as before the listing changed;
        // --prune says it leaves it (round 50).
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gold/latest.png").path, withDestinationPath: "bar.png")
        let linked = try runTabsnap(["check", "specs", "--snapshots", "gold", "--prune"])
        XCTAssertEqual(linked.status, 0, linked.stdout + linked.stderr)
        XCTAssertEqual((linked.stdout + linked.stderr).components(separatedBy: "latest").count, 2, linked.stdout + linked.stderr)
        XCTAssertTrue(linked.stdout.contains("left alone: 1 entry named as goldens but no files of their own (never read as goldens, never pruned): latest.png is a symbolic link\n"),
                      linked.stdout)
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("gold/latest.png").path))
        // bar.<0xFF>.png, made through the raw path (Foundation cannot name it).
        let raw = folder.appendingPathComponent("gold").path + "/bar.\u{1}.png"
        var bytes = Array(raw.utf8)
        bytes[bytes.count - 5] = 0xFF
        let descriptor = bytes.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { pointer -> Int32 in
            var name = Array(pointer) + [0]
            return open(&name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        _ = golden.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        for extra in [[], ["--prune"]] {
            let run = try runTabsnap(["check", "specs", "--snapshots", "gold"] + extra)
            XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
            XCTAssertTrue((run.stdout + run.stderr).contains("gold/bar.\\xFF.png: a golden's name that is not valid UTF-8, so no spec renders it"),
                          run.stdout + run.stderr)
        }
        XCTAssertEqual(bytes.map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { pointer -> Int32 in
            var name = Array(pointer) + [0]
            return access(&name, F_OK)
        }, 0, "--prune left it")
        let one = try runTabsnap(["check", "specs/bar.yaml", "--snapshots", "gold"])
        XCTAssertEqual(one.status, 0, "not a name bar.yaml gives: \(one.stdout + one.stderr)")
        // A folder of such a name is not entered: said, not skipped.
        let rawFolder = Array((folder.appendingPathComponent("gold").path + "/old").utf8) + [0xFF]
        XCTAssertEqual((rawFolder + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { mkdir($0.baseAddress!, 0o755) }, 0)
        let inFolder = try runTabsnap(["check", "specs", "--snapshots", "gold"])
        XCTAssertEqual(inFolder.status, 2)
        XCTAssertTrue((inFolder.stdout + inFolder.stderr).contains("gold/old\\xFF/: a folder's name that is not valid UTF-8"), inFolder.stdout + inFolder.stderr)
    }

    /// Round 47 M2: `check --lint` said "lint: 0 errors, 0 warnings" and exited 2 over a spec
    /// lint could not draw; it now counts it as `lint` does ("1 unreadable").
    func testCheckLintCountsASpecItCouldNotDraw() throws {
        try write("width: 390\nscale: 1\nitems: [Home, \"Egy \u{13000}\"]\n", to: "s.yaml")
        let check = try runTabsnap(["check", "s.yaml", "--snapshots", "gold", "--record", "missing", "--lint"])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue((check.stdout + check.stderr).contains("lint: 0 errors, 0 warnings, 1 unreadable"), check.stdout + check.stderr)
        let lint = try runTabsnap(["lint", "s.yaml"])
        XCTAssertTrue(lint.stderr.contains("tabsnap lint: 1 spec, 0 errors, 0 warnings, 1 unreadable"), lint.stderr)
    }

    /// Found by this stop's review: `--allow` had no bound, so `check --allow 10^14` wrote a report
    /// that `report merge` (which range-checks what it reads) refused. Bounded as a spec's allow.
    func testAllowIsBoundedAsASpecsAllow() throws {
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["render", "bar.yaml", "-o", "a.png"]).status, 0)
        let run = try runTabsnap(["diff", "a.png", "a.png", "--allow", "100000000000000"])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("--allow: 100000000000000 is out of range; expected 0 to 16777216 pixels"), run.stderr)
        XCTAssertEqual(try runTabsnap(["diff", "a.png", "a.png", "--allow", "16777216"]).status, 0)
    }

    /// Round 48 M1: a name that is not UTF-8 in a folder Tabsnap would write into was named with
    /// U+FFFD ("n\xEF\xBF\xBD.txt"), so two such names read the same; it is escaped as elsewhere.
    func testAFolderHoldingANameThatIsNotUTF8NamesItEscaped() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\ntransition: {from: 0, to: 1, frames: 3}\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "fr/"]).status, 0)
        var raw = Array(folder.appendingPathComponent("fr").path.utf8) + Array("/n".utf8) + [0xFF] + Array(".txt".utf8)
        raw.append(0)
        let made = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(made, 0)
        close(made)
        let run = try runTabsnap(["animate", "s.yaml", "-o", "fr/"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("holds files tabsnap did not write (n\\xFF.txt)"), run.stderr)
    }

    /// Found by this stop's second review: reports read back refused a control character in a
    /// golden's name, which a check writes for a spec named `line\nbreak.yaml`: `report merge`
    /// refused the run's own report, and a second `check --json` would not replace it.
    func testAReportOfGoldensNamedWithControlCharactersReadsBack() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "specs/line\nbreak.yaml")
        for _ in 0..<2 {
            let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing", "--json", "r.json"])
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        }
        let merge = try runTabsnap(["report", "merge", "r.json", "--json", "m.json"])
        XCTAssertEqual(merge.status, 0, merge.stderr)
    }

    /// Round 49 S2: an earlier run's frames.json was read up to 64 MB, and Foundation's JSON
    /// reader takes about 75 times that (a crafted 32 MB one: 2.4 GB). A manifest over 4 MB (one
    /// of 10 000 frames is under 2 MB) is no manifest of ours: the folder is refused, unread.
    func testAnOversizedFrameManifestIsNotReadAsOurs() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\ntransition: {from: 0, to: 1, frames: 3}\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "fr/"]).status, 0)
        let manifest = folder.appendingPathComponent("fr/frames.json")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        // Still a manifest listing the real frames with their hashes, padded past the bound.
        text = text.replacingOccurrences(of: "\"frames\": [", with: "\"frames\": [" + String(repeating: " ", count: 4_100_000))
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let run = try runTabsnap(["animate", "s.yaml", "-o", "fr/"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("holds files tabsnap did not write"), run.stderr)
    }

    /// Round 49 S1: a check of a folder passed over a spec's name on something that is no file
    /// (a link to a moved file, a loop of links, a FIFO) without a word, and `--prune` deleted
    /// its goldens. Each is an error naming it; nothing is pruned.
    func testASpecNameOnSomethingThatIsNoFileIsAnErrorAndItsGoldensStay() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        for name in ["a", "b", "c", "d"] { try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "missing"]).status, 0)
        let specs = folder.appendingPathComponent("specs")
        let cases: [(String, () throws -> Void, String)] = [
            ("b", { try FileManager.default.removeItem(at: specs.appendingPathComponent("b.yaml"))
                    try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("b.yaml").path, withDestinationPath: "../moved/b.yaml") },
             "specs/b.yaml: is a symbolic link to nothing (its target is missing); give a regular file"),
            ("c", { try FileManager.default.removeItem(at: specs.appendingPathComponent("c.yaml"))
                    XCTAssertEqual(mkfifo(specs.appendingPathComponent("c.yaml").path, 0o644), 0) },
             "specs/c.yaml: is a FIFO (a named pipe); give a regular file"),
            ("d", { try FileManager.default.removeItem(at: specs.appendingPathComponent("d.yaml"))
                    try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("d.yaml").path, withDestinationPath: "e.yaml")
                    try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("e.yaml").path, withDestinationPath: "d.yaml") },
             "specs/d.yaml: is a loop of symbolic links; give a regular file"),
        ]
        for (name, make, said) in cases {
            try make()
            let run = try runTabsnap(["check", "specs", "--snapshots", "g", "--prune"])
            XCTAssertEqual(run.status, 2, "\(name): \(run.stdout + run.stderr)")
            XCTAssertTrue((run.stdout + run.stderr).contains(said), run.stdout + run.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("g/\(name).png").path), "\(name).png kept")
            // Given by name: said as what it is, not "no such file".
            if name != "c" {
                let alone = try runTabsnap(["check", "specs/\(name).yaml", "--snapshots", "g"])
                XCTAssertEqual(alone.status, 2)
                XCTAssertTrue(alone.stderr.contains("specs/\(name).yaml: is a "), alone.stderr)
            }
            try FileManager.default.removeItem(at: specs.appendingPathComponent("\(name).yaml"))
            try? FileManager.default.removeItem(at: specs.appendingPathComponent("e.yaml"))
            try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml")
        }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--prune"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("g").path).sorted(),
                       ["a.png", "b.png", "c.png", "d.png"])
    }

    /// Round 50: a spec's name on a folder (or a link to one) was searched as a folder, said
    /// nothing, and `--prune` deleted its goldens; and a check or lint finding no spec at all
    /// passed with "0 goldens".
    func testASpecNameOnAFolderIsAnErrorAndNoSpecsIsOne() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        for name in ["a", "b"] { try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "missing"]).status, 0)
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.removeItem(at: specs.appendingPathComponent("a.yaml"))
        try FileManager.default.createDirectory(at: specs.appendingPathComponent("a.yaml"), withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: specs.appendingPathComponent("b.yaml"))
        try FileManager.default.createSymbolicLink(atPath: specs.appendingPathComponent("b.yaml").path, withDestinationPath: ".")
        let run = try runTabsnap(["check", "specs", "--snapshots", "g", "--prune"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("specs/a.yaml: is a folder; a spec is a file"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("g").path).sorted(), ["a.png", "b.png"])
        try FileManager.default.removeItem(at: specs.appendingPathComponent("a.yaml"))
        let linked = try runTabsnap(["check", "specs", "--snapshots", "g", "--prune"])
        XCTAssertEqual(linked.status, 2)
        XCTAssertTrue(linked.stderr.contains("specs/b.yaml: is a symbolic link to a folder; give a regular file"), linked.stderr)
        try FileManager.default.removeItem(at: specs.appendingPathComponent("b.yaml"))
        for command in [["check", "specs", "--snapshots", "g"], ["lint", "specs"]] {
            let none = try runTabsnap(command)
            XCTAssertEqual(none.status, 2, "\(command)")
            XCTAssertTrue(none.stderr.contains("no spec (.yaml, .yml, .json) found in specs"), none.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("g").path).sorted(), ["a.png", "b.png"])
    }

    /// Round 50 (minor): the last-run record was read on every check up to 32 MB, at about 26
    /// times its size. Over 4 MB it is not read (a warning; `--last-failed` says why) and never
    /// replaced.
    func testAnOversizedLastRunRecordIsNotRead() throws {
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "bar.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".tabsnap"), withIntermediateDirectories: true)
        let names = (0..<350_000).map { "\"n\($0).png\"" }.joined(separator: ",")
        try write("{\"format\": \"tabsnap-last-run/1\", \"failed\": {\"x\": [\(names)]}}", to: ".tabsnap/last-run.json")
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(".tabsnap/last-run.json").path)[.size] as? Int ?? 0
        XCTAssertGreaterThan(size, 4 << 20)
        let run = try runTabsnap(["check", "bar.yaml", "--snapshots", "g", "--record", "missing"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("warning: failures are not remembered for --last-failed: .tabsnap/last-run.json:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("over the 4 MB limit"), run.stderr)
        let again = try runTabsnap(["check", "bar.yaml", "--snapshots", "g", "--last-failed"])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("--last-failed: .tabsnap/last-run.json:"), again.stderr)
        let after = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(".tabsnap/last-run.json").path)[.size] as? Int ?? 0
        XCTAssertEqual(after, size, "left as it was")
    }
}
