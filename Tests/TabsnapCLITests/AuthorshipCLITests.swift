import Foundation
import Tabsnap
import TabsnapCheck
import TabsnapFiles
import XCTest

/// Issue 26's data-loss class: Tabsnap deletes or replaces a file in a folder it keeps (check's
/// artifacts, demo and gallery output) only when the folder's ledger proves it wrote that file
/// by its content, never by its name or format, and never through a symbolic link.
extension CLITests {
    private static let home = ["CI": "", "TABSNAP_RECORD": ""]

    private func files(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path).sorted()
    }

    /// Every file of a folder and its bytes.
    private func contents(_ path: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in try files(path) { found[name] = try Data(contentsOf: folder.appendingPathComponent("\(path)/\(name)")) }
        return found
    }

    /// The names whose bytes changed, came or went between two `contents`.
    private func changed(_ before: [String: Data], _ after: [String: Data]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// After a swap loop stopped: the real folder back under its name, the link under its own.
    private func putBack(_ name: String, swappedWith link: String) {
        var info = stat()
        if lstat(folder.appendingPathComponent(name).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            XCTAssertTrue(Descriptor.exchange(folder.appendingPathComponent(name), folder.appendingPathComponent(link)))
        }
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    func testAPassingCheckLeavesAUsersFileNamedLikeAnArtifact() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.home).status, 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("failures"), withIntermediateDirectories: true)
        try write("my notes", to: "failures/bar.actual.png")
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: Self.home)
        XCTAssertEqual(run.status, 2, run.stdout)
        XCTAssertTrue(run.stderr.contains("failures: holds files tabsnap did not write (bar.actual.png)"), run.stderr)
        XCTAssertEqual(try text("failures/bar.actual.png"), "my notes")
    }

    func testArtifactsOfAnEarlierFailureAreRemovedOnlyWhileUnchanged() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.home).status, 0)
        try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: Self.home).status, 1)
        XCTAssertEqual(try files("failures"), [".tabsnap-written", "bar.actual.png", "bar.diff.png", "bar.triptych.png"])
        // Fixed: the stale artifacts go, the ledger stays.
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: Self.home).status, 0)
        XCTAssertEqual(try files("failures"), [".tabsnap-written"])
        // Failing again, then the user edits an artifact: it is theirs now, and the folder is refused.
        try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: Self.home).status, 1)
        var edited = try Data(contentsOf: folder.appendingPathComponent("failures/bar.diff.png"))
        edited.append(0)
        try edited.write(to: folder.appendingPathComponent("failures/bar.diff.png"))
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: Self.home)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("holds files tabsnap did not write (bar.diff.png)"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("failures/bar.diff.png")), edited)
    }

    /// Round 54 (M2): a golden's earlier failure pictures were removed before the new ones were
    /// written, so a run that could not write them (a full disk, a ledger locked by another
    /// program) left neither. They are settled once the verdict is known: replaced, or removed
    /// when this run drew none; an error leaves them.
    func testEarlierArtifactsStayWhenNewOnesCannotBeWritten() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["TABSNAP_SANITIZER"] != nil,
                      "a sanitizer's runtime faults under a file-size limit (ulimit -f) before Tabsnap runs")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        let check = ["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"]
        XCTAssertEqual(try runTabsnap(check, environment: Self.home).status, 0)
        try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(check, environment: Self.home).status, 1)
        // The pictures, not the ledger, which records each write.
        func pictures() throws -> [String: Data] { try contents("failures").filter { $0.key != ".tabsnap-written" } }
        let failed = try pictures()
        XCTAssertEqual(failed.keys.sorted(), ["bar.actual.png", "bar.diff.png", "bar.triptych.png"])
        // Another failure, drawn onto a full disk: the earlier pictures stay as they were.
        try write("width: 200\nscale: 1\nitems: [A, D]\n", to: "specs/bar.yaml")
        let shell = "ulimit -f 0; exec \"$0\" \"$@\""
        let full = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path] + check, environment: Self.home,
                                  program: "/bin/bash")
        XCTAssertEqual(full.status, 2, full.stdout + full.stderr)
        XCTAssertEqual(changed(failed, try pictures()), [], full.stdout)
        // Written again: replaced, each one.
        XCTAssertEqual(try runTabsnap(check, environment: Self.home).status, 1)
        let again = try pictures()
        XCTAssertEqual(changed(failed, again), ["bar.actual.png", "bar.diff.png", "bar.triptych.png"])
        // A disk that fills part way through (the diff fits, the triptych does not): the
        // earlier pictures go rather than stand beside this run's.
        try write("width: 200\nscale: 1\nitems: [A, E]\n", to: "specs/bar.yaml")
        let shellOf1K = "ulimit -f 1; exec \"$0\" \"$@\""
        let partway = try runTabsnap(["-c", shellOf1K, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path] + check, environment: Self.home,
                                     program: "/bin/bash")
        XCTAssertEqual(partway.status, 2, partway.stdout + partway.stderr)
        let settled = try pictures()
        XCTAssertEqual(settled.keys.sorted(), ["bar.diff.png"], "this run's diff (under 1 KB) alone, not beside the earlier run's pictures")
        XCTAssertNotEqual(settled["bar.diff.png"], again["bar.diff.png"])
        XCTAssertTrue((partway.stdout + partway.stderr).contains("cannot write (File too large)"), partway.stdout + partway.stderr)
        // A golden that cannot be read is an error: the pictures of its last failure stay.
        try write("not a picture", to: "goldens/bar.png")
        XCTAssertEqual(try runTabsnap(check, environment: Self.home).status, 2)
        XCTAssertEqual(changed(settled, try pictures()), [])
    }

    func testArtifactsAreNeverDeletedThroughALink() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.home).status, 0)
        // The link's target holds a real artifact of ours and a user's file of the same kind.
        try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "elsewhere"], environment: Self.home).status, 1)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "elsewhere")
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "linked"], environment: Self.home)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("linked: is a symbolic link"), run.stderr)
        XCTAssertEqual(try files("elsewhere"), [".tabsnap-written", "bar.actual.png", "bar.diff.png", "bar.triptych.png"])
        // A subfolder that is a link is an entry tabsnap did not write.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("real/sub").path,
                                                   withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        let nested = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "real"], environment: Self.home)
        XCTAssertEqual(nested.status, 2)
        XCTAssertTrue(nested.stderr.contains("holds files tabsnap did not write (sub)"), nested.stderr)
        XCTAssertEqual(try files("elsewhere"), [".tabsnap-written", "bar.actual.png", "bar.diff.png", "bar.triptych.png"])
    }

    /// Hostile round 22's F6: another process swaps the artifacts folder with a link to a user's
    /// folder (renameat2's exchange, in a loop) while `check` writes and removes artifacts. The
    /// folder is held open from the moment it is kept, so nothing lands in, or goes from, the
    /// link's target — not even a file holding exactly an artifact's bytes under its name.
    func testArtifactsFolderSwappedForALinkDuringACheckLeavesTheLinksTargetAlone() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let names = (0..<40).map { "bar\($0)" }
        for name in names { try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.home).status, 0)
        for name in names { try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "art"], environment: Self.home).status, 1)
        // The user's folder: copies of every artifact, byte for byte, and notes of their own.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("art"), to: folder.appendingPathComponent("victim"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("victim/.tabsnap-written"))
        try write("my notes", to: "victim/bar0.actual.png")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("swap").path, withDestinationPath: "victim")
        let before = try contents("victim")
        var checked = 0
        // (Four rounds, and up to four more until one check got past its folder check: on a
        // loaded machine every run of four may meet a swap there.)
        for round in 0..<8 where round < 4 || checked == 0 {
            // Half the specs pass (their artifacts are removed), half fail (theirs are written).
            for (index, name) in names.enumerated() {
                try write("width: 200\nscale: 1\nitems: [A, \((index + round) % 2 == 0 ? "B" : "C")]\n", to: "specs/\(name).yaml")
            }
            let swapping = Swapper(folder.appendingPathComponent("art"), folder.appendingPathComponent("swap"))
            let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "art"], environment: Self.home)
            let swaps = swapping.stop()
            XCTAssertGreaterThan(swaps, 10, "the swap loop ran during the check")
            // Failing goldens, an artifact refused as it was seen through the link, or the whole
            // folder refused: any of them, as long as the link's target stays as it was.
            XCTAssertNotEqual(run.status, 0, run.stderr)
            if run.stderr.contains("FAILED") { checked += 1 }
            XCTAssertEqual(changed(before, try contents("victim")), [], "round \(round): files changed, came or went in the link's target\n\(run.stderr)")
            // Put the real folder back under its name for the next round.
            putBack("art", swappedWith: "swap")
        }
        XCTAssertGreaterThan(checked, 0, "some check got past its folder check while the swaps went on")
    }

    /// Hostile round 23's F1: the swap in a tight loop, so the path is a link at the moment the
    /// folder is kept, and the link's target is a folder of Tabsnap's own (an earlier artifacts
    /// folder, an earlier demo gallery) whose ledger proves its files ours. The folder held must
    /// be the one the path names when it is not a link: else nothing is written or removed.
    func testKeptFoldersSwappedInATightLoopLeaveAnotherTabsnapFolderAlone() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let names = (0..<20).map { "s\($0)" }
        for name in names { try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.home).status, 0)
        for name in names { try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "victim"], environment: Self.home).status, 1)
        for name in names { try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["demo", "-o", "gallery"], environment: Self.home).status, 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("to-victim").path, withDestinationPath: "victim")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("to-gallery").path, withDestinationPath: "gallery")
        let victim = try contents("victim"), gallery = try contents("gallery")
        for (command, link) in [(["check", "specs", "--snapshots", "goldens", "--artifacts", "art"], "to-victim"), (["demo", "-o", "art"], "to-gallery")] {
            for trial in 0..<4 {
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("art"))
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
                let swapping = Swapper(folder.appendingPathComponent("art"), folder.appendingPathComponent(link), pauses: false)
                let run = try runTabsnap(command, environment: Self.home)
                _ = swapping.stop()
                putBack("art", swappedWith: link)
                for (path, before) in [("victim", victim), ("gallery", gallery)] {
                    XCTAssertEqual(changed(before, try contents(path)), [], "\(command[0]) trial \(trial): files in \(path) changed, came or went\n\(run.stderr)")
                }
            }
        }
    }

    /// Hostile round 24's F6: a PARENT of the artifacts folder swapped for a link in a tight
    /// loop (`P` ⇄ a link to `Q`), where `Q/art` is another Tabsnap folder holding a user's note.
    /// `P/art` does not exist when it is kept: it must be made and reached without following a
    /// link on the way, so nothing in `Q/art` is written or removed.
    func testAParentSwappedForALinkLeavesTheOtherFolderAlone() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        for name in ["a", "b"] { try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/\(name).yaml") }
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: Self.home).status, 0)
        for name in ["a", "b"] { try write("width: 200\nscale: 1\nitems: [A, C]\n", to: "specs/\(name).yaml") }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Q"), withIntermediateDirectories: true)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "Q/art"], environment: Self.home).status, 1)
        try write("my notes", to: "Q/art/notes.txt")
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/a.yaml")  // a passes: its artifacts would be removed
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("L").path, withDestinationPath: "Q")
        let before = try contents("Q/art")
        for trial in 0..<12 {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("P"))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("P"), withIntermediateDirectories: true)
            let swapping = Swapper(folder.appendingPathComponent("P"), folder.appendingPathComponent("L"), pauses: false)
            let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "P/art"], environment: Self.home)
            _ = swapping.stop()
            putBack("P", swappedWith: "L")
            XCTAssertEqual(changed(before, try contents("Q/art")), [], "trial \(trial): files in Q/art changed, came or went\n\(run.stderr)")
        }
    }

    /// Hostile round 24's F7: `animate -o P/x/` while `P` is swapped with a link to `Q` in a
    /// tight loop. The frames are staged, written and moved in through the parent held open: no
    /// temporary is left in either folder, and no frame folder is left half written (one frame,
    /// no manifest, which every later run refused).
    func testAFrameFolderWhoseParentIsSwappedIsWholeOrAbsent() throws {
        try write("width: 200\nscale: 1\nitems: [A, B, C]\n", to: "a.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Q"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("L").path, withDestinationPath: "Q")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("P"), withIntermediateDirectories: true)
        for _ in 0..<15 {
            let swapping = Swapper(folder.appendingPathComponent("P"), folder.appendingPathComponent("L"), pauses: false)
            _ = try runTabsnap(["animate", "a.yaml", "-o", "P/x/", "--frames", "4", "--quiet"], environment: Self.home)
            _ = swapping.stop()
            putBack("P", swappedWith: "L")
        }
        for parent in ["P", "Q"] {
            let names = try files(parent)
            XCTAssertFalse(names.contains { $0.contains(".tabsnap-") }, "\(parent): \(names)")
            if names.contains("x") {
                let frames = try files("\(parent)/x")
                XCTAssertEqual(frames, ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-0003.png", "frames.json"], "\(parent)/x")
            }
        }
    }

    /// Hostile round 23's F2: `animate -o art/` swaps its new frames with the earlier run's
    /// folder and clears the earlier run out; a link swapped in for `art` at that moment must not
    /// have another frame folder's frames removed through it.
    func testAFrameFolderSwappedForALinkLeavesTheLinksTargetAlone() throws {
        try write("width: 200\nscale: 1\nitems: [A, B, C]\n", to: "a.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "a.yaml", "-o", "frames/", "--frames", "12"], environment: Self.home).status, 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("to-frames").path, withDestinationPath: "frames")
        let before = try contents("frames")
        for trial in 0..<4 {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent("art"))
            XCTAssertEqual(try runTabsnap(["animate", "a.yaml", "-o", "art/", "--frames", "12"], environment: Self.home).status, 0)
            let swapping = Swapper(folder.appendingPathComponent("art"), folder.appendingPathComponent("to-frames"), pauses: false)
            let run = try runTabsnap(["animate", "a.yaml", "-o", "art/", "--frames", "12"], environment: Self.home)
            _ = swapping.stop()
            putBack("art", swappedWith: "to-frames")
            XCTAssertEqual(changed(before, try contents("frames")), [], "trial \(trial): the other frame folder changed\n\(run.stderr)")
            for name in try files(".") where name.hasPrefix("art.kept-") { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        }
    }

    /// A snapshots folder the user names through a link of their own is followed, for goldens in
    /// subfolders not made yet as for the ones at its top (hostile round 16: "sub/a.png is outside
    /// snaps" until the subfolder existed, as Foundation resolves no link in a missing path).
    func testGoldensInNewSubfoldersOfALinkedSnapshotsFolderAreRecorded() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs/sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("real"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/top.yaml")
        try write("width: 200\nscale: 1\nitems: [C, D]\n", to: "specs/sub/a.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("snaps").path, withDestinationPath: "real")
        let run = try runTabsnap(["check", "specs", "--snapshots", "snaps"], environment: Self.home)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try files("real"), ["sub", "top.png"])
        XCTAssertEqual(try files("real/sub"), ["a.png"])
        // A link inside the folder is still refused, made or not.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("real/sub"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("outside"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("real/sub").path,
                                                   withDestinationPath: folder.appendingPathComponent("outside").path)
        let linked = try runTabsnap(["check", "specs", "--snapshots", "snaps"], environment: Self.home)
        XCTAssertEqual(linked.status, 2)
        XCTAssertTrue(linked.stderr.contains("is outside snaps (through a symbolic link)"), linked.stderr)
        XCTAssertEqual(try files("outside"), [])
    }

    func testALedgerThatIsALinkOrNotALedgerIsRefused() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "specs/bar.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("failures"), withIntermediateDirectories: true)
        try write("mine", to: "notes.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("failures/.tabsnap-written").path,
                                                   withDestinationPath: folder.appendingPathComponent("notes.txt").path)
        let run = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "failures"], environment: Self.home)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains(".tabsnap-written: is not a regular file"), run.stderr)
        XCTAssertEqual(try text("notes.txt"), "mine")
    }

    func testDemoAndGalleryReplaceOnlyWhatTheyWrote() throws {
        // A user's own PDF (any PDF) and PNG under the names the commands would use.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        let userPDF = "%PDF-1.4\n% my own document\n"
        try write(userPDF, to: "out/rtl.pdf")
        let demo = try runTabsnap(["demo", "-o", "out"])
        XCTAssertEqual(demo.status, 2)
        XCTAssertTrue(demo.stderr.contains("holds files tabsnap did not write (rtl.pdf)"), demo.stderr)
        XCTAssertEqual(try files("out"), ["rtl.pdf"])
        XCTAssertEqual(try text("out/rtl.pdf"), userPDF)
        // Its own earlier output it replaces; once the user changes one file, that file is theirs.
        XCTAssertEqual(try runTabsnap(["demo", "-o", "demo"]).status, 0)
        XCTAssertEqual(try runTabsnap(["demo", "-o", "demo"]).status, 0)
        try Data(try Data(contentsOf: folder.appendingPathComponent("demo/ios-tab-bar.png"))).write(to: folder.appendingPathComponent("demo/rtl.png"))
        XCTAssertEqual(try runTabsnap(["demo", "-o", "demo"]).status, 2)

        try write("width: 200\nitems: [A, B]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "bar.yaml", "-o", "g", "--positions", "0"]).status, 0)
        let png = try Data(contentsOf: folder.appendingPathComponent("g/bar.p0@2x.png"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("g2"), withIntermediateDirectories: true)
        var user = png
        user.append(contentsOf: [0, 0])
        try user.write(to: folder.appendingPathComponent("g2/bar.p0@2x.png"))
        let gallery = try runTabsnap(["gallery", "bar.yaml", "-o", "g2", "--positions", "0"])
        XCTAssertEqual(gallery.status, 2)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("g2/bar.p0@2x.png")), user)
    }

    func testGalleryImagesOfOddlyNamedSpecsPointAtTheirFiles() throws {
        try write("width: 200\nitems: [A, B]\n", to: "c:50%?#x.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "c:50%?#x.yaml", "-o", "g", "--positions", "0"]).status, 0)
        let page = try text("g/index.html")
        let sources = page.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertFalse(sources.isEmpty)
        for source in sources {
            XCTAssertFalse(source.contains("?") || source.contains("#") || source.contains(":"), source)
            let name = try XCTUnwrap(source.replacingOccurrences(of: "&amp;", with: "&").removingPercentEncoding)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("g/" + name).path), name)
        }
    }

    /// A frame folder proves its files by its manifest's hashes: a user's PNG named like a frame,
    /// or a frame someone edited, is not replaced.
    func testFrameFoldersReplaceOnlyFramesTheirManifestVouchesFor() throws {
        try write("width: 200\nscale: 1\nitems: [A, B]\ntransition: {to: 1, frames: 3}\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/"]).status, 0)
        XCTAssertTrue(try text("out/frames.json").contains("\"sha256\": \""))
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/"]).status, 0, "its own earlier frames it replaces")
        // A user's own PNG under a frame's name, beside the earlier run's frames.
        let frame = try Data(contentsOf: folder.appendingPathComponent("out/frame-0000.png"))
        try frame.write(to: folder.appendingPathComponent("out/frame-0007.png"))
        let run = try runTabsnap(["animate", "s.yaml", "-o", "out/"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("holds files tabsnap did not write (frame-0007.png)"), run.stderr)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/frame-0007.png"))
        // An edited frame is the user's now.
        var edited = frame
        edited.append(0)
        try edited.write(to: folder.appendingPathComponent("out/frame-0001.png"))
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "out/"]).status, 2)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("out/frame-0001.png")), edited)
        // A folder named like a temporary of another host's process is no temporary of ours:
        // the frame folder holding it is refused, and it stays as it is.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("out/frame-0001.png"))
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "fresh/"]).status, 0)
        let planted = folder.appendingPathComponent("fresh/.notes.tabsnap-1-0-deadbeef.tmp")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        try write("precious", to: "fresh/.notes.tabsnap-1-0-deadbeef.tmp/important.txt")
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "fresh/"]).status, 2)
        XCTAssertEqual(try text("fresh/.notes.tabsnap-1-0-deadbeef.tmp/important.txt"), "precious")
        // A manifest vouches only for names Tabsnap gives frames (round 15: one listing the
        // folder's README.md with its hash made animate delete it).
        XCTAssertEqual(try runTabsnap(["animate", "s.yaml", "-o", "notes/"]).status, 0)
        try write("the user's notes", to: "notes/README.md")
        let hasher = Process()
        hasher.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        hasher.arguments = [folder.appendingPathComponent("notes/README.md").path]
        let pipe = Pipe()
        hasher.standardOutput = pipe
        try hasher.run()
        hasher.waitUntilExit()
        let hash = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        let manifest = try text("notes/frames.json")
        try write(manifest.replacingOccurrences(of: "\"frames\": [", with: "\"frames\": [{\"index\": 9, \"file\": \"README.md\", \"sha256\": \"\(hash)\"},\n"),
                  to: "notes/frames.json")
        let vouched = try runTabsnap(["animate", "s.yaml", "-o", "notes/"])
        XCTAssertEqual(vouched.status, 2, vouched.stderr)
        XCTAssertTrue(vouched.stderr.contains("README.md"), vouched.stderr)
        XCTAssertEqual(try text("notes/README.md"), "the user's notes")
        // A frame folder that is a link is not followed.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("linked").path, withDestinationPath: "out")
        let linked = try runTabsnap(["animate", "s.yaml", "-o", "linked/"])
        XCTAssertEqual(linked.status, 2)
        XCTAssertTrue(linked.stderr.contains("is a symbolic link"), linked.stderr)
    }
}

/// Swaps two paths in a loop (renameat2's exchange) on a thread of its own until stopped.
private final class Swapper: @unchecked Sendable {
    private let lock = NSLock()
    private var running = true
    private var count = 0
    private let done = DispatchSemaphore(value: 0)

    /// With `pauses`, a real folder long enough for a check to accept it, then a link for a
    /// moment; without, as fast as the system swaps.
    init(_ a: URL, _ b: URL, pauses: Bool = true) {
        Thread.detachNewThread { [self] in
            var pause: UInt32 = 1_000
            while lock.withLock({ running }) {
                if Descriptor.exchange(a, b) { lock.withLock { count += 1 } }
                guard pauses else { continue }
                usleep(pause)
                pause = pause == 1_000 ? 7_000 : 1_000
            }
            done.signal()
        }
    }

    /// Stops the loop and says how many swaps it made.
    func stop() -> Int {
        lock.withLock { running = false }
        done.wait()
        return lock.withLock { count }
    }
}

extension CLITests {
    /// Round 43 F11: two runs at once into one kept folder refused each other's files ("holds
    /// files tabsnap did not write"): each knew only the ledger it had read. A run reads the
    /// ledger again before calling a file the user's. Here this process keeps the folder first,
    /// then another run fills it.
    func testAnotherRunsFilesInAKeptFolderAreTabsnaps() throws {
        let gallery = folder.appendingPathComponent("shared-gallery")
        try FileManager.default.createDirectory(at: gallery, withIntermediateDirectories: true)
        let ledger = Authorship.keep(gallery)
        XCTAssertEqual(try runTabsnap(["demo", "-o", gallery.path]).status, 0)
        XCTAssertFalse(ledger.wrote("index.html"), "not in what this process read")
        XCTAssertNoThrow(try OwnFolder.claim(gallery, contents: "gallery files", kind: .gallery))
        XCTAssertTrue(ledger.wrote("index.html"))
        // A file of the user's is still refused.
        try write("mine", to: "shared-gallery/notes.txt")
        XCTAssertThrowsError(try OwnFolder.claim(gallery, contents: "gallery files", kind: .gallery))
    }
}

extension CLITests {
    /// Hostile round 72: `report merge --report site.html` took over `site-pictures`, a gallery
    /// the user had written there, and removed its pages and pictures as stale report pictures
    /// (the ledger proved Tabsnap wrote them, not that the merge did). A folder's ledger says
    /// which kind of folder it is, and another kind is refused.
    func testAFolderOfAnotherKindIsNotTakenOver() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 390\nitems: [{title: A, icon: home}, {title: B, icon: home}]\n", to: "specs/v.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "specs", "-o", "site-pictures"]).status, 0)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--record", "all"]).status, 0)
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--json", "s1.json"], environment: ["CI": "true", "TABSNAP_RECORD": ""]).status, 0)
        let gallery = try files("site-pictures")
        let merge = try runTabsnap(["report", "merge", "s1.json", "--report", "site.html"])
        XCTAssertEqual(merge.status, 2)
        XCTAssertEqual(merge.stderr, "error: ./site-pictures: holds a gallery, which tabsnap wrote there; report pictures go into a new or empty folder, "
                       + "or one holding only earlier report pictures\n")
        XCTAssertEqual(try files("site-pictures"), gallery)
        XCTAssertFalse(exists("site.html"))
        // Nor may check's artifacts go into a gallery, or a gallery into artifacts.
        XCTAssertTrue(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--artifacts", "site-pictures"], environment: ["CI": "true", "TABSNAP_RECORD": ""]).stderr
            .contains("holds a gallery, which tabsnap wrote there; artifacts go into"))
        XCTAssertEqual(try files("site-pictures"), gallery)
        // The same kind is taken, as before.
        XCTAssertEqual(try runTabsnap(["gallery", "specs", "-o", "site-pictures"]).status, 0)
    }
}

extension CLITests {
    /// Hostile round 72: `-o` over another user's file this user may write (through its group)
    /// made the replacement this user's, and root replacing a set-user-ID file left one of root's.
    /// The owner keeps the file: another user's is refused, root's replacement keeps owner and
    /// group, and set-user-ID, set-group-ID and sticky bits are not carried over.
    func testAnotherUsersFileKeepsItsOwner() throws {
        guard geteuid() == 0 else { throw XCTSkip("changes owners: needs root (CI runs as root)") }
        try write("width: 200\nitems: [A, B]\n", to: "bar.yaml")
        chmod(folder.path, 0o777)
        chmod(folder.appendingPathComponent("bar.yaml").path, 0o644)
        let shared = folder.appendingPathComponent("team.png")
        try write("team data", to: "team.png")
        chown(shared.path, 0, 1000)
        chmod(shared.path, 0o664)
        let asNobody = try runTabsnap(["render", "bar.yaml", "-o", "team.png"], program: "/usr/bin/setpriv",
                                      prefix: try asNobody(groups: "--groups=1000"))
        XCTAssertEqual(asNobody.status, 2)
        XCTAssertTrue(asNobody.stderr.contains("team.png: belongs to another user; replacing it would make it yours"), asNobody.stderr)
        XCTAssertEqual(try String(contentsOf: shared, encoding: .utf8), "team data")
        // Root's replacement of nobody's set-user-ID file: nobody's, without the bit.
        chown(shared.path, 65534, 1000)
        chmod(shared.path, 0o4755)
        XCTAssertEqual(try runTabsnap(["render", "bar.yaml", "-o", "team.png"]).status, 0)
        var info = stat()
        XCTAssertEqual(stat(shared.path, &info), 0)
        XCTAssertEqual([info.st_uid, info.st_gid], [65534, 1000])
        XCTAssertEqual(info.st_mode & 0o7777, 0o755)
        XCTAssertEqual(try Data(contentsOf: shared).prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
