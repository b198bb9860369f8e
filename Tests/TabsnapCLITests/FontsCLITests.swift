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
