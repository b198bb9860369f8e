import Foundation
import Tabsnap
import XCTest

/// Hostile round 29's minor findings that live on the command line: messages naming what the
/// user wrote.
extension CLITests {
    private var fixtureFonts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TabsnapRenderTests/Fixtures/fonts")
    }

    /// M2: a brought font collection refused for `--svg-text embedded` was named by its private
    /// copy (gone when the command ends), not by the spec's file.
    func testAnEmbeddedCollectionIsNamedAsTheSpecNamesIt() throws {
        try FileManager.default.copyItem(at: fixtureFonts.appendingPathComponent("brand-pair.ttc"), to: folder.appendingPathComponent("pair.ttc"))
        try write("width: 300\nfonts: [pair.ttc]\nbutton: {font: Brand 17}\nitems: [Home, Inbox]\n", to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "s.svg", "--svg-text", "embedded"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("\(folder.appendingPathComponent("pair.ttc").path): a font collection cannot be embedded in an SVG"), run.stderr)
        XCTAssertFalse(exists("s.svg"))
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "s.svg", "--svg-text", "named"]).status, 0, "named writes it")
    }

    /// M4: a family whose name differs from another by a no-break space was shown with the
    /// space raw, so the message read as naming the family the spec had asked for.
    func testAFamilyWithANoBreakSpaceIsShownEscaped() throws {
        var bytes = try Data(contentsOf: fixtureFonts.appendingPathComponent("brand.ttf"))
        // "Brand" as "Br nd" with a no-break space, in the Mac Roman (0xCA) and UTF-16 names.
        for (old, new) in [(Data("Brand".utf8), Data([0x42, 0x72, 0xCA, 0x6E, 0x64])),
                           (try XCTUnwrap("Brand".data(using: .utf16BigEndian)), try XCTUnwrap("Br\u{A0}nd".data(using: .utf16BigEndian)))] {
            XCTAssertEqual(old.count, new.count)
            while let range = bytes.range(of: old) { bytes.replaceSubrange(range, with: new) }
        }
        try bytes.write(to: folder.appendingPathComponent("nbsp.ttf"))
        try write("width: 300\nfonts: [nbsp.ttf]\nitems: [Home, Inbox]\n", to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "s.png"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("or markup names \"Br\\u{A0}nd\", and"), run.stderr)
    }
}

/// Hostile round 30's findings that live on the command line.
extension CLITests {
    /// Noted in round 30: a font whose licence bits forbid embedding (OS/2 fsType 2) was put
    /// inside an embedded SVG without a word. Refused, naming the spec's file; `named` writes it.
    func testAFontThatForbidsEmbeddingIsNotEmbedded() throws {
        try FileManager.default.copyItem(at: fixtureFonts.appendingPathComponent("restricted.ttf"), to: folder.appendingPathComponent("locked.ttf"))
        try write("width: 300\nfonts: [locked.ttf]\nbutton: {font: Brand Locked 17}\nitems: [Home, Inbox]\n", to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "s.svg", "--svg-text", "embedded"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("locked.ttf: its licence bits (OS/2 fsType: restricted licence embedding) forbid embedding it; use --svg-text named"), run.stderr)
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "s.svg", "--svg-text", "named"]).status, 0)
    }

    /// F3: an `.a11y.txt` golden with CRLF line ends (a checkout's conversion): the HTML report
    /// showed an added line inside the removed ones, and nothing said only the line ends differ.
    func testACRLFTextGoldenIsShownAndSaidAsSuch() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 390\nitems: [Home, Inbox, Search]\nsnapshots: {formats: [a11y]}\n", to: "specs/g.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "all"]).status, 0)
        let golden = folder.appendingPathComponent("gold/g.a11y.txt")
        let text = try String(contentsOf: golden, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: golden)
        let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "art", "--report", "r.html"])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue((run.stdout + run.stderr).contains("only their line ends: the golden's are CRLF"), run.stdout + run.stderr)
        let page = try String(contentsOf: folder.appendingPathComponent("r.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<span class=\"add\">+Home, tab, 1 of 3, selected</span>"), page)
        // Round 32: a byte-order mark an editor put first is said as such, alone or with CRLF.
        for (body, word) in [(text, "only a byte-order mark (U+FEFF) at the golden's start (an editor's?)"),
                             (text.replacingOccurrences(of: "\n", with: "\r\n"), "only a byte-order mark (U+FEFF) at the golden's start and CRLF line ends")] {
            try Data("\u{FEFF}\(body)".utf8).write(to: golden)
            let marked = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "art"])
            XCTAssertEqual(marked.status, 1)
            XCTAssertTrue((marked.stdout + marked.stderr).contains(word), marked.stdout + marked.stderr)
        }
    }
}

extension CLITests {
    /// Round 41 (minor): a text golden holding the same text in another Unicode normalisation
    /// (an editor's NFD), or not UTF-8 (UTF-16 with its byte-order mark, Latin-1), failed with a
    /// line diff of look-alike lines or replacement characters and no reason. Each is said.
    func testATextGoldenInAnotherEncodingOrNormalisationIsSaid() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 390\nitems: [Caf\u{E9}, Inbox]\nsnapshots: {formats: [a11y]}\n", to: "specs/g.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "all"]).status, 0)
        let golden = folder.appendingPathComponent("gold/g.a11y.txt")
        let text = try String(contentsOf: golden, encoding: .utf8)
        XCTAssertTrue(text.unicodeScalars.contains("\u{E9}"))
        let decomposed = String(String.UnicodeScalarView(text.unicodeScalars.flatMap { $0 == "\u{E9}" ? ["e", "\u{301}"] : [$0] }))
        let cases: [(Data, String)] = [
            (Data(decomposed.utf8), "only in Unicode normalisation (the same text, its accents composed differently"),
            (Data([0xFF, 0xFE]) + text.data(using: .utf16LittleEndian)!, "the golden is UTF-16 (it starts with a UTF-16 byte-order mark"),
            (text.data(using: .isoLatin1)!, "the golden is not UTF-8 text (another encoding"),
            // Round 44: an editor that strips the last newline (or adds one).
            (Data(text.utf8.dropLast()), "only the newline at the end: the golden's last line has none"),
            (Data((text + "\n").utf8), "only a newline added at the golden's end"),
        ]
        for (bytes, word) in cases {
            try bytes.write(to: golden)
            let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--artifacts", "art"])
            XCTAssertEqual(run.status, 1)
            XCTAssertTrue((run.stdout + run.stderr).contains(word), run.stdout + run.stderr)
        }
    }
}

/// Hostile round 32's findings that live on the command line.
extension CLITests {
    /// F3: with the goldens folder the spec folder, a spec's icon named like its golden (`t.png`
    /// for `t.yaml`) was recorded over. A file the specs read is never taken for a golden.
    func testASpecsIconIsNeverRecordedOverAsItsGolden() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        let icon = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><rect width=\"24\" height=\"24\"/></svg>".utf8)
        try write("preset: tabBar\nwidth: 300\nitems:\n  - {title: Home, icon: t.svg}\n  - {title: B, icon: home}\nsnapshots: {formats: [svg]}\n", to: "specs/t.yaml")
        for mode in ["--record=all", "--record=missing", "--record=failed"] {
            try icon.write(to: folder.appendingPathComponent("specs/t.svg"))
            let run = try runTabsnap(["check", "specs", "--snapshots", "specs", mode])
            XCTAssertNotEqual(run.status, 0, mode)
            XCTAssertTrue((run.stdout + run.stderr).contains("is a file the specs read (an icon, a page image, a font or a catalog), not a golden"), run.stdout + run.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("specs/t.svg")), icon, "\(mode): the icon is the user's")
        }
    }

    /// Round 33 F1: `check b.yaml --snapshots .` recorded b.png over a.yaml's icon: only the
    /// checked spec's files were guarded. The other specs in its folder are the user's too.
    func testCheckingOneSpecNeverRecordsOverASiblingsIcon() throws {
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let icon = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><rect width=\"24\" height=\"24\"/></svg>".utf8)
        try icon.write(to: specs.appendingPathComponent("b.svg"))
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Home, icon: b.svg}, {title: Two, icon: home}]\n", to: "specs/a.yaml")
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Bee, icon: home}, {title: Two, icon: search}]\nsnapshots: {formats: [svg]}\n", to: "specs/b.yaml")
        for mode in ["--record=all", "--record=missing"] {
            let run = try runTabsnap(["check", "specs/b.yaml", "--snapshots", "specs", mode])
            XCTAssertNotEqual(run.status, 0, mode)
            XCTAssertTrue((run.stdout + run.stderr).contains("b.svg is a file the specs read"), run.stdout + run.stderr)
            XCTAssertEqual(try Data(contentsOf: specs.appendingPathComponent("b.svg")), icon, "\(mode): a.yaml's icon is the user's")
        }
    }

    /// Round 81 F1: a spec that could not be read stopped protecting its files: with one bad key
    /// (or broken YAML) in a.yaml, `--record all` wrote b's SVG golden over the icon a.yaml names.
    /// What an unreadable spec's text names is an input still, in a folder's run and beside a
    /// spec checked alone.
    func testASpecThatCannotBeReadStillProtectsTheFilesItNames() throws {
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let icon = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><rect width=\"24\" height=\"24\"/></svg>".utf8)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Bee, icon: home}, {title: Two, icon: search}]\nsnapshots: {formats: [png, svg]}\n", to: "specs/b.yaml")
        let broken = [
            "preset: tabBar\nwidth: 200\nitems:\n  - {title: Home, icon: b.svg}\n  - {title: Two, icon: home}\nbogusKey: 1\n",
            "preset: tabBar\nwidth: 200\nitems: [{title: Home, icon: \"b.svg\"}, {title: Two, icon: home}\n",   // YAML cut short
            "{\"width\": \"wide\", \"items\": [{\"title\": \"Home\", \"icon\": \"b.svg\"}]}",       // JSON, a bad value
            // Round 82: spellings a word scanner missed, and keys no reader knows.
            "{\"width\": 200, \"bogus\": 1, \"items\": [{\"title\": \"A\", \"icon\": \"\\u0062.svg\"}]}",
            "width: 200\nbogus: 1\nitems: [{title: A, icon: \"\\x62.svg\"}, {title: B, icon: \"b\\\n   .svg\"}]\n",
            "Preset: tabBar\nWidth: 200\nItems: [{title: A, icon: b.svg}, {title: B, icon: home}]\n",
        ]
        for text in broken {
            try write(text, to: "specs/a.yaml")
            for (arguments, what) in [(["check", "specs"], "folder"), (["check", "specs/b.yaml"], "b.yaml alone")] {
                try icon.write(to: specs.appendingPathComponent("b.svg"))
                let run = try runTabsnap(arguments + ["--snapshots", "specs", "--record", "all"])
                XCTAssertNotEqual(run.status, 0, what)
                XCTAssertTrue((run.stdout + run.stderr).contains("b.svg is a file the specs read"), what + ": " + run.stdout + run.stderr)
                XCTAssertEqual(try Data(contentsOf: specs.appendingPathComponent("b.svg")), icon, "\(what), \(text): a.yaml's icon is the user's")
                XCTAssertTrue(FileManager.default.fileExists(atPath: specs.appendingPathComponent("b.png").path), "\(what): b's other golden is recorded")
            }
        }
    }

    /// Round 82: while a spec cannot be read, however it spells a name (here in YAML cut short,
    /// so an escape no reader decodes), no file without Tabsnap's golden mark is recorded over; a
    /// golden Tabsnap marked is (a PNG's and a text golden's), and a new one is written. A check
    /// report saved beside the specs (an error of the run) names marked goldens only.
    func testWhileASpecCannotBeReadOnlyMarkedGoldensAreRecordedOver() throws {
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Bee, icon: home}, {title: Two, icon: search}]\nsnapshots: {formats: [png, a11y]}\n", to: "specs/b.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "specs", "--record", "all", "--json", "report.json"]).status, 0)
        try FileManager.default.moveItem(at: folder.appendingPathComponent("report.json"), to: specs.appendingPathComponent("report.json"))
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Bees, icon: home}, {title: Two, icon: search}]\nsnapshots: {formats: [png, a11y]}\n", to: "specs/b.yaml")
        let user = Data("the user's own picture".utf8)
        try user.write(to: specs.appendingPathComponent("c.png"))
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Sea, icon: home}, {title: Two, icon: search}]\n", to: "specs/c.yaml")
        try write("width: 200\nitems: [{title: A, icon: \"\\u0063.png\"}\n", to: "specs/a.yaml")
        let run = try runTabsnap(["check", "specs", "--snapshots", "specs", "--record", "all"])
        let said = run.stdout + run.stderr
        XCTAssertEqual(run.status, 2, said)
        XCTAssertEqual(try Data(contentsOf: specs.appendingPathComponent("c.png")), user, "the user's file is kept")
        XCTAssertTrue(said.contains("c.png carries no golden mark, and specs/a.yaml (and 1 more) cannot be read"), said)
        XCTAssertTrue(said.contains("RECORDED b.png") && said.contains("RECORDED b.a11y.txt"), "marked goldens are recorded again: \(said)")
        XCTAssertFalse(said.contains("b.png is a file the specs read"), "the report's goldens are no inputs: \(said)")
    }

    /// Round 83: a file an unreadable spec names plainly is protected even when it carries
    /// Tabsnap's golden mark (an older golden copied to be an icon, or a forged mark).
    func testAMarkedFileAnUnreadableSpecNamesIsNotRecordedOver() throws {
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Bee, icon: home}, {title: Two, icon: search}]\n", to: "specs/a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "specs", "--record", "all"]).status, 0)
        let icon = try Data(contentsOf: specs.appendingPathComponent("a.png"))   // marked: a golden
        try write("preset: tabBar\nwidth: 200\nitems: [{title: Sea, icon: home}, {title: Two, icon: search}]\n", to: "specs/a.yaml")
        try write("preset: tabBar\nwidth: 200\nbogusKey: 1\nitems: [{title: A, icon: a.png}, {title: B, icon: home}]\n", to: "specs/b.yaml")
        let run = try runTabsnap(["check", "specs", "--snapshots", "specs", "--record", "all"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue((run.stdout + run.stderr).contains("a.png is a file the specs read"), run.stdout + run.stderr)
        XCTAssertEqual(try Data(contentsOf: specs.appendingPathComponent("a.png")), icon, "b.yaml's icon is kept")
    }

    /// Round 83: `check specs/a.yaml --snapshots .` recorded a.png over the icon of x.yaml, a
    /// spec in the goldens folder but not in the run (only the checked spec's own folder was
    /// read for other specs). The specs where goldens go are read too: readable or not.
    func testSpecsInTheGoldensFolderKeepTheirFiles() throws {
        let user = Data("the user's icon".utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: home}, {title: B, icon: home}]\n", to: "specs/a.yaml")
        for (goldens, other) in [("hidden", "preset: tabBar\nwidth: 200\nitems: [{title: A, icon: a.png}, {title: B, icon: home}]\n"),
                                 (".", "preset: tabBar\nwidth: 200\nitems: [{title: A, icon: a.png}, {title: B, icon: home}]\n"),
                                 ("specs/sub", "preset: tabBar\nwidth: 200\nitems: [{title: A, icon: a.png}, {title: B, icon: home}]\n"),
                                 ("g", "width: 200\nitems: [{title: A, icon: \"\\u0061.png\"}\n")] {   // unreadable, the name unfound
            let folderURL = folder.appendingPathComponent(goldens)
            try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
            try user.write(to: folderURL.appendingPathComponent("a.png"))
            // Round 85: a hidden spec (`.x.yaml`) renders as any other.
            let name = goldens == "hidden" ? "/.x.yaml" : "/x.yaml"
            try write(other, to: goldens + name)
            let run = try runTabsnap(["check", "specs/a.yaml", "--snapshots", goldens, "--record", "all"])
            XCTAssertNotEqual(run.status, 0, goldens)
            XCTAssertEqual(try Data(contentsOf: folderURL.appendingPathComponent("a.png")), user, "\(goldens): x.yaml's icon is kept: \(run.stdout)")
            try FileManager.default.removeItem(at: folder.appendingPathComponent(goldens + name))
        }
        // Round 84: a spec higher in the goldens folder names the file in a subfolder where a
        // golden goes (`snaps/x.yaml` naming `icons/a.png`, the golden of `specs/icons/a.yaml`).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested/specs/icons"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested/snaps/icons"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: home}, {title: B, icon: home}]\n", to: "nested/specs/icons/a.yaml")
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: icons/a.png}, {title: B, icon: home}]\n", to: "nested/snaps/x.yaml")
        try user.write(to: folder.appendingPathComponent("nested/snaps/icons/a.png"))
        let nested = try runTabsnap(["check", "nested/specs", "--snapshots", "nested/snaps", "--record", "all"])
        XCTAssertNotEqual(nested.status, 0)
        XCTAssertTrue((nested.stdout + nested.stderr).contains("icons/a.png is a file the specs read"), nested.stdout + nested.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("nested/snaps/icons/a.png")), user, "x.yaml's icon is kept")
    }

    /// Round 86: a spec's name on no file (a link to nothing, a FIFO), in the specs folder or
    /// below the goldens, reads nothing, and holds unmarked files back as an unreadable spec does.
    func testASpecNameOnNoFileHoldsUnmarkedFilesBack() throws {
        let user = Data("the user's picture".utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("g/.h"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: home}, {title: B, icon: home}]\n", to: "specs/a.yaml")
        for (link, arguments) in [("specs/d.yaml", ["check", "specs"]), ("g/.h/d.yaml", ["check", "specs/a.yaml"])] {
            try user.write(to: folder.appendingPathComponent("g/a.png"))
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: "nowhere.yaml")
            let run = try runTabsnap(arguments + ["--snapshots", "g", "--record", "all"])
            XCTAssertNotEqual(run.status, 0, link)
            XCTAssertTrue((run.stdout + run.stderr).contains("a.png carries no golden mark"), link + ": " + run.stdout + run.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("g/a.png")), user, "\(link): the user's file is kept")
            try FileManager.default.removeItem(at: folder.appendingPathComponent(link))
        }
    }

    /// Round 86: a folder below the goldens that cannot be entered may hold a spec naming any
    /// file, so it holds unmarked files back as an unreadable spec does. Run as nobody (root
    /// enters every folder); without the locked folder the same run records over the file.
    func testAFolderBelowTheGoldensThatCannotBeEnteredHoldsUnmarkedFilesBack() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("runs tabsnap as another user: needs root and setpriv(1) (CI runs as root)")
        }
        let user = Data("the user's picture".utf8)
        for path in ["specs", "g/locked"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: home}, {title: B, icon: home}]\n", to: "specs/a.yaml")
        for path in ["", "specs", "g"] { chmod(folder.appendingPathComponent(path).path, 0o777) }
        chmod(folder.appendingPathComponent("g/locked").path, 0o000)
        let nobody = try asNobody()
        let checkAsNobody = { () throws -> Run in
            try user.write(to: self.folder.appendingPathComponent("g/a.png"))
            chmod(self.folder.appendingPathComponent("g/a.png").path, 0o666)
            // The user's own picture (another user's, root's, is never recorded over: round 128).
            chown(self.folder.appendingPathComponent("g/a.png").path, 65534, 65534)
            return try self.runTabsnap(["check", "specs", "--snapshots", "g", "--record", "all"], program: "/usr/bin/setpriv",
                                       prefix: nobody)
        }
        let held = try checkAsNobody()
        XCTAssertNotEqual(held.status, 0, held.stdout + held.stderr)
        XCTAssertTrue((held.stdout + held.stderr).contains("a.png carries no golden mark"), held.stdout + held.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("g/a.png")), user, "the user's file is kept")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("g/locked"))
        let recorded = try checkAsNobody()
        XCTAssertEqual(recorded.status, 0, recorded.stdout + recorded.stderr)
        XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent("g/a.png")), user, "every folder entered: the golden is recorded")
    }

    /// Round 33 m4: a transition golden cut short, whose first frames compared (another frame
    /// rate), was an error of motion words then "truncated PNG file", naming no file.
    func testAGoldenCutShortIsNamedWithoutWordsReadFromIt() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nitems: [A, B, C]\ntransition: {to: 2, duration: 2000, fps: 60}\nsnapshots: {scales: [4]}\n", to: "specs/t.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "g", "--record", "all"]).status, 0)
        let golden = folder.appendingPathComponent("g/t.transition@4x.png")
        let bytes = try Data(contentsOf: golden)
        try bytes.prefix(bytes.count / 2).write(to: golden)
        try write("width: 300\nitems: [A, B, C]\ntransition: {to: 2, duration: 1000, fps: 30}\nsnapshots: {scales: [4]}\n", to: "specs/t.yaml")
        let run = try runTabsnap(["check", "specs", "--snapshots", "g", "--artifacts", "art"])
        XCTAssertEqual(run.status, 2)
        let said = run.stdout + run.stderr
        XCTAssertTrue(said.contains("ERROR t.transition@4x.png: g/t.transition@4x.png: truncated PNG file\n"), said)
        XCTAssertFalse(said.contains("frame rate"), said)
    }

    /// F4: an SVG or `.a11y.txt` golden that is a Git LFS pointer was compared as text (FAILED);
    /// it is named as a pointer, as a PNG golden is.
    func testATextGoldenThatIsAnLFSPointerIsSaidToBeOne() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nsnapshots: {formats: [svg, a11y]}\nitems: [Home, Search]\n", to: "specs/a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "snaps", "--record", "all"]).status, 0)
        let pointer = Data("version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n".utf8)
        for name in ["a.svg", "a.a11y.txt"] { try pointer.write(to: folder.appendingPathComponent("snaps/\(name)")) }
        let run = try runTabsnap(["check", "specs", "--snapshots", "snaps"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains("a.svg: a Git LFS pointer, not the golden (run `git lfs pull`)"), run.stdout + run.stderr)
        XCTAssertTrue((run.stdout + run.stderr).contains("a.a11y.txt: a Git LFS pointer, not the golden"), run.stdout + run.stderr)
    }
}

extension CLITests {
    /// Round 32 F5 and F6: a page image is an input (`render -o page.png` replaced it), and a
    /// frame folder that holds an input (an icon that is an earlier run's frame) is refused.
    func testPageImagesAndFramesInTheOutputFolderAreInputs() throws {
        try Data(PNGEncoder.encode(RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16)))).write(to: folder.appendingPathComponent("page.png"))
        try write("preset: tabBar\nscreen: {pages: [page.png]}\nitems: [A, B]\n", to: "u.yaml")
        let before = try Data(contentsOf: folder.appendingPathComponent("page.png"))
        let render = try runTabsnap(["render", "u.yaml", "-o", "page.png"])
        XCTAssertEqual(render.status, 2)
        XCTAssertTrue(render.stderr.contains("one of the command's inputs"), render.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("page.png")), before)
        try write("width: 200\nitems: [A, B]\n", to: "first.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "first.yaml", "-o", "D/", "--frames", "3", "--quiet"]).status, 0)
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: D/frame-0002.png}, B]\n", to: "s.yaml")
        let frame = try Data(contentsOf: folder.appendingPathComponent("D/frame-0002.png"))
        let animate = try runTabsnap(["animate", "s.yaml", "-o", "D/", "--frames", "3", "--quiet"])
        XCTAssertEqual(animate.status, 2)
        XCTAssertTrue(animate.stderr.contains("holds frame-0002.png, one of the command's inputs"), animate.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("D/frame-0002.png")), frame)
    }
}

extension CLITests {
    /// Round 32 M11: the same font file in the spec's `fonts:` and in `--font` was refused as a
    /// font nothing names, though `button.font` named it.
    func testAFontInTheSpecAndOnTheCommandLineIsTheSpecs() throws {
        try FileManager.default.copyItem(at: fixtureFonts.appendingPathComponent("brand.ttf"), to: folder.appendingPathComponent("Brand.ttf"))
        try write("width: 390\nfonts: [Brand.ttf]\nbutton: {font: Brand 17}\nitems: [Home, Inbox]\n", to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "s.png", "--font", "Brand.ttf"])
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
