import Tabsnap
import TabsnapTesting
import XCTest

/// Titles in every script the bundled fonts cover (Fonts/README.md), drawn from the committed
/// files alone, so these goldens are the same bytes on every machine (issue 29). Each is a claim
/// looked at: joined Arabic, Hebrew and the bar mirrored; Thai and Devanagari marks on their
/// letters; ideographs and Hangul on the Latin baseline; emoji in colour in every state.
final class ScriptGoldenTests: XCTestCase {
    private func bar(_ yaml: String) throws -> Bar { try SpecLoader.parse(yaml) }

    func testChineseJapaneseAndKorean() throws {
        let b = try bar("preset: tabs\nwidth: 360\nposition: 0.5\nitems: [受信箱, 检索设置, 設定與帳號, 설정, \"Mix 漢字\"]")
        assertTabBarSnapshot(of: .bar(b), scale: 2, named: "script-cjk")
    }

    func testArabicAndHebrewRightToLeft() throws {
        let b = try bar("preset: buttonBar\nwidth: 360\ndirection: rtl\nposition: 1\nbadges: {}\nitems: [الرئيسية, {title: البريد, badge: 3}, בית, חיפוש]")
        assertTabBarSnapshot(of: .bar(b), scale: 2, named: "script-arabic-hebrew-rtl")
    }

    func testThaiAndDevanagari() throws {
        let b = try bar("preset: buttonBar\nwidth: 360\nitems: [หน้าแรก, ค้นหา, होम, खोज]")
        assertTabBarSnapshot(of: .bar(b), scale: 2, named: "script-thai-devanagari")
    }

    /// Emoji keep their colours in the selected and unselected titles alike, beside Latin text.
    func testEmojiInTitles() throws {
        let b = try bar("preset: tabBar\nwidth: 360\nposition: 0.4\nitems: [{title: \"🔥 Hot\", icon: home}, {title: \"❤️ Liked\", icon: heart}, {title: \"👩‍💻 Dev\", icon: person}]")
        assertTabBarSnapshot(of: .bar(b), scale: 2, named: "script-emoji")
    }

    /// The same Han characters in the forms each language writes them (`language:`, or a
    /// locale's): the bundled CJK face holds the regional forms and the bar's language picks them.
    func testHanCharactersTakeTheirLanguagesForms() throws {
        let spec = "preset: buttonBar\nwidth: 240\nscale: 2\nitems: [直骨, 誤角, 海]\n"
        var images: [String: RGBAImage] = [:]
        for language in ["ja", "zh-Hans", "zh-Hant"] {
            let b = try bar(spec + "language: \(language)\n")
            images[language] = try Renderer().image(of: b)
            if language != "ja" { assertTabBarSnapshot(of: .bar(b), scale: 2, named: "script-han-\(language.lowercased())") }
        }
        XCTAssertEqual(images["ja"], try Renderer().image(of: try bar(spec)), "no language: Japanese forms, the face's own")
        XCTAssertNotEqual(images["ja"], images["zh-Hans"])
        XCTAssertNotEqual(images["zh-Hans"], images["zh-Hant"])
        // Markup's own language wins over the bar's.
        let marked = try bar(spec.replacingOccurrences(of: "[直骨, 誤角, 海]", with: "[{markup: \"<span lang='ja'>直骨</span>\"}, 誤角, 海]")
                             + "language: zh-Hans\n")
        XCTAssertNotEqual(try Renderer().image(of: marked), images["zh-Hans"])
    }
}
