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
        // Named by the option and the file's path: the spec has no fonts key to point at (round 51).
        XCTAssertTrue(clash.stderr.hasPrefix("error: --font \(folder.appendingPathComponent("Clash.ttf").path): is named 'DejaVu Sans', which fontconfig reads as the bundled 'DejaVu Sans'"),
                      clash.stderr)
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

extension CLITests {
    /// Round 43 F9: a font folder holding a font whose name is not UTF-8 said "no such file",
    /// naming it with U+FFFD. Named escaped, and why.
    func testAFontWhoseNameIsNotUTF8IsNamedAsSuch() throws {
        let fonts = folder.appendingPathComponent("e1")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let font = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts/Inter/Inter-Regular.otf"))
        // A name no Swift string holds: the path's bytes, with 0xFF in the file's name.
        let path = Array(fonts.path.utf8) + Array("/n".utf8) + [0xFF] + Array(".ttf".utf8)
        let file = (path.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { Glibc.open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        }
        XCTAssertGreaterThanOrEqual(file, 0)
        _ = font.withUnsafeBytes { Glibc.write(file, $0.baseAddress, $0.count) }
        close(file)
        try write("width: 200\nfonts: [e1/]\nitems: [Home]\n", to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "out.png"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("fonts[0]: the folder 'e1/' holds n\\xFF.ttf, whose name is not valid UTF-8; rename it"), run.stderr)
    }
}
