import TabsnapModel
import XCTest

/// Texts as keys: by their bytes, as pango draws them (`ExactText`, `TextContent`).
final class ExactTextTests: XCTestCase {
    /// An é precomposed and an e with a combining accent are one `String` but two texts to
    /// pango (its layout's byte offsets, a font with one form and not the other), so they are
    /// two keys; the same bytes are one key, however the strings were built.
    func testTextsAreEqualByTheirBytes() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed, "Swift's String compares by canonical equivalence")
        XCTAssertNotEqual(ExactText(composed), ExactText(decomposed))
        XCTAssertNotEqual(TextContent.plain(composed), .plain(decomposed))
        XCTAssertEqual(Set([TextContent.plain(composed), .plain(decomposed)]).count, 2)
        let built = String(["c", "a", "f", "\u{E9}"])
        XCTAssertEqual(ExactText(built), ExactText(composed))
        XCTAssertEqual(ExactText(built).hashValue, ExactText(composed).hashValue)
        XCTAssertEqual(TextContent.plain(built), .plain(composed))
        XCTAssertEqual(TextContent.plain(built).hashValue, TextContent.plain(composed).hashValue)
    }

    /// Plain text and markup of the same bytes are two texts (one is parsed, one is not).
    func testPlainAndMarkupOfTheSameBytesDiffer() {
        XCTAssertNotEqual(TextContent.plain("<b>A</b>"), .markup("<b>A</b>"))
        XCTAssertEqual(Set([TextContent.plain("<b>A</b>"), .markup("<b>A</b>"), .plain("<b>A</b>")]).count, 2)
        XCTAssertEqual(TextContent.plain("").written, "")
        XCTAssertEqual(TextContent.markup("<i>x</i>").written, "<i>x</i>")
    }

    /// Texts differing anywhere, in the middle of a long one too, are two keys with (as far as a
    /// hash can say) two hashes: a hash of the ends alone let a memo of such titles walk itself
    /// at every look-up (a review of round 99).
    func testLongTextsDifferingInTheMiddleAreTwoKeys() {
        let edge = String(repeating: "\u{05E9}\u{05DC}", count: 40)
        let a = ExactText(edge + "A" + edge), b = ExactText(edge + "B" + edge)
        XCTAssertNotEqual(a.hashValue, b.hashValue)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(Set([a, b, a]).count, 2)
        var keys: [ExactText: Int] = [a: 1]
        keys[b] = 2
        XCTAssertEqual(keys[a], 1)
        XCTAssertEqual(keys[b], 2)
        XCTAssertEqual(ExactText(""), ExactText(String()))
        XCTAssertNotEqual(ExactText(""), ExactText("\u{0}"))
    }
}
