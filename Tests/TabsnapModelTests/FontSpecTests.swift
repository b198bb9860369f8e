import TabsnapModel
import XCTest

final class FontSpecTests: XCTestCase {
    func testParsesFamilyWeightAndSize() {
        XCTAssertEqual(FontSpec(parsing: "Inter SemiBold 17"), FontSpec(family: "Inter", weight: .semibold, size: 17))
        XCTAssertEqual(FontSpec(parsing: "DejaVu Sans bold 12.5"), FontSpec(family: "DejaVu Sans", weight: .bold, size: 12.5))
        XCTAssertEqual(FontSpec(parsing: "Semi-Bold 15"), FontSpec(family: "Inter", weight: .semibold, size: 15))
        XCTAssertEqual(FontSpec(parsing: "14"), FontSpec(family: "Inter", weight: .regular, size: 14))
        XCTAssertEqual(FontSpec(parsing: "DejaVu Sans 14"), FontSpec(family: "DejaVu Sans", weight: .regular, size: 14))
    }

    func testRejectsMissingOrBadSize() {
        XCTAssertNil(FontSpec(parsing: "Inter bold"))
        XCTAssertNil(FontSpec(parsing: "Inter 0"))
        XCTAssertNil(FontSpec(parsing: "Inter -3"))
        XCTAssertNil(FontSpec(parsing: ""))
    }

    func testDescriptionRoundTrips() {
        let font = FontSpec(family: "DejaVu Sans", weight: .medium, size: 11)
        XCTAssertEqual(font.description, "DejaVu Sans medium 11")
        XCTAssertEqual(FontSpec(parsing: font.description), font)
    }
}
