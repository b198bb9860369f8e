import Foundation
import Tabsnap
import XCTest

/// A bar built in Swift is held to the spec reader's rule on text: one line, wrapped only at its
/// spaces. The reader refuses a line break at its place; the renderer refuses it for everyone else
/// (hostile round 15 left Swift-built bars passing "A\nB\nC…" to pango, which grew it past the bar).
final class TextRunCheckTests: XCTestCase {
    private func bar(_ items: [BarItem]) -> Bar {
        Bar(preset: .tabs, width: 320, items: items + [BarItem(title: "Other")])
    }

    private func assertRefused(_ bar: Bar, naming fragment: String, line: UInt = #line) {
        for format in OutputFormat.allCases {
            XCTAssertThrowsError(try Renderer().render(bar, format: format), "\(format)", line: line) { error in
                guard case RenderError.text(let problem) = error else { return XCTFail("\(error)", line: line) }
                XCTAssertTrue(problem.contains(fragment), problem, line: line)
                XCTAssertFalse(problem.contains("\n"), "one line: \(problem)", line: line)
            }
        }
    }

    func testLineBreaksInSwiftBuiltTextAreRefused() {
        assertRefused(bar([BarItem(title: "A\nB\nC")]), naming: "text \"A\\nB\\nC\" holds a line break (U+000A)")
        assertRefused(bar([BarItem(title: "Inbox", badge: "1\u{2028}2")]), naming: "holds a line break (U+2028)")
        var marked = BarItem(title: "Sale")
        marked.markup = "<b>Sale</b>&#x0D;50%"
        assertRefused(bar([marked]), naming: "holds a line break (U+000D)")
    }

    /// The same rule for a run a caller draws itself, and nothing else is refused: a tab, spaces,
    /// and a line break inside a markup tag (XML white space, not text) draw.
    func testOnlyLineBreaksInDrawnTextAreRefused() throws {
        let font = FontSpec(family: "Inter", weight: .regular, size: 15)
        func list(_ content: TextContent) -> DrawList {
            DrawList(size: Size(width: 200, height: 40), commands: [
                .group(DrawGroup([.text(TextRun(content: content, font: font, color: .black, frame: Rect(x: 0, y: 0, width: 200, height: 40)))])),
            ])
        }
        XCTAssertThrowsError(try Renderer().render(list(.plain("one\u{85}two")), format: .png, scale: 1)) { error in
            XCTAssertTrue("\(error)".contains("holds a line break (U+0085)"), "\(error)")
        }
        XCTAssertNoThrow(try Renderer().render(list(.plain("a\tb c")), format: .png, scale: 1))
        XCTAssertNoThrow(try Renderer().render(list(.markup("<span\nweight=\"bold\">a</span>")), format: .png, scale: 1))
        XCTAssertNoThrow(try Renderer().render(bar([BarItem(title: "Two words")]), format: .png))
    }

    /// Markup may space letters but not pile them up (hostile round 16: letter_spacing −30 pt, within
    /// the 1 000 pt limit, laid the selected title out 0 pt wide, and it vanished with its indicator).
    func testLetterSpacingMayNotPileLettersUp() throws {
        func bar(_ spacing: Int) -> Bar {
            var item = BarItem(title: "Home")
            item.markup = "<span letter_spacing=\"\(spacing)\">Home</span>"
            var bar = Bar(preset: .buttonBar, width: 320, items: [BarItem(title: "Feed"), item, BarItem(title: "Inbox")])
            bar.position = 1
            return bar
        }
        for points in [-30, -15, -10] {
            XCTAssertThrowsError(try Renderer().render(bar(points * 1024), format: .png), "\(points) pt") { error in
                XCTAssertTrue("\(error)".contains("letter_spacing may take at most half a letter's width"), "\(error)")
            }
        }
        for points in [-2, 0, 40] {
            XCTAssertNoThrow(try Renderer().render(bar(points * 1024), format: .png), "\(points) pt")
        }
    }
}

extension TextRunCheckTests {
    /// A renderer remembers the text runs that passed their checks (`CheckedTextRun`), so a bar's
    /// frames are not checked again for each: the same markup in another font is still checked
    /// (letter spacing of -5 pt leaves an M at 20 pt half its advance, not at 8 pt), and a
    /// refused bar is refused at every attempt, whatever the renderer drew before.
    func testARunThatPassedInOneFontIsCheckedInAnother() throws {
        func bar(size: Double) -> Bar {
            var item = BarItem(title: "MWM")
            item.markup = "<span letter_spacing=\"-5000\">MWM</span>"
            var bar = Bar(preset: .buttonBar, width: 320, items: [BarItem(title: "Feed"), item])
            bar.button.font = FontSpec(size: size)
            bar.button.selectedFont = FontSpec(size: size)
            return bar
        }
        let refusal = "letter_spacing may take at most half a letter's width"
        XCTAssertThrowsError(try Renderer().render(bar(size: 8), format: .png)) { XCTAssertTrue("\($0)".contains(refusal), "\($0)") }
        let warm = Renderer()
        for position in [0.0, 0.5, 1] {
            XCTAssertNoThrow(try warm.render(bar(size: 20), format: .png, position: position))
        }
        for format in OutputFormat.allCases {
            XCTAssertThrowsError(try warm.render(bar(size: 8), format: format), "\(format)") { XCTAssertTrue("\($0)".contains(refusal), "\($0)") }
        }
        XCTAssertThrowsError(try warm.image(of: bar(size: 8), position: 0.5)) { XCTAssertTrue("\($0)".contains(refusal), "\($0)") }
    }
}
