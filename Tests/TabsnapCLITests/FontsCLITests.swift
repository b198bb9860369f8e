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
}
