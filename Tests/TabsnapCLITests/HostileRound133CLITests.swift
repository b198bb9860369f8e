import Foundation
import TabsnapFiles
import XCTest

/// Hostile round 133 (files): another user's symbolic link in a shared sticky folder (like /tmp)
/// chose what `-o` replaced — the user's own file, root's files when root ran it, any folder
/// through a link in the path; and, run as root, the folder owner's ledger vouched for another
/// user's private file in a subfolder, which root's passing check deleted.
extension CLITests {
    /// A sticky folder anyone may write (root's, as /tmp is), and `link` in it to `target`,
    /// made by another user (65534).
    private func plantLink(_ link: String, to target: URL) throws {
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(shared.path, 0o1777), 0)
        let path = shared.appendingPathComponent(link).path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target.path)
        XCTAssertEqual(lchown(path, 65534, 65534), 0)
    }

    /// In the folder `name` (65534's, with a subfolder `sub`): 12345's private file
    /// `sub/a.actual.png` in 12345's `sub`, and 65534's ledger naming it by hash and identity
    /// (which `stat` tells anyone). The file, which 65534 could not remove themselves.
    private func plantAnotherUsersFileVouchedFor(in name: String) throws -> URL {
        let arts = folder.appendingPathComponent(name)
        try write("private\n", to: "\(name)/sub/a.actual.png")
        let file = arts.appendingPathComponent("sub/a.actual.png")
        var info = stat()
        XCTAssertEqual(lstat(file.path, &info), 0)
        let hash = try XCTUnwrap(Authorship.hash(ofFileAt: file))
        let identity = "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        try write("tabsnap-written 1 artifacts\n\(hash) \(identity) sub/a.actual.png\n", to: "\(name)/.tabsnap-written")
        XCTAssertEqual(chown(arts.appendingPathComponent(".tabsnap-written").path, 65534, 65534), 0)
        XCTAssertEqual(chown(arts.appendingPathComponent("sub").path, 12345, 12345), 0)
        XCTAssertEqual(chown(file.path, 12345, 12345), 0)
        XCTAssertEqual(chmod(file.path, 0o600), 0)
        return file
    }

    func testAnotherUsersLinkInASharedFolderIsNotFollowed() throws {
        guard geteuid() == 0 else { throw XCTSkip("plants another user's link: needs root (CI runs as root)") }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "a.yaml")
        try write("my notes\n", to: "precious.txt")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("private"), withIntermediateDirectories: true)
        try write("<p>mine</p>\n", to: "private/index.png")
        try plantLink("out.png", to: folder.appendingPathComponent("precious.txt"))
        try plantLink("d", to: folder.appendingPathComponent("private"))
        for (arguments, link) in [(["render", "a.yaml", "-o", "shared/out.png"], "shared/out.png"),
                                  (["render", "a.yaml", "-o", "shared/d/index.png"], "shared/d"),
                                  (["animate", "a.yaml", "--to", "1", "-o", "shared/out.png"], "shared/out.png"),
                                  (["check", "a.yaml", "--snapshots", "g", "--record", "missing", "--json", "shared/out.png"], "shared/out.png"),
                                  (["gallery", "a.yaml", "-o", "shared/d/gal"], "shared/d")] {
            let run = try runTabsnap(arguments)
            XCTAssertNotEqual(run.status, 0, "\(arguments)\n\(run.stderr)")
            XCTAssertTrue(run.stderr.contains("leads through \(folder.appendingPathComponent(link).standardizedFileURL.path), a symbolic link another user put in a folder anyone may write"),
                          "\(arguments)\n\(run.stderr)")
        }
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("precious.txt"), encoding: .utf8), "my notes\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("private").path), ["index.png"])
        // One's own link there is followed, as the kernel's fs.protected_symlinks follows it.
        let own = folder.appendingPathComponent("shared/mine.png")
        try write("old picture\n", to: "mine.png")
        try FileManager.default.createSymbolicLink(atPath: own.path, withDestinationPath: folder.appendingPathComponent("mine.png").path)
        let run = try runTabsnap(["render", "a.yaml", "-o", "shared/mine.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("mine.png").path))
    }

    func testRootTakesTheFolderOwnersLedgerOnlyForWhatTheyCouldRemove() throws {
        guard geteuid() == 0 else { throw XCTSkip("plants other users' files: needs root (CI runs as root)") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs/sub"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/sub/a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"]).status, 0)
        // The artifacts folder is 65534's; its subfolder and the private file in it another
        // user's (12345), which 65534 could not remove.
        let arts = folder.appendingPathComponent("arts")
        try FileManager.default.createDirectory(at: arts.appendingPathComponent("sub"), withIntermediateDirectories: true)
        XCTAssertEqual(chown(arts.path, 65534, 65534), 0)
        XCTAssertEqual(chmod(arts.path, 0o1777), 0)
        let file = try plantAnotherUsersFileVouchedFor(in: "arts")
        let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "arts"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("arts: holds files tabsnap did not write (sub/a.actual.png)"), run.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "private\n", "another user's file is kept")
        // In the ledger owner's own subfolder, the same line is theirs to vouch for: removed.
        XCTAssertEqual(chown(arts.appendingPathComponent("sub").path, 65534, 65534), 0)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "arts"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "the folder owner's ledger vouches in their folder")
    }

    /// Review of round 133: a ledger put in place after the folder was kept (none at first, or
    /// root's own) was merged by `readAgain` without the owner's rule. Whenever it is read, the
    /// folder owner's ledger counts only for what its owner could remove.
    func testALedgerAppearingLaterIsTakenUnderTheOwnersRule() throws {
        guard geteuid() == 0 else { throw XCTSkip("plants other users' files: needs root (CI runs as root)") }
        let arts = folder.appendingPathComponent("later")
        try FileManager.default.createDirectory(at: arts.appendingPathComponent("sub"), withIntermediateDirectories: true)
        XCTAssertEqual(chown(arts.path, 65534, 65534), 0)
        let ledger = Authorship.keep(arts)
        let file = try plantAnotherUsersFileVouchedFor(in: "later")
        ledger.readAgain()
        XCTAssertFalse(ledger.wrote("sub/a.actual.png"), "another user's file in their own subfolder")
        XCTAssertFalse(ledger.removeIfWritten("sub/a.actual.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        XCTAssertEqual(chown(arts.appendingPathComponent("sub").path, 65534, 65534), 0)
        XCTAssertTrue(ledger.wrote("sub/a.actual.png"), "in the ledger owner's own subfolder it vouches")
    }

    /// Review of round 133: root's artifacts in a user's artifacts folder (subfolders made by
    /// root) were root's, so the user's ledger did not vouch for them on root's next run, which
    /// refused the folder. What root makes in another user's kept folder is that user's.
    func testRootsArtifactsInAUsersFolderAreTheirsAndStillReplaced() throws {
        guard geteuid() == 0 else { throw XCTSkip("runs on another user's folder: needs root (CI runs as root)") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs/y"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/y/a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"]).status, 0)
        let arts = folder.appendingPathComponent("arts")
        try FileManager.default.createDirectory(at: arts, withIntermediateDirectories: true)
        try write("tabsnap-written 1 artifacts\n", to: "arts/.tabsnap-written")
        XCTAssertEqual(chown(arts.path, 65534, 65534), 0)
        XCTAssertEqual(chown(arts.appendingPathComponent(".tabsnap-written").path, 65534, 65534), 0)
        try write("preset: tabBar\nwidth: 200\nitems: [A, C]\n", to: "specs/y/a.yaml")
        for _ in 0..<2 {
            let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "arts"])
            XCTAssertEqual(run.status, 1, "fails again, replacing its artifacts: \(run.stderr)")
        }
        var info = stat()
        XCTAssertEqual(lstat(arts.appendingPathComponent("y").path, &info), 0)
        XCTAssertEqual(info.st_uid, 65534, "the subfolder root made is the folder owner's")
        XCTAssertEqual(lstat(arts.appendingPathComponent("y/a.actual.png").path, &info), 0)
        XCTAssertEqual(info.st_uid, 65534, "the artifact too")
    }

    /// Review of round 133: a link judged in one walk and resolved in another could be put in
    /// place between the two. One walk resolves and judges; a link to nothing stays as named.
    func testTheLinkWalkResolvesAsTheKernelDoes() throws {
        let base = folder.appendingPathComponent("walk")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("real/inner"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("a").path, withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("b").path, withDestinationPath: "a/inner")
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("none").path, withDestinationPath: "missing/x")
        let real = base.standardizedFileURL.resolvingSymlinksInPath().appendingPathComponent("real").path
        func walked(_ path: String) -> String? { try? SharedFolderLinks.walk(base.appendingPathComponent(path)).get().path }
        XCTAssertEqual(walked("b/new.png"), real + "/inner/new.png", "links to links, relative to their own folder")
        XCTAssertEqual(walked("a/x/y.png"), real + "/x/y.png", "past a missing name, the rest as written")
        XCTAssertEqual(walked("none"), base.standardizedFileURL.resolvingSymlinksInPath().path + "/none", "a link to nothing stays as named")
        XCTAssertEqual(try? SharedFolderLinks.walk(URL(fileURLWithPath: "/")).get().path, "/")
    }

    /// Hostile round 135: a gallery is rewritten whole, but a file of it that may not be replaced
    /// (read-only, another user's) was found as its turn came: the pictures before it were new,
    /// the page old, exit 2. It is refused before anything is written.
    func testAGalleryHoldingAFileItMayNotReplaceIsRefusedBeforeWriting() throws {
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "a.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "a.yaml", "-o", "gal"]).status, 0)
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gal").path).filter { $0.hasSuffix(".png") }
        let before = try pictures.map { try XCTUnwrap(Authorship.hash(ofFileAt: folder.appendingPathComponent("gal/" + $0))) }
        XCTAssertEqual(chmod(folder.appendingPathComponent("gal/index.html").path, 0o444), 0)
        try write("preset: tabBar\nwidth: 200\nitems: [C, D]\n", to: "a.yaml")
        let run = try runTabsnap(["gallery", "a.yaml", "-o", "gal"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("gal/index.html: is read-only; not replacing it"), run.stderr)
        XCTAssertTrue(run.stderr.contains("nothing was written"), run.stderr)
        XCTAssertEqual(try pictures.map { try XCTUnwrap(Authorship.hash(ofFileAt: folder.appendingPathComponent("gal/" + $0))) }, before, "the pictures as they were")
    }
}
