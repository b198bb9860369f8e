import Tabsnap
import XCTest

/// Hostile round 51: YAML tags were dropped without a word, and an error quoted a value of a
/// million digits whole.
final class SpecTagsTests: XCTestCase {
    func testYAMLTagsAreRefusedWhereTheyStand() {
        let cases = [("width: !!null 390\nitems: [A]", "bar.yaml:1:8: a YAML tag (!!null) is not read"),
                     ("width: !!binary 390\nitems: [A]", "bar.yaml:1:8: a YAML tag (!!binary) is not read"),
                     ("width: 390\nitems: [!!int Home]", "bar.yaml:2:9: a YAML tag (!!int) is not read"),
                     ("width: 390\nitems: [A, !custom B]", "bar.yaml:2:12: a YAML tag (!custom) is not read"),
                     ("width: 390\nitems: !!set {A, B}", "bar.yaml:2:8: a YAML tag (!!set) is not read"),
                     ("width: 390\nitems: [A, B]\ntransition: {to: !!float 1}", "bar.yaml:3:18: a YAML tag (!!float) is not read")]
        for (text, said) in cases {
            XCTAssertThrowsError(try SpecLoader.parse(text, file: "bar.yaml"), text) { error in
                XCTAssertTrue("\(error)".contains(said), "\(text): \(error)")
            }
        }
        // A quoted value (Yams tags it !!str), a bare `!` and each kind's own tag read as written.
        XCTAssertNoThrow(try SpecLoader.parse("width: 390\nitems: [\"A\", 'B', ! C, !!str D]\nsnapshots: !!map {positions: !!seq [0]}", file: "bar.yaml"))
    }

    func testAnErrorQuotesAHugeValueCut() {
        let digits = "1" + String(repeating: "0", count: 100_000)
        XCTAssertThrowsError(try SpecLoader.parse("{\"width\": \(digits), \"items\": [\"a\"]}", file: "bar.json")) { error in
            let line = "\(error)"
            XCTAssertLessThan(line.count, 300, line)
            XCTAssertTrue(line.hasPrefix("bar.json:1:11: width: expected a number, got '1000000"), line)
            XCTAssertTrue(line.hasSuffix("…(100003 characters)"), line)
        }
        // A value of many words is cut too (its start and end kept); a long path is whole.
        let words = String(repeating: "1 ", count: 300_000)
        XCTAssertThrowsError(try SpecLoader.parse("width: \"\(words)\"\nitems: [a]", file: "bar.yaml")) { error in
            let line = "\(error)"
            XCTAssertLessThan(line.count, 2_200, String(line.prefix(300)))
            XCTAssertTrue(line.hasPrefix("bar.yaml:1:8: width: expected a number, got '1 1 1"), String(line.prefix(300)))
            XCTAssertTrue(line.contains("characters left out) …"), String(line.prefix(300)))
        }
        let path = "/" + (0..<30).map { "folder_with_a_long_name_\($0)" }.joined(separator: "/") + "/icon.svg"
        XCTAssertEqual(ShownText.bounded("a: icon file not found: " + path), "a: icon file not found: " + path)
    }
}
