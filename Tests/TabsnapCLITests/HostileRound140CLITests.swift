import Foundation
import XCTest

/// Hostile round 140 (files): `--prune` walked into a folder mounted inside the goldens folder
/// (a bind mount of another project's goldens) and deleted that project's goldens as orphans;
/// the same folder reached through a link was left alone.
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
}
