import Foundation
import XCTest

/// Hostile round 128: `check --record all` (and `--accept-name`, and the preview's Copy as
/// golden, through the same staged write) renamed its golden over another user's file this user
/// could not write, in a folder this user may write: root's golden became this user's. `-o` and
/// `--prune` refused such a file; now every staged write does (`OutputTarget.Protection`).
extension CLITests {
    func testRecordingNeverTakesOverAnotherUsersGolden() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        for path in ["specs", "snaps"] { try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true) }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "snaps", "--record", "missing"]).status, 0)
        let roots = try Data(contentsOf: folder.appendingPathComponent("snaps/a.png"))
        try write("preset: tabBar\nwidth: 220\nitems: [A, B]\n", to: "specs/a.yaml")
        // Everything nobody's to write but root's golden (0644, root's).
        for path in ["", "specs", "snaps", "specs/a.yaml"] { chmod(folder.appendingPathComponent(path).path, 0o777) }
        chmod(folder.appendingPathComponent("snaps/a.png").path, 0o644)
        let nobody = ["--reuid=65534", "--regid=65534", "--clear-groups", Bundle.main.bundleURL.appendingPathComponent("tabsnap").path]
        for extra in [["--record", "all"], ["--accept-name", "a.png"]] {
            let run = try runTabsnap(["check", "specs", "--snapshots", "snaps", ] + extra, program: "/usr/bin/setpriv", prefix: nobody)
            let said = run.stdout + run.stderr
            XCTAssertEqual(run.status, 2, said)
            XCTAssertTrue(said.contains("is not writable by you; not replacing it"), said)
            var info = stat()
            XCTAssertEqual(lstat(folder.appendingPathComponent("snaps/a.png").path, &info), 0)
            XCTAssertEqual(info.st_uid, 0, "still root's")
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("snaps/a.png")), roots)
        }
    }
}

/// Hostile round 129: a passing check removed its earlier artifacts by their bytes alone — root's
/// read-only copies of them too, which replacing refuses — and the stale-temporary sweep removed
/// another user's file by its name. Removal follows the rule of replacement now.
extension CLITests {
    func testAPassingCheckKeepsAnArtifactItMayNotRemove() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 1)
        // Made read-only by its owner, the same bytes: kept when the check passes; the others go.
        XCTAssertEqual(chmod(folder.appendingPathComponent("failures/bar.diff.png").path, 0o444), 0)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("failures").path).sorted(), [".tabsnap-written", "bar.diff.png"])
    }

}

