import Foundation
import XCTest

extension CLITests {
    /// Without fonts every glyph would be an empty box and the run would look fine: a missing or
    /// empty TABSNAP_FONTS_DIR is an error, nothing written.
    func testAFontsFolderWithoutFontsIsAnError() throws {
        try write("width: 200\nitems: [Home]\n", to: "s.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for fonts in [folder.appendingPathComponent("missing").path, folder.appendingPathComponent("empty").path] {
            let run = try runTabsnap(["render", "s.yaml", "-o", "out.png"], environment: ["TABSNAP_FONTS_DIR": fonts])
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.stderr.contains("TABSNAP_FONTS_DIR=\(fonts) holds no .otf or .ttf fonts"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
        }
    }

    /// `--font` adds font files to the spec's own for render, layout and animate; a missing or
    /// non-font file is one line naming it, nothing written.
    func testFontFilesFromTheCommandLine() throws {
        let dejaVu = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts/DejaVu/DejaVuSans.ttf")
        // DejaVu Sans under a family of its own: every "DejaVu Sans" (ASCII and UTF-16BE) becomes "Tabsnap Cli"
        var bytes = try Data(contentsOf: dejaVu)
        for (from, to) in [("DejaVu Sans", "Tabsnap Cli")] {
            for encoding in [String.Encoding.ascii, .utf16BigEndian] {
                let old = try XCTUnwrap(from.data(using: encoding)), new = try XCTUnwrap(to.data(using: encoding))
                while let range = bytes.range(of: old) { bytes.replaceSubrange(range, with: new) }
            }
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent("fonts/Mine.ttf"))
        try write("width: 200\nitems: [Home]\nbutton: {font: DejaVu Sans 15}\n", to: "s.yaml")
        try write("width: 200\nitems: [Home]\nbutton: {font: Tabsnap Cli 15}\n", to: "mine.yaml")
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "plain.png"]).status, 0)
        let run = try runTabsnap(["render", "mine.yaml", "-o", "mine.png", "--font", "fonts/Mine.ttf"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("mine.png")),
                       try Data(contentsOf: folder.appendingPathComponent("plain.png")), "DejaVu's glyphs under another name")
        XCTAssertEqual(try runTabsnap(["layout", "mine.yaml", "--font", "fonts"]).status, 0, "a folder of fonts")
        // a brought font may not take a bundled family's name
        try FileManager.default.copyItem(at: dejaVu, to: folder.appendingPathComponent("Clash.ttf"))
        let clash = try runTabsnap(["render", "s.yaml", "-o", "clash.png", "--font", "Clash.ttf"])
        XCTAssertEqual(clash.status, 2)
        XCTAssertTrue(clash.stderr.contains("Clash.ttf is named 'DejaVu Sans', which fontconfig reads as the bundled 'DejaVu Sans'"), clash.stderr)
        for (path, problem) in [("Nope.ttf", "font file or folder not found: Nope.ttf"),
                                ("s.yaml", "'s.yaml' is not a font file; expected .otf, .ttf or .ttc, or a folder of them")] {
            let bad = try runTabsnap(["animate", "s.yaml", "-o", "a.png", "--font", path])
            XCTAssertEqual(bad.status, 2)
            XCTAssertEqual(bad.stderr, "error: --font \(path): \(problem)\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.png").path))
        }
    }

    /// An option that could not change anything is refused, not ignored.
    func testStrictWithoutAToleranceIsRefused() throws {
        try write("width: 100\nitems: [A]\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "a.png"]).status, 0)
        let run = try runTabsnap(["diff", "a.png", "a.png", "--strict"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: --strict goes with --delta-e or --allow"), run.stderr)
        XCTAssertEqual(try runTabsnap(["diff", "a.png", "a.png", "--strict", "--delta-e", "1"]).status, 0)
    }
}
