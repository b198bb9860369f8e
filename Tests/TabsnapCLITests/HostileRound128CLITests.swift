import Foundation
import TabsnapFiles
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
        let nobody = try asNobody()
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


/// Hostile round 130: a frame folder's earlier frames counted as Tabsnap's with any write bit
/// set, and the folder was swapped whole when its parent was writable: another user's frame
/// folder (777) became this user's, and another user's own file in this user's frame folder was
/// deleted. Frames, frame folders and ledgers follow the rule of every output now; root keeps a
/// folder's owner.
extension CLITests {
    func testAnotherUsersFramesAreNeitherReplacedNorRemoved() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        chmod(folder.path, 0o777)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B, C]\n", to: "a.yaml")
        let nobody = try asNobody()
        let frames = ["animate", "a.yaml", "--from", "0", "--to", "2", "--frames", "2", "-o"]
        func owner(_ path: String) -> uid_t {
            var info = stat()
            return lstat(folder.appendingPathComponent(path).path, &info) == 0 ? info.st_uid : 999_999
        }
        // Root's frame folder, open to everyone: not nobody's to take.
        XCTAssertEqual(try runTabsnap(frames + ["roots/"]).status, 0)
        chmod(folder.appendingPathComponent("roots").path, 0o777)
        let before = try Data(contentsOf: folder.appendingPathComponent("roots/frame-0001.png"))
        let taken = try runTabsnap(frames + ["roots/"], program: "/usr/bin/setpriv", prefix: nobody)
        XCTAssertEqual(taken.status, 2, taken.stderr)
        XCTAssertTrue(taken.stderr.contains("roots: belongs to another user"), taken.stderr)
        XCTAssertEqual([owner("roots"), owner("roots/frame-0001.png")], [0, 0])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("roots/frame-0001.png")), before)

        // Nobody's own frame folder holding root's copy of a frame (the same bytes, root's file):
        // not nobody's to replace or remove.
        XCTAssertEqual(try runTabsnap(frames + ["mine/"], program: "/usr/bin/setpriv", prefix: nobody).status, 0)
        XCTAssertEqual(owner("mine"), 65534)
        let frame = folder.appendingPathComponent("mine/frame-0001.png")
        let bytes = try Data(contentsOf: frame)
        XCTAssertEqual(unlink(frame.path), 0)
        try bytes.write(to: frame)
        XCTAssertEqual(owner("mine/frame-0001.png"), 0)
        let copied = try runTabsnap(frames + ["mine/"], program: "/usr/bin/setpriv", prefix: nobody)
        XCTAssertEqual(copied.status, 2, copied.stderr)
        XCTAssertEqual(owner("mine/frame-0001.png"), 0)

        // Root replacing nobody's frame folder leaves it, and its frames, nobody's.
        XCTAssertEqual(try runTabsnap(frames + ["theirs/"], program: "/usr/bin/setpriv", prefix: nobody).status, 0)
        XCTAssertEqual(try runTabsnap(["animate", "a.yaml", "--from", "0", "--to", "1", "--frames", "2", "-o", "theirs/"]).status, 0)
        XCTAssertEqual([owner("theirs"), owner("theirs/frame-0000.png"), owner("theirs/frames.json")], [65534, 65534, 65534])
        // (And nobody's next run may still replace it.)
        XCTAssertEqual(try runTabsnap(frames + ["theirs/"], program: "/usr/bin/setpriv", prefix: nobody).status, 0)
        // A frame of another owner in it (the same bytes: Tabsnap's to root) keeps that owner
        // when root replaces it (round 131: it became the folder owner's).
        let other = folder.appendingPathComponent("theirs/frame-0001.png")
        XCTAssertEqual(chown(other.path, 4242, 4242), 0)
        XCTAssertEqual(try runTabsnap(frames + ["theirs/"]).status, 0)
        XCTAssertEqual([owner("theirs"), owner("theirs/frame-0000.png"), owner("theirs/frame-0001.png")], [65534, 65534, 4242])
    }

    func testAnotherUsersLedgerKeepsItsOwner() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        chmod(folder.path, 0o777)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "specs", "-o", "gal/"]).status, 0)
        // Root's gallery, every file open to everyone (as umask 0 leaves them).
        for path in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gal").path) {
            chmod(folder.appendingPathComponent("gal/" + path).path, 0o666)
        }
        chmod(folder.appendingPathComponent("gal").path, 0o777)
        let nobody = try asNobody()
        let run = try runTabsnap(["gallery", "specs", "-o", "gal/"], program: "/usr/bin/setpriv", prefix: nobody)
        XCTAssertEqual(run.status, 2, run.stderr)
        var info = stat()
        XCTAssertEqual(lstat(folder.appendingPathComponent("gal/.tabsnap-written").path, &info), 0)
        XCTAssertEqual(info.st_uid, 0, "the ledger is still root's")
    }
}

/// Hostile round 132: a ledger was trusted whoever wrote it: another user's `.tabsnap-written`
/// in a shared sticky folder, naming this user's files by hash (or only their inode and times,
/// which anyone may read), made this user's passing check delete them and `gallery -o` replace
/// them. A ledger vouches only when it is this user's own (or, to root, the folder owner's).
extension CLITests {
    func testAnotherUsersLedgerVouchesForNothing() throws {
        guard geteuid() == 0 else { throw XCTSkip("writes a ledger as another user: needs root (CI runs as root)") }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "a.yaml", "--snapshots", "g", "--record", "missing"]).status, 0)
        /// A shared sticky folder (root's, like /tmp) holding this user's own `file` and another
        /// user's ledger of `kind` naming it by its bytes.
        func plant(_ file: String, _ text: String, in name: String, kind: String) throws {
            let shared = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(shared.path, 0o1777), 0)
            try write(text, to: "\(name)/\(file)")
            let hash = try XCTUnwrap(Authorship.hash(ofFileAt: shared.appendingPathComponent(file)))
            try write("tabsnap-written 1 \(kind)\n\(hash) 1-1-1.1 \(file)\n", to: "\(name)/.tabsnap-written")
            XCTAssertEqual(chown(shared.appendingPathComponent(".tabsnap-written").path, 65534, 65534), 0)
        }
        try plant("a.actual.png", "my own notes\n", in: "shared", kind: "artifacts")
        let run = try runTabsnap(["check", "a.yaml", "--snapshots", "g", "--artifacts", "shared"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains(".tabsnap-written: belongs to another user, so it proves nothing about what tabsnap wrote here"), run.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("shared/a.actual.png"), encoding: .utf8), "my own notes\n")
        // The same for a gallery's folder and its index.html.
        try plant("index.html", "<p>my page</p>\n", in: "gal", kind: "gallery")
        XCTAssertEqual(try runTabsnap(["gallery", "a.yaml", "-o", "gal"]).status, 2)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("gal/index.html"), encoding: .utf8), "<p>my page</p>\n")
    }
    /// Review of stop 67: run as root, the folder owner's ledger vouches but was never compacted
    /// (only one's own was), so a folder only root's runs write into grew it without end. It is
    /// compacted now, and keeps its owner and mode.
    func testRootCompactsTheFolderOwnersLedgerKeepingItsOwner() throws {
        guard geteuid() == 0 else { throw XCTSkip("plants another user's ledger: needs root (CI runs as root)") }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "a.yaml", "--snapshots", "g", "--record", "missing"]).status, 0)
        let arts = folder.appendingPathComponent("arts")
        try FileManager.default.createDirectory(at: arts, withIntermediateDirectories: true)
        let stale = String(repeating: "0", count: 64) + " 1-1-1.1 gone.actual.png"
        try write("tabsnap-written 1 artifacts\n\(stale)\n", to: "arts/.tabsnap-written")
        let ledger = arts.appendingPathComponent(".tabsnap-written")
        XCTAssertEqual(chown(arts.path, 65534, 65534), 0)
        XCTAssertEqual(chown(ledger.path, 65534, 65534), 0)
        XCTAssertEqual(chmod(ledger.path, 0o640), 0)
        let run = try runTabsnap(["check", "a.yaml", "--snapshots", "g", "--artifacts", "arts"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = try String(contentsOf: ledger, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("tabsnap-written 1 artifacts\n"), text)
        XCTAssertFalse(text.contains("gone.actual.png"), "compacted: the line of a file that is not there is gone\n\(text)")
        var info = stat()
        XCTAssertEqual(lstat(ledger.path, &info), 0)
        XCTAssertEqual(info.st_uid, 65534, "the ledger is still its owner's")
        XCTAssertEqual(info.st_gid, 65534)
        XCTAssertEqual(info.st_mode & 0o777, 0o640)
    }
}
