import Foundation
import Tabsnap
import XCTest

/// Pruning deletes only what is provably a golden tabsnap recorded, and no report replaces a
/// file the specs read (hostile round 7: F1, F2, F4).
extension CLITests {
    private var exampleSpecs: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/specs")
    }

    private func bytes(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// The goldens folder holding the spec folder (`--snapshots .`) held its icons too: --prune
    /// deleted them as orphans. A user's own pictures (no golden mark) went the same way.
    func testPruneTakesNeitherTheSpecsIconsNorUnmarkedPictures() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: exampleSpecs.appendingPathComponent("icons"), to: folder.appendingPathComponent("specs/icons"))
        try FileManager.default.copyItem(at: exampleSpecs.appendingPathComponent("icon-files.yaml"), to: folder.appendingPathComponent("specs/icon-files.yaml"))
        let local = ["CI": "", "TABSNAP_RECORD": ""]
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", ".", "--quiet"], environment: local).status, 0)
        // The user's own pictures, and a golden recorded by tabsnap whose spec is gone.
        try Data(PNGEncoder.encode(RGBAImage(width: 1, height: 1))).write(to: folder.appendingPathComponent("docs-shot.png"))
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: folder.appendingPathComponent("drawing.svg"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("icon-files.png"), to: folder.appendingPathComponent("gone.png"))
        let icons = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("specs/icons").path).sorted()
        let before = try icons.map { try bytes("specs/icons/\($0)") }

        let dry = try runTabsnap(["check", "specs", "--snapshots", ".", "--prune", "--dry-run", "--quiet"], environment: local)
        XCTAssertTrue(dry.stdout.contains("--dry-run: --prune would delete 1 golden: gone.png"), dry.stdout)
        let pruned = try runTabsnap(["check", "specs", "--snapshots", ".", "--prune", "--quiet"], environment: local)
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertTrue(pruned.stdout.contains("pruned: gone.png"), pruned.stdout)
        XCTAssertTrue(pruned.stdout.contains("left alone: 2 files no spec renders carry no tabsnap golden mark (recorded before 0.16.0, or not a golden; "
            + "delete by hand if unwanted): docs-shot.png, drawing.svg"), pruned.stdout)
        XCTAssertFalse(pruned.stdout.contains("icons/"), "the spec's icons are its inputs, never goldens: \(pruned.stdout)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("specs/icons").path).sorted(), icons)
        XCTAssertEqual(try icons.map { try bytes("specs/icons/\($0)") }, before)
        for kept in ["docs-shot.png", "drawing.svg"] { XCTAssertNoThrow(try bytes(kept), kept) }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", ".", "--quiet"], environment: ["CI": "true", "TABSNAP_RECORD": ""]).status, 0)
    }

    /// `check --report icons/chat.png` replaced the icon with HTML, `--json Brand.ttf` a brought
    /// font: a report may not replace anything the specs read.
    func testNoReportReplacesASpecsIconOrFont() throws {
        try FileManager.default.copyItem(at: exampleSpecs.appendingPathComponent("icons"), to: folder.appendingPathComponent("icons"))
        try FileManager.default.copyItem(at: exampleSpecs.appendingPathComponent("icon-files.yaml"), to: folder.appendingPathComponent("icon-files.yaml"))
        let icon = try bytes("icons/chat.png")
        for (option, target) in [("--report", "icons/chat.png"), ("--json", "icons/compass.svg"), ("--junit", "./icons/palette.svg")] {
            let run = try runTabsnap(["check", "icon-files.yaml", "--snapshots", "goldens", option, target], environment: ["CI": "", "TABSNAP_RECORD": ""])
            XCTAssertEqual(run.status, 2, "\(option) \(target)")
            XCTAssertEqual(run.stderr, "error: \(option): \(target) exists and is not a report tabsnap wrote; not replacing it (remove it, or name another file)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path), "nothing written before the refusal")
        }
        XCTAssertEqual(try bytes("icons/chat.png"), icon)
    }

    /// A spec that cannot be read lists no inputs, so its icons were not protected (hostile round
    /// 8, F2): a report now replaces only a report tabsnap wrote, whatever the specs say.
    func testAReportReplacesOnlyAReportEvenWhenASpecCannotBeRead() throws {
        try FileManager.default.copyItem(at: exampleSpecs.appendingPathComponent("icons"), to: folder.appendingPathComponent("icons"))
        try write("preset: tabBar\nwidth: 390\nitems:\n  - {title: A, icon: icons/compass.svg}\n  - {title: B, icon: icons/chat.png}\nbogus: 1\n", to: "bad.yaml")
        let icon = try bytes("icons/chat.png")
        for (option, target) in [("--json", "icons/chat.png"), ("--report", "icons/compass.svg"), ("--junit", "icons/compass-fill.svg")] {
            let run = try runTabsnap(["check", "bad.yaml", "--snapshots", "goldens", option, target], environment: ["CI": "", "TABSNAP_RECORD": ""])
            XCTAssertEqual(run.status, 2)
            XCTAssertEqual(run.stderr, "error: \(option): \(target) exists and is not a report tabsnap wrote; not replacing it (remove it, or name another file)\n")
        }
        XCTAssertEqual(try bytes("icons/chat.png"), icon)
        // Its own reports it replaces, run after run; an empty file holds nothing to lose.
        try write("", to: "empty.html")
        for _ in 0..<2 {
            let run = try runTabsnap(["check", "bad.yaml", "--snapshots", "goldens", "--json", "r.json", "--report", "empty.html", "--junit", "r.xml"],
                                     environment: ["CI": "", "TABSNAP_RECORD": ""])
            XCTAssertEqual(run.status, 2, "the spec's error")
            XCTAssertFalse(run.stderr.contains("not replacing"), run.stderr)
        }
        XCTAssertEqual(try runTabsnap(["report", "merge", "r.json", "--report", "icons/chat.png"]).stderr,
                       "error: --report: icons/chat.png exists and is not a report tabsnap wrote; not replacing it (remove it, or name another file)\n")
    }

    /// A `.tabsnap` that is a link (to the spec folder) or a record that is a link: the record is
    /// not written through it (hostile round 8, F5).
    func testTheLastRunRecordIsNeverWrittenThroughALink() throws {
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "bar.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".tabsnap").path, withDestinationPath: "elsewhere")
        let linkedFolder = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--artifacts", "failures"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(linkedFolder.status, 0, linkedFolder.stderr)
        XCTAssertTrue(linkedFolder.stderr.contains("warning: failures are not remembered for --last-failed: .tabsnap: is not a folder of its own"), linkedFolder.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("elsewhere").path), [])
        try FileManager.default.removeItem(at: folder.appendingPathComponent(".tabsnap"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".tabsnap"), withIntermediateDirectories: true)
        try write("mine\n", to: "notes.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(".tabsnap/last-run.json").path, withDestinationPath: "../notes.txt")
        let linkedFile = try runTabsnap(["check", "bar.yaml", "--snapshots", "goldens", "--artifacts", "failures"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertTrue(linkedFile.stderr.contains(".tabsnap/last-run.json: is a symbolic link; tabsnap keeps its record only in a file of its own"), linkedFile.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8), "mine\n")
    }
}
