import Foundation
import XCTest

/// Hostile round 138 (files): folders were compared by path with links resolved only where they
/// existed, so goldens named through a link to a folder not made yet were recorded inside the
/// artifacts folder (and then deleted as artifacts), and reports went into the goldens or spec
/// folder through a bind mount; and root's `--prune` deleted a third user's golden.
extension CLITests {
    func testFoldersAreComparedWhereverTheirPathsLead() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("g"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        // The user's own links, to folders whose insides are not made yet.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("artl").path, withDestinationPath: "art")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gl").path, withDestinationPath: "g")
        for (arguments, says) in [(["check", "specs", "--snapshots", "artl/g", "--artifacts", "art", "--record", "missing"], "art: holds the snapshots folder"),
                                  (["check", "specs", "--snapshots", "g", "--artifacts", "gl/sub"], "gl/sub: is inside the snapshots folder"),
                                  (["check", "specs", "--snapshots", "g", "--artifacts", "/proc/self/cwd/g/sub"], "is inside the snapshots folder")] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)\(run.stderr)")
            XCTAssertTrue(run.stderr.contains(says), "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("art").path), [])
        // A second path to the folder (a bind mount), where the system lets this run make one.
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else { return }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("view"), withIntermediateDirectories: true)
        guard try runTabsnap(["--bind", folder.path, folder.appendingPathComponent("view").path], program: "/usr/bin/mount").status == 0 else { return }
        defer { _ = try? runTabsnap([folder.appendingPathComponent("view").path], program: "/usr/bin/umount") }
        for (arguments, says) in [(["check", "specs", "--snapshots", "g", "--record", "missing", "--json", "view/specs/r.json"], "would be read as a spec by the next run"),
                                  (["check", "specs", "--snapshots", "g", "--report", "view/g/r.html"], "is inside the goldens folder"),
                                  (["check", "specs", "--snapshots", "view/g", "--artifacts", "g/sub"], "is inside the snapshots folder")] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stdout)\(run.stderr)")
            XCTAssertTrue(run.stderr.contains(says), "\(arguments): \(run.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("specs/r.json").path))
    }

    func testRootPrunesNoThirdUsersGolden() throws {
        guard geteuid() == 0 else { throw XCTSkip("plants another user's golden: needs root (CI runs as root)") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/t.yaml")
        try write("preset: tabBar\nwidth: 220\nitems: [A, B]\n", to: "specs/old.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs/sub"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 240\nitems: [A, B]\n", to: "specs/sub/old2.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "missing"]).status, 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("specs/old.yaml"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("specs/sub"))
        // The goldens folder is 65534's (777); the orphan a third user's (12345).
        let goldens = folder.appendingPathComponent("g")
        XCTAssertEqual(chown(goldens.path, 65534, 65534), 0)
        XCTAssertEqual(chmod(goldens.path, 0o777), 0)
        XCTAssertEqual(chown(goldens.appendingPathComponent("old.png").path, 12345, 12345), 0)
        // And one in a subfolder that third user owns: the goldens folder's owner is what counts.
        XCTAssertEqual(chown(goldens.appendingPathComponent("sub").path, 12345, 12345), 0)
        XCTAssertEqual(chown(goldens.appendingPathComponent("sub/old2.png").path, 12345, 12345), 0)
        let run = try runTabsnap(["check", "specs", "--snapshots", "g", "--prune"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stdout.contains("old.png: belongs to another user; not removing it") || run.stderr.contains("old.png: belongs to another user; not removing it"),
                      run.stdout + run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("old.png").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("sub/old2.png").path))
        // (Round 145: the orphans it left were said to be what "--prune removes".)
        XCTAssertTrue(run.stdout.contains("2 orphaned goldens (no checked spec renders them; left by --prune: "), run.stdout)
        // The folder owner's orphans go, as root's own would.
        XCTAssertEqual(chown(goldens.appendingPathComponent("old.png").path, 65534, 65534), 0)
        XCTAssertEqual(chown(goldens.appendingPathComponent("sub/old2.png").path, 65534, 65534), 0)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--prune"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("old.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("sub/old2.png").path))
    }
}
