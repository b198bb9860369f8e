import Foundation
import XCTest

extension CLITests {
    /// Makes `depth` nested folders of 200-letter names below `parent` (made step by step from
    /// inside, as the system takes no path that long at once) and writes `files` in the deepest.
    private func deepFolder(in parent: String, depth: Int, files: [String: String]) throws {
        let name = String(repeating: "d", count: 200)
        var script = "set -e; cd '\(parent)'; for i in $(seq \(depth)); do mkdir -p \(name); cd \(name); done"
        for (file, text) in files { script += "; printf '\(text)' > \(file)" }
        let (process, errors) = try runProcess("/bin/bash", ["-c", script])
        XCTAssertEqual(process.terminationStatus, 0, errors)
    }

    /// Hostile round 87: a spec (or a folder) whose path is too long for the system to look at
    /// was passed over without a word below a specs folder or the goldens: `--prune` deleted
    /// goldens while it went unchecked, and `--record all` recorded over a user's unmarked file it
    /// may name. Now it is an error of the run (nothing pruned), and unmarked files wait.
    func testASpecWhosePathIsTooLongToReadIsNeverPassedOver() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("g"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "g/a.yaml")
        try write("preset: tabBar\nwidth: 200\nitems: [B, A]\n", to: "g/b.yaml")
        XCTAssertEqual(try runTabsnap(["check", "g", "--snapshots", "g", "--record", "all"]).status, 0)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("g/b.yaml"))
        // 21 folders of 200 letters: past PATH_MAX (4 096 bytes) wherever the test folder is.
        try deepFolder(in: "g", depth: 21, files: ["x.yaml": "preset: tabBar\\nwidth: 200\\nitems: [{title: A, icon: ../a.png}, B]\\n"])
        let pruning = try runTabsnap(["check", "g", "--snapshots", "g", "--prune"])
        let said = pruning.stdout + pruning.stderr
        XCTAssertEqual(pruning.status, 2, said)
        // (Listed by the walk, which opens a folder at a time, and refused where it is read.)
        XCTAssertTrue(said.contains("x.yaml: cannot read (File name too long)"), said)
        XCTAssertTrue(said.contains("not pruning: 1 spec could not be read"), said)
        XCTAssertTrue(exists("g/b.png"), "b.yaml's golden stays while a spec cannot be read")

        // The goldens folder of another run: a user's unmarked picture where a.png goes waits.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("g/a.yaml"), to: folder.appendingPathComponent("specs/a.yaml"))
        let user = Data("the user's picture".utf8)
        try user.write(to: folder.appendingPathComponent("g/a.png"))
        let recording = try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "all"])
        XCTAssertNotEqual(recording.status, 0, recording.stdout + recording.stderr)
        XCTAssertTrue((recording.stdout + recording.stderr).contains("a.png carries no golden mark"), recording.stdout + recording.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("g/a.png")), user, "the user's file is kept")

        // Without the deep folder, the same runs prune and record.
        let (removal, errors) = try runProcess("/bin/rm", ["-rf", folder.appendingPathComponent("g/" + String(repeating: "d", count: 200)).path])
        XCTAssertEqual(removal.terminationStatus, 0, errors)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "all"]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent("g/a.png")), user)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("specs/a.yaml"), to: folder.appendingPathComponent("g/a.yaml"))
        XCTAssertEqual(try runTabsnap(["check", "g", "--snapshots", "g", "--prune"]).status, 0)
        XCTAssertFalse(exists("g/b.png"), "an orphan is pruned once every spec reads")
    }
}
