import Foundation
import TabsnapModel
@testable import TabsnapSpec
import XCTest

/// Hostile round 81 F2: `check` reads a spec again in each locale, and parsed its catalogs each
/// time (two of 200 000 entries in 30 locales: 77 s). Within one spec's readings a catalog is
/// parsed once for its bytes, however many it has (round 82: a cache of 8 was cycled by 9).
final class ReadingMemoTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-catalogs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ text: String, to path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func title(_ spec: String, locale: String) throws -> String? {
        try SpecLoader.parseDocument(spec, file: "s.yaml", baseDirectory: folder, locale: SpecLocale(locale)).bar.items.first?.title
    }

    /// Six readings in four locales parse each of 12 catalogs once; an edited catalog is parsed
    /// afresh and its new text drawn, the others are found. Outside such a reading nothing is kept.
    func testACatalogIsParsedOnceForItsBytesWhateverTheLocales() throws {
        let languages = ["de", "fr", "it", "es", "pt", "nl", "sv", "da", "nb", "fi", "pl"]
        for language in languages {
            try write("<resources><string name=\"home\">Start \(language)</string></resources>", to: "values-\(language)/strings.xml")
        }
        try write("<resources><string name=\"home\">Home</string></resources>", to: "values/strings.xml")
        let spec = "width: 300\nstrings: [values/strings.xml, " + languages.map { "values-\($0)/strings.xml" }.joined(separator: ", ")
            + "]\nitems: [{title: {key: home}}, B]\n"
        var before = ReadingMemo.parseCount
        try SpecLoader.readingFilesOnce {
            for locale in ["de", "en", "de-AT", "fr", "de"] { _ = try title(spec, locale: locale) }
            XCTAssertEqual(try title(spec, locale: "de"), "Start de")
            XCTAssertEqual(ReadingMemo.parseCount - before, 12, "each catalog parsed once in six readings")
            try write("<resources><string name=\"home\">Anfang</string></resources>", to: "values-de/strings.xml")
            XCTAssertEqual(try title(spec, locale: "de"), "Anfang")
            XCTAssertEqual(try title(spec, locale: "fr"), "Start fr")
            XCTAssertEqual(ReadingMemo.parseCount - before, 13, "the edited catalog parsed afresh, the others found")
        }
        before = ReadingMemo.parseCount
        _ = try title(spec, locale: "de")
        XCTAssertEqual(ReadingMemo.parseCount - before, 12, "outside a reading, nothing kept")
    }

    /// A catalog that does not parse is an error in every reading (nothing is kept of it).
    func testACatalogThatDoesNotParseIsAnErrorEachTime() throws {
        try write("<resources><string name=\"home\">A</strin></resources>", to: "values-de/strings.xml")
        let spec = "width: 300\nstrings: values-de/strings.xml\nitems: [{title: {key: home}}, B]\n"
        for locale in ["de", "en"] {
            XCTAssertThrowsError(try title(spec, locale: locale)) { XCTAssertTrue("\($0)".contains("does not close <string>"), "\($0)") }
        }
    }
}

extension ReadingMemoTests {
    /// Hostile round 83: comments are no entries, so 64 links to a 14 MB catalog of comments took
    /// 68 s under the entry bounds. A spec's catalogs are bounded by their bytes together, counted
    /// before any is parsed.
    func testASpecsCatalogsAreBoundedByTheirBytesTogether() throws {
        let first = folder.appendingPathComponent("values-de/strings.xml")
        try write("", to: "values-de/strings.xml")
        let handle = try FileHandle(forWritingTo: first)
        try handle.truncate(atOffset: 12 << 20)   // sparse: never read
        try handle.close()
        for language in ["fr", "it"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("values-\(language)"), withIntermediateDirectories: true)
            try FileManager.default.linkItem(at: first, to: folder.appendingPathComponent("values-\(language)/strings.xml"))
        }
        let before = ReadingMemo.parseCount
        let spec = "width: 300\nstrings: [values-de/strings.xml, values-fr/strings.xml, values-it/strings.xml]\nitems: [{title: {key: home}}, B]\n"
        XCTAssertThrowsError(try title(spec, locale: "de")) { error in
            XCTAssertTrue("\(error)".contains("s.yaml:2:57: strings: the catalogs are over 32 MB together, the most a spec reads"), "\(error)")
        }
        XCTAssertEqual(ReadingMemo.parseCount, before, "none parsed")
    }

    /// A memo kept across readings (the preview's) holds one reading of each catalog: an edited
    /// catalog replaces its older reading.
    func testAKeptMemoHoldsOneReadingOfEachCatalog() throws {
        try write("<resources><string name=\"home\">Start</string></resources>", to: "values-de/strings.xml")
        let spec = "width: 300\nstrings: values-de/strings.xml\nitems: [{title: {key: home}}, B]\n"
        let memo = ReadingMemo()
        let before = ReadingMemo.parseCount
        for text in ["Start", "Anfang", "Beginn"] {
            try write("<resources><string name=\"home\">\(text)</string></resources>", to: "values-de/strings.xml")
            for _ in 0..<3 { XCTAssertEqual(try SpecLoader.readingFiles(in: memo) { try title(spec, locale: "de") }, text) }
        }
        XCTAssertEqual(ReadingMemo.parseCount - before, 3, "each version parsed once")
        XCTAssertEqual(memo.count, 1, "the latest reading kept")
    }
}

extension ReadingMemoTests {
    /// Hostile round 85: a spec's fonts (up to 32 files of 64 MB) were read again in every
    /// locale, 3 s a locale. Within one spec's readings each font file is read once.
    func testAFontFileIsReadOnceInASpecsReadings() throws {
        let font = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TabsnapRenderTests/Fixtures/fonts/brand.ttf")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("f"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: font, to: folder.appendingPathComponent("f/Brought.ttf"))
        let spec = "width: 300\nfonts: [f/Brought.ttf]\nbutton: {font: Brand 17}\nitems: [A, B]\n"
        let before = ReadingMemo.fontReadCount
        try SpecLoader.readingFilesOnce {
            for locale in ["pseudo-accented", "pseudo-rtl", "pseudo-expanded"] {
                _ = try SpecLoader.parseDocument(spec, file: "s.yaml", baseDirectory: folder, locale: SpecLocale(locale))
            }
        }
        XCTAssertEqual(ReadingMemo.fontReadCount - before, 1, "read once in three readings")
    }
}
