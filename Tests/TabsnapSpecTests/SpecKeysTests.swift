import Foundation
import TabsnapModel
import TabsnapSpec
import XCTest

/// Every spec key reaches the model.
final class SpecKeysTests: XCTestCase {
    func testMinimalSpecTakesPresetDefaults() throws {
        let bar = try SpecLoader.parse("width: 320\nitems: [Home, Search]")
        var expected = Bar(preset: .buttonBar, width: 320)
        expected.items = [BarItem(title: "Home"), BarItem(title: "Search")]
        XCTAssertEqual(bar, expected)
    }

    func testEveryTopLevelKey() throws {
        let bar = try SpecLoader.parse("""
            preset: tabs
            theme: dark
            width: 390
            height: 60
            scale: 3
            position: -0.25
            direction: rtl
            background: "#10203040"
            items:
              - title: Inbox
                badge: 12
              - {title: Sent, badge: ""}
              - Drafts
            """)
        XCTAssertEqual(bar.preset, .tabs)
        XCTAssertEqual(bar.theme, .dark)
        XCTAssertEqual(bar.width, 390)
        XCTAssertEqual(bar.height, 60)
        XCTAssertEqual(bar.scale, 3)
        XCTAssertEqual(bar.position, -0.25)
        XCTAssertEqual(bar.direction, .rightToLeft)
        XCTAssertEqual(bar.background, .color(RGBAColor(hex: "#10203040")!))
        XCTAssertEqual(bar.items, [BarItem(title: "Inbox", badge: "12"), BarItem(title: "Sent", badge: ""), BarItem(title: "Drafts")])
        XCTAssertEqual(bar.button.tint, Bar(preset: .tabs, width: 1, theme: .dark).button.tint, "theme picks the defaults")
    }

    func testClearBackground() throws {
        XCTAssertEqual(try SpecLoader.parse("width: 100\nitems: [A]\nbackground: clear").background, .clear)
    }

    func testLayoutKeys() throws {
        let bar = try SpecLoader.parse("""
            width: 390
            items: [A, B, C, D]
            layout:
              mode: constrained
              visibleButtons: 3
              spacing: 12
              insets: {left: 8, right: 10, top: 2, bottom: 4}
              fadeEdges: true
            """)
        XCTAssertEqual(bar.layout.mode, .constrained)
        XCTAssertEqual(bar.layout.visibleButtons, 3)
        XCTAssertEqual(bar.layout.spacing, 12)
        XCTAssertEqual(bar.layout.insets, Insets(left: 8, right: 10, top: 2, bottom: 4))
        XCTAssertEqual(bar.layout.fadeEdges, true)
        // alignment is intrinsic mode's; traits give what insets and spacing leave unset
        let intrinsic = try SpecLoader.parse("width: 390\nitems: [A, B]\nlayout: {mode: intrinsic, alignment: centerDistributed, traits: [fullWidth, stackable]}")
        XCTAssertEqual(intrinsic.layout.alignment, .centerDistributed)
        XCTAssertEqual(intrinsic.layout.traits, [.fullWidth, .stackable])
    }

    func testInsetsShorthandAndPartialSides() throws {
        XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nlayout: {insets: 6}").layout.insets,
                       Insets(left: 6, right: 6, top: 6, bottom: 6))
        XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nlayout: {insets: {left: 3}}").layout.insets,
                       Insets(left: 3), "sides left out are 0")
    }

    func testEveryLayoutMode() throws {
        for mode in LayoutMode.allCases {
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nlayout: {mode: \(mode.rawValue)}").layout.mode, mode)
        }
    }

    func testButtonKeys() throws {
        let bar = try SpecLoader.parse("""
            width: 390
            items: [A]
            button:
              style: tabItem
              tint: "#111111"
              selectedTint: "#222222"
              font: DejaVu Sans bold 13
              selectedFont: Inter bold 13
              adjustsAlpha: false
              contentInsets: {left: 1, right: 2, top: 3, bottom: 4}
            """)
        XCTAssertEqual(bar.button.style, .tabItem)
        XCTAssertEqual(bar.button.tint, RGBAColor(hex: "#111111"))
        XCTAssertEqual(bar.button.selectedTint, RGBAColor(hex: "#222222"))
        XCTAssertEqual(bar.button.font, FontSpec(family: "DejaVu Sans", weight: .bold, size: 13))
        XCTAssertEqual(bar.button.selectedFont, FontSpec(family: "Inter", weight: .bold, size: 13))
        XCTAssertEqual(bar.button.adjustsAlpha, false)
        XCTAssertEqual(bar.button.contentInsets, Insets(left: 1, right: 2, top: 3, bottom: 4))
    }

    func testIndicatorKeys() throws {
        let bar = try SpecLoader.parse("""
            width: 390
            items: [A]
            indicator:
              style: dot
              weight: heavy
              overscroll: compress
              progressive: true
              color: "#FF0000"
              display: top
              width: title
            """)
        XCTAssertEqual(bar.resolved().indicator, IndicatorOptions(style: .dot, weight: .heavy, overscroll: .compress,
                                                       progressive: true, color: RGBAColor(hex: "#FF0000"), display: .top,
                                                       width: .title))
    }

    func testIndicatorNumericWeightAndWidth() throws {
        let bar = try SpecLoader.parse("width: 9\nitems: [A]\nindicator: {weight: 3, width: 24}")
        XCTAssertEqual(bar.indicator.weight, .points(3))
        XCTAssertEqual(bar.indicator.width, .points(24))
    }

    func testEveryEnumValueParses() throws {
        for style in IndicatorStyle.allCases {
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nindicator: {style: \(style.rawValue)}").indicator.style, style)
        }
        for style in BarButtonStyle.allCases {
            // a bar without buttons counts pages; icon buttons draw icons only
            let items = [.hidden: "1", .icon: "[{icon: home}]"][style] ?? "[A]"
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: \(items)\nbutton: {style: \(style.rawValue)}").button.style, style)
        }
        for preset in Preset.allCases {
            let items = preset == .lineBar ? "1" : preset == .tabs ? "[A, B]" : "[A]"  // tabs need two
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: \(items)\npreset: \(preset.rawValue)").preset, preset)
        }
        for alignment in BarAlignment.allCases {
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nlayout: {alignment: \(alignment.rawValue)}").layout.alignment, alignment)
        }
    }

    func testIconPathsResolveAgainstTheSpecFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: folder.appendingPathComponent("icons/home.svg"))
        let spec = folder.appendingPathComponent("bar.yaml")
        try Data("width: 100\nitems:\n  - {title: Home, icon: icons/home.svg, selectedIcon: icons/home.svg}\nbutton: {style: tabItem}\n".utf8).write(to: spec)
        let bar = try SpecLoader.load(contentsOf: spec)
        XCTAssertEqual(bar.items[0].icon, .file(folder.appendingPathComponent("icons/home.svg").standardizedFileURL))
        XCTAssertEqual(bar.items[0].selectedIcon, bar.items[0].icon)
    }

    func testJSONAndYAMLGiveTheSameBar() throws {
        let yaml = try SpecLoader.parse("""
            preset: tabBar
            width: 375
            items: [{title: Home, badge: "3"}, Search]
            indicator: {style: line, weight: 2}
            background: "#FAFAFA"
            """)
        let json = try SpecLoader.parse("""
            {
              "preset": "tabBar",
              "width": 375,
              "items": [{"title": "Home", "badge": "3"}, "Search"],
              "indicator": {"style": "line", "weight": 2},
              "background": "#FAFAFA"
            }
            """, file: "bar.json")
        XCTAssertEqual(yaml, json)
    }
}
