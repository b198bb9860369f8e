import Foundation
import Tabsnap
@testable import TabsnapSpec
import TabsnapFuzzing
import TabsnapCairo
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

/// The spec reader's own markup syntax (MarkupReader) against pango's GMarkup, on markup stitched
/// at random from pieces chosen to sit on the syntax's edges: both accept or both refuse, and
/// what both accept reads as the same plain text.
final class MarkupSyntaxAgreesWithPangoTests: XCTestCase {
    private let pieces = [
        "a", " ", "é", ">", "\"", "'", "]]>", "\n", "<", "&", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#65;", "&#x41;",
        "&#x1F600;", "&#0;", "&#xD800;", "&#xFFFE;", "&#1114112;", "&#;", "&#x;", "&#65", "&bogus;", "&;", "& b;",
        "<b>", "</b>", "<i>", "</i>", "<b/>", "<b />", "<b >", "</b >", "< b>", "</ b>", "<b", "</b", "<1b>", "<_b>",
        "<span>", "</span>", "<span foreground=\"red\">", "<span foreground='red'>", "<span foreground = \"red\" >",
        "<span foreground=red>", "<span foreground>", "<span foreground=\"red\"size=\"9pt\">", "<span\nsize=\"9pt\">",
        "<span color=\"red\" foreground=\"blue\">", "<span size=\"9pt\" font_size=\"9pt\">", "<span size=\"9pt\" size=\"9pt\">",
        "<span foreground=\"red\" background=\"blue\">", "<span foreground=\"r&#101;d\">", "<span foreground=\"&bogus;\">",
        "<span font_features=\"a<b\">", "<span font_features=\"a>b\">", "<span font_features=\"\">", "<span/>",
        "<span foreground=\"red\"", "<!-- note -->", "<!--", "<!---->", "<![CDATA[x<y]]>", "<![CDATA[", "<?pi x?>", "<?",
        "<!DOCTYPE x>", "<!DOCTYPEx>", "<!doctype x>", "<!x>", "<!-- a -- b -->", "<!--->", "<!DOCTYPE x [<y>]>", "<!DOCTYPE<>",
        "<!DOCTYPE <a> <b>>", "&#0000000065;", "&# 65;", "&#+65;", "&#-65;", "&#x0x41;", "&#x 41;", "&#X41;", "&#x0x;",
        "&#99999999999;", "&#x   +0X1F600;", "\r\n", "\r", "\t", "<span font='Inter\tBold\r\n9'>", "<span font_features='a\rb'>", "<é>", "<b:c>", "<B>", "<sub>", "</sub>", "<tt>", "</tt>",
    ]

    func testRandomMarkupAgreesWithPango() {
        var generator = SeededGenerator(seed: 20261123)
        var disagreements: [String] = []
        for _ in 0..<20000 {
            let count = Int.random(in: 1...6, using: &generator)
            let markup = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let ours = MarkupCheck.plainText(of: markup)
            let pango = PangoMarkup.plainText(markup)
            switch ours {
            case .success(let text) where text != pango:
                disagreements.append("\(markup.debugDescription): we read \(text.debugDescription), pango \(pango.debugDescription)")
            case .failure(let problem) where pango != nil:
                disagreements.append("\(markup.debugDescription): we refuse (\(problem.message)), pango reads \(pango!.debugDescription)")
            default: break
            }
        }
        XCTAssertEqual(disagreements.count, 0, disagreements.prefix(12).joined(separator: "\n"))
    }

    /// Pango is handed a C string, so it would read markup only up to a NUL; the reader refuses it.
    func testANulCharacterIsRefused() {
        for markup in ["<b>a\u{0}</b>", "\u{0}", "a\u{0}b"] {
            guard case .failure(let problem) = MarkupCheck.plainText(of: markup) else { return XCTFail(markup.debugDescription) }
            XCTAssertTrue(problem.message.contains("NUL"), problem.message)
        }
    }

    func testEveryPieceAloneAndInsideATag() {
        for piece in pieces {
            for markup in [piece, "<b>\(piece)</b>", "x\(piece)y", "\(piece)</span>"] {
                let ours = MarkupCheck.plainText(of: markup)
                let pango = PangoMarkup.plainText(markup)
                switch ours {
                case .success(let text): XCTAssertEqual(text, pango, markup.debugDescription)
                case .failure(let problem): XCTAssertNil(pango, "\(markup.debugDescription): we refuse (\(problem.message))")
                }
            }
        }
    }
}

/// A span may give each setting once; pango's aliases (color and foreground, size and
/// font_size…) name one setting. Every pair of attribute names, against pango.
final class MarkupDuplicatesAgreeWithPangoTests: XCTestCase {
    private func example(_ kind: MarkupAttributes.Kind) -> String {
        switch kind {
        case .color, .lineColor: "red"
        case .lineHeight: "1.5"
        case .alpha: "50%"
        case .size: "9pt"
        case .points, .integer, .baseline: "0"
        case .text: "Inter"
        case .boolean: "true"
        case .words(let words): words[0]
        case .weight: "bold"
        case .fontScale: "superscript"
        }
    }

    func testEveryPairOfNames() {
        let names = MarkupAttributes.kinds.keys.sorted()
        XCTAssertGreaterThan(names.count, 40)
        for first in names {
            for second in names {
                let markup = "<span \(first)=\"\(example(MarkupAttributes.kinds[first]!))\" \(second)=\"\(example(MarkupAttributes.kinds[second]!))\">x</span>"
                let pango = PangoMarkup.problem(markup)
                let ours: String? = switch MarkupCheck.plainText(of: markup) {
                case .success: nil
                case .failure(let problem): problem.message
                }
                XCTAssertEqual(ours == nil, pango == nil, "\(markup): ours \(ours ?? "fine"), pango \(pango ?? "fine")")
            }
        }
    }
}
