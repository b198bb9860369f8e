import Foundation
import Tabsnap
@testable import TabsnapSpec
import XCTest

/// The spec reader's markup check (pure Swift, reported at the spec's line) and pango (which
/// would drop the title at render time) agree on every attribute and value tried here.
final class MarkupAgreesWithPangoTests: XCTestCase {
    /// The reader's syntax check. (Past it, the reader also refuses what no face provides — a
    /// weight such as ultraheavy, italics, a stretch — which pango accepts and substitutes.)
    private func specAccepts(_ markup: String) -> Bool {
        if case .success = MarkupCheck.plainText(of: markup) { return true }
        return false
    }

    private func assertAgree(_ markup: String, file: StaticString = #filePath, line: UInt = #line) {
        let pango = PangoMarkup.problem(markup)
        XCTAssertEqual(specAccepts(markup), pango == nil, "\(markup): pango says \(pango ?? "fine")", file: file, line: line)
    }

    func testColourNamesAndForms() {
        for name in ["red", "Red", "light blue", "LightBlue", "grey50", "gray100", "navajowhite3", "rebeccapurple", "nope",
                     "#f00", "#f00a", "#ff0000", "#ff000080", "#fff000000", "#ffff00000000", "#ffff00000000ffff", "#ff00",
                     "#ff0000f", "#gg0000", "", "transparent", "red;", "rgb(1,2,3)"] {
            assertAgree("<span foreground=\"\(name)\">x</span>")
        }
        // Every listed name, under each colour attribute pango knows.
        let all = MarkupColorNames.all
        XCTAssertGreaterThan(all.count, 600)
        for name in all { XCTAssertNil(PangoMarkup.problem("<span background=\"\(name)\">x</span>"), String(name)) }
    }

    func testEveryAttributeKind() {
        let values: [String: [String]] = [
            "size": ["12pt", "120%", "larger", "x-small", "12288", "0", "-3", "big", "12px", "12.5pt"],
            "weight": ["bold", "ultraheavy", "semibold", "700", "50", "1001", "fat"],
            "style": ["italic", "oblique", "slanted"],
            "variant": ["small-caps", "title-caps", "tiny"],
            "stretch": ["condensed", "ultra-expanded", "semiexpanded", "wide"],
            "underline": ["single", "double", "low", "error", "wavy", "true"],
            "strikethrough": ["true", "false", "yes"],
            "rise": ["1000", "-1000", "3pt", "up"],
            "baseline_shift": ["superscript", "subscript", "3pt", "2000", "high"],
            "font_scale": ["superscript", "small-caps", "big"],
            "letter_spacing": ["1024", "2pt", "wide"],
            "alpha": ["50%", "65535", "0", "65537", "half"],
            "gravity": ["south", "auto", "down"],
            "text_transform": ["uppercase", "capitalize", "title"],
            "font_features": ["liga=0", "anything"],
            "line_height": ["1.5", "tall"],
            "allow_breaks": ["false", "0", "no", "n"],
            "weight_": ["x"],
        ]
        for (attribute, list) in values {
            for value in list { assertAgree("<span \(attribute)=\"\(value)\">x</span>") }
        }
        for markup in ["<span colour=\"red\">x</span>", "<b weight=\"bold\">x</b>", "<span>x</span>", "<span foreground=\"red\" size=\"9pt\">x</span>"] {
            assertAgree(markup)
        }
    }

    func testAMarkupErrorNamesItsPlaceAndTheAttribute() {
        XCTAssertThrowsError(try SpecLoader.parse("width: 300\nitems:\n  - {markup: '<span foreground=\"nope\">A</span>'}\n", file: "s.yaml")) {
            XCTAssertEqual("\($0)", "s.yaml:3:14: items[0].markup: <span foreground=\"nope\">: expected a colour such as \"#FF3B30\" or \"red\"")
        }
        XCTAssertThrowsError(try SpecLoader.parse("width: 300\nitems: [{markup: '<span forground=\"red\">A</span>'}]\n")) {
            XCTAssertTrue("\($0)".contains("unknown attribute 'forground' on <span>; did you mean 'foreground'?"), "\($0)")
        }
    }
}
