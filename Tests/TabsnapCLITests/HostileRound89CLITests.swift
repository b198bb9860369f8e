import Foundation
import XCTest

/// Hostile round 89: a working folder whose path is too long, standard output reached another
/// way (a bind mount, a folder this user may not search), and a link to a folder of specs behind
/// another link.
extension CLITests {
    /// Runs `script` with bash in the test's folder, tabsnap as `$T`; its status and what it said.
    func bash(_ script: String) throws -> (status: Int32, said: String) {
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let (process, errors) = try runProcess("/bin/bash", ["-c", "T='\(binary)'; " + script + " 2>&1"], output: nil)
        _ = errors
        let said = (try? String(contentsOf: folder.appendingPathComponent("said.txt"), encoding: .utf8)) ?? ""
        return (process.terminationStatus, said)
    }

    /// F1: from a working folder whose path is past PATH_MAX, Foundation resolved relative paths
    /// against `/`: `check` recorded its golden over a user's `/s.png`, `gallery` filled `/gal`.
    /// Refused before anything is read or written.
    func testAWorkingFolderWhosePathIsTooLongIsRefused() throws {
        let name = String(repeating: "d", count: 200)
        let run = try bash("for i in $(seq 22); do mkdir -p \(name); cd \(name); done; mkdir specs; "
                           + "printf 'width: 200\\nitems: [A, B]\\n' > specs/s.yaml; "
                           + "\"$T\" render specs/s.yaml -o s.png > \"\(folder.path)/said.txt\" 2>&1; echo \"rc=$?\" >> \"\(folder.path)/said.txt\"; "
                           + "ls >> \"\(folder.path)/said.txt\"; cd \"\(folder.path)\" && rm -rf \(name)")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.said.contains("error: the working folder's path cannot be used ("), run.said)
        XCTAssertTrue(run.said.contains("rc=2"), run.said)
        XCTAssertFalse(run.said.contains("s.png"), "nothing written: " + run.said)
    }

    /// F2: standard output reached through a bind mount of the goldens folder has another path
    /// and one name, so neither the path nor a walk found it: the report was appended to a golden.
    /// A folder on its path that is the goldens folder (same device and inode) says so. Needs
    /// mount(8) rights (root outside a locked-down container).
    func testStandardOutputThroughABindMountOfTheGoldensIsFound() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mounted"), withIntermediateDirectories: true)
        try write("width: 200\nitems: [A, B]\n", to: "specs/s.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--record", "missing"]).status, 0)
        let (mount, _) = try runProcess("/bin/mount", ["--bind", folder.appendingPathComponent("goldens").path, folder.appendingPathComponent("mounted").path])
        guard mount.terminationStatus == 0 else { throw XCTSkip("cannot bind-mount here (no rights)") }
        defer { _ = try? runProcess("/bin/umount", [folder.appendingPathComponent("mounted").path]) }
        let before = try Data(contentsOf: folder.appendingPathComponent("goldens/s.png"))
        let run = try bash("\"$T\" check specs --snapshots goldens --json - >> mounted/s.png 2> said.txt; echo \"rc=$?\" >> said.txt")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.said.contains("s.png is inside the goldens folder goldens"), run.said)
        XCTAssertTrue(run.said.contains("rc=2"), run.said)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("goldens/s.png")), before, "the golden is untouched")
        // Round 90: the golden file itself mounted at another name (`log`): no folder on the path
        // is the goldens folder, and it has one name — found by its inode as a mount point.
        try write("", to: "log")
        let (fileMount, _) = try runProcess("/bin/mount", ["--bind", folder.appendingPathComponent("goldens/s.png").path, folder.appendingPathComponent("log").path])
        XCTAssertEqual(fileMount.terminationStatus, 0)
        defer { _ = try? runProcess("/bin/umount", [folder.appendingPathComponent("log").path]) }
        for arguments in ["--json -", ""] {
            let again = try bash("\"$T\" check specs --snapshots goldens \(arguments) >> log 2> said.txt; echo \"rc=$?\" >> said.txt")
            XCTAssertTrue(again.said.contains("s.png is inside the goldens folder goldens") && again.said.contains("rc=2"), again.said)
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("goldens/s.png")), before, "the golden is untouched")
        // And the other way: the log mounted over the golden (`mount --bind log goldens/s.png`),
        // written by its own name — a mount point inside the goldens folder.
        _ = try runProcess("/bin/umount", [folder.appendingPathComponent("log").path])
        try write("", to: "log")
        let (overMount, _) = try runProcess("/bin/mount", ["--bind", folder.appendingPathComponent("log").path, folder.appendingPathComponent("goldens/s.png").path])
        XCTAssertEqual(overMount.terminationStatus, 0)
        defer { _ = try? runProcess("/bin/umount", [folder.appendingPathComponent("goldens/s.png").path]) }
        let over = try bash("\"$T\" check specs --snapshots goldens --json - >> log 2> said.txt; echo \"rc=$?\" >> said.txt")
        XCTAssertTrue(over.said.contains("s.png is inside the goldens folder goldens") && over.said.contains("rc=2"), over.said)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("log")).count, 0, "nothing written through the mount")
    }

    /// Round 90 F3: a linked icon folder of 2 100 files was taken for a folder of specs (the walk
    /// stopped at 2 000 names and said so): looked through now, it is no error.
    func testALinkToALargeFolderOfIconsIsNoError() throws {
        for path in ["specs", "shared-icons"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        let icon = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"><rect width=\"4\" height=\"4\"/></svg>".utf8)
        for index in 0..<2_100 { try icon.write(to: folder.appendingPathComponent("shared-icons/ic\(index).svg")) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("specs/icons").path, withDestinationPath: "../shared-icons")
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: icons/ic1.svg}, B]\n", to: "specs/s.yaml")
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--allow-outside-icons", "--record", "missing"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
    }

    /// F4: as another user, standard output in a folder that user may not search (a CI's log,
    /// opened by root) was refused as "a file of several names" — it has one. It is read where
    /// the kernel keeps it, not resolved again.
    func testStandardOutputInAFolderThisUserMayNotSearchIsFine() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        for path in ["specs", "private"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try write("width: 200\nitems: [A, B]\n", to: "specs/s.yaml")
        for path in ["", "specs", "specs/s.yaml"] { chmod(folder.appendingPathComponent(path).path, 0o755) }
        chmod(folder.appendingPathComponent("private").path, 0o700)
        _ = try asNobody()  // (skipped where nobody cannot reach the tool)
        let run = try bash("setpriv --reuid=65534 --regid=65534 --clear-groups \"$T\" layout specs/s.yaml > private/layout.json 2> said.txt; "
                           + "echo \"rc=$?\" >> said.txt")
        XCTAssertTrue(run.said.contains("rc=0"), run.said)
        XCTAssertGreaterThan(try Data(contentsOf: folder.appendingPathComponent("private/layout.json")).count, 100)
    }

    /// F3: a link to a folder of specs was judged by that folder's own files, and a link inside
    /// it (to the folder holding the spec) was not looked into: `--prune` deleted its golden.
    func testALinkToAFolderOfSpecsBehindAnotherLinkIsFound() throws {
        for path in ["specs", "art", "other/deep", "goldens"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try write("width: 200\nitems: [A, B]\n", to: "specs/s.yaml")
        try write("width: 200\nitems: [B, A]\n", to: "other/deep/t.yaml")
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"/>", to: "art/a.svg")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("art/lnk").path, withDestinationPath: "../other")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("art/loop").path, withDestinationPath: "../art")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("specs/icons").path, withDestinationPath: "../art")
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--prune"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains("specs/icons: is a symbolic link to a folder of specs"), run.stdout + run.stderr)
    }
}
