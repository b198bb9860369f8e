import Foundation
import TabsnapModel
import TabsnapSpec
import XCTest

/// Titles from the app's own string catalogs (`strings:`, `title: {key: …}`), in a locale
/// (`locale:`, `--locale`, `snapshots.locales`), and the built-in pseudo-locales (issue 29).
final class LocalizationTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-l10n-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    private func write(_ data: Data, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func titles(_ spec: String, locale: String? = nil) throws -> [String?] {
        try document(spec, locale: locale).bar.items.map(\.title)
    }

    private func document(_ spec: String, locale: String? = nil) throws -> SpecDocument {
        try SpecLoader.parseDocument(spec, file: "s.yaml", baseDirectory: folder, locale: locale.flatMap(SpecLocale.init))
    }

    private func assertError(_ spec: String, locale: String? = nil, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try document(spec, locale: locale), file: file, line: line) { error in
            XCTAssertTrue("\(error)".contains(expected), "\(error)", file: file, line: line)
            XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)", file: file, line: line)
        }
    }

    private let xcstrings = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "tab.inbox": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Posteingang"}},
                                          "pt": {"stringUnit": {"state": "translated", "value": "Caixa"}},
                                          "pt-BR": {"stringUnit": {"state": "translated", "value": "Entrada"}}}},
          "tab.search": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Search"}},
                                           "ja": {"stringUnit": {"state": "translated", "value": "検索"}}}},
          "tab.count": {"localizations": {"en": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "%lld item"}}}}}}},
          "tab.hello": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Hi %@"}}}}
        }}
        """

    private let keyed = "width: 300\nstrings: [App.xcstrings]\nitems: [{title: {key: tab.inbox}}, {title: {key: tab.search}}, Me]\n"

    // MARK: .xcstrings

    func testXCStringsResolveByLocaleThenLanguageThenSource() throws {
        try write(xcstrings, to: "App.xcstrings")
        // No locale: the source language; a key with no source entry is its own text, as Xcode reads it.
        XCTAssertEqual(try titles(keyed), ["tab.inbox", "Search", "Me"])
        XCTAssertEqual(try titles(keyed, locale: "de"), ["Posteingang", "Search", "Me"])
        XCTAssertEqual(try titles(keyed, locale: "pt-BR"), ["Entrada", "Search", "Me"])
        XCTAssertEqual(try titles(keyed, locale: "pt_PT"), ["Caixa", "Search", "Me"])
        XCTAssertEqual(try titles(keyed, locale: "ja"), ["tab.inbox", "検索", "Me"])
        XCTAssertEqual(try titles(keyed + "locale: de\n"), ["Posteingang", "Search", "Me"])
        XCTAssertEqual(try titles(keyed + "locale: de\n", locale: "pt-BR"), ["Entrada", "Search", "Me"], "the asked-for locale wins")
        // Round 45 F3: a translation not made yet ("state": "new", no text) is no translation:
        // the source text, not a blank title.
        try write(xcstrings.replacingOccurrences(of: #""ja": {"stringUnit": {"state": "translated", "value": "検索"}}"#,
                                                 with: #""ja": {"stringUnit": {"state": "new", "value": ""}}"#), to: "App.xcstrings")
        XCTAssertEqual(try titles(keyed, locale: "ja"), ["tab.inbox", "Search", "Me"])
        // Round 46: so is one in the source language: the key is its own text.
        try write(xcstrings.replacingOccurrences(of: #""en": {"stringUnit": {"state": "translated", "value": "Search"}}"#,
                                                 with: #""en": {"stringUnit": {"state": "new", "value": ""}}"#), to: "App.xcstrings")
        XCTAssertEqual(try titles(keyed), ["tab.inbox", "tab.search", "Me"])
        XCTAssertEqual(try titles(keyed, locale: "de"), ["Posteingang", "tab.search", "Me"])
    }

    /// Round 43 F6: zh-CN, zh-TW and zh read the source language from a catalog holding zh-Hans
    /// and zh-Hant, and `he` missed Android's `values-iw`: keys resolve as an app's bundle does.
    func testChineseRegionsAndLegacyLanguageCodesFindTheirText() throws {
        try write("""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "EN"}},
              "zh-Hans": {"stringUnit": {"state": "translated", "value": "简"}},
              "zh-Hant": {"stringUnit": {"state": "translated", "value": "繁"}},
              "iw": {"stringUnit": {"state": "translated", "value": "עב"}},
              "in": {"stringUnit": {"state": "translated", "value": "ID"}}}}}}
            """, to: "C.xcstrings")
        let spec = "width: 300\nstrings: [C.xcstrings]\nitems: [{title: {key: k}}, B]\n"
        for (locale, title) in [("zh-CN", "简"), ("zh-SG", "简"), ("zh", "简"), ("zh-TW", "繁"), ("zh-HK", "繁"), ("zh-Hant", "繁"),
                                ("he", "עב"), ("he-IL", "עב"), ("id", "ID"), ("fr", "EN")] {
            XCTAssertEqual(try titles(spec, locale: locale).first, title, locale)
        }
        XCTAssertTrue(try XCTUnwrap(SpecLocale("ji")).isRightToLeft, "legacy Yiddish is written right to left, as iw is")
    }

    func testCatalogEntriesThatCannotBeTitlesAndMissingKeysAreNamed() throws {
        try write(xcstrings, to: "App.xcstrings")
        assertError("width: 300\nstrings: App.xcstrings\nitems: [{title: {key: tab.count}}, B]\n",
                    "s.yaml:3:17: items[0].title: \"tab.count\" in App.xcstrings has variations (plural or device) in en")
        assertError("width: 300\nstrings: App.xcstrings\nitems: [{title: {key: tab.hello}}, B]\n", "\"tab.hello\" in App.xcstrings takes format arguments (%@…)")
        // Xcode's key for Text("inbox \\(n)") with no entries is its own text, and takes an
        // argument all the same (hostile round 21 F5: it was drawn as "inbox %lld").
        try write(#"{"sourceLanguage":"en","version":"1.0","strings":{"inbox %lld":{}}}"#, to: "Keys.xcstrings")
        assertError("width: 300\nstrings: Keys.xcstrings\nitems: [{title: {key: \"inbox %lld\"}}, B]\n", "\"inbox %lld\" in Keys.xcstrings takes format arguments (%l…)")
        assertError("width: 300\nstrings: App.xcstrings\nitems: [{title: {key: tab.inbx}}, B]\n",
                    "items[0].title: no catalog has the key \"tab.inbx\" (App.xcstrings); did you mean \"tab.inbox\"?")
        assertError("width: 300\nitems: [{title: {key: tab.inbox}}, B]\n", "items[0].title: names the key \"tab.inbox\", but the spec names no string catalogs")
        // A key only in languages the locale does not read is named with them (it suggested the
        // same key: "did you mean \"a\"?").
        try write("\"a\" = \"A\";\n", to: "de.lproj/Localizable.strings")
        assertError("width: 300\nstrings: de.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n",
                    "items[0].title: the key \"a\" is in de.lproj/Localizable.strings only for de; without a locale the spec reads "
                    + "the source language and the fallback entries (set locale: or --locale)")
        assertError("width: 300\nlocale: fr\nstrings: de.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n",
                    "items[0].title: the key \"a\" is in de.lproj/Localizable.strings only for de, not for fr or a language it falls back to")
        assertError("width: 300\nstrings: App.xcstrings\nitems: [{title: {kee: tab.inbox}}, B]\n", "unknown key 'kee' in items[0].title")
        // Hostile round 47 M5: an empty text was "the item has nothing to draw", naming neither
        // the key nor the catalog; also beside an icon, where it drew no title without a word.
        try write(#"{"sourceLanguage":"en","version":"1.0","strings":{"tab.b":{"localizations":{"de":{"stringUnit":{"state":"needs_review","value":""}}}},"":{}}}"#,
                  to: "Empty.xcstrings")
        assertError("width: 300\nstrings: Empty.xcstrings\nitems: [{title: {key: tab.b}}, B]\n", locale: "de",
                    "s.yaml:3:17: items[0].title: \"tab.b\" in Empty.xcstrings (de) is empty; give it a text")
        assertError("width: 300\nstrings: Empty.xcstrings\nitems: [{title: {key: \"\"}}, B]\n", "items[0].title: \"\" in Empty.xcstrings is empty")
        // Round 48: no "did you mean \"\"?" for a catalog whose only other key is the empty one.
        try write(#"{"sourceLanguage":"en","version":"1.0","strings":{"":{}}}"#, to: "OnlyEmpty.xcstrings")
        XCTAssertThrowsError(try document("width: 300\nstrings: OnlyEmpty.xcstrings\nitems: [{title: {key: k}}, B]\n")) { error in
            XCTAssertTrue("\(error)".contains("no catalog has the key \"k\""), "\(error)")
            XCTAssertFalse("\(error)".contains("did you mean"), "\(error)")
        }
        for pseudo in ["pseudo-accented", "pseudo-expanded", "pseudo-rtl"] {
            assertError("width: 300\nstrings: Empty.xcstrings\nitems: [{title: {key: \"\"}}, B]\n", locale: pseudo, "\"\" in Empty.xcstrings (\(pseudo)) is empty")
        }
        try write("\"b\" = \"\";\n", to: "de.lproj/Empty.strings")
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><rect width=\"24\" height=\"24\"/></svg>", to: "i.svg")
        assertError("width: 300\nstrings: de.lproj/Empty.strings\nlocale: de\nitems: [{title: {key: b}, icon: i.svg}, B]\n",
                    "\"b\" in de.lproj/Empty.strings (de) is empty")
    }

    /// Hostile round 50: a 16 MB `.xcstrings` of 200 000 small entries took 2.5 GB to parse
    /// (Foundation keeps about a kilobyte per JSON value). Values are counted before parsing, and
    /// a catalog of more than 400 000 is refused (measured: 384 000 values, 416 MB at peak).
    func testAnXCStringsCatalogIsBoundedByItsValues() throws {
        // 12 values an entry: 33 334 entries are 400 008 values (and 2.8 MB, far below the size cap).
        let entries = (0..<33_334).map { #""k\#($0)":{"localizations":{"en":{"stringUnit":{"state":"translated","value":"v"}}}}"# }
        try write(#"{"sourceLanguage":"en","version":"1.0","strings":{"# + entries.joined(separator: ",") + "}}", to: "Huge.xcstrings")
        assertError("width: 300\nstrings: Huge.xcstrings\nitems: [{title: {key: k1}}, B]\n",
                    "Huge.xcstrings: holds over 400000 JSON values (keys, texts, objects), the most Tabsnap reads in a catalog")
    }

    /// Hostile round 79: .strings and strings.xml had no bound but their bytes (16 catalogs of
    /// 1.8 million short keys took 2.8 GB): entries are counted as they are read, in a catalog
    /// and in a spec's catalogs together (links to one catalog count again).
    func testStringsCatalogsAreBoundedByTheirEntries() throws {
        try write(String(repeating: "k;", count: 200_001), to: "de.lproj/Huge.strings")
        assertError("width: 300\nstrings: de.lproj/Huge.strings\nlocale: de\nitems: [{title: {key: k}}, B]\n",
                    "de.lproj/Huge.strings: holds over 200000 entries, the most Tabsnap reads in a catalog")
        try write("<resources>" + (0...200_000).map { "<string name=\"k\($0)\"/>" }.joined() + "</resources>", to: "values-de/strings.xml")
        assertError("width: 300\nstrings: values-de/strings.xml\nlocale: de\nitems: [{title: {key: k}}, B]\n", "holds over 200000 entries")
        try write((0..<150_000).map { "\"k\($0)\" = \"v\";" }.joined(separator: "\n"), to: "de.lproj/A.strings")
        for copy in ["B", "C"] {
            try FileManager.default.linkItem(at: folder.appendingPathComponent("de.lproj/A.strings"), to: folder.appendingPathComponent("de.lproj/\(copy).strings"))
        }
        XCTAssertEqual(try titles("width: 300\nstrings: [de.lproj/A.strings, de.lproj/B.strings]\nlocale: de\nitems: [{title: {key: k1}}, B]\n").first, "v")
        assertError("width: 300\nstrings: [de.lproj/A.strings, de.lproj/B.strings, de.lproj/C.strings]\nlocale: de\nitems: [{title: {key: k1}}, B]\n",
                    "strings: the catalogs hold over 400000 entries together")
    }

    func testMalformedCatalogsAreOneLineErrorsNamingTheFile() throws {
        try write("{\"sourceLanguage\": \"en\", \"strings\": {", to: "Bad.xcstrings")
        assertError("width: 300\nstrings: Bad.xcstrings\nitems: [{title: {key: a}}, B]\n", "not valid JSON")
        // Where it has lines, the line (hostile round 30: Foundation's "around character 40").
        try write("{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n    \"a\": ,\n  }\n}\n", to: "Bad.xcstrings")
        assertError("width: 300\nstrings: Bad.xcstrings\nitems: [{title: {key: a}}, B]\n", "Bad.xcstrings:4:")
        try write("{\"sourceLanguage\": \"klingon language\", \"strings\": {}}", to: "Odd.xcstrings")
        assertError("width: 300\nstrings: Odd.xcstrings\nitems: [{title: {key: a}}, B]\n", "Odd.xcstrings: sourceLanguage: expected a language")
        try write("\"a\" = \"A\";\n\"b\" = \"B\n", to: "de.lproj/Localizable.strings")
        assertError("width: 300\nstrings: de.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n",
                    "de.lproj/Localizable.strings:2: the value of \"b\" is not closed")
        try write("<resources><string name=\"a\">A</string>\n<string name=\"b\">B</strin></resources>", to: "values-de/strings.xml")
        assertError("width: 300\nstrings: values-de/strings.xml\nitems: [{title: {key: a}}, B]\n", "values-de/strings.xml:2: </strin> does not close <string>")
        // A character reference to NUL or a control character names no XML character; it is
        // not an unknown entity (hostile round 22).
        try write("<resources><string name=\"a\">A&#x0;</string></resources>", to: "values-fr/strings.xml")
        assertError("width: 300\nstrings: values-fr/strings.xml\nitems: [{title: {key: a}}, B]\n", "the character reference &#x0; names no character XML allows")
        try write("<resources><string name=\"a\">A&#x1;</string></resources>", to: "values-fr/strings.xml")
        assertError("width: 300\nstrings: values-fr/strings.xml\nitems: [{title: {key: a}}, B]\n", "the character reference &#x1; names no character XML allows")
        try write("<resources/>", to: "res/strings.xml")
        assertError("width: 300\nstrings: res/strings.xml\nitems: [{title: {key: a}}, B]\n", "res/ is not a values folder of a language")
        assertError("width: 300\nstrings: nowhere.xcstrings\nitems: [{title: {key: a}}, B]\n", "strings: string catalog not found: nowhere.xcstrings")
        // Round 50: a FIFO or a folder was said by the catalog's name alone, not at its place.
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("Pipe.xcstrings").path, 0o644), 0)
        assertError("width: 300\nstrings: Pipe.xcstrings\nitems: [{title: {key: a}}, B]\n", "s.yaml:2:10: strings: 'Pipe.xcstrings' is a FIFO (a named pipe); a string catalog is a file")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Dir.xcstrings"), withIntermediateDirectories: true)
        assertError("width: 300\nstrings: [Dir.xcstrings]\nitems: [{title: {key: a}}, B]\n", "strings[0]: 'Dir.xcstrings' is a folder; a string catalog is a file")
        assertError("width: 300\nstrings: ../x.xcstrings\nitems: [{title: {key: a}}, B]\n", "outside the spec's folder")
    }

    /// Hostile round 32's catalog minors: a lone surrogate escape in an .xcstrings had no place
    /// ("end of file"); a line break from a catalog was named by its locale, not its file.
    func testCatalogProblemsNameTheirFileAndPlace() throws {
        try write("{\"sourceLanguage\": \"en\", \"strings\": {\n  \"a\": {\"localizations\": {\"en\": {\"stringUnit\": {\"value\": \"x\\ud800y\"}}}}}}", to: "Lone.xcstrings")
        assertError("width: 300\nstrings: Lone.xcstrings\nitems: [{title: {key: a}}, B]\n",
                    "Lone.xcstrings:2:60: not valid JSON (\\ud800 is half of a UTF-16 surrogate pair with no other half")
        try write(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"stringUnit": {"value": "\udc00"}}}}}}"#, to: "Low.xcstrings")
        assertError("width: 300\nstrings: Low.xcstrings\nitems: [{title: {key: a}}, B]\n", "Low.xcstrings:1:94: not valid JSON (\\udc00 is half")
        // A pair, and an escaped backslash before "u", are not lone halves.
        try write(#"{"sourceLanguage": "en", "strings": {"a": {"localizations": {"en": {"stringUnit": {"value": "\ud83d\ude00 \\ud800"}}}}}}"#, to: "Pair.xcstrings")
        XCTAssertEqual(try titles("width: 300\nstrings: Pair.xcstrings\nitems: [{title: {key: a}}, B]\n"), ["😀 \\ud800", "B"])
        try write("\"a\" = \"Post\\neingang\";\n", to: "de.lproj/Localizable.strings")
        assertError("width: 300\nstrings: de.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n", locale: "de",
                    "items[0].title: \"a\" in de.lproj/Localizable.strings (de) holds a line break (U+000A)")
    }

    // MARK: Localizable.strings

    func testAppleStringsInUTF16AndUTF8WithBaseAsFallback() throws {
        let german = "/* Tabs */\n\"tab.inbox\" = \"Post\\u00E9ingang\";\n// the other\n\"tab.search\" = \"Suche \\\"neu\\\"\";\n"
        var utf16 = Data([0xFF, 0xFE])
        for unit in german.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        try write(utf16, to: "de.lproj/Localizable.strings")
        try write("tab.inbox = \"Inbox\";\n\"tab.search\" = \"Search\";\n", to: "Base.lproj/Localizable.strings")
        let spec = "width: 300\nstrings: [de.lproj/Localizable.strings, Base.lproj/Localizable.strings]\nitems: [{title: {key: tab.inbox}}, {title: {key: tab.search}}]\n"
        XCTAssertEqual(try titles(spec, locale: "de"), ["Postéingang", "Suche \"neu\""])
        XCTAssertEqual(try titles(spec, locale: "fr"), ["Inbox", "Search"], "Base.lproj is every language's fallback")
        XCTAssertEqual(try titles(spec), ["Inbox", "Search"])
        try write("\"a\" = \"%d new\";\n", to: "fr.lproj/Localizable.strings")
        assertError("width: 300\nstrings: fr.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n", locale: "fr", "takes format arguments")
        // Round 32: UTF-32, and UTF-16 without its mark, are said as such (they were read as
        // text full of NULs and refused for a stray character).
        var utf32 = Data([0xFF, 0xFE, 0x00, 0x00])
        for scalar in "\"a\" = \"A\";\n".unicodeScalars { withUnsafeBytes(of: scalar.value.littleEndian) { utf32.append(contentsOf: $0) } }
        try write(utf32, to: "it.lproj/Localizable.strings")
        assertError("width: 300\nstrings: it.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n", locale: "it",
                    "it.lproj/Localizable.strings: UTF-32 text (its byte-order mark says so)")
        var bare16 = Data()
        for unit in "\"a\" = \"A\";\n".utf16 { bare16.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        try write(bare16, to: "it.lproj/Localizable.strings")
        assertError("width: 300\nstrings: it.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n", locale: "it",
                    "it.lproj/Localizable.strings: holds a NUL byte at byte 0: UTF-16 or UTF-32 text without a byte-order mark?")
        try write("\"a\" = \"A\";\n", to: "Strings/Localizable.strings")
        assertError("width: 300\nstrings: Strings/Localizable.strings\nitems: [{title: {key: a}}, B]\n", "a .strings file's language is its folder's")
    }

    /// Hostile round 30 F1: Apple's reader takes octal escapes (`\101` is "A"); Tabsnap drew the
    /// digits. Past \177 they are NeXTSTEP bytes, and \0 a NUL: refused.
    func testAppleStringsOctalEscapes() throws {
        try write("\"a\" = \"\\101pfel \\060\\61\";\n", to: "de.lproj/Localizable.strings")
        let spec = "width: 300\nstrings: de.lproj/Localizable.strings\nitems: [{title: {key: a}}, B]\n"
        XCTAssertEqual(try titles(spec, locale: "de"), ["Apfel 01", "B"])
        try write("\"a\" = \"\\200\";\n", to: "de.lproj/Localizable.strings")
        assertError(spec, locale: "de", "the octal escape \\200 in the value of \"a\" is a NeXTSTEP byte, not a character; write the character or \\Uxxxx")
        try write("\"a\" = \"x\\0\";\n", to: "de.lproj/Localizable.strings")
        assertError(spec, locale: "de", "is a NUL")
    }

    /// Round 39 (minor): `"key";` is the key as its own text in Foundation's reader; it was refused.
    func testAppleStringsKeyAsItsOwnText() throws {
        try write("\"Home\";\n\"a\" = \"Anfang\";\n", to: "de.lproj/Localizable.strings")
        let spec = "width: 300\nstrings: de.lproj/Localizable.strings\nitems: [{title: {key: Home}}, {title: {key: a}}]\n"
        XCTAssertEqual(try titles(spec, locale: "de"), ["Home", "Anfang"])
        try write("\"Home\" \"x\";\n", to: "de.lproj/Localizable.strings")
        assertError(spec, locale: "de", "expected = or ; after \"Home\"")
        // Round 40 (minor): a control character is named by its catalog, not only by the item.
        try write("\"Home\" = \"Anfang\u{7}\";\n\"a\" = \"b\";\n", to: "de.lproj/Localizable.strings")
        assertError(spec, locale: "de", "\"Home\" in de.lproj/Localizable.strings (de) holds the control character U+0007, which is not text")
    }

    // MARK: strings.xml

    func testAndroidStringsWithEscapesQualifiersAndFallback() throws {
        try write("""
            <?xml version="1.0" encoding="utf-8"?>
            <!-- app strings -->
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
                <string name="tab_inbox">Inbox</string>
                <string name="tab_search">  Search   all  </string>
                <string name="tab_me">"  Me  "</string>
                <plurals name="tab_count"><item quantity="one">%d item</item></plurals>
            </resources>
            """, to: "values/strings.xml")
        try write("""
            <resources>
              <string name="tab_inbox">Posteingang d\\'Amis &amp; <xliff:g id="more">mehr</xliff:g></string>
              <string name="tab_search"><![CDATA[Suche <neu>]]></string>
              <string name="tab_fmt">%1$s neu</string>
            </resources>
            """, to: "values-de/strings.xml")
        try write("<resources><string name=\"tab_inbox\">Entrada \\u00E9</string></resources>", to: "values-pt-rBR/strings.xml")
        try write("<resources><string name=\"tab_inbox\">Пошта</string></resources>", to: "values-b+sr+Cyrl/strings.xml")
        let spec = "width: 300\nstrings: [values-de/strings.xml, values-pt-rBR/strings.xml, values-b+sr+Cyrl/strings.xml, values/strings.xml]\n"
            + "items: [{title: {key: tab_inbox}}, {title: {key: tab_search}}, {title: {key: tab_me}}]\n"
        XCTAssertEqual(try titles(spec), ["Inbox", "Search all", "  Me  "])
        XCTAssertEqual(try titles(spec, locale: "de"), ["Posteingang d'Amis & mehr", "Suche <neu>", "  Me  "])
        XCTAssertEqual(try titles(spec, locale: "pt-BR"), ["Entrada é", "Search all", "  Me  "])
        XCTAssertEqual(try titles(spec, locale: "sr-Cyrl"), ["Пошта", "Search all", "  Me  "])
        assertError(spec.replacingOccurrences(of: "{title: {key: tab_me}}", with: "{title: {key: tab_count}}"), "\"tab_count\" in values/strings.xml is a <plurals>")
        assertError(spec.replacingOccurrences(of: "{title: {key: tab_me}}", with: "{title: {key: tab_fmt}}"), locale: "de", "takes format arguments (%1…)")
        // A \u with fewer than four hex digits is refused, as aapt2 refuses it (it drew "u00").
        for (value, written) in [("A \\u00", "\\u00 where"), ("\\uZZZZ", "\\u where"), ("\\u12", "\\u12 where"), ("\\u+041", "\\u where"),
                                 ("\\uD83D", "\\uD83D, half of a surrogate pair")] {
            try write("<resources><string name=\"bad\">\(value)</string><string name=\"good\">G</string></resources>", to: "values-fr/strings.xml")
            let fr = "width: 300\nlocale: fr\nstrings: [values-fr/strings.xml]\nitems: [{title: {key: bad}}, B]\n"
            assertError(fr, "\"bad\" in values-fr/strings.xml holds \(written)")
            XCTAssertEqual(try titles(fr.replacingOccurrences(of: "key: bad", with: "key: good")), ["G", "B"], "the catalog's other keys still read")
        }
        // Round 22: a reference (@string/…, ?attr/…) is Android's to resolve: refused for its key;
        // escaped, it is the text.
        try write("<resources><string name=\"ref\"> @string/inbox</string><string name=\"attr\">?android:attr/x</string>"
                  + "<string name=\"at\">\\@home</string></resources>", to: "values-it/strings.xml")
        let it = "width: 300\nlocale: it\nstrings: [values-it/strings.xml]\nitems: [{title: {key: ref}}, B]\n"
        assertError(it, "\"ref\" in values-it/strings.xml is a resource reference (\"@string/inbox\"), which Tabsnap does not follow; write the text, or \\@ for a literal @")
        assertError(it.replacingOccurrences(of: "key: ref", with: "key: attr"), "is a resource reference (\"?android:attr/x\")")
        XCTAssertEqual(try titles(it.replacingOccurrences(of: "key: ref", with: "key: at")), ["@home", "B"])
        // aapt2 trims ASCII spaces only before it looks for a reference: after a no-break space
        // (kept: only ASCII spaces collapse) it is text; after a tab and a line break, a reference.
        try write("<resources><string name=\"nbsp\">&#160;@home</string><string name=\"tab\">\t\n @string/x</string></resources>", to: "values-it/strings.xml")
        XCTAssertEqual(try titles(it.replacingOccurrences(of: "key: ref", with: "key: nbsp")), ["\u{A0}@home", "B"])
        assertError(it.replacingOccurrences(of: "key: ref", with: "key: tab"), "is a resource reference (\"@string/x\")")
        // Round 32: an apostrophe outside double quotes is refused, as aapt2 refuses it; escaped
        // or quoted, it is the text.
        try write("<resources><string name=\"bare\">Don't</string><string name=\"quoted\">\"Don't\"</string></resources>", to: "values-ga/strings.xml")
        let ga = "width: 300\nlocale: ga\nstrings: [values-ga/strings.xml]\nitems: [{title: {key: bare}}, B]\n"
        assertError(ga, "\"bare\" in values-ga/strings.xml holds an apostrophe not preceded by \\ outside double quotes")
        XCTAssertEqual(try titles(ga.replacingOccurrences(of: "key: bare", with: "key: quoted")), ["Don't", "B"])
        // Round 27: a name defined twice is refused, as aapt2 refuses it (the last was taken).
        try write("<resources>\n<string name=\"dup\">A</string>\n<string name=\"dup\">B</string>\n</resources>", to: "values-nl/strings.xml")
        assertError("width: 300\nlocale: nl\nstrings: [values-nl/strings.xml]\nitems: [{title: {key: dup}}, B]\n",
                    "values-nl/strings.xml:3")
        // Round 44: a string and a <plurals> may share a name (R.string and R.plurals), and so may
        // a string's products; the title is the string, the default product's.
        try write("<resources>\n<string name=\"dup\">A</string>\n<plurals name=\"dup\"><item quantity=\"one\">B</item></plurals>\n"
                  + "<string name=\"dev\" product=\"tablet\">Tablet</string>\n<string name=\"dev\" product=\"default\">Phone</string>\n"
                  + "<string name=\"tab\" product=\"tablet\">Tablet</string>\n<string name=\"pct\" formatted=\"false\">50% %d off</string>\n"
                  + "<string name=\"blank\" product=\"\">Blank</string>\n<item type=\"string\" name=\"itemstr\">Item</item>\n"
                  + "<string-array name=\"arr\"><item>One</item></string-array>\n</resources>",
                  to: "values-fy/strings.xml")
        let fy = "width: 300\nlocale: fy\nstrings: [values-fy/strings.xml]\nitems: [{title: {key: dup}}, {title: {key: dev}}, {title: {key: pct}}]\n"
        XCTAssertEqual(try titles(fy), ["A", "Phone", "50% %d off"])
        XCTAssertEqual(try titles(fy.replacingOccurrences(of: "key: pct", with: "key: blank")), ["A", "Phone", "Blank"])
        // Round 45 F6: <item type="string"> is a string; a <string-array> is named as what it is.
        XCTAssertEqual(try titles(fy.replacingOccurrences(of: "key: pct", with: "key: itemstr")), ["A", "Phone", "Item"])
        assertError(fy.replacingOccurrences(of: "key: pct", with: "key: arr"), "\"arr\" in values-fy/strings.xml is a <string-array>; a tab title is one text")
        assertError(fy.replacingOccurrences(of: "key: dev", with: "key: tab"),
                    "\"tab\" in values-fy/strings.xml has only a product-specific text (product=\"tablet\")")
        // A <plurals> in a language does not hide the fallback's string of that name.
        try write("<resources><string name=\"z\">Zed</string></resources>", to: "values/strings.xml")
        try write("<resources><plurals name=\"z\"><item quantity=\"one\">Z</item></plurals></resources>", to: "values-de/strings.xml")
        XCTAssertEqual(try titles("width: 300\nlocale: de\nstrings: [values/strings.xml, values-de/strings.xml]\nitems: [{title: {key: z}}, B]\n"), ["Zed", "B"])
        // Round 27: a string with style tags (Android draws them) was drawn plain: refused for its key.
        try write("<resources><string name=\"styled\">Hi <u>there</u> <b>you</b></string></resources>", to: "values-es/strings.xml")
        assertError("width: 300\nlocale: es\nstrings: [values-es/strings.xml]\nitems: [{title: {key: styled}}, B]\n",
                    "\"styled\" in values-es/strings.xml has style tags (<b>, <u>), which Tabsnap does not draw from a catalog; remove them, or give the item its own markup:")
        // Round 48: a DOCTYPE inside <resources> was "a tag or attribute without a name".
        try write("<resources><!DOCTYPE resources [<!ENTITY e \"boom\">]><string name=\"k\">&e;</string></resources>", to: "values-it/strings.xml")
        assertError("width: 300\nlocale: it\nstrings: [values-it/strings.xml]\nitems: [{title: {key: k}}, B]\n",
                    "values-it/strings.xml:1: a <!…> declaration inside <resources> (a DOCTYPE goes before it; entities are not read)")
        try write("<resources><string name=\"k\">A<!ENTITY e \"x\"></string></resources>", to: "values-it/strings.xml")
        assertError("width: 300\nlocale: it\nstrings: [values-it/strings.xml]\nitems: [{title: {key: k}}, B]\n",
                    "a <!…> declaration inside <string> (only comments and CDATA go there; entities are not read)")
    }

    /// The reader works on the file's UTF-8 bytes (round 85: the scalar reader took 7 s for a
    /// catalog at the limit): text of any script, Unicode spaces kept, references and escapes next to
    /// non-ASCII letters, and lines counted through comments, CDATA and text of several lines.
    /// aapt2 makes a tag without a namespace (`<annotation>`) a span and reads the text afresh at
    /// its edges (`StringBuilder::ResetTextState`): white space on both sides of an edge is two
    /// spaces, a quote open before it ends there. `<xliff:g>` marks text only. A quote mark
    /// ends a run of white space as any character does.
    func testAnAnnotationsEdgesAreReadAsAapt2ReadsThem() throws {
        try write("""
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
              <string name="two">A <annotation font="b"> B</annotation></string>
              <string name="one">Tap <annotation font="b">here</annotation> to start</string>
              <string name="xliff">A <xliff:g id="n"> B</xliff:g></string>
              <string name="quotes">A "" B</string>
              <string name="closed">"Don't <annotation>go</annotation> now</string>
              <string name="apostrophe">"Go <annotation>don't</annotation>"</string>
            </resources>
            """, to: "values-sv/strings.xml")
        let sv = "width: 300\nlocale: sv\nstrings: [values-sv/strings.xml]\nitems: [{title: {key: two}}, {title: {key: one}}, {title: {key: xliff}}, {title: {key: quotes}}, {title: {key: closed}}]\n"
        XCTAssertEqual(try titles(sv), ["A  B", "Tap here to start", "A B", "A  B", "Don't go now"])
        assertError(sv.replacingOccurrences(of: "key: closed", with: "key: apostrophe"), "\"apostrophe\" in values-sv/strings.xml holds an apostrophe not preceded by \\ outside double quotes")
    }

    func testAndroidStringsReadByteWiseKeepEveryScriptAndLine() throws {
        try write("""
            <resources>\u{00A0}
              <string name="ключ">Привет \u{2003} мир 👋</string>
              <ствол name="x">ignored</ствол>
              <string name="a&amp;b">\\é&#x1F600;&#233;\\</string>
              <string name="q">"  zwei\u{00A0}\u{00A0}Leerzeichen  " und\u{3000}mehr</string>
              <string name="n">\\u00e9\\u0041 <![CDATA[中
            文]]> <!-- a
            comment --> x</string>
            </resources>
            """, to: "values-ru/strings.xml")
        let ru = "width: 300\nlocale: ru\nstrings: [values-ru/strings.xml]\nitems: [{title: {key: ключ}}, {title: {key: a&b}}, {title: {key: q}}, {title: {key: n}}]\n"
        // aapt2 collapses ASCII spaces only (C's isspace): a no-break, em or ideographic space is
        // text (hostile round 87).
        XCTAssertEqual(try titles(ru), ["Привет \u{2003} мир 👋", "é😀é\\", "  zwei\u{00A0}\u{00A0}Leerzeichen   und\u{3000}mehr", "éA 中 文 x"])
        // A line separator is kept, so the title is refused as one with a line break.
        for separator in ["\u{2028}", "&#x2028;"] {
            try write("<resources><string name=\"n\">A\(separator)B</string></resources>", to: "values-ru/strings.xml")
            assertError("width: 300\nlocale: ru\nstrings: [values-ru/strings.xml]\nitems: [{title: {key: n}}, B]\n", "holds a line break")
        }
        // An error's line counts the line breaks of text, CDATA and comments before it.
        try write("<resources>\n<string name=\"a\">é\nü</string>\n<![CDATA[x\ny]]>\n</resources>", to: "values-ru/strings.xml")
        assertError(ru, "values-ru/strings.xml:4: text between the entries of <resources>")
        try write("<resources>\n<!-- ü\n\n -->\n<string name=\"a\">&bogus;</string>\n</resources>", to: "values-ru/strings.xml")
        assertError(ru, "values-ru/strings.xml:5: the entity &bogus; (only XML's own entities are read)")
        try write("<resources>\n<string name=\"a\"><![CDATA[ü\n\n", to: "values-ru/strings.xml")
        assertError(ru, "values-ru/strings.xml:2: a CDATA section is not closed")
    }

    // MARK: Pseudo-locales and direction

    func testPseudoLocalesTransformEveryTitleAndMarkupText() throws {
        let spec = "width: 300\nitems: [Home, {title: Search}, {markup: \"<b>Me</b> &amp; you\"}]\n"
        XCTAssertEqual(try titles(spec, locale: "pseudo-accented"), ["[Ĥöɱé]", "[Šéåŕçĥ]", "[Ṁé & ýöû]"])
        XCTAssertEqual(try document(spec, locale: "pseudo-accented").bar.items[2].markup, "[<b>Ṁé</b> &amp; ýöû]")
        // Format specifiers stay as written, as Xcode's pseudo-languages keep them.
        XCTAssertEqual(PseudoLocale.accented.transform("Add %1$s, %lld or %.2f%% %@ and %z"), "[Åđđ %1$s, %lld öŕ %.2f%% %@ åñđ %ž]")
        XCTAssertEqual(PseudoLocale.accented.transform(markup: "<i>%d</i> left"), "[<i>%d</i> ļéƒţ]")
        let expanded = try titles(spec, locale: "pseudo-expanded")
        XCTAssertEqual(expanded[0], "Home one")
        for (title, plain) in zip(expanded, ["Home", "Search", "Me & you"]) {
            XCTAssertGreaterThanOrEqual(title?.count ?? 0, plain.count * 14 / 10, "\(title ?? "")")
        }
        let rtl = try document(spec, locale: "pseudo-rtl")
        XCTAssertEqual(rtl.bar.items[0].title, "\u{202E}Home\u{202C}")
        XCTAssertEqual(rtl.bar.direction, .rightToLeft)
    }

    func testTheDirectionFollowsTheLocaleUnlessTheSpecNamesOne() throws {
        try write(xcstrings, to: "App.xcstrings")
        XCTAssertEqual(try document(keyed, locale: "ar").bar.direction, .rightToLeft)
        XCTAssertEqual(try document(keyed, locale: "he-IL").bar.direction, .rightToLeft)
        XCTAssertEqual(try document(keyed, locale: "az-Arab").bar.direction, .rightToLeft)
        XCTAssertEqual(try document(keyed, locale: "de").bar.direction, .leftToRight)
        XCTAssertEqual(try document(keyed + "direction: ltr\n", locale: "ar").bar.direction, .leftToRight)
        assertError(keyed + "locale: klingon\n", "locale: 'klingon' is not a locale")
    }

    func testTheLanguageFollowsTheLocaleUnlessTheSpecNamesOne() throws {
        try write(xcstrings, to: "App.xcstrings")
        XCTAssertEqual(try document(keyed, locale: "zh_hant").bar.language, "zh-Hant")
        let han = keyed.replacingOccurrences(of: ", Me]", with: ", 漢]")
        XCTAssertEqual(try document(han + "language: ja\n", locale: "zh-Hant").bar.language, "ja")
        // A language the bundled fonts draw as any other, or with none of its script's text, is refused.
        assertError(keyed + "language: ja\n", "language changes nothing here — no title, markup or badge the bar draws has a Han, kana or Hangul character")
        assertError(han + "language: de\n", "the bundled fonts draw de as any other language: only ja, ko, zh (Han, kana or Hangul)")
        XCTAssertEqual(try document("width: 300\nlanguage: ro\nitems: [Setări, B]\n").bar.language, "ro")
        // Hostile round 30 F4: DejaVu Sans draws Serbian б in a form of its own (locl); a spec
        // that brings fonts may have forms for any language, so it is never refused here.
        XCTAssertEqual(try document("width: 300\nlanguage: sr\nbutton: {font: DejaVu Sans 17}\nitems: [б, B]\n").bar.language, "sr")
        assertError("width: 300\nlanguage: sr\nitems: [A, B]\n", "no title, markup or badge the bar draws has a Cyrillic character")
        XCTAssertNil(try document(keyed, locale: "pseudo-accented").bar.language, "a pseudo-locale has no language")
        XCTAssertNil(try document(keyed).bar.language)
        XCTAssertEqual(try document("width: 300\nlanguage: zh_hans\nitems: [直, 骨]\n").bar.language, "zh-Hans")
        assertError("width: 300\nlanguage: chinese\nitems: [直, 骨]\n", "language: 'chinese' is not a language")
        assertError("width: 300\nlanguage: pseudo-rtl\nitems: [直, 骨]\n", "language: 'pseudo-rtl' is not a language")
    }

    func testKeysThatChangeNothingAreRefused() throws {
        try write(xcstrings, to: "App.xcstrings")
        assertError("width: 300\nstrings: App.xcstrings\nitems: [A, B]\n", "strings: no item's title is a key")
        assertError("width: 300\nlocale: de\nitems: [A, B]\n", "locale de draws the spec's own titles")
        assertError("width: 300\nitems: [A, B]\nsnapshots: {locales: [pseudo-accented, de]}\n", "snapshots.locales: de draws the spec's own titles")
        // Pseudo-locales and right-to-left languages change the picture without keys.
        XCTAssertNoThrow(try document("width: 300\nitems: [A, B]\nsnapshots: {locales: [pseudo-accented, ar, pseudo-rtl]}\n"))
        assertError("width: 300\nitems: [A, B]\nsnapshots: {locales: [ar, ar]}\n", "snapshots.locales[1]: listed twice")
    }

    func testLocalizedDocumentsWriteBackAsWritten() throws {
        try write(xcstrings, to: "App.xcstrings")
        for (spec, locale) in [(keyed + "locale: de\nsnapshots: {locales: [de, pseudo-expanded]}\n", nil), (keyed, "pseudo-accented"), (keyed, "ar"),
                               (keyed + "direction: rtl\n", "de"),
                               (keyed.replacingOccurrences(of: ", Me]", with: ", 漢]") + "language: ja\n", "zh-Hant")] {
            let read = try document(spec, locale: locale)
            let json = String(decoding: try JSONEncoder().encode(read), as: UTF8.self)
            XCTAssertTrue(json.contains("\"key\":\"tab.inbox\""), json)
            let again = try SpecLoader.parseDocument(json, file: "s.json", baseDirectory: folder, icons: .anywhere,
                                                     locale: locale.flatMap(SpecLocale.init))
            XCTAssertEqual(again, read, json)
        }
    }

    // MARK: Hostile catalogs

    /// Damaged catalogs of every kind — cut short, bytes flipped, spliced — are read or refused
    /// with one line, never a crash or a hang (a deterministic generator, so a failure repeats).
    func testDamagedCatalogsAreReadOrRefusedInOneLine() throws {
        let samples: [(path: String, text: String)] = [
            ("App.xcstrings", xcstrings),
            ("de.lproj/Localizable.strings", "/* c */\n\"tab.inbox\" = \"Post\\u00E9ingang\";\n\"b\" = \"x \\\"y\\\"\";\n// end\n"),
            ("values-de/strings.xml", "<?xml version=\"1.0\"?>\n<resources><string name=\"tab.inbox\">Post\\'eingang &amp; <b>x</b></string>"
                + "<string name=\"b\"><![CDATA[<y>]]></string><plurals name=\"p\"><item quantity=\"one\">%d</item></plurals></resources>\n"),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        var refused = 0, read = 0
        for (path, text) in samples {
            let original = Array(text.utf8)
            for round in 0..<150 {
                var bytes = original
                switch round % 3 {
                case 0: bytes = Array(bytes.prefix(next(bytes.count)))
                case 1: for _ in 0...next(4) { bytes[next(bytes.count)] = UInt8(next(256)) }
                default:
                    let start = next(bytes.count), other = next(bytes.count)
                    bytes.insert(contentsOf: bytes[min(start, other)..<max(start, other)], at: next(bytes.count))
                }
                try write(Data(bytes), to: path)
                let spec = "width: 300\nstrings: [\(path)]\nitems: [{title: {key: tab.inbox}}, B]\n"
                do {
                    _ = try document(spec, locale: "de")
                    read += 1
                } catch {
                    refused += 1
                    XCTAssertFalse("\(error)".contains("\n"), "one line: \(error)")
                    XCTAssertTrue("\(error)".hasPrefix(path) || "\(error)".hasPrefix("s.yaml"), "names the file: \(error)")
                }
            }
        }
        XCTAssertGreaterThan(refused, 100)
        XCTAssertGreaterThan(read, 20)
    }
}
