import Foundation
import XCTest

/// Hostile round 136 (files): an output reached by a second path to an input (a bind mount, a
/// volume mounted twice, a hard link) replaced the input, as outputs were compared with inputs
/// by path; `-o shots.png/` wrote the file `shots.png`; and root's ledger and state folder in a
/// user's folder were root's, which refused the user's next run there. Round 137: another
/// user's record of failures chose which goldens `--last-failed` checked.
extension CLITests {
    /// Round 137: a write failing in `gallery -o` over an existing gallery (a full disk, here a
    /// file-size limit) left the new pictures it had written, which its old page never shows.
    func testAGalleryFailingOverAnExistingOneTakesBackItsNewPictures() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "specs", "-o", "gal"]).status, 0)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gal").path))
        // A second spec whose first picture is small and whose transition's is past 8 KB.
        try write("preset: tabBar\nwidth: 120\nitems: [A, B]\ntransition: {steps: [{to: 1, duration: 2000}]}\n", to: "specs/b.yaml")
        let limited = try runTabsnap(["gallery", "specs", "-o", "gal"], program: "/bin/sh",
                                     prefix: ["-c", "ulimit -f 8; exec \"$0\" \"$@\"", Bundle.main.bundleURL.appendingPathComponent("tabsnap").path])
        XCTAssertEqual(limited.status, 2, limited.stdout + limited.stderr)
        XCTAssertTrue(limited.stderr.contains("File too large"), limited.stderr)
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gal").path))
        XCTAssertEqual(after.subtracting(before), [], "what the failed run added under new names is gone")
    }

    func testAnotherUsersRecordOfFailuresIsNotTaken() throws {
        guard geteuid() == 0 else { throw XCTSkip("plants another user's record: needs root (CI runs as root)") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/b.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "missing"]).status, 0)
        try write("preset: tabBar\nwidth: 220\nitems: [A, B]\n", to: "specs/b.yaml")
        let record = folder.appendingPathComponent(".tabsnap/last-run.json")
        try Data("{\"format\":\"tabsnap-last-run/1\",\"failed\":{\"\(folder.appendingPathComponent("g").path)\":[\"a.png\"]}}\n".utf8).write(to: record)
        XCTAssertEqual(chown(record.path, 65534, 65534), 0)
        let run = try runTabsnap(["check", "specs", "--snapshots", "g", "--last-failed"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue(run.stderr.contains("last-run.json: belongs to another user, so it says nothing of what your checks found"), run.stderr)
        // One's own is taken (and, run as root, the state folder owner's).
        XCTAssertEqual(chown(record.path, 0, 0), 0)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--last-failed"]).status, 0, "only a.png, which passes")
    }

    func testAnOutputThatIsAnInputByAnotherPathIsRefused() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "real/s.yaml")
        XCTAssertEqual(try runTabsnap(["render", "real/s.yaml", "-o", "real/a.png"]).status, 0)
        XCTAssertEqual(try runTabsnap(["render", "real/s.yaml", "-o", "real/b.png", "--scale", "1"]).status, 0)
        // A second name for each input (what a bind mount of `real` gives every file in it).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("view"), withIntermediateDirectories: true)
        for name in ["s.yaml", "a.png"] {
            XCTAssertEqual(link(folder.appendingPathComponent("real/\(name)").path, folder.appendingPathComponent("view/\(name)").path), 0)
        }
        let spec = try Data(contentsOf: folder.appendingPathComponent("real/s.yaml"))
        let picture = try Data(contentsOf: folder.appendingPathComponent("real/a.png"))
        for (arguments, says) in [(["render", "real/s.yaml", "-o", "view/s.yaml", "--format", "png"], "--output: view/s.yaml is one of the command's inputs"),
                                  (["diff", "real/a.png", "real/b.png", "--out", "view/a.png"], "--out: view/a.png is one of the command's inputs")] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(says), "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("real/s.yaml")), spec)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("real/a.png")), picture)
        // Two outputs that are one file by two names.
        try write("old\n", to: "one.json")
        XCTAssertEqual(link(folder.appendingPathComponent("one.json").path, folder.appendingPathComponent("two.json").path), 0)
        let run = try runTabsnap(["check", "real/s.yaml", "--snapshots", "gold", "--record", "missing", "--json", "one.json", "--junit", "two.json"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("two.json is also --json's output"), run.stderr)
    }

    func testAFileOutputNamedAsAFolderIsRefused() throws {
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "s.yaml")
        for (arguments, says) in [(["render", "s.yaml", "-o", "shots.png/"], "--output: shots.png/ names a folder (it ends in /"),
                                  (["render", "s.yaml", "-o", "shots.png/."], "--output: shots.png/. names a folder"),
                                  (["render", "s.yaml", "-o", "sub/../shots.png/..", "--format", "png"], "--output: sub/../shots.png/.. names a folder"),
                                  (["check", "s.yaml", "--snapshots", "gold", "--record", "missing", "--json", "r.json/"], "--json: r.json/ names a folder")] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(says), "\(arguments): \(run.stderr)")
        }
        for name in ["shots.png", "r.json", "gold"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }

    func testRootsLedgerAndStateFolderInAUsersFolderAreTheirs() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        for path in ["", "specs", "specs/a.yaml"] { XCTAssertEqual(chown(folder.appendingPathComponent(path).path, 65534, 65534), 0) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("gal"), withIntermediateDirectories: true)
        XCTAssertEqual(chown(folder.appendingPathComponent("gal").path, 65534, 65534), 0)
        XCTAssertEqual(try runTabsnap(["gallery", "specs", "-o", "gal"]).status, 0)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"]).status, 0)
        for path in ["gal/.tabsnap-written", ".tabsnap", ".tabsnap/.gitignore", ".tabsnap/last-run.json"] {
            var info = stat()
            XCTAssertEqual(lstat(folder.appendingPathComponent(path).path, &info), 0, path)
            XCTAssertEqual(info.st_uid, 65534, "\(path) is the folder owner's")
        }
        // And their next runs there are as if they had made them.
        let nobody = try asNobody()
        for arguments in [["gallery", "specs", "-o", "gal"], ["check", "specs", "--snapshots", "gold"]] {
            let run = try runTabsnap(arguments, program: "/usr/bin/setpriv", prefix: nobody)
            XCTAssertEqual(run.status, 0, "\(arguments): \(run.stdout)\(run.stderr)")
            XCTAssertFalse(run.stderr.contains("warning"), "\(arguments): \(run.stderr)")
        }
    }
}
