import Foundation
import TabsnapModel
import TabsnapSpec
import XCTest

/// The preview's controls applied to a spec's text (`SpecOverrides`): what they change, what
/// they keep, and what they refuse.
final class SpecOverridesTests: XCTestCase {
    private let spec = """
        # comments are not kept
        preset: tabBar
        width: 390
        items:
          - {title: Home, icon: home, accessibilityLabel: Start}
          - Search
          - {markup: "<b>Me</b>", badge: 3}
        indicator: {style: line}
        """

    func testTheControlsChangeWhatTheyNameAndKeepTheRest() throws {
        let overrides = SpecOverrides(preset: "tabBar", items: [.init(title: "Start: \"now\""), .init(title: "Find", badge: "12"), .init(title: "Me"),
                                                                  .init(title: "Added")],
                                      background: "#FFFFFF", tint: "#112233", selectedTint: "#445566", indicatorColor: "#778899")
        let text = try overrides.applied(to: spec, file: "s.yaml")
        let bar = try SpecLoader.parse(text)
        XCTAssertEqual(bar.preset, .tabBar)
        XCTAssertEqual(try SpecLoader.parse(SpecOverrides(preset: "tabs").applied(to: "width: 300\nitems: [A, B]", file: "s.yaml")).preset, .tabs)
        XCTAssertEqual(bar.items.map(\.title), ["Start: \"now\"", "Find", "Me", "Added"])
        XCTAssertEqual(bar.items.map(\.badge), [nil, "12", nil, nil], "a badge left out is gone")
        let dot = try SpecLoader.parse(try SpecOverrides(items: [.init(title: "A", badge: ""), .init(title: "B")]).applied(to: spec, file: "s.yaml"))
        XCTAssertEqual(dot.items.map(\.badge), ["", nil], "an empty badge is a dot, as in a spec")
        XCTAssertEqual(bar.items[0].icon, .builtin(.home), "an item keeps its other keys")
        XCTAssertEqual(bar.items[0].accessibilityLabel, "Start")
        XCTAssertNil(bar.items[2].markup, "the title replaces markup")
        XCTAssertEqual(bar.background, RGBAColor(hex: "#FFFFFF").map(Background.color))
        XCTAssertEqual(bar.button.tint, RGBAColor(hex: "#112233"))
        XCTAssertEqual(bar.button.selectedTint, RGBAColor(hex: "#445566"))
        XCTAssertEqual(bar.indicator.color, RGBAColor(hex: "#778899"))
        XCTAssertEqual(bar.width, 390)
        // No change reads as the spec does.
        XCTAssertEqual(try SpecLoader.parse(SpecOverrides().applied(to: spec, file: "s.yaml")), try SpecLoader.parse(spec))
    }

    /// Round 38 (minor): controls the page offers on every card gave specs that did not render:
    /// an indicator colour on a bar without an indicator, titles over a catalog spec's keys.
    func testControlsLeaveOutWhatWouldChangeNothing() throws {
        let tabBar = "preset: tabBar\nwidth: 390\nitems: [A, B]\n"
        let coloured = SpecOverrides(indicatorColor: "#FF0000")
        XCTAssertNil(try SpecLoader.parse(coloured.applied(to: tabBar, file: "s.yaml")).indicator.color, "tabBar has no indicator")
        XCTAssertNil(try SpecLoader.parse(coloured.applied(to: "width: 300\nindicator: {style: none}\nitems: [A, B]", file: "s.yaml")).indicator.color)
        XCTAssertNil(try SpecLoader.parse(coloured.applied(to: "width: 300\nindicator: off\nitems: [A, B]", file: "s.yaml")).indicator.color)
        let red = RGBAColor(hex: "#FF0000")
        XCTAssertEqual(try SpecLoader.parse(SpecOverrides(preset: "tabs", indicatorColor: "#FF0000").applied(to: tabBar, file: "s.yaml")).indicator.color, red)
        XCTAssertEqual(try SpecLoader.parse(coloured.applied(to: tabBar + "indicator: {style: dot}\n", file: "s.yaml")).indicator.color, red)
        // Titles the controls wrote over catalog keys: the catalog and the locale that only chose
        // among its languages go (the reader refuses both unread); a pseudo-locale stays.
        let catalogued = """
            width: 300
            strings: App.xcstrings
            locale: de
            snapshots: {locales: [de, pseudo-accented]}
            items: [{title: {key: a}}, {title: {key: b}}]
            """
        let text = try SpecOverrides(items: [.init(title: "Eins"), .init(title: "Zwei")]).applied(to: catalogued, file: "s.yaml")
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-overrides-\(UUID().uuidString)")
        let document = try SpecLoader.parseDocument(text, baseDirectory: empty)
        XCTAssertEqual(document.bar.items.map(\.title), ["Eins", "Zwei"])
        XCTAssertEqual(document.snapshots.locales?.map(\.identifier), ["pseudo-accented"])
        XCTAssertFalse(text.contains("strings") || text.contains("locale: de"), text)
        // A spoken key still reads the catalog: it stays.
        let spoken = catalogued.replacingOccurrences(of: "{title: {key: b}}", with: "{title: {key: b}, accessibilityLabel: {key: c}}")
        XCTAssertTrue(try SpecOverrides(items: [.init(title: "Eins"), .init(title: "Zwei")]).applied(to: spoken, file: "s.yaml").contains("strings: "))
    }

    func testValuesAreRangeCheckedOnce() {
        for (overrides, message) in [
            (SpecOverrides(preset: "pills"), "preset: 'pills' is not one of buttonBar, tabBar, lineBar, tabs"),
            (SpecOverrides(items: []), "items: 0 items; expected 1…20"),
            (SpecOverrides(items: Array(repeating: .init(title: "x"), count: 21)), "items: 21 items; expected 1…20"),
            (SpecOverrides(items: [.init(title: "a\nb")]), "items[0].title: holds a line break (U+000A)"),
            (SpecOverrides(items: [.init(title: String(repeating: "x", count: Limits.textLength + 1))]), "items[0].title: over"),
            (SpecOverrides(tint: "red"), "tint: 'red' is not a colour (#RRGGBB)"),
        ] {
            XCTAssertTrue(overrides.check()?.hasPrefix(message) == true, "\(overrides.check() ?? "accepted")")
            XCTAssertThrowsError(try overrides.applied(to: spec, file: "s.yaml")) { error in
                XCTAssertTrue("\(error)".hasPrefix("s.yaml: controls: "), "\(error)")
            }
        }
        XCTAssertNil(SpecOverrides(tint: "#11223344").check())
    }

    /// Round 34 F1: the spec's aliases expanded when the text was written anew (ten levels of
    /// ten took gigabytes in the preview's /spec.yaml): held to the reader's bound first.
    func testAliasesAreBoundedBeforeTheTextIsWritten() {
        var bomb = "a0: &a0 [xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx]\n"
        for level in 1...10 { bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ",") + "]\n" }
        bomb += "preset: tabBar\nitems: [A, B]\n"
        let started = Date()
        XCTAssertThrowsError(try SpecOverrides().applied(to: bomb, file: "bomb.yaml")) { error in
            XCTAssertTrue("\(error)".contains("more than \(Limits.specNodes) values once its aliases are expanded"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(SpecOverrides(items: [.init(title: "a\u{7}")]).check(), "items[0].title: holds the control character U+0007, which is not text")
    }

    /// An indicator that is off stays off: a colour for it adds no indicator.
    func testAnIndicatorThatIsOffStaysOff() throws {
        let off = spec.replacingOccurrences(of: "indicator: {style: line}", with: "indicator: none")
        let bar = try SpecLoader.parse(try SpecOverrides(indicatorColor: "#FF0000").applied(to: off, file: "s.yaml"))
        XCTAssertEqual(bar.indicator.style, .hidden)
    }
}
