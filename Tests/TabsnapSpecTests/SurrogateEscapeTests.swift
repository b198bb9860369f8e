import Foundation
import TabsnapSpec
import XCTest

/// JSON escapes a character beyond U+FFFF as a UTF-16 surrogate pair, which YAML (the reader of
/// JSON specs too) refuses half by half: a spec written by Python's `json.dump` with an emoji
/// title failed with "found invalid Unicode character escape code".
final class SurrogateEscapeTests: XCTestCase {
    private func titles(_ text: String, file: String = "bar.json") throws -> [String] {
        try SpecLoader.parse(text, file: file).items.map { $0.title ?? "" }
    }

    func testAnEscapedSurrogatePairIsOneCharacter() throws {
        // As Python writes it: json.dumps({"width": 390, "items": ["Hi 😀", "B"]}).
        XCTAssertEqual(try titles(#"{"width": 390, "items": ["Hi \ud83d\ude00", "B"]}"#), ["Hi 😀", "B"])
        XCTAssertEqual(try titles(#"{"width": 390, "items": ["\uD83C\uDDEF\uD83C\uDDF5", "\u00e9\ud83d\ude00x"]}"#), ["🇯🇵", "é😀x"])
        // The same escapes in a YAML file's double-quoted scalar.
        XCTAssertEqual(try titles("width: 390\nitems:\n  - \"\\ud83d\\ude00\"\n", file: "bar.yaml"), ["😀"])
    }

    func testOnlyEscapesInDoubleQuotedScalarsAreRewritten() throws {
        // Backslashes are characters in plain and single-quoted scalars and in comments.
        let text = #"""
            width: 390  # "\ud83d\ude00
            items:
              - a"b \ud83d\ude00
              - 'c \ud83d\ude00'
              - "\\ud83d"
            """#
        XCTAssertEqual(try titles(text, file: "bar.yaml"), [#"a"b \ud83d\ude00"#, #"c \ud83d\ude00"#, #"\ud83d"#])
    }

    func testALoneHalfIsStillRefusedWhereItStands() {
        for text in [#"{"width": 390, "items": ["A \ud83d"]}"#, #"{"width": 390, "items": ["A \ude00\ud83d"]}"#] {
            XCTAssertThrowsError(try titles(text)) { error in
                guard let error = error as? SpecError else { return XCTFail("\(error)") }
                XCTAssertEqual(error.line, 1)
                XCTAssertTrue(error.message.contains("escape"), error.message)
            }
        }
    }
}
