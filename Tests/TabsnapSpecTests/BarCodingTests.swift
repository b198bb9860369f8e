import Foundation
import TabsnapExamples
import TabsnapModel
import TabsnapSpec
import XCTest

/// A Bar's Codable form is the spec format: what it writes, the spec reader reads back.
final class BarCodingTests: XCTestCase {
    func testEveryExampleRoundTripsThroughJSON() throws {
        XCTAssertEqual(ExampleSpecs.files.count, 10)
        for file in ExampleSpecs.files {
            let bar = try SpecLoader.load(contentsOf: file)
            let json = try JSONEncoder().encode(bar)
            XCTAssertEqual(try JSONDecoder().decode(Bar.self, from: json), bar, file.lastPathComponent)
        }
    }

    /// The keys written are the spec's (`offset: {x, y}`, `separator: none`), and only those set.
    func testWritesSpecKeysOnlyForWhatIsSet() throws {
        var bar = Bar(preset: .tabBar, width: 390, items: [BarItem(title: "A", badge: ""), BarItem(title: "B", icon: .builtin(.home))])
        bar.badges.offset = BadgeOffset(x: 2, y: -1)
        bar.separator = .off
        bar.layout.separators = .on(SeparatorSettings(width: 2))
        bar.indicator.style = .line  // tabBar has none, and overscroll needs one
        bar.indicator.overscroll = .clamp
        bar.button.contentInsets = Insets(left: 4, right: 4, top: 4, bottom: 4)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(bar), as: UTF8.self)
        XCTAssertEqual(text, #"{"badges":{"offset":{"x":2,"y":-1}},"button":{"contentInsets":4},"indicator":{"overscroll":"none","style":"line"},"#
                       + #""items":[{"badge":"","title":"A"},{"icon":"home","title":"B"}],"layout":{"separators":{"width":2}},"#
                       + #""preset":"tabBar","separator":"none","width":390}"#)
        XCTAssertEqual(try JSONDecoder().decode(Bar.self, from: Data(text.utf8)), bar)
    }

    /// Bars built in Swift round-trip too: a file icon, off switches, every section.
    func testSwiftBuiltBarsRoundTrip() throws {
        let icon = try XCTUnwrap(ExampleSpecs.files.first).deletingLastPathComponent().appendingPathComponent("icons/compass.svg")
        var bar = Bar(preset: .tabs, width: 390, theme: .dark, items: [BarItem(title: "A"), BarItem(title: "B", icon: .file(icon), selectedIcon: .builtin(.star), badge: "2")])
        bar.height = 60
        bar.scale = 3
        bar.position = 0.5
        bar.direction = .rightToLeft
        bar.background = .clear
        bar.placement = .bottom
        bar.separator = .on(HairlineSettings(width: 1))  // placement picks its edge
        bar.safeArea = SafeArea(top: 10, bottom: 34)
        bar.layout.traits = [.stackable, .fullWidth]
        bar.layout.fadeEdges = false
        bar.button.lines = 2
        bar.button.adjustsAlpha = false
        bar.button.selectedBackground = .on(SelectedBackground(style: .roundedRect, insets: Insets(left: 1, right: 2, top: 3, bottom: 4)))
        bar.button.unselectedIconScale = 1
        bar.indicator.weight = .points(3)
        bar.indicator.width = .points(24)
        bar.badges.font = FontSpec(family: "DejaVu Sans", weight: .bold, size: 9.5)
        let json = try JSONEncoder().encode(bar)
        XCTAssertEqual(try JSONDecoder().decode(Bar.self, from: json), bar, String(decoding: json, as: UTF8.self))
    }

    func testDecodingReportsSpecErrors() {
        XCTAssertThrowsError(try JSONDecoder().decode(Bar.self, from: Data(#"{"width": 100, "items": ["A"], "indicatr": {}}"#.utf8))) { error in
            XCTAssertEqual((error as? SpecError)?.message, "unknown key 'indicatr'; did you mean 'indicator'?")
        }
    }
}

/// A whole spec document — bar, transition, snapshot variants — writes back as a spec.
final class SpecDocumentCodingTests: XCTestCase {
    func testDocumentsRoundTripThroughJSON() throws {
        let texts = ExampleSpecs.files.compactMap { try? String(contentsOf: $0, encoding: .utf8) } + [
            "width: 300\nitems: [A, B, C]\ntransition: {from: 0, to: 2, frames: 12, easing: \"spring(0.5, 0.8)\", kind: jump, fps: 30}",
            "width: 300\nitems: [A, B, C]\ntransition: {steps: [{hold: 250}, {to: 2}], loop: 3, pingPong: true}",
            "width: 300\nitems: [A, B, C]\ntransition: {to: 1, loop: forever, pingPong: false}",
            "width: 300\nitems: [A, B, C]\ntransition:\n  from: 1\n  steps:\n    - {to: 2, duration: 250, easing: \"cubic-bezier(0.2, -0.5, 0.8, 1.5)\"}\n    - {hold: 120}\n    - {hold: 80}\n    - {to: 0, kind: jump}\nsnapshots: {positions: [0, 0.5], scales: [1, 3], themes: [dark], transition: false}",
        ]
        let folder = try XCTUnwrap(ExampleSpecs.files.first).deletingLastPathComponent()
        for text in texts {
            let document = try SpecLoader.parseDocument(text, baseDirectory: folder)
            let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
            let again = try SpecLoader.parseDocument(json, baseDirectory: folder, icons: .anywhere)
            XCTAssertEqual(again, document, json)
        }
    }
}
