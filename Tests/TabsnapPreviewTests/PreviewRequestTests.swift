import XCTest
@testable import TabsnapPreview
import Tabsnap

final class PreviewRequestTests: XCTestCase {
    func testQueryIsRangeChecked() throws {
        let request = try PreviewRequest(query: [("spec", "ios"), ("position", "1.25"), ("theme", "dark"), ("scale", "2"),
                                                 ("textScale", "1.5"), ("direction", "rtl")])
        XCTAssertEqual(request, PreviewRequest(spec: "ios", position: 1.25, theme: .dark, scale: 2, textScale: 1.5, direction: .rightToLeft))
        for (name, value) in [("position", "nan"), ("position", "1e9"), ("scale", "0"), ("scale", "9"), ("textScale", "100"),
                              ("theme", "sepia"), ("direction", "up")] {
            XCTAssertThrowsError(try PreviewRequest(query: [("spec", "ios"), (name, value)]), "\(name)=\(value)") { error in
                XCTAssertTrue("\(error)".hasPrefix(name + ":"), "\(error)")
            }
        }
        XCTAssertThrowsError(try PreviewRequest(query: [("position", "1")]))
    }
}
