import Foundation
import XCTest

/// Hostile rounds 140 and 141 (files): `--prune` walked into a folder mounted inside the goldens
/// folder (a bind mount of another project's goldens) and deleted that project's goldens as
/// orphans, where the same folder reached through a link was left alone; and a gallery failing in
/// an existing empty folder left the ledger it began there, naming files no longer there.
extension CLITests {
    func testPruneLeavesWhatIsMountedInsideTheGoldensFolder() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else {
            throw XCTSkip("makes a bind mount: needs root (CI runs as root)")
        }
        for project in ["a", "b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("\(project)/specs"), withIntermediateDirectories: true)
        }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "a/specs/a.yaml")
        try write("preset: tabBar\nwidth: 220\nitems: [A, B]\n", to: "b/specs/b.yaml")
        XCTAssertEqual(try runTabsnap(["check", folder.appendingPathComponent("b/specs").path, "--snapshots", folder.appendingPathComponent("b/gold").path,
                                       "--record", "missing"]).status, 0)
        XCTAssertEqual(try runTabsnap(["check", folder.appendingPathComponent("a/specs").path, "--snapshots", folder.appendingPathComponent("a/gold").path,
                                       "--record", "missing"]).status, 0)
        let mounted = folder.appendingPathComponent("a/gold/mounted")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
        guard try runTabsnap(["--bind", folder.appendingPathComponent("b/gold").path, mounted.path], program: "/usr/bin/mount").status == 0 else {
            throw XCTSkip("the system refused the bind mount")
        }
        defer { _ = try? runTabsnap([mounted.path], program: "/usr/bin/umount") }
        let run = try runTabsnap(["check", folder.appendingPathComponent("a/specs").path, "--snapshots", folder.appendingPathComponent("a/gold").path, "--prune"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertFalse((run.stdout + run.stderr).contains("pruned"), run.stdout + run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("b/gold/b.png").path), "the other project's golden is kept")
    }

    func testAGalleryFailingInAnEmptyFolderLeavesNoLedger() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("gal"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 120\nitems: [A, B]\ntransition: {steps: [{to: 1, duration: 2000}]}\n", to: "specs/b.yaml")
        let limited = try runTabsnap(["gallery", "specs", "-o", "gal"], program: "/bin/sh",
                                     prefix: ["-c", "ulimit -f 8; exec \"$0\" \"$@\"", Bundle.main.bundleURL.appendingPathComponent("tabsnap").path])
        XCTAssertEqual(limited.status, 2, limited.stdout + limited.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gal").path), [], "the folder is as it was: empty")
    }
}
