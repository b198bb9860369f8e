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
            let run = try runTabsnap(["check", "icon-files.yaml", "--snapshots", "goldens", option, target])
            XCTAssertEqual(run.status, 2, "\(option) \(target)")
            XCTAssertEqual(run.stderr, "error: \(option): \(target) is one of the command's inputs; not replacing it\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path), "nothing written before the refusal")
        }
        XCTAssertEqual(try bytes("icons/chat.png"), icon)
    }
}
