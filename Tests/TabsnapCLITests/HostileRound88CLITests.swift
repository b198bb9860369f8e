import Foundation
import XCTest

/// Hostile round 88: folders of specs a listing passed over, and standard output found by a name
/// no Swift string can hold.
extension CLITests {
    /// F2: a link to a folder of specs inside a specs folder was skipped without a word, and
    /// `--prune` deleted the goldens of the specs behind it. It is an error of the run now (links
    /// are not followed into folders); a link to a folder without specs (icons) is no error.
    func testALinkToAFolderOfSpecsIsNeverPassedOver() throws {
        for path in ["specs/more", "other", "art"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        try write("preset: tabBar\nwidth: 200\nitems: [B, A]\n", to: "specs/more/b.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "snaps", "--record", "all"]).status, 0)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("specs/more/b.yaml"), to: folder.appendingPathComponent("other/b.yaml"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("specs/more"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("specs/more").path, withDestinationPath: "../other")
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\"/>", to: "art/i.svg")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("specs/art").path, withDestinationPath: "../art")
        for arguments in [["--prune"], ["--prune", "--dry-run"]] {
            let run = try runTabsnap(["check", "specs", "--snapshots", "snaps"] + arguments)
            let said = run.stdout + run.stderr
            XCTAssertEqual(run.status, 2, said)
            XCTAssertTrue(said.contains("specs/more: is a symbolic link to a folder of specs, which Tabsnap does not follow"), said)
            XCTAssertFalse(said.contains("specs/art"), "a link to a folder without specs is no error: " + said)
            XCTAssertFalse(said.contains("pruned"), said)
            XCTAssertTrue(exists("snaps/more/b.png"), "\(arguments): the goldens of the specs behind the link stay")
        }
        // F5: the dry run says what the real one does.
        let dry = try runTabsnap(["check", "specs", "--snapshots", "snaps", "--prune", "--dry-run"])
        XCTAssertTrue((dry.stdout + dry.stderr).contains("--dry-run: --prune would delete nothing (not pruning: 1 spec could not be read)"), dry.stdout + dry.stderr)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("specs/more"))
        let pruned = try runTabsnap(["check", "specs", "--snapshots", "snaps", "--prune"])
        XCTAssertEqual(pruned.status, 0, pruned.stdout + pruned.stderr)
        XCTAssertFalse(exists("snaps/more/b.png"), "without the link, the golden is an orphan")
    }

    /// F1, F6: as a user who may search the spec's folder but not list it, `check ONE.yaml
    /// --prune` took a sibling spec's golden for its own variant and deleted it; a font folder
    /// that cannot be listed was said to hold no fonts. Run as nobody (root lists every folder).
    func testAFolderThatCannotBeListedIsSaidSoAndNothingIsPruned() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        for path in ["specs", "snaps", "brand"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/one.yaml")
        try write("preset: tabBar\nwidth: 200\ntheme: dark\nitems: [C, D]\n", to: "specs/one.dark.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "snaps", "--record", "missing"]).status, 0)
        let font = try XCTUnwrap(FileManager.default.enumerator(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts").path)?
            .compactMap { $0 as? String }.first { $0.hasSuffix(".ttf") })
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fonts").appendingPathComponent(font)
        try FileManager.default.copyItem(at: fonts, to: folder.appendingPathComponent("brand/b.ttf"))
        try write("width: 200\nfonts: [brand/]\nitems: [A, B]\n", to: "f.yaml")
        for path in ["", "snaps", "specs/one.yaml", "specs/one.dark.yaml", "f.yaml"] { chmod(folder.appendingPathComponent(path).path, 0o777) }
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("snaps").path) {
            chmod(folder.appendingPathComponent("snaps/" + name).path, 0o666)
        }
        chmod(folder.appendingPathComponent("specs").path, 0o711)
        chmod(folder.appendingPathComponent("brand").path, 0o311)
        let nobody = try asNobody()
        let run = try runTabsnap(["check", "specs/one.yaml", "--snapshots", "snaps", "--prune"], program: "/usr/bin/setpriv", prefix: nobody)
        let said = run.stdout + run.stderr
        XCTAssertEqual(run.status, 2, said)
        XCTAssertTrue(said.contains("specs: cannot be listed (Permission denied); the specs beside the one checked would go unchecked"), said)
        XCTAssertTrue(exists("snaps/one.dark.png"), "the sibling's golden stays")
        let render = try runTabsnap(["render", "f.yaml", "-o", "f.png"], program: "/usr/bin/setpriv", prefix: nobody)
        XCTAssertEqual(render.status, 2, render.stderr)
        XCTAssertTrue(render.stderr.contains("the folder 'brand/' cannot be listed (Permission denied)"), render.stderr)
    }

    /// F3: standard output in a goldens subfolder whose name is not UTF-8 was not found (its path
    /// made a Swift string no stat could find, and the walk passed such names over): the report
    /// was appended to a golden.
    func testStandardOutputUnderANameThatIsNotUTF8IsStillFound() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [A, B]\n", to: "specs/a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "snaps", "--record", "missing"]).status, 0)
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let script = """
            bad=snaps/$(printf 'bad\\377'); mkdir "$bad"; printf 'a picture' > "$bad/z.png"
            '\(binary)' check specs --snapshots snaps --json - >> "$bad/z.png" 2> err.txt; echo $? > rc.txt
            wc -c < "$bad/z.png" > size.txt; rm -rf "$bad"
            """
        let (process, errors) = try runProcess("/bin/bash", ["-c", script])
        XCTAssertEqual(process.terminationStatus, 0, errors)
        let message = try String(contentsOf: folder.appendingPathComponent("err.txt"), encoding: .utf8)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("rc.txt"), encoding: .utf8), "2\n", message)
        XCTAssertTrue(message.contains("z.png is inside the goldens folder snaps"), message)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("size.txt"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), "9",
                       "nothing was appended")
    }
}
