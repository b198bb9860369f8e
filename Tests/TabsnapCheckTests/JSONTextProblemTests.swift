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

    func testWellFormedEscapesAndTextOutsideStringsPass() {
        XCTAssertNil(first("{\"a\": \"\\ud83d\\ude00 \\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u0000 é\"}"))
        // Tabs and new lines between values are JSON's white space, not inside a string.
        XCTAssertNil(first("{\n\t\"a\" :\t[1, 2]\r\n}"))
        // An escaped quote does not end the string: the \q after it is still inside.
        XCTAssertEqual(first("{\"a\": \"\\\"\\q\"}")?.message, "'\\q' is no JSON escape")
    }
}
