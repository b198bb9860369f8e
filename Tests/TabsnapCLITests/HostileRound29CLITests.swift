import Foundation
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
    }
}
