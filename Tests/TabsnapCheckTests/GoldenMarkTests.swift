import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// Goldens carry whose they are: PNG in a tEXt chunk, SVG in a comment line that comparing
/// leaves out. Goldens recorded before marks compare as before, and `--record all` marks them.
final class GoldenMarkTests: XCTestCase {
    private let spec = CheckFixture.bar + "\nsnapshots: {positions: [0], formats: [png, svg]}"

    func testSVGGoldensAreMarkedAndTheMarkIsNotCompared() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", spec)
        XCTAssertEqual(try fixture.run(.missing).results.map(\.status), [.new, .new])
        let svgURL = fixture.snapshots.appendingPathComponent("bar.p0.svg")
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        let lines = svg.split(separator: "\n", maxSplits: 2)
        XCTAssertTrue(lines[0].hasPrefix("<?xml"), String(lines[0]))
        XCTAssertEqual(lines[1], "<!-- Tabsnap golden: spec -->")
        XCTAssertEqual(GoldenMark.read(fileAt: svgURL), .spec)
        XCTAssertEqual(GoldenMark.read(fileAt: fixture.snapshots.appendingPathComponent("bar.p0.png")), .spec)
        XCTAssertEqual(try fixture.run(.never).results.map(\.status), [.passed, .passed], "the mark is not part of the comparison")

        // A golden from before marks: compared as it is; `all` marks it without changing a line.
        let unmarked = GoldenMark.unmarked(svg: Array(svg.utf8))
        XCTAssertEqual(unmarked.mark, .spec)
        try Data(unmarked.svg).write(to: svgURL)
        XCTAssertNil(GoldenMark.read(fileAt: svgURL))
        XCTAssertEqual(try fixture.run(.never).results.map(\.status), [.passed, .passed])
        let png = fixture.snapshots.appendingPathComponent("bar.p0.png")
        let image = try PNGDecoder.decode([UInt8](Data(contentsOf: png)))
        try Data(PNGEncoder.encode(image)).write(to: png)
        XCTAssertNil(GoldenMark.read(fileAt: png))
        let marked = try fixture.run(.all)
        XCTAssertEqual(marked.results.map(\.status), [.recorded, .recorded])
        XCTAssertEqual(marked.results.map(\.message), ["marked goldens/bar.p0.png as tabsnap's (identical pixels)", "marked goldens/bar.p0.svg as tabsnap's (identical)"]
            .map { $0.replacingOccurrences(of: "goldens/", with: fixture.snapshots.relativePath + "/") })
        XCTAssertEqual(try String(contentsOf: svgURL, encoding: .utf8), svg)
        XCTAssertEqual(GoldenMark.read(fileAt: png), .spec)
        XCTAssertEqual(try fixture.run(.all).results.map(\.status), [.passed, .passed], "marked goldens are not rewritten again")
    }

    /// A Swift test's SVG golden is not a spec's to compare, and a mark's text cannot close the
    /// comment it sits in.
    func testAnSVGMarkedAsAnotherKindIsRefusedAndMarksStayComments() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", spec)
        _ = try fixture.run(.missing)
        let svgURL = fixture.snapshots.appendingPathComponent("bar.p0.svg")
        let plain = GoldenMark.unmarked(svg: try [UInt8](Data(contentsOf: svgURL))).svg
        try Data(GoldenMark.swiftTest("BarTests.testBar()").marking(svg: plain)).write(to: svgURL)
        let result = try XCTUnwrap(try fixture.run(.all).results.first { $0.name == "bar.p0.svg" })
        XCTAssertEqual(result.status, .error)
        XCTAssertTrue(result.message.contains("is the golden of the Swift test BarTests.testBar()"), result.message)
        let hostile = GoldenMark.swiftTest("x --> <script>alert(1)</script> <!--").marking(svg: Array("<svg/>".utf8))
        XCTAssertEqual(String(decoding: hostile, as: UTF8.self), "<!-- Tabsnap golden: swift-test x -?? ?script?alert(1)?/script? ??-? -->\n<svg/>")
    }

    /// A mark's text is at most 200 bytes, its closing looked for there only (not through a
    /// 64 MB golden), whichever line end it has.
    func testAMarkIsReadWithinItsBoundWithEitherLineEnd() {
        for end in ["\n", "\r\n"] {
            let longest = "swift-test " + String(repeating: "x", count: 189)
            let read = GoldenMark.unmarked(svg: Array("<!-- Tabsnap golden: \(longest) -->\(end)<svg/>\n".utf8))
            XCTAssertEqual(read.mark, .swiftTest(String(repeating: "x", count: 189)), end)
            XCTAssertEqual(read.svg, Array("<svg/>\n".utf8), end)
            XCTAssertNil(GoldenMark.unmarked(svg: Array("<!-- Tabsnap golden: \(longest)x -->\(end)<svg/>\n".utf8)).mark, end)
        }
    }

    /// An empty mark shares its space with the closing: it was read as closing before it opened,
    /// and the range trapped (hostile round 8, F1). Odd marks are no marks, and never a crash.
    func testOddSVGMarksAreNoMarks() throws {
        for text in ["<!-- Tabsnap golden: -->\n", "<!-- Tabsnap golden: ", "<!-- Tabsnap golden:  -->\n<svg/>",
                     "<?xml version=\"1.0\"?>\n<!-- Tabsnap golden: -->\n<svg/>", "<!-- Tabsnap golden: spec"] {
            let bytes = Array(text.utf8)
            let read = GoldenMark.unmarked(svg: bytes)
            XCTAssertNil(read.mark, text)
        }
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", spec)
        _ = try fixture.run(.missing)
        try Data("<!-- Tabsnap golden: -->\n".utf8).write(to: fixture.snapshots.appendingPathComponent("notes.svg"))
        try Data("<!-- Tabsnap golden: -->\n".utf8).write(to: fixture.snapshots.appendingPathComponent("bar.p0.svg"))
        let report = try fixture.run(.never)
        XCTAssertEqual(report.results.first { $0.name == "bar.p0.svg" }?.status, .failed)
        XCTAssertEqual(report.unmarked, ["notes.svg"])
    }
}
