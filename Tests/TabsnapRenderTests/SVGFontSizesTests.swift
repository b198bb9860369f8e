@testable import TabsnapCairo
import XCTest

/// An icon's text whose font size pango cannot hold as asked (under half a unit in the text's own
/// units, made visible by a transform) is refused before librsvg reads it: a `font-size` of 0.0001
/// in a group scaled 200 000 times drew nothing, exit 0, and sizes up to about 0.1 were drawn
/// distorted (hostile round 60).
final class SVGFontSizesTests: XCTestCase {
    func testValuesAreReadAsLibrsvgReadsThem() {
        XCTAssertEqual(SVGFontSizes.value("12"), .absolute(12))
        XCTAssertEqual(SVGFontSizes.value(" 1e-3px "), .absolute(0.001))
        XCTAssertEqual(SVGFontSizes.value("9pt"), .absolute(12))
        XCTAssertEqual(SVGFontSizes.value("2em"), .relative(2))
        XCTAssertEqual(SVGFontSizes.value("2e1em"), .relative(20))
        XCTAssertEqual(SVGFontSizes.value("50%"), .relative(0.5))
        XCTAssertEqual(SVGFontSizes.value("1ex"), .relative(0.5))
        XCTAssertEqual(SVGFontSizes.value("smaller"), .relative(1 / 1.2))
        XCTAssertNil(SVGFontSizes.value("inherit"))
        XCTAssertNil(SVGFontSizes.value("medium"))
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "fill: red; FONT-SIZE: 0.01px !important"), [.absolute(0.01)])
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "font: bold 700 0.02px/1.5 Inter"), [.absolute(700), .absolute(0.02)],
                       "every number may be the size (a weight is at least 1), but the line height")
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "font:0.0001px\"DejaVu Sans\""), [.absolute(0.0001)])
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "/* c */font-size/**/:/**/0.0001px ! important"), [.absolute(0.0001)])
        let rules = SVGFontSizes.rules(in: "text { font: 12px Inter } @media all { .a, g#b{font-size:50%} } g > text { font-size: 2em } rect { fill: red }")
        XCTAssertEqual(rules.map(\.values), [[.absolute(12)], [.relative(0.5)], [.relative(2)]])
        XCTAssertEqual(rules.map { $0.simple.map { $0.map { "\($0.type ?? "*")#\($0.id ?? "")\($0.classes.map { "." + $0 }.joined())" } } },
                       [["text#"], ["*#.a", "g#b"], nil])
        XCTAssertEqual(SVGFontSizes.declaredValues(inStyle: "font:16px \"Font 0.3\", sans-serif"), [.absolute(16)], "a family name's number is no size")
    }

    private func smallest(_ body: String) throws -> Double? {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>"
        do {
            _ = try SVGIconPreflight.check(Array(svg.utf8))
            return nil
        } catch {
            let size = try XCTUnwrap(error.description.firstMatch(of: /font-size of ([0-9.e+-]+) units/)?.1, error.description)
            XCTAssertTrue(error.description.hasSuffix("give it a font-size of at least 0.5 and a smaller transform"), error.description)
            return Double(size)
        }
    }

    func testTheSmallestSizeAnyTextIsSetAtIsFound() throws {
        XCTAssertEqual(try smallest("<g transform=\"scale(200000)\"><text y=\"0.0001\" font-size=\"0.0001\">A</text></g>"), 0.0001)
        XCTAssertEqual(try smallest("<text y=\"20\" font-size=\"12\">A<tspan font-size=\"0.0002\">B</tspan></text>"), 0.0002)
        XCTAssertEqual(try XCTUnwrap(smallest("<g font-size=\"1\"><text y=\"20\" font-size=\"0.1em\">A</text></g>")), 0.1, accuracy: 1e-12)
        XCTAssertEqual(try smallest("<g style=\"font-size: 0.001px\"><text y=\"20\">A</text></g>"), 0.001)
        XCTAssertEqual(try smallest("<style>text { font: 0.02px Inter }</style><text y=\"20\" font-size=\"12\">A</text>"), 0.02, "a sheet beats an attribute")
        // A rule applies where its simple selector matches, at every level it matches (round 62:
        // taken once, 0.1em on five nested groups passed); one that is not simple, everywhere.
        XCTAssertNil(try smallest("<style>.s { font-size: 1% }</style><g><g><text y=\"20\">A</text></g></g>"), "matches nothing")
        XCTAssertEqual(try XCTUnwrap(smallest("<style>g{font-size:0.1em}</style><g><g><g><text y=\"20\">A</text></g></g></g>")), 0.012, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(smallest("<style>g > g {font-size:10%}</style><g><text y=\"20\">A</text></g>")), 0.012, accuracy: 1e-12,
                       "a selector with a combinator may match the root, the group and the text")
        // A chain of 100 `<use>`, each drawing the one before, written in that order.
        let chain = (1...100).map { "<g id=\"a\($0)\"><use href=\"#a\($0 - 1)\"/></g>" }.joined()
        XCTAssertEqual(try smallest("<defs><g id=\"a0\"><text y=\"0.0001\">A</text></g>\(chain)</defs>"
                                    + "<use href=\"#a100\" font-size=\"0.0001\" transform=\"scale(200000)\"/>"), 0.0001)
        // Round 61's ways past the first version of the rule, each a text 20 units high in a browser.
        let scaled = "<g transform=\"scale(200000)\">%@</g>"
        for body in [
            "<defs><symbol id=\"s\" overflow=\"visible\"><text y=\"0.0001\" font-size=\"1em\">A</text></symbol></defs>" + String(format: scaled, "<use href=\"#s\" font-size=\"0.0001\"/>"),
            "<defs><text id=\"t\" y=\"0.0001\">A</text></defs><use id=\"u\" href=\"#t\"/>" + String(format: scaled, "<use href=\"#u\" style=\"font-size:0.0001px\"/>"),
            "<text y=\"20\" font-size=\"0\">z</text>" + String(format: scaled, "<text y=\"0.0001\" font-size=\"0.0001\">A</text>"),
            "<style>.unused{font-size:0}</style>" + String(format: scaled, "<text y=\"0.0001\" font-size=\"0.0001\">A</text>"),
            "<style>text{/**/font-size:0.0001px}</style>" + String(format: scaled, "<text y=\"0.0001\">A</text>"),
            String(format: scaled, "<text y=\"0.0001\" font-size=\"0.0001/**/\">A</text>"),
            "<style>text{font-size:0.0001px ! important}</style>" + String(format: scaled, "<text y=\"0.0001\" style=\"font-size:10px\">A</text>"),
            String(format: scaled, "<text y=\"0.0001\" style=\"font-size:0.0001px !important; font-size:10px\">A</text>"),
            String(format: scaled, "<text y=\"0.0001\" style=\"font:italic 0.0001 sans-serif\">A</text>"),
            // Round 63: strings and blocks read as CSS reads them, and `inherit`.
            "<style>text{font-family:\"}\";font-size:0.0001px}</style>" + String(format: scaled, "<text y=\"0.0001\">A</text>"),
            String(format: scaled, "<text y=\"0.0001\" style='font-family:\"/*\";font-size:0.0001px;font-style:\"*/\"'>A</text>"),
            "<style>text{x:(});font-size:0.0001px}</style>" + String(format: scaled, "<text y=\"0.0001\">A</text>"),
            "<style>text{x:[}];font-size:0.0001px}</style>" + String(format: scaled, "<text y=\"0.0001\">A</text>"),
            String(format: scaled, "<g font-size=\"0.0001\"><text font-size=\"20\" style=\"font-size:inherit\" y=\"0.0001\">A</text></g>"),
            String(format: scaled, "<g font-size=\"0.0001\"><text font-size=\"20\" style=\"font:inherit\" y=\"0.0001\">A</text></g>"),
        ] {
            XCTAssertEqual(try smallest(body), 0.0001, body)
        }
        // Drawn as asked.
        XCTAssertNil(try smallest("<text y=\"20\" font-size=\"12\">A</text>"))
        XCTAssertNil(try smallest("<g transform=\"scale(20)\"><text y=\"1\" font-size=\"1\">A</text></g>"), "a size of 1 scaled up, as PDF converters write")
        XCTAssertNil(try smallest("<text y=\"20\" font-size=\"0\">A</text>"), "0 draws nothing in a browser too")
        XCTAssertEqual(try smallest("<text y=\"20\" style=\"font-size: 12 px\" font-size=\"0.001\">A</text>"), 0.001,
                       "an inline style librsvg may find invalid does not hide the attribute")
        XCTAssertNil(try smallest("<rect width=\"4\" height=\"4\" font-size=\"0.001\"/><text y=\"20\">A</text>"), "not text")
        XCTAssertNil(try smallest("<g font-size=\"0.001\"><rect width=\"4\" height=\"4\"/></g>"), "no text at all")
        XCTAssertNil(try smallest("<style>.sup{font-size:50%}</style><g><g><g><text y=\"20\" font-size=\"16\">A<tspan class=\"sup\">2</tspan></text></g></g></g>"),
                     "a class's factor where it is (round 61 refused this at 0.19)")
        XCTAssertNil(try smallest("<g font-size=\"0.4\"><text y=\"20\" font-size=\"0\">A</text></g>"), "0 draws nothing in a browser too")
        XCTAssertNil(try smallest("<style>.unused{font-family:\"{\";font-size:0.1em}</style><text y=\"20\" font-size=\"20\">A</text>"),
                     "a brace in a string leaves the selector simple")
    }

    /// Round 64: an unquoted url(…) holding a brace, bracket, quote or comment start is one CSS
    /// token to its `)`, which the size rule read as syntax and so missed the sizes after it; and
    /// blocks nested 20 000 deep took 14 s to read. Both are refused before the rule reads them.
    func testURLsNameAPlainIdAndSheetsNestLittle() throws {
        for url in ["url(#a{)", "url(#a[)", "url(#a()", "url(#a b{)", "url(#a\")", "url(#a/*)", "url('#a)"] {
            XCTAssertThrowsError(try SVGIconPreflight.check(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><style>text{x:\(url);font-size:0.0001px}</style><text>A</text></svg>".utf8)), url) {
                XCTAssertTrue("\($0)".contains("names no plain id; write url(#id)"), "\(url): \($0)")
            }
        }
        for url in ["url(#a)", "url( #a )", "url('#a')", "url(\"#a-b.c:d\")"] {
            XCTAssertNoThrow(try SVGIconPreflight.check(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><defs><linearGradient id=\"a\"/></defs><style>rect{fill:\(url)}</style><rect width=\"2\" height=\"2\"/></svg>".utf8)), url)
        }
        let deep = String(repeating: "@a{", count: 33) + "text{font-size:20px}"
        XCTAssertEqual(SVGFontSizes.nestingDepth(of: deep), 34, "33 at-rules and the rule")
        XCTAssertEqual(SVGFontSizes.nestingDepth(of: "a{x:\"{{{{\"} @media all { b { y: f((1)) } }"), 4, "strings are no syntax")
        XCTAssertThrowsError(try SVGIconPreflight.check(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><style>\(deep)</style><text>A</text></svg>".utf8))) {
            XCTAssertEqual("\($0)", "a style sheet nests blocks over 32 deep")
        }
    }
}
