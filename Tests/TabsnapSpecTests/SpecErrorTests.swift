import Foundation
import TabsnapModel
import TabsnapSpec
import XCTest

/// Every error path: the message names the place and the problem, at the right line and column.
final class SpecErrorTests: XCTestCase {
    private func error(_ text: String, file: String = "bar.yaml") -> SpecError? {
        do {
            _ = try SpecLoader.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    private func assertError(_ text: String, line: Int, column: Int, contains fragments: [String],
                             file: StaticString = #filePath, at sourceLine: UInt = #line) {
        guard let error = error(text) else {
            return XCTFail("expected an error", file: file, line: sourceLine)
        }
        XCTAssertEqual(error.file, "bar.yaml", file: file, line: sourceLine)
        XCTAssertEqual([error.line, error.column], [line, column], "\(error)", file: file, line: sourceLine)
        for fragment in fragments {
            XCTAssertTrue(error.message.contains(fragment), "'\(error.message)' lacks '\(fragment)'", file: file, line: sourceLine)
        }
        XCTAssertFalse(error.description.contains("\n"), "one line", file: file, line: sourceLine)
    }

    func testNulInTextAndCombiningMarksCount() {
        assertError("width: 300\nitems: [\"Home\\0Sale\"]\n", line: 2, column: 9, contains: ["items[0]", "NUL"])
        assertError("width: 300\nitems: [{title: A, badge: \"9\\0\"}]\n", line: 2, column: 27, contains: ["NUL"])
        // A thousand characters are a thousand scalars: one letter with 2 000 combining marks is over.
        let marks = "a" + String(repeating: "\u{0301}", count: 2_000)
        assertError("width: 300\nitems: [\"\(marks)\"]\n", line: 2, column: 9, contains: ["2001 characters; at most 1000"])
    }

    /// A character the YAML reader cannot take is placed where it is (hostile round 15: always
    /// 1:1), in YAML and in JSON, and named.
    func testUnreadableCharactersArePlaced() {
        assertError("width: 300\nitems:\n  - A\n  - B\u{01}C\n", line: 4, column: 6, contains: ["control characters are not allowed (U+0001)"])
        assertError("{\"width\": 300,\n \"items\": [\"é\u{7F}\"]}\n", line: 2, column: 14, contains: ["(U+007F)"])
    }

    /// Text is one line: pango breaks at each line break whatever `button.lines` says (hostile
    /// round 15: six lines covered a tabs bar, cut at both edges, `titleClipped` false).
    func testLineBreaksInTextAreRefused() {
        assertError("width: 300\nitems: [\"A\\nB\", C]\n", line: 2, column: 9, contains: ["items[0]: holds a line break (U+000A)"])
        assertError("width: 300\nitems: [{title: \"A\\u2029B\"}]\n", line: 2, column: 17, contains: ["items[0].title: holds a line break (U+2029)"])
        assertError("width: 300\nitems: [{title: A, badge: \"1\\r\"}]\n", line: 2, column: 27, contains: ["items[0].badge: holds a line break (U+000D)"])
        assertError("width: 300\nitems: [{markup: \"A&#x2028;B\"}]\n", line: 2, column: 18, contains: ["items[0].markup: holds a line break (U+2028)"])
        XCTAssertNil(error("width: 300\nitems: [\"A\\tB\", \"Two words\"]\nlayout: {mode: fit}\nbutton: {lines: 2}\n"), "a tab and spaces are not line breaks")
    }

    /// Mística's tabs require at least two items (issue 29).
    func testTabsWithOneItemAreRefused() {
        assertError("width: 300\npreset: tabs\nitems: [Inbox]\n", line: 3, column: 8, contains: ["items: the tabs preset needs at least 2 items"])
        XCTAssertNil(error("width: 300\npreset: tabs\nitems: [Inbox, Sent]\n"))
        XCTAssertNil(error("width: 300\npreset: buttonBar\nitems: [Inbox]\n"), "other presets take one")
    }

    /// A spec that is not UTF-8 is refused at its first byte that is not (hostile round 126: the
    /// file's name alone), counting a byte-order mark out.
    func testASpecNotInUTF8IsRefusedWhereItStopsBeing() {
        for (bytes, place) in [(Array("preset: tabBar\nitems:\n  - {title: A}\n  - {title: B".utf8) + [0xE9, 0x7D, 0x0A], [4, 14]),
                               ([0xEF, 0xBB, 0xBF] + Array("width: 3".utf8) + [0xFF], [1, 9])] {
            XCTAssertThrowsError(try SpecLoader.text(of: bytes, file: "bar.yaml")) { error in
                guard let error = error as? SpecError else { return XCTFail("\(error)") }
                XCTAssertEqual([error.line, error.column], place, "\(error)")
                XCTAssertTrue(error.message.contains("not UTF-8 text"), "\(error)")
            }
        }
    }

    /// Markup sizes stay within the 1 000 pt font limit (`<span size="2147483647">` laid out a
    /// button over a million points wide).
    func testMarkupSizesStayWithinTheFontLimit() {
        func spec(_ markup: String, textScale: Double = 1) -> String {
            "width: 300\ntextScale: \(textScale)\nitems: [{markup: '\(markup)'}, B]\n"
        }
        assertError(spec("<span size=\"2147483647\">A</span>"), line: 3, column: 18, contains: ["2097152 pt", "at most 1000 pt"])
        assertError(spec("<span size=\"1001pt\">A</span>"), line: 3, column: 18, contains: ["1001 pt"])
        assertError(spec("<span font=\"Inter 99999\">A</span>"), line: 3, column: 18, contains: ["99999 pt"])
        // A size pango cannot read is part of the family's name to it: said as the size, not as
        // a missing font (hostile round 125).
        assertError(spec("<span font=\"Inter -5\">A</span>"), line: 3, column: 18, contains: ["a size of -5", "part of the family"])
        assertError(spec("<span font=\"Inter 1e400\">A</span>"), line: 3, column: 18, contains: ["a size of 1e400"])
        // Pango reads the size before trailing variations and features (hostile round 12, F3):
        // "Inter 2000 @wght=400" is 2 000 pt, and variations and features are refused anyway.
        assertError(spec("<span font=\"Inter 2000 @wght=400\">A</span>"), line: 3, column: 18, contains: ["2000 pt"])
        assertError(spec("<span font=\"2000 #smcp\">A</span>"), line: 3, column: 18, contains: ["2000 pt"])
        assertError(spec("<span font=\"Inter 12 @wght=900\">A</span>"), line: 3, column: 18, contains: ["sets variations (@wght=900)"])
        assertError(spec("<span size=\"900pt\"><big>A</big></span>"), line: 3, column: 18, contains: ["<big> sizes its text at 1080 pt"])
        assertError(spec("<span letter_spacing=\"2147483647\">A</span>"), line: 3, column: 18, contains: ["letter_spacing", "2097152 pt; at most 1000 pt"])
        assertError(spec("<span rise=\"-1025000\">A</span>"), line: 3, column: 18, contains: ["rise", "1001 pt; at most 1000 pt"])
        assertError(spec("<span line_height=\"500\">A</span>"), line: 3, column: 18, contains: ["a factor of at most 10"])
        // Relative sizes grow the title's font (Inter semibold 17 in buttonBar): 17 × 10 × 10,
        // said at the markup that alone does it (hostile round 127: said at textScale).
        assertError(spec("<span size=\"1000%\"><span size=\"1000%\">A</span></span>"), line: 3, column: 18,
                    contains: ["items[0].markup: its relative sizes grow the title to 1700 pt"])
        assertError("width: 300\nitems: [{markup: '<span size=\"1000%\"><span size=\"1000%\">A</span></span>'}, B]\n", line: 2, column: 18,
                    contains: ["items[0].markup: its relative sizes grow the title to 1700 pt"])
        XCTAssertNil(error(spec("<span size=\"1000%\">A</span>")), "170 pt is fine")
        XCTAssertNil(error(spec("<span size=\"1000%\"><big><big>A</big></big></span>", textScale: 4)), "17 × 4 × 10 × 1.44 = 979 pt")
        assertError(spec("<span size=\"1000%\"><big><big><big>A</big></big></big></span>", textScale: 4), line: 2, column: 12,
                    contains: ["fonts would be drawn at 1175"])
        XCTAssertNil(error(spec("<span size=\"1000pt\"><small>A</small></span>")))
        // A selected title grows with selectedScale: 400 × 3 is past the limit.
        do {
            _ = try SpecLoader.parse("width: 100\nitems: [A]\nbutton: {font: Inter 400, selectedScale: 3}", file: "grow.yaml")
            XCTFail("a 1200 pt selected title was accepted")
        } catch {
            XCTAssertTrue("\(error)".contains("grow.yaml:3:9: button: fonts would be drawn at 1200 pt"), "\(error)")
        }
        // Relative sizes scale an absolute one whatever the order (pango applies both).
        assertError(spec("<span size=\"100000%\" font=\"Sans 1000\">W</span>"), line: 3, column: 18, contains: ["at 1000000 pt"])
        XCTAssertNil(error(spec("<span size=\"12pt\" letter_spacing=\"1024\" rise=\"-2048\" line_height=\"1.5\">A</span>")))
    }

    func testDescriptionIsFileLineColumnMessage() {
        XCTAssertEqual(SpecError(file: "a.yaml", line: 3, column: 7, message: "boom").description, "a.yaml:3:7: boom")
    }

    func testUnknownTopLevelKeySuggestsNearest() {
        assertError("widht: 320\nitems: [A]", line: 1, column: 1, contains: ["unknown key 'widht'", "did you mean 'width'?"])
    }

    func testUnknownNestedKeySuggestsNearest() {
        assertError("width: 320\nitems: [A]\nindicator:\n  styel: line", line: 4, column: 3,
                    contains: ["unknown key 'styel' in indicator", "did you mean 'style'?"])
        assertError("width: 320\nitems: [A]\nlayout:\n  visibleButton: 3", line: 4, column: 3, contains: ["'visibleButtons'"])
        assertError("width: 320\nitems: [A]\nbutton:\n  selectedtint: '#000000'", line: 4, column: 3, contains: ["'selectedTint'"])
        assertError("width: 320\nitems:\n  - {titel: A}", line: 3, column: 6, contains: ["'title'"])
    }

    func testUnknownKeyFarFromAnyListsTheValidOnes() {
        assertError("width: 320\nitems: [A]\nzzzzzzzz: 1", line: 3, column: 1, contains: ["expected one of:", "indicator"])
    }

    func testUnknownEnumValueSuggests() {
        assertError("width: 320\nitems: [A]\nindicator: {style: lien}", line: 3, column: 20,
                    contains: ["indicator.style", "unknown value 'lien'", "did you mean 'line'?"])
        assertError("preset: buttonbar\nwidth: 320\nitems: [A]", line: 1, column: 9, contains: ["did you mean 'buttonBar'?"])
        assertError("width: 320\nitems: [A]\nlayout: {mode: fill}", line: 3, column: 16, contains: ["layout.mode", "'fit'"])
        assertError("width: 320\nitems: [A]\nindicator: {weight: huge}", line: 3, column: 21, contains: ["indicator.weight"])
        assertError("width: 320\nitems: [A]\nindicator: {width: label}", line: 3, column: 20, contains: ["indicator.width"])
        assertError("width: 320\nitems: [A]\nlayout: {traits: [fullwidth]}", line: 3, column: 19, contains: ["'fullWidth'"])
    }

    func testMissingRequiredKeys() {
        assertError("items: [A]", line: 1, column: 1, contains: ["missing required key 'width'"])
        assertError("width: 320", line: 1, column: 1, contains: ["missing required key 'items'"])
        assertError("width: 320\nitems: []", line: 2, column: 8, contains: ["at least one item"])
    }

    func testNumbersAreCheckedForTypeAndRange() {
        assertError("width: wide\nitems: [A]", line: 1, column: 8, contains: ["width", "expected a number", "'wide'"])
        assertError("width: -5\nitems: [A]", line: 1, column: 8, contains: ["width", "out of range"])
        assertError("width: 0\nitems: [A]", line: 1, column: 8, contains: ["out of range"])
        assertError("width: 320\nscale: 20\nitems: [A]", line: 2, column: 8, contains: ["scale"])
        assertError("width: 320\nposition: .nan\nitems: [A]", line: 2, column: 11, contains: ["position"])
        assertError("width: 320\nitems: [A]\nlayout: {visibleButtons: 2.5}", line: 3, column: 26, contains: ["whole number"])
        assertError("width: 320\nitems: [A]\nlayout: {spacing: -1}", line: 3, column: 19, contains: ["layout.spacing"])
    }

    func testColoursAndTheUnquotedHashTrap() {
        assertError("width: 320\nitems: [A]\nbutton:\n  tint: #FF0000", line: 4, column: 8,
                    contains: ["button.tint", "quote it"])
        assertError("width: 320\nitems: [A]\nbutton: {tint: 'red'}", line: 3, column: 16, contains: ["'red' is not a colour"])
        assertError("width: 320\nitems: [A]\nbackground: '#12345'", line: 3, column: 13, contains: ["background"])
    }

    func testBooleansFontsAndShapes() {
        assertError("width: 320\nitems: [A]\nbutton: {adjustsAlpha: maybe}", line: 3, column: 24, contains: ["true or false"])
        assertError("width: 320\nitems: [A]\nbutton: {font: Inter bold}", line: 3, column: 16, contains: ["not a font"])
        // The emoji family's glyphs are pictures in their own colours: never a title's family
        // (hostile round 23: "12#" drawn in grey keycaps, selected or not).
        assertError("width: 320\nitems: [\"12#\"]\nbutton: {font: Noto Color Emoji 20}", line: 3, column: 16,
                    contains: ["button.font: Noto Color Emoji draws colour pictures, which ignore the button's colour"])
        assertError("width: 320\nitems: [{markup: \"<span font_family='notocoloremoji'>1</span>\"}]", line: 2, column: 18,
                    contains: ["items[0].markup: Noto Color Emoji draws colour pictures"])
        assertError("width: 320\nitems: {a: 1}", line: 2, column: 8, contains: ["items", "expected a list"])
        assertError("width: 320\nitems: [A]\nlayout: [intrinsic]", line: 3, column: 9, contains: ["layout", "expected a mapping"])
        assertError("- width: 320", line: 1, column: 1, contains: ["expected a mapping"])
        assertError("width: 320\nitems: [A]\nlayout: {insets: {middle: 3}}", line: 3, column: 19, contains: ["unknown key 'middle'"])
    }

    func testDuplicateKeys() {
        assertError("width: 320\nitems: [A]\nwidth: 300", line: 3, column: 1, contains: ["duplicate key 'width'"])
    }

    func testYAMLSyntaxErrorsArePositioned() {
        assertError("width: 320\nitems: [A, B\nscale: 2", line: 3, column: 6, contains: ["syntax error"])
    }

    func testJSONSyntaxErrorsArePositioned() {
        let error = error("{\n  \"width\": 320,\n  \"items\": [\"A\"],,\n}", file: "bar.json")
        XCTAssertEqual(error?.file, "bar.json")
        XCTAssertEqual(error?.line, 3)
        XCTAssertTrue(error?.message.contains("syntax error") ?? false, "\(String(describing: error))")
    }

    func testEmptySpec() {
        assertError("", line: 1, column: 1, contains: ["empty"])
    }

    func testMissingIconFileNamesTheItem() throws {
        let folder = FileManager.default.temporaryDirectory
        var caught: SpecError?
        do {
            _ = try SpecLoader.parse("width: 100\nitems:\n  - {title: A, icon: nope/missing.svg}", file: "bar.yaml",
                                     baseDirectory: folder)
        } catch {
            caught = error
        }
        let error = try XCTUnwrap(caught)
        XCTAssertEqual([error.line, error.column], [3, 22])
        XCTAssertTrue(error.message.contains("items[0].icon: icon file not found: nope/missing.svg"), error.message)
    }

    func testUnreadableFile() {
        do {
            _ = try SpecLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/bar.yaml"), displayName: "bar.yaml")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error.description, "bar.yaml: no such file", "a missing file has no line to point at")
        }
    }

    /// Round 42 (wording): libyaml's "Maximum nesting level reached, set with
    /// yaml_set_max_nest_level())" spoke to its programmer, with a stray parenthesis.
    func testNestingTooDeepIsSaidInASpecsWords() {
        let deep = String(repeating: "[", count: 1500) + String(repeating: "]", count: 1500)
        XCTAssertThrowsError(try SpecLoader.parseDocument("width: 300\nitems: [A]\nx: \(deep)\n", file: "s.yaml")) {
            XCTAssertEqual("\($0)", "s.yaml:3:5: syntax error: lists and maps nested too deeply (over 1000 levels; a spec needs a handful)")
        }
    }

    func testRepeatedVariantsWouldClaimOneGoldenTwice() {
        XCTAssertThrowsError(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nsnapshots: {positions: [0.5, 1, 0.50001]}\n", file: "s.yaml")) {
            XCTAssertEqual("\($0)", "s.yaml:3:33: snapshots.positions[2]: 0.50001 repeats 0.5 (golden names keep 4 decimals)")
        }
        // Round 40 (minor): a value given twice said "0.0 repeats 0.0".
        XCTAssertThrowsError(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nsnapshots: {positions: [0, 0]}\n", file: "s.yaml")) {
            XCTAssertEqual("\($0)", "s.yaml:3:28: snapshots.positions[1]: 0 is listed twice")
        }
        // Round 42 (minor): -0 is 0, never printed "-0".
        XCTAssertThrowsError(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nsnapshots: {positions: [0, -0]}\n", file: "s.yaml")) {
            XCTAssertEqual("\($0)", "s.yaml:3:28: snapshots.positions[1]: 0 is listed twice")
        }
        XCTAssertEqual(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nposition: -0\n", file: "s.yaml").bar.position.sign, .plus)
        XCTAssertEqual(SelectionState(position: -0.0, count: 2).position.sign, .plus)
        // Round 41: themes too (dark twice recorded one golden twice).
        XCTAssertThrowsError(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nsnapshots: {themes: [dark, dark]}\n", file: "s.yaml")) {
            XCTAssertEqual("\($0)", "s.yaml:3:28: snapshots.themes[1]: listed twice")
        }
        // Round 41 (minor): a size by name and by factor gave two goldens of one picture.
        for (list, message) in [("[large, 1]", "snapshots.textScales[1]: 1 is the size large gives (×1); list it once"),
                                ("[1.5, accessibility1, 1.50001]", "snapshots.textScales[2]: 1.50001 is the size 1.5 gives (×1.50001); list it once"),
                                ("[xSmall, xSmall]", "snapshots.textScales[1]: listed twice")] {
            XCTAssertThrowsError(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nsnapshots: {textScales: \(list)}\n", file: "s.yaml")) {
                XCTAssertTrue("\($0)".hasSuffix(message), "\($0)")
            }
        }
        XCTAssertNoThrow(try SpecLoader.parseDocument("width: 300\nitems: [A, B]\nsnapshots: {textScales: [large, 1.5, xxxLarge]}\n", file: "s.yaml"))
    }
}
