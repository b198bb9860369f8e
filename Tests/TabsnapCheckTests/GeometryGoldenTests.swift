import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// A still golden keeps its bar's geometry, and a failure says what moved before any pixels
/// (issue 30): in words, or that the geometry is the same and only pixels differ. Goldens
/// recorded without it still compare, by pixels; record mode all adds it.
final class GeometryGoldenTests: XCTestCase {
    private func result(_ report: CheckReport) throws -> CaseResult {
        try XCTUnwrap(report.results.first)
    }

    /// A spec's golden of `image`, marked as tabsnap writes it, with `geometry` when given.
    private func writeGolden(_ image: RGBAImage, geometry: GeometryRecord?, to url: URL) throws {
        var png = PNGTextMark.inserting(keyword: GoldenMark.spec.chunk.keyword, text: GoldenMark.spec.chunk.text, into: PNGEncoder.encode(image))
        if let geometry { png = PNGInternationalText.inserting(keyword: GeometryRecord.keyword, text: geometry.text, into: png) }
        try Data(png).write(to: url)
    }

    private func record(_ fixture: CheckFixture) throws -> GeometryRecord {
        let bytes = try PNGBytes(contentsOf: fixture.snapshots.appendingPathComponent("bar.png"), limit: 1 << 26)
        return try XCTUnwrap(GeometryRecord.read(from: bytes))
    }

    func testAFailureSaysWhatMovedInTheBarsTerms() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        XCTAssertEqual(try result(fixture.run(.missing)).status, .new)
        let kept = try record(fixture)
        XCTAssertEqual(kept.buttons.map(\.title), ["One", "Two", "Three"])
        XCTAssertEqual(kept.buttons[1].badgeText, "3")
        XCTAssertEqual(try result(fixture.run(.missing)).status, .passed)

        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nbadges: {offset: {x: 3, y: 0}}\n")
        var failed = try result(fixture.run(.never))
        XCTAssertEqual(failed.status, .failed)
        XCTAssertEqual(failed.changes, ["button 2 \"Two\": badge x +3 pt"])
        XCTAssertTrue(failed.message.hasPrefix("button 2 \"Two\": badge x +3 pt — "), failed.message)

        fixture.writeSpec("bar.yaml", CheckFixture.bar.replacingOccurrences(of: "{title: Two, badge: 3}", with: "{title: Two and more, badge: 3}")
                          + "\nbackground: '#FFEEDD'\n")
        failed = try result(fixture.run(.never))
        let changes = try XCTUnwrap(failed.changes)
        XCTAssertTrue(changes.contains("background #FFFFFFFF → #FFEEDDFF") || changes.contains { $0.hasPrefix("background ") }, "\(changes)")
        XCTAssertTrue(changes.contains { $0.hasPrefix("button 2 \"Two and more\": title \"Two\" → \"Two and more\"") }, "\(changes)")
    }

    /// The same geometry with other pixels (a font's rendering, anti-aliasing): said so.
    func testEqualGeometrySaysOnlyPixelsDiffer() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let url = fixture.snapshots.appendingPathComponent("bar.png")
        let kept = try record(fixture)
        var image = try PNGDecoder.decode(Array(Data(contentsOf: url)))
        image.pixels[0] ^= 0xFF
        try writeGolden(image, geometry: kept, to: url)
        let failed = try result(fixture.run(.never))
        XCTAssertEqual(failed.status, .failed)
        XCTAssertEqual(failed.changes, [GeometryDiff.pixelsOnly])
    }

    /// A golden recorded before geometry was kept compares by pixels, says nothing of geometry,
    /// and record mode all adds it without changing its pixels.
    func testAGoldenWithoutGeometryComparesByPixelsAndRecordAllAddsIt() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let url = fixture.snapshots.appendingPathComponent("bar.png")
        let image = try PNGDecoder.decode(Array(Data(contentsOf: url)))
        try writeGolden(image, geometry: nil, to: url)
        XCTAssertNil(GeometryRecord.read(from: try PNGBytes(contentsOf: url, limit: 1 << 26)))
        XCTAssertEqual(try result(fixture.run(.never)).status, .passed)
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nbadges: {offset: {x: 3, y: 0}}\n")
        XCTAssertNil(try result(fixture.run(.never)).changes, "no geometry to compare with: pixels only")
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        let added = try result(fixture.run(.all))
        XCTAssertEqual(added.status, .recorded)
        XCTAssertTrue(added.message.hasPrefix("added the geometry to"), added.message)
        XCTAssertEqual(try PNGDecoder.decode(Array(Data(contentsOf: url))), image, "the same pixels")
        XCTAssertNotNil(GeometryRecord.read(from: try PNGBytes(contentsOf: url, limit: 1 << 26)))
        XCTAssertEqual(try result(fixture.run(.all)).status, .passed, "once added, nothing to do")
    }

    /// Record mode all brings a golden's geometry up to date when only it changed (the same
    /// pixels): a stale record would report moves that did not happen.
    func testRecordAllUpdatesStaleGeometry() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let url = fixture.snapshots.appendingPathComponent("bar.png")
        var stale = try record(fixture)
        stale.buttons[0].frame.x += 7
        let image = try PNGDecoder.decode(Array(Data(contentsOf: url)))
        try writeGolden(image, geometry: stale, to: url)
        XCTAssertEqual(try result(fixture.run(.never)).status, .passed, "pixels decide a pass")
        let updated = try result(fixture.run(.all))
        XCTAssertTrue(updated.message.hasPrefix("updated the geometry of"), updated.message)
        XCTAssertNotEqual(try record(fixture), stale)
        XCTAssertEqual(try result(fixture.run(.all)).status, .passed)
    }

    /// The chunk is read by its length: a huge one is skipped, not read.
    func testAHugeGeometryChunkIsNotRead() throws {
        let image = RGBAImage(width: 2, height: 2)
        let png = PNGInternationalText.inserting(keyword: GeometryRecord.keyword, text: String(repeating: "x", count: 2 << 20), into: PNGEncoder.encode(image))
        XCTAssertNil(PNGInternationalText.read(keyword: GeometryRecord.keyword, from: PNGBytes(png)))
        let small = PNGInternationalText.inserting(keyword: GeometryRecord.keyword, text: "ok é", into: PNGEncoder.encode(image))
        XCTAssertEqual(PNGInternationalText.read(keyword: GeometryRecord.keyword, from: PNGBytes(small)), "ok é")
        // Round 39: with two such chunks the first (a crafted one) was read; neither is trusted.
        let twice = PNGInternationalText.inserting(keyword: GeometryRecord.keyword, text: "crafted", into: small)
        XCTAssertNil(PNGInternationalText.read(keyword: GeometryRecord.keyword, from: PNGBytes(twice)))
        XCTAssertEqual(PNGInternationalText.read(keyword: "Other", from: PNGBytes(PNGInternationalText.inserting(keyword: "Other", text: "x", into: small))), "x")
        XCTAssertEqual(try PNGDecoder.decode(small), image)
    }

    /// Hostile round 23's minor findings: a crafted golden's numbers that no bar has are not
    /// read (they printed as `-inf`), a title of one character holding thousands of marks is cut
    /// in the words, and control characters from it reach the HTML report escaped.
    func testACraftedGeometryIsReadWithCare() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        var kept = try record(fixture)
        let image = RGBAImage(width: 2, height: 2)
        for text in [kept.text.replacingOccurrences(of: "\"width\":", with: "\"width\":-1e999,\"w\":"), kept.text.replacingOccurrences(of: "\"height\":", with: "\"height\":1e300,\"h\":")] {
            let png = PNGInternationalText.inserting(keyword: GeometryRecord.keyword, text: text, into: PNGEncoder.encode(image))
            XCTAssertNil(GeometryRecord.read(from: PNGBytes(png)), text)
        }
        // Round 26: colours are #RRGGBBAA, fits one of four words; a 300 000-character one is not read.
        var long = kept
        long.background = String(repeating: "F", count: 300_000)
        XCTAssertFalse(long.isReadable)
        long = kept
        long.buttons[0].fit = "squeezed"
        XCTAssertFalse(long.isReadable)
        long = kept
        long.buttons = Array(repeating: kept.buttons[0], count: Limits.items.upperBound + 1)  // round 27: more than a bar has
        XCTAssertFalse(long.isReadable)
        long = kept
        long.buttons[0].titleFrame.width = -5  // round 38: printed as "title width -5 → 24 pt"
        XCTAssertFalse(long.isReadable)
        long = kept
        long.height = -1
        XCTAssertFalse(long.isReadable)
        XCTAssertTrue(kept.isReadable)
        let old = kept
        kept.buttons[1].title = "e" + String(repeating: "\u{301}", count: 5_000) + "\u{1B}[31m"
        let words = GeometryDiff.changes(from: kept, to: old).joined(separator: "; ")
        XCTAssertLessThan(words.unicodeScalars.count, 200, words)
        XCTAssertEqual(HTMLReport.escape("a\u{1B}[31m\u{7}\0b\nc", preformatted: true), "a\\u{1B}[31m\\u{7}\\u{0}b\nc")
        // Round 39: a line break in a name or title reads as a space on the page; said as the terminal says it.
        XCTAssertEqual(HTMLReport.escape("nl\nx\t.yaml"), "nl\\nx\\t.yaml")
        XCTAssertEqual(HTMLReport.escape("x\u{202E}y"), "x\\u{202E}y", "an override would reverse the page's text after it")
        // Round 41 (minor): the page writes what the terminal writes (`VisibleText`, one list):
        // `\r` was `\u{D}` on the page; a zero-width space and a Hangul filler showed as nothing.
        for text in ["a\rb", "a\u{200B}b", "\u{3164}", "\u{FFA0}x", "p\u{E000}"] {
            XCTAssertEqual(HTMLReport.escape(text), VisibleText.escaped(text), text.debugDescription)
        }
        XCTAssertEqual(HTMLReport.escape("a\rb"), "a\\rb")
        XCTAssertEqual(VisibleText.escaped("\u{3164}"), "\\u{3164}")
        XCTAssertEqual(JUnitReport.escape("x\u{202E}y"), "x\\u{202E}y")
    }
}
