import TabsnapFiles
import XCTest

/// The places JSON readers name before Foundation's decoder, which says "unexpected end of
/// file" for each of these (hostile rounds 30 and 129).
final class JSONTextProblemTests: XCTestCase {
    private func first(_ text: String) -> JSONTextProblem.Found? { JSONTextProblem.first(in: Array(text.utf8)) }

    func testEachBrokenFormIsNamedWhereItStarts() {
        XCTAssertEqual(first("{\n  \"a\": \"x\\ud800y\"\n}")?.line, 2)
        XCTAssertEqual(first("{\n  \"a\": \"x\\ud800y\"\n}")?.column, 10)
        XCTAssertEqual(first("{\"a\": \"\\udc00\\ud800\"}")?.message.hasPrefix("\\udc00 is half"), true)
        XCTAssertEqual(first("{\"a\": \"\\ud800\\u0041\"}")?.message.hasPrefix("\\ud800 is half"), true)
        XCTAssertEqual(first("{\"a\": \"\\q\"}")?.message, "'\\q' is no JSON escape")
        XCTAssertEqual(first("{\"a\": \"\\u12g4\"}")?.message, "'\\u' is not followed by four hexadecimal digits")
        XCTAssertEqual(first("{\"a\": \"tab\there\"}")?.column, 11)
        // Columns count characters: "é" is two bytes, one column.
        XCTAssertEqual(first("{\"é\": \"\\ud800\"}")?.column, 8)
        let notUTF8 = JSONTextProblem.first(in: Array("{\"a\":\n \"".utf8) + [0xFF] + Array("\"}".utf8))
        XCTAssertEqual(notUTF8.map { [$0.line, $0.column] }, [2, 3])
    }

    /// Foundation's words placed: a byte offset as a line and column, a number too large where
    /// it is written (not inside a string that happens to hold the same text).
    func testFoundationsWordsArePlaced() {
        let text = Array("{\n \"a\": \"1e400\",\n \"b\": 1e400}".utf8)
        XCTAssertEqual(JSONTextProblem.placed("Number 1e400 is not representable in Swift.", in: text),
                       JSONTextProblem.Found(line: 3, column: 7, message: "the number 1e400 is too large to be read"))
        XCTAssertEqual(JSONTextProblem.placed("Invalid value around character 3.", in: text), JSONTextProblem.Found(line: 2, column: 2, message: "Invalid value"))
        XCTAssertNil(JSONTextProblem.placed("Unexpected end of file", in: text))
    }

    /// The number a decoder refuses is found by halves among those a field may not hold.
    func testTheNumberToBlameIsFoundWithItsPath() {
        let text = Array("{\"a\": [1.5, {\"b\": 2e3}], \"c\": {\"d\": 7.25}, \"e\": 1e-400}".utf8)
        var decodes = 0
        let blamed = JSONTextProblem.numberToBlame(in: text) { candidate in
            decodes += 1
            return String(decoding: candidate, as: UTF8.self).contains("7.25")
        }
        XCTAssertEqual(blamed?.path, "c.d")
        XCTAssertEqual(blamed?.number, "7.25")
        XCTAssertEqual(blamed.map { [$0.found.line, $0.found.column] }, [1, 37])
        XCTAssertLessThanOrEqual(decodes, 4)
        // Nothing to blame when zeroing every candidate does not help.
        XCTAssertNil(JSONTextProblem.numberToBlame(in: text) { _ in true })
        XCTAssertEqual(JSONTextProblem.numberToBlame(in: text) { String(decoding: $0, as: UTF8.self).contains("1e-400") }?.path, "e")
        // Two bad numbers on either side of a halving: one of them is blamed, never a good one
        // (review of stop 67: the search slid to the last candidate).
        let two = Array("{\"a\": 1.5, \"b\": 0.25, \"c\": 0.5, \"d\": 2.5, \"e\": 0.75, \"f\": 0.1}".utf8)
        let blamedOfTwo = JSONTextProblem.numberToBlame(in: two) { candidate in
            let text = String(decoding: candidate, as: UTF8.self)
            return text.contains("1.5") || text.contains("2.5")
        }
        XCTAssertTrue(["a", "d"].contains(blamedOfTwo?.path ?? ""), "\(String(describing: blamedOfTwo))")
        // A number inside a longer one is not it.
        XCTAssertEqual(JSONTextProblem.placed("Number 1e400 is not representable in Swift.", in: Array("{\"a\": 21e400, \"b\": 1e400}".utf8))?.column, 20)
    }

    func testWellFormedEscapesAndTextOutsideStringsPass() {
        XCTAssertNil(first("{\"a\": \"\\ud83d\\ude00 \\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u0000 é\"}"))
        // Tabs and new lines between values are JSON's white space, not inside a string.
        XCTAssertNil(first("{\n\t\"a\" :\t[1, 2]\r\n}"))
        // An escaped quote does not end the string: the \q after it is still inside.
        XCTAssertEqual(first("{\"a\": \"\\\"\\q\"}")?.message, "'\\q' is no JSON escape")
    }
}
