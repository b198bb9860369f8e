import Foundation
import XCTest

/// Hostile round 146: a folder of goldens that cannot be listed.
extension CLITests {
    /// F1: a folder inside the goldens folder that its user could not list hid its orphans: the
    /// orphans listed, `--prune --dry-run` and `--prune` looked complete, exit 0. It is named now
    /// among the folders not looked into. Run as nobody (root lists every folder).
    func testAGoldensFolderThatCannotBeListedIsNamed() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        for path in ["specs/ok", "specs/locked"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/t.yaml")
        try write("preset: tabBar\nwidth: 220\nitems: [A, B]\n", to: "specs/ok/orphan.yaml")
        try write("preset: tabBar\nwidth: 240\nitems: [A, B]\n", to: "specs/locked/hidden.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "snaps", "--record", "missing"]).status, 0)
        for spec in ["specs/ok", "specs/locked"] { try FileManager.default.removeItem(at: folder.appendingPathComponent(spec)) }
        // (Everything nobody's, the folder holding one orphan shut to it.)
        let owned = Process()
        owned.executableURL = URL(fileURLWithPath: "/bin/chown")
        owned.arguments = ["-R", "65534:65534", folder.path]
        try owned.run()
        owned.waitUntilExit()
        XCTAssertEqual(owned.terminationStatus, 0)
        chmod(folder.appendingPathComponent("snaps/locked").path, 0)
        defer { chmod(folder.appendingPathComponent("snaps/locked").path, 0o755) }
        let nobody = try asNobody()
        for arguments in [[], ["--prune", "--dry-run"], ["--prune"]] {
            let run = try runTabsnap(["check", "specs", "--snapshots", "snaps"] + arguments, program: "/usr/bin/setpriv", prefix: nobody)
            let said = run.stdout + run.stderr
            XCTAssertTrue(said.contains("left alone: 1 folder inside the goldens folder not looked into: one that cannot be listed"), "\(arguments): " + said)
            XCTAssertTrue(said.contains("or pruned): locked"), "\(arguments): " + said)
        }
        XCTAssertFalse(exists("snaps/ok/orphan.png"), "the orphan it could see is pruned")
        chmod(folder.appendingPathComponent("snaps/locked").path, 0o755)
        XCTAssertTrue(exists("snaps/locked/hidden.png"), "the one it could not see stays")
    }
}
