import TabsnapModel
import XCTest

final class ColorTests: XCTestCase {
    func testParsesSixAndEightDigitHex() {
        XCTAssertEqual(RGBAColor(hex: "#FF8000"), RGBAColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        XCTAssertEqual(RGBAColor(hex: "#ff800080")?.alpha ?? 0, 128.0 / 255, accuracy: 1e-12)
        XCTAssertEqual(RGBAColor(hex: "#007AFF")?.hexRGBA, "#007AFFFF")
    }

    func testRejectsMalformedHex() {
        for text in ["007AFF", "#07F", "#007AFG", "#007AFF0", "", "#"] {
            XCTAssertNil(RGBAColor(hex: text), text)
        }
    }

    func testInterpolatesPerSRGBChannel() {
        let from = RGBAColor(hex: "#000000")!, to = RGBAColor(hex: "#FF8040")!
        let mid = from.interpolated(to: to, by: 0.5)
        XCTAssertEqual(mid.red, 0.5, accuracy: 1e-12)
        XCTAssertEqual(mid.green, 128.0 / 255 / 2, accuracy: 1e-12)
        XCTAssertEqual(mid.blue, 64.0 / 255 / 2, accuracy: 1e-12)
        XCTAssertEqual(from.interpolated(to: to, by: 0), from)
        XCTAssertEqual(from.interpolated(to: to, by: 1), to)
    }

    func testCodableAsHexString() throws {
        let data = try JSONEncoder().encode([RGBAColor(hex: "#12345678")!])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[\"#12345678\"]")
        XCTAssertEqual(try JSONDecoder().decode([RGBAColor].self, from: data), [RGBAColor(hex: "#12345678")!])
    }
}
