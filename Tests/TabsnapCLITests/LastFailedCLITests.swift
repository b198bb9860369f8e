import Foundation
import Tabsnap
import XCTest

/// `tabsnap check --last-failed`, and the `.tabsnap` folder it keeps its record in.
extension CLITests {
    func testLastFailedChecksAgainOnlyWhatFailedAndTheStateFolderIgnoresItself() throws {
        let ci = ["CI": "true", "TABSNAP_RECORD": ""]
        let spec = "width: 300\nscale: 1\nitems: [Home, Search, Profile]\nsnapshots: {positions: [0, 1, 2]}\n"
        try write(spec, to: "bar.yaml")
        try write(spec, to: "other.yaml")
        XCTAssertEqual(try runTabsnap(["check", ".", "--snapshots", "goldens"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        let ignore = try String(contentsOf: folder.appendingPathComponent(".tabsnap/.gitignore"), encoding: .utf8)
        XCTAssertTrue(ignore.hasSuffix("\n*\n"), "the state folder keeps itself out of git: \(ignore)")
        // Nothing failed: --last-failed checks everything, and says so.
        let all = try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed", "--quiet"], environment: ci)
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(all.stderr, "tabsnap check: no golden failed when last checked here; checking them all\n")
        XCTAssertTrue(all.stdout.hasPrefix("tabsnap check: 6 goldens, 6 passed"), all.stdout)

        try write(spec + "button: {selectedTint: \"#FF3B30\"}\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", ".", "--snapshots", "goldens", "--quiet"], environment: ci).status, 1)
        let again = try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed", "--quiet"], environment: ci)
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stdout.hasPrefix("tabsnap check: 3 goldens, 3 failed"), again.stdout)
        // Accepting one, and a --filter run over the others, update only what they checked.
        XCTAssertEqual(try runTabsnap(["check", ".", "--snapshots", "goldens", "--accept", "bar.p1.png"], environment: ci).status, 0)
        XCTAssertEqual(try runTabsnap(["check", ".", "--snapshots", "goldens", "--filter", "other", "--quiet"], environment: ci).status, 0)
        let left = try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed", "--quiet"], environment: ci)
        XCTAssertTrue(left.stdout.hasPrefix("tabsnap check: 2 goldens, 2 failed"), left.stdout)
        // A golden that failed and is no longer rendered is simply not checked.
        try write("width: 300\nscale: 1\nitems: [Home, Search, Profile]\nsnapshots: {positions: [0]}\nbutton: {selectedTint: \"#FF3B30\"}\n", to: "bar.yaml")
        let gone = try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed", "--quiet"], environment: ci)
        XCTAssertTrue(gone.stdout.hasPrefix("tabsnap check: 1 golden, 1 failed"), gone.stdout + gone.stderr)
        // When every golden that failed is gone, the whole suite is checked (round 15: "0 goldens",
        // exit 0, while other goldens failed).
        try write(spec + "button: {selectedTint: \"#FF3B30\"}\n", to: "other.yaml")
        XCTAssertEqual(try runTabsnap(["check", ".", "--snapshots", "goldens", "--quiet", "--filter", "bar.p0"], environment: ci).status, 1)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("bar.yaml"))
        let vanished = try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed", "--quiet"], environment: ci)
        XCTAssertEqual(vanished.status, 1, vanished.stdout + vanished.stderr)
        XCTAssertTrue(vanished.stderr.contains("none of the goldens that failed when last checked here is in the suite now; checking them all"), vanished.stderr)
        XCTAssertTrue(vanished.stdout.hasPrefix("tabsnap check: 3 goldens, 3 failed"), vanished.stdout)
        try write("width: 300\nscale: 1\nitems: [Home, Search, Profile]\nsnapshots: {positions: [0]}\nbutton: {selectedTint: \"#FF3B30\"}\n", to: "bar.yaml")
        try write(spec, to: "other.yaml")

        XCTAssertEqual(try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed", "--filter", "bar"]).stderr,
                       "error: --last-failed chooses the goldens itself; leave out --filter (see tabsnap --help)\n")
        // A record Tabsnap did not write is never replaced; --last-failed says what is wrong.
        try write("my notes\n", to: ".tabsnap/last-run.json")
        let foreign = try runTabsnap(["check", ".", "--snapshots", "goldens", "--last-failed"], environment: ci)
        XCTAssertEqual(foreign.status, 2)
        XCTAssertEqual(foreign.stderr, "error: --last-failed: .tabsnap/last-run.json: is not the record of failures tabsnap writes (tabsnap-last-run/1); remove it to use --last-failed\n")
        let plain = try runTabsnap(["check", ".", "--snapshots", "goldens", "--quiet"], environment: ci)
        XCTAssertTrue(plain.stderr.contains("warning: failures are not remembered for --last-failed"), plain.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent(".tabsnap/last-run.json"), encoding: .utf8), "my notes\n")
    }

    /// The first check in a folder that fails makes `.tabsnap/` for its failure pictures: it gets
    /// its `.gitignore` then too (hostile round 9, F2). A `.tabsnap` that is a link is refused as
    /// the artifacts' home, not written through (F4).
    func testTheStateFolderIsMadeWithItsGitignoreByWhicheverWriteComesFirst() throws {
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "bar.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        let first = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--quiet"], environment: ["CI": "true", "TABSNAP_RECORD": ""])
        XCTAssertEqual(first.status, 1, "missing under CI")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".tabsnap/failures/bar.actual.png").path))
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent(".tabsnap/.gitignore"), encoding: .utf8).hasSuffix("\n*\n"))

        // A report put there makes it whole too (hostile round 10, F2), from check or a merge.
        for (index, command) in [["check", "bar.yaml", "--snapshots", "goldens", "--artifacts", "art", "--json", ".tabsnap/r.json", "--quiet"],
                                 ["report", "merge", "kept.json", "--report", ".tabsnap/merged.html"]].enumerated() {
            if index == 1 { try FileManager.default.moveItem(at: folder.appendingPathComponent(".tabsnap/r.json"), to: folder.appendingPathComponent("kept.json")) }
            try FileManager.default.removeItem(at: folder.appendingPathComponent(".tabsnap"))
            _ = try runTabsnap(command, environment: ["CI": "true", "TABSNAP_RECORD": ""])
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".tabsnap/.gitignore").path), command.joined(separator: " "))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".tabsnap/merged.html").path))

        try FileManager.default.removeItem(at: folder.appendingPathComponent(".tabsnap"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".tabsnap").path, withDestinationPath: "goldens")
        let linked = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens"], environment: ["CI": "true", "TABSNAP_RECORD": ""])
        XCTAssertEqual(linked.status, 2)
        XCTAssertEqual(linked.stderr, "error: .tabsnap: is not a folder of its own (a link, or a file); tabsnap keeps its state only in a real folder\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("goldens").path), [])
    }
}
