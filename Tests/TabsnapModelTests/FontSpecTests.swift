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

    /// Family names as fontconfig compares them: case folded and spaces left out, then code
    /// point by code point (round 55: "á" composed and decomposed were one family here, two to
    /// fontconfig).
    func testFamilyNamesCompareAsFontconfigCompares() {
        let key = FontCatalog.fontconfigKey
        XCTAssertEqual(key("In ter"), key("Inter"))
        XCTAssertEqual(key("DejaVu \u{17F}ans"), key("dejavusans"))
        XCTAssertEqual(key("STRASSE"), key("stra\u{DF}e"))
        XCTAssertNotEqual(key("Brand\u{E1}"), key("Branda\u{301}"))
        XCTAssertNotEqual(key("Brand\u{A0}Sans"), key("BrandSans"), "only U+0020 is a blank to it")
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
