import XCTest
@testable import TabsnapPreview
import Tabsnap

final class PreviewRequestTests: XCTestCase {
    /// Round 48: a NUL in a request's value was quoted as `?`; it is `\0`, as elsewhere.
    func testQuotedValuesWriteANULAsBackslashZero() {
        XCTAssertEqual(PreviewRequest.quoted("bar.png\0"), "'bar.png\\0'")
        XCTAssertEqual(PreviewRequest.quoted("a\u{7}b"), "'a?b'")
    }

    func testQueryIsRangeChecked() throws {
        let request = try PreviewRequest(query: [("spec", "ios"), ("position", "1.25"), ("theme", "dark"), ("scale", "2"),
                                                 ("textScale", "1.5"), ("direction", "rtl")])
        XCTAssertEqual(request, PreviewRequest(spec: "ios", position: 1.25, theme: .dark, scale: 2, textScale: 1.5, direction: .rightToLeft))
        for (name, value) in [("position", "nan"), ("position", "1e9"), ("scale", "0"), ("scale", "9"), ("textScale", "100"),
                              ("theme", "sepia"), ("direction", "up"), ("locale", "klingon")] {
            XCTAssertThrowsError(try PreviewRequest(query: [("spec", "ios"), (name, value)]), "\(name)=\(value)") { error in
                XCTAssertTrue("\(error)".hasPrefix(name + ":"), "\(error)")
            }
        }
        XCTAssertThrowsError(try PreviewRequest(query: [("position", "1")]))
    }

    func testNumbersArePlainDecimalsAndMessagesOneShortLine() throws {
        for text in ["abc", "0x10", " 1", "1\u{0}", "1_000"] {
            XCTAssertThrowsError(try PreviewRequest(query: [("spec", "s"), ("position", text)])) { error in
                XCTAssertTrue("\(error)".hasSuffix("is not a number"), "\(error)")
                XCTAssertFalse("\(error)".contains("\u{0}"))
            }
        }
        XCTAssertEqual(try PreviewRequest(query: [("spec", "s"), ("position", "-1.5e-1")]).position, -0.15)
        // Round 32: a number too large for a Double is out of range, not "not a number"; one
        // setting given twice is refused, not read as the last.
        XCTAssertThrowsError(try PreviewRequest(query: [("spec", "s"), ("position", "1e400")])) { error in
            XCTAssertEqual("\(error)", "position: '1e400' is out of range -1000…1000")
        }
        // Round 33: a bar that keeps its text size is refused a larger one, as render refuses it
        // (it drew the same picture under "accessibility5"); the default size is taken.
        let tabBar = try SpecLoader.parseDocument("preset: tabBar\nwidth: 300\nitems: [{title: A, icon: star}, {title: B, icon: heart}]")
        XCTAssertThrowsError(try PreviewRequest(query: [("spec", "s"), ("textScale", "accessibility5")]).bar(from: tabBar)) { error in
            XCTAssertTrue("\(error)".hasPrefix("textScale: tabBar keeps its text size"), "\(error)")
        }
        XCTAssertEqual(try PreviewRequest(query: [("spec", "s"), ("textScale", "large")]).bar(from: tabBar), tabBar.bar)
        XCTAssertThrowsError(try PreviewRequest(query: [("spec", "s"), ("theme", "dark"), ("theme", "light")])) { error in
            XCTAssertEqual("\(error)", "'theme': given twice; a setting takes one value")
        }
        XCTAssertEqual(try PreviewRequest(query: [("spec", "s"), ("textScale", "accessibility3")]).textScale, 40.0 / 17)
        let long = String(repeating: "x", count: 10_000) + "\r\nX-Header: 1"
        XCTAssertThrowsError(try PreviewRequest(query: [("spec", "s"), ("theme", long)])) { error in
            XCTAssertLessThan("\(error)".count, 120)
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }

    func testDownloadNamesNameTheChangedSettings() {
        let request = PreviewRequest(spec: "bar", position: 1.5, theme: .dark, scale: 2, textScale: 40.0 / 17, direction: .rightToLeft)
        XCTAssertEqual(request.downloadName(.png), "bar.dark.rtl.accessibility3.p1.5@2x.png")
        XCTAssertEqual(PreviewRequest(spec: "bar", position: 0, textScale: 1.3).downloadName(.svg), "bar.t1.3.p0.svg")
        XCTAssertEqual(PreviewRequest(spec: "sub/bar", position: 0).downloadName(.layout), "sub-bar.p0.layout.json")
        var localized = PreviewRequest(spec: "bar", position: 1, theme: .dark)
        localized.locale = SpecLocale("pt_br")
        XCTAssertEqual(localized.downloadName(.png), "bar.pt-BR.dark.p1.png")
        XCTAssertEqual(try PreviewRequest(query: [("spec", "s"), ("locale", "pseudo-rtl")]).locale, SpecLocale("pseudo-rtl"))
        XCTAssertEqual(PreviewRequest(spec: "bar", position: 0, scale: 3).downloadName(.animation(.png)), "bar.transition@3x.png")
        XCTAssertEqual(PreviewRequest(spec: "bar", position: 0, scale: 3).downloadName(.animation(.gif)), "bar.transition@3x.gif")
        XCTAssertEqual(PreviewRequest(spec: "bar", position: 0).downloadName(.animation(.mp4)), "bar.transition.mp4")
    }

    func testDownloadNamesBeyondASCIIKeepAnEncodedCopy() {
        XCTAssertEqual(PreviewRoutes.attachment("bar.p1@2x.png"), "attachment; filename=\"bar.p1@2x.png\"")
        XCTAssertEqual(PreviewRoutes.attachment("ünï.png"), "attachment; filename=\"_n_.png\"; filename*=UTF-8''%C3%BCn%C3%AF.png")
        // Round 33: DEL is a control character too; it reached the header raw.
        XCTAssertEqual(PreviewRoutes.attachment("a\u{7F}b.png"), "attachment; filename=\"a_b.png\"; filename*=UTF-8''a%7Fb.png")
        XCTAssertEqual(PreviewRequest(spec: "a\u{7F}b", position: 0).downloadName(.png), "a-b.p0.png")
    }
}
