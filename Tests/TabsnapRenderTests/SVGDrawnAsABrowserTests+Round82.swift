import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 82: `display: none` on the outermost `<svg>`, and backslashes in attributes no
/// one reads as CSS.
extension SVGDrawnAsABrowserTests {
    /// A browser's `<img>` draws the document whatever the root's display says; librsvg drew a
    /// blank icon. Refused, written as an attribute, a style or a rule that may match the root.
    func testDisplayNoneOnTheOutermostSVGIsRefused() throws {
        let path = "<path d=\"M4 4h16v16H4z\" fill=\"#222\"/>"
        let documents = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" display=\"none\">\(path)</svg>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" style=\"display:none\">\(path)</svg>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\"><style>svg{display:none}</style>\(path)</svg>",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\"><style>:root{display:none}</style>\(path)</svg>",
        ]
        for document in documents {
            XCTAssertThrowsError(try renderDocument(document), document) { error in
                XCTAssertTrue("\(error)".contains("display none on the outermost <svg>"), "\(error)")
            }
        }
        // Hidden inside (a group, a rule matching only a class of a path): drawn as before.
        XCTAssertNoThrow(try render("<g display=\"none\">\(path)</g><circle cx=\"12\" cy=\"12\" r=\"4\"/>"))
        XCTAssertNoThrow(try render("<style>.h{display:none}</style><path class=\"h\" d=\"M4 4h16v16H4z\"/><circle cx=\"12\" cy=\"12\" r=\"4\"/>"))
    }

    /// An editor's own attributes (Inkscape's export path on Windows), data and ARIA text, and an
    /// SVG font's glyphs may hold a backslash: nobody reads them as CSS. A presentation attribute
    /// still may not.
    func testBackslashesOnlyWhereCSSIsReadAreRefused() throws {
        let document = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" "
            + "viewBox=\"0 0 24 24\" width=\"24\" height=\"24\" inkscape:export-filename=\"C:\\Users\\me\\icon.png\" data-note=\"a\\b\">"
            + "<defs><font horiz-adv-x=\"500\"><glyph unicode=\"\\\" d=\"M0 0h10v10z\"/></font></defs>"
            + "<path d=\"M4 4h16v16H4z\" aria-label=\"back\\slash\"/></svg>"
        XCTAssertNoThrow(try renderDocument(document))
        refused("<path d=\"M4 4h16v16H4z\" fill=\"\\75 rl(#a)\"/>", "holds a CSS escape")
    }
}
