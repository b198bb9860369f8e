import Foundation
import TabsnapModel
@testable import TabsnapSpec
import XCTest

/// Hostile round 81 F2: `check` reads a spec again in each locale, and parsed its catalogs each
/// time (two of 200 000 entries in 30 locales: 77 s). A catalog is parsed once for its bytes.
final class CatalogCacheTests: XCTestCase {
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

    /// Five readings in four locales parse each catalog once; an edited catalog is parsed afresh
    /// and its new text drawn, the other is found.
    func testACatalogIsParsedOnceForItsBytesWhateverTheLocales() throws {
        let unique = UUID().uuidString
        try write("<resources><string name=\"home\">Start \(unique)</string></resources>", to: "values-de/strings.xml")
        try write("<resources><string name=\"home\">Home \(unique)</string></resources>", to: "values/strings.xml")
        let spec = "width: 300\nstrings: [values/strings.xml, values-de/strings.xml]\nitems: [{title: {key: home}}, B]\n"
        let before = CatalogCache.shared.parseCount
        for locale in ["de", "en", "de-AT", "fr", "de"] { _ = try title(spec, locale: locale) }
        XCTAssertEqual(try title(spec, locale: "de"), "Start \(unique)")
        XCTAssertEqual(CatalogCache.shared.parseCount - before, 2, "each catalog parsed once in five locales")
        try write("<resources><string name=\"home\">Anfang \(unique)</string></resources>", to: "values-de/strings.xml")
        XCTAssertEqual(try title(spec, locale: "de"), "Anfang \(unique)")
        XCTAssertEqual(try title(spec, locale: "fr"), "Home \(unique)")
        XCTAssertEqual(CatalogCache.shared.parseCount - before, 3, "the edited catalog parsed afresh, the other found")
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
