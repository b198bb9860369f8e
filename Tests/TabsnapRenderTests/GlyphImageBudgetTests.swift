import Tabsnap
import XCTest

/// Text drawn from glyph images (markup titles, colour emoji) is bounded by `Limits.glyphImageBytes`
/// (hostile round 16: one markup title at 1 000 pt and 8× kept 1.8 GB of images, two specs 3.6 GB).
final class GlyphImageBudgetTests: XCTestCase {
    private static let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

    private func bar(markup points: Int, scale: Double) -> Bar {
        var item = BarItem(title: "Big")
        item.markup = "<span size='\(points)pt'>\(Self.letters)</span>"
        var bar = Bar(preset: .buttonBar, width: 200, items: [item])
        bar.scale = scale
        return bar
    }

    func testMarkupWhoseGlyphImagesPassTheBoundIsRefused() throws {
        XCTAssertThrowsError(try Renderer().render(bar(markup: 1000, scale: 8), format: .png)) { error in
            guard case RenderError.text(let problem) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(problem.contains("would keep 1.4 GB of glyph images at 8×; at most 256 MB"), problem)
        }
        // The same text at a lower scale, and a large markup title within the bound, draw.
        XCTAssertNoThrow(try Renderer().render(bar(markup: 1000, scale: 1), format: .png))
        XCTAssertNoThrow(try Renderer().render(bar(markup: 200, scale: 8), format: .png))
    }

    /// Emoji are pictures at any size, in a plain title too: many different ones, large, are
    /// refused; a few draw.
    func testColourGlyphsCountInPlainTitles() throws {
        let emoji = (0x1F600...0x1F64F).compactMap { Unicode.Scalar($0).map(String.init) }.joined()
        var many = Bar(preset: .buttonBar, width: 200, items: [BarItem(title: emoji)])
        many.button.font = FontSpec(size: 200)
        many.scale = 4
        XCTAssertThrowsError(try Renderer().render(many, format: .png)) { error in
            XCTAssertTrue("\(error)".contains("of glyph images at 4×"), "\(error)")
        }
        var few = many
        few.items = [BarItem(title: "🔥❤️")]
        XCTAssertNoThrow(try Renderer().render(few, format: .png))
    }

    /// Glyph images are let go across pictures too: every size is a font of its own, and emoji
    /// titles at a new size each frame (selectedScale) kept 4.9 GB over 240 frames, each picture
    /// within the bound (hostile round 17). What a renderer may keep stays under a tenth of it.
    func testGlyphImagesAreLetGoAcrossPictures() throws {
        let renderer = Renderer()
        var released = false, previous = 0.0
        for size in stride(from: 60.0, through: 90, by: 3) {
            var bar = Bar(preset: .buttonBar, width: 300, items: [BarItem(title: "😀😁😂🤣"), BarItem(title: "😃😄😅😆")])
            bar.button.font = FontSpec(size: size)
            bar.scale = 4
            _ = try renderer.image(of: bar)
            XCTAssertLessThanOrEqual(renderer.keptGlyphImageBytes, Double(Limits.glyphImageBytes / 10), "after \(size) pt")
            if renderer.keptGlyphImageBytes < previous { released = true }
            previous = renderer.keptGlyphImageBytes
        }
        XCTAssertTrue(released, "eleven sizes of eight emoji at 4x pass a tenth of the bound: the fonts were let go")
    }
}
