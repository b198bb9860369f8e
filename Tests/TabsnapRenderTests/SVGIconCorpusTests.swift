import Foundation
import Tabsnap
import XCTest

/// Every SVG icon feature in `Fixtures/svg-corpus` (links, `<use>`, filters, patterns, masks,
/// markers, CSS, text, embedded images, nested SVG) draws in PNG, SVG and PDF. Under
/// `scripts/sanitize address` this is the AddressSanitizer run over the corpus;
/// `scripts/sanitize valgrind` renders the same spec with the command-line tool under valgrind,
/// which also sees reads inside cairo and librsvg (AddressSanitizer instruments only our code).
final class SVGIconCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/svg-corpus/corpus.yaml")

    func testEveryFeatureDrawsInEveryFormat() throws {
        let bar = try SpecLoader.load(contentsOf: Self.corpus)
        XCTAssertEqual(bar.items.count, 10)
        for format in OutputFormat.allCases {
            let bytes = try Renderer().render(bar, format: format)
            XCTAssertGreaterThan(bytes.count, 1000, "\(format)")
        }
        // A vector page drawn again and again: the freed-memory read of 0.15.0 crashed in most
        // runs, not all.
        let renderer = Renderer()
        for position in stride(from: 0.0, through: 9.0, by: 0.5) {
            var moved = bar
            moved.position = position
            _ = try renderer.render(moved, format: .pdf)
            _ = try renderer.render(moved, format: .svg)
        }
    }
}
