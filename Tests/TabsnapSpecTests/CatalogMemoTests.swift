import Foundation
import TabsnapModel
@testable import TabsnapSpec
import XCTest

/// Hostile round 81 F2: `check` reads a spec again in each locale, and parsed its catalogs each
/// time (two of 200 000 entries in 30 locales: 77 s). Within one spec's readings a catalog is
/// parsed once for its bytes, however many it has (round 82: a cache of 8 was cycled by 9).
final class CatalogMemoTests: XCTestCase {
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
        var before = CatalogMemo.parseCount
        try SpecLoader.readingCatalogsOnce {
            for locale in ["de", "en", "de-AT", "fr", "de"] { _ = try title(spec, locale: locale) }
            XCTAssertEqual(try title(spec, locale: "de"), "Start de")
            XCTAssertEqual(CatalogMemo.parseCount - before, 12, "each catalog parsed once in six readings")
            try write("<resources><string name=\"home\">Anfang</string></resources>", to: "values-de/strings.xml")
            XCTAssertEqual(try title(spec, locale: "de"), "Anfang")
            XCTAssertEqual(try title(spec, locale: "fr"), "Start fr")
            XCTAssertEqual(CatalogMemo.parseCount - before, 13, "the edited catalog parsed afresh, the others found")
        }
        before = CatalogMemo.parseCount
        _ = try title(spec, locale: "de")
        XCTAssertEqual(CatalogMemo.parseCount - before, 12, "outside a reading, nothing kept")
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
