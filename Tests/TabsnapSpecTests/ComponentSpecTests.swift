import Foundation
import TabsnapModel
import TabsnapSpec
import XCTest

/// The component keys of the spec and their errors.
final class ComponentSpecTests: XCTestCase {
    func testButtonComponentKeys() throws {
        let bar = try SpecLoader.parse("""
            width: 390
            items: [A]
            layout: {mode: fit}
            button:
              style: tabItem
              lines: 2
              verticalAlignment: bottom
              imagePosition: leading
              iconSize: 24
              iconSpacing: 4
              unselectedIconScale: 0.8
              renderingMode: original
              selectedBackground: {style: roundedRect, color: "#FFFFFF", insets: 3, cornerRadius: 6}
            """)
        XCTAssertEqual(bar.button.lines, 2)
        XCTAssertEqual(bar.button.verticalAlignment, .bottom)
        XCTAssertEqual(bar.button.imagePosition, .leading)
        XCTAssertEqual(bar.button.iconSize, 24)
        XCTAssertEqual(bar.button.iconSpacing, 4)
        XCTAssertEqual(bar.button.unselectedIconScale, 0.8)
        XCTAssertEqual(bar.button.renderingMode, .original)
        XCTAssertEqual(bar.button.selectedBackground,
                       .on(SelectedBackground(style: .roundedRect, color: RGBAColor(hex: "#FFFFFF"), insets: Insets(left: 3, right: 3, top: 3, bottom: 3), cornerRadius: 6)))
        XCTAssertEqual(try SpecLoader.parse("preset: tabBar\nwidth: 9\nitems: [A]\nbutton: {unselectedIconScale: false}").button.unselectedIconScale, 1)
        // Every option that can be switched off takes the same words.
        for off in ["none", "false", "off", "no", "None"] {
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nbutton: {selectedBackground: \(off)}").button.selectedBackground, .off)
            XCTAssertEqual(try SpecLoader.parse("preset: tabBar\nwidth: 9\nitems: [A]\nbutton: {unselectedIconScale: \(off)}").button.unselectedIconScale, 1)
            XCTAssertNil(try SpecLoader.parse("preset: tabBar\nwidth: 9\nitems: [A]\nseparator: \(off)").resolved().separator)
            XCTAssertNil(try SpecLoader.parse("width: 9\nitems: [A]\nlayout: {separators: \(off)}").resolved().layout.separators)
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nindicator: \(off)").resolved().indicator.style, IndicatorStyle.hidden)
            XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nbackground: \(off)").resolved().background, .clear)
        }
    }

    func testChromeKeys() throws {
        let bar = try SpecLoader.parse("""
            preset: tabBar
            theme: dark
            width: 390
            items: [A, {title: B, badge: 3}]
            safeArea: {top: 47, bottom: 34}
            separator: {edge: both, color: "#FF0000", width: 1}
            badges: {color: "#00FF00", textColor: "#000000", font: Inter semibold 10, position: topLeading, offset: {x: 2, y: -1}}
            layout:
              separators: {color: "#CCCCCC", width: 2, inset: 6}
            """)
        XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\ntextScale: 1.3").textScale, 1.3)
        // placement picks the hairline's edge when the separator names none
        let placed = try SpecLoader.parse("preset: tabBar\nwidth: 9\nitems: [A]\nplacement: top\nseparator: {width: 1}")
        XCTAssertEqual(placed.placement, .top)
        XCTAssertEqual(bar.safeArea, SafeArea(top: 47, bottom: 34))
        XCTAssertEqual(bar.resolved().separator, Hairline(edge: .both, color: RGBAColor(hex: "#FF0000")!, width: 1))
        XCTAssertEqual(bar.badges, BadgeOptions(color: RGBAColor(hex: "#00FF00")!, textColor: RGBAColor(hex: "#000000")!,
                                                font: FontSpec(weight: .semibold, size: 10), position: .topLeading, offset: BadgeOffset(x: 2, y: -1)))
        XCTAssertEqual(bar.resolved().layout.separators, SeparatorOptions(color: RGBAColor(hex: "#CCCCCC")!, width: 2, inset: 6))
        XCTAssertNil(try SpecLoader.parse("preset: tabBar\nwidth: 9\nitems: [A]\nseparator: none").resolved().separator)
        XCTAssertNotNil(Bar(preset: .tabBar, width: 9).resolved().separator, "the tab bar has a hairline by default")
        XCTAssertEqual(try SpecLoader.parse("width: 9\nitems: [A]\nseparator: {width: 1}").resolved().separator?.color,
                       ThemePalette(theme: .light).hairline, "a new hairline takes the theme's colour")
    }

    func testItemsWithMarkupAndBuiltinIcons() throws {
        let bar = try SpecLoader.parse("width: 9\nitems:\n  - {markup: \"<b>Sale</b> 50% &amp; more\", icon: star, selectedIcon: heart}\nbutton: {style: tabItem}")
        XCTAssertEqual(bar.items[0].markup, "<b>Sale</b> 50% &amp; more")
        XCTAssertEqual(bar.items[0].title, "Sale 50% & more", "the plain text, for the layout JSON")
        XCTAssertEqual(bar.items[0].icon, .builtin(.star))
        XCTAssertEqual(bar.items[0].selectedIcon, .builtin(.heart))
    }

    private func message(_ text: String) -> String {
        do {
            _ = try SpecLoader.parse(text, file: "bar.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    func testComponentErrors() {
        XCTAssertEqual(message("width: 9\nitems:\n  - {title: A, icon: hom}"),
                       "bar.yaml:3:22: items[0].icon: unknown built-in icon 'hom'; did you mean 'home'? (or give an .svg or .png path)")
        XCTAssertEqual(message("width: 9\nitems:\n  - {markup: \"<blink>A</blink>\"}"),
                       "bar.yaml:3:14: items[0].markup: unknown markup tag <blink>; expected one of: b, big, i, s, sub, sup, small, tt, u, span")
        XCTAssertEqual(message("width: 9\nitems:\n  - {markup: \"<b>A\"}"),
                       "bar.yaml:3:14: items[0].markup: <b> is never closed")
        XCTAssertEqual(message("width: 9\nitems:\n  - {markup: \"<b><i>A</b></i>\"}").prefix(31), "bar.yaml:3:14: items[0].markup:")
        XCTAssertNotEqual(message("width: 9\nitems:\n  - {markup: \"<b><i>A</b></i>\"}"), "no error")
        XCTAssertEqual(message("width: 9\nitems:\n  - {markup: \"A & B\"}").prefix(31), "bar.yaml:3:14: items[0].markup:")
        XCTAssertTrue(message("width: 9\nitems: [A]\nbutton: {lines: 0}").contains("button.lines: 0 is out of range"))
        XCTAssertTrue(message("width: 9\nitems: [A]\nbadges: {position: bottom}").contains("badges.position: unknown value 'bottom'"))
        XCTAssertTrue(message("width: 9\nitems: [A]\nseparator: {edge: left}").contains("separator.edge"))
        XCTAssertTrue(message("width: 9\nitems: [A]\nsafeArea: {left: 3}").contains("unknown key 'left' in safeArea"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntextScale: 9").contains("textScale: 9 is out of range"))
        XCTAssertTrue(message("width: 9\nitems: [A]\nbutton: {selectedBackground: {style: circle}}").contains("button.selectedBackground.style"))
        XCTAssertTrue(message("width: 9\nitems: [A]\nbutton: {renderingMode: colour}").contains("button.renderingMode"))
    }
}

/// Fonts a spec names must be bundled: a substitute would be drawn without a word.
final class FontCatalogTests: XCTestCase {
    func testUnknownFamiliesAndWeightsAreRefusedWithWhatIsAvailable() {
        func message(_ font: String) -> String {
            do {
                _ = try SpecLoader.parse("width: 9\nitems: [A]\nbutton: {font: \"\(font)\"}", file: "bar.yaml")
                return "accepted"
            } catch {
                return error.message
            }
        }
        XCTAssertEqual(message("Inter heavy 17"), "button.font: unknown weight 'heavy' for Inter; it has regular, medium, semibold, bold")
        XCTAssertEqual(message("Inter bld 17"), "button.font: unknown weight 'bld' for Inter; it has regular, medium, semibold, bold")
        XCTAssertEqual(message("Arial bold 17"),
                       "button.font: font family 'Arial' is not bundled; available: Inter (regular, medium, semibold, bold), DejaVu Sans (regular, bold), "
                       + "Noto Sans Arabic (regular, bold), Noto Sans Hebrew (regular, bold), Noto Sans Thai (regular, bold), "
                       + "Noto Sans Devanagari (regular, bold), Noto Sans CJK JP (regular, bold), Noto Color Emoji (regular)")
        XCTAssertEqual(message("DejaVu Sans medium 13"), "button.font: DejaVu Sans has no medium weight; it has regular, bold")
        XCTAssertEqual(message("DejaVu Sans bold 13"), "accepted")
    }

    /// The catalogue is the Fonts/ folder: one file per family and weight.
    func testTheCatalogueMatchesTheBundledFiles() throws {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts")
        let files = Set(try FileManager.default.subpathsOfDirectory(atPath: fonts.path).filter { $0.hasSuffix(".otf") || $0.hasSuffix(".ttf") }
            .map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        let expected: Set<String> = ["Inter-Regular", "Inter-Medium", "Inter-SemiBold", "Inter-Bold", "DejaVuSans", "DejaVuSans-Bold",
                                     "NotoSansArabic-Regular", "NotoSansArabic-Bold", "NotoSansHebrew-Regular", "NotoSansHebrew-Bold",
                                     "NotoSansThai-Regular", "NotoSansThai-Bold", "NotoSansDevanagari-Regular", "NotoSansDevanagari-Bold",
                                     "NotoSansCJKjp-Regular-Subset", "NotoSansCJKjp-Bold-Subset", "NotoColorEmoji"]
        XCTAssertEqual(files, expected)
        XCTAssertEqual(FontCatalog.families.map(\.weights.count).reduce(0, +), files.count)
    }
}

/// Settings that would be left out of the picture are refused, at their place.
final class IgnoredSettingsTests: XCTestCase {
    func testIconsOnLabelButtonsAreRefused() throws {
        XCTAssertThrowsError(try SpecLoader.parse("width: 300\nitems: [A, {title: B, icon: star}]", file: "bar.yaml")) { error in
            XCTAssertEqual("\(error)", "bar.yaml:2:29: items[1].icon: label buttons draw no icons; use button.style tabItem (icon and title) or icon, or leave the icon out")
        }
        XCTAssertNoThrow(try SpecLoader.parse("width: 300\nitems: [A, {title: B, icon: star}]\nbutton: {style: tabItem}"))
        XCTAssertNoThrow(try SpecLoader.parse("preset: tabBar\nwidth: 300\nitems: [A, {title: B, icon: star}]"))
    }

    func testABlockHasNoEdgeToSitOn() {
        XCTAssertThrowsError(try SpecLoader.parse("width: 300\nitems: [A]\nindicator: {style: block, display: bottom}", file: "bar.yaml")) { error in
            XCTAssertEqual("\(error)", "bar.yaml:3:36: indicator.display: a block fills the buttons' band (inside the layout's top and bottom insets), so it has no bottom edge; use style line, dot or chevron for an edge, or leave display out")
        }
        XCTAssertNoThrow(try SpecLoader.parse("width: 300\nitems: [A]\nindicator: {style: block, display: fill}"))
        XCTAssertNoThrow(try SpecLoader.parse("width: 300\nitems: [A]\nindicator: {style: line, display: top}"))
    }

    /// Found by a reviewer: insets taller than a fixed bar made 0 pt buttons (and a sliding pill
    /// trapped on the negative height); lineBar in intrinsic mode had 0 pt slots.
    func testDegenerateCombinationsAreRefused() {
        func message(_ yaml: String) -> String {
            do { _ = try SpecLoader.parse(yaml, file: "bar.yaml"); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertEqual(message("width: 300\nheight: 30\nitems: [A]\nlayout: {insets: {top: 16, bottom: 16}}\nbutton: {selectedBackground: {style: pill}}"),
                       "bar.yaml:4:18: layout.insets: top 16 + bottom 16 leave no room in a bar 30 pt high")
        XCTAssertEqual(message("preset: tabs\nwidth: 300\nitems: [A]\nlayout: {insets: 28}"),
                       "bar.yaml:4:18: layout.insets: top 28 + bottom 28 leave no room in a bar 56 pt high")
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: 3\nlayout: {mode: intrinsic}"),
                       "bar.yaml:4:16: layout.mode: a bar that draws no buttons has no natural widths, so intrinsic mode would make its slots 0 pt wide; use mode fit or constrained")
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: 3\nlayout: {mode: tabs}"), "accepted", "three tabs share the bar")
        XCTAssertEqual(message("width: 300\nitems: [Home, {}]"), "bar.yaml:2:15: items[1]: the item has nothing to draw; give it a title, markup or an icon")
        XCTAssertEqual(message("width: 300\nitems: [Home, {title: B, badge: \"\"}]\nbadges: {textColor: \"#000000\"}"),
                       "bar.yaml:3:21: badges.textColor changes nothing here — every badge is a dot, with no text to set; leave it out")
        XCTAssertEqual(message("width: 300\nitems: [Home]\nlayout: {separators: {width: 2}}"),
                       "bar.yaml:3:22: layout.separators changes nothing here — a single button has no neighbour to be separated from; leave it out")
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: 3\nindicator: {style: dot, display: top}"), "accepted",
                       "a dot sits 4 pt from the edge it is on")
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: 3\nindicator: {display: top}"),
                       "bar.yaml:4:22: indicator.display changes nothing here — lineBar draws no buttons and is exactly as tall as its line: top, bottom and fill are the same place; leave it out")
    }

    /// A bar that draws no buttons counts its pages; what its items would show is refused.
    func testBarsWithoutButtonsCountPagesAndRefuseWhatTheyCannotDraw() throws {
        func message(_ yaml: String) -> String {
            do { _ = try SpecLoader.parse(yaml, file: "bar.yaml"); return "accepted" } catch { return "\(error)" }
        }
        let line = try SpecLoader.parse("preset: lineBar\nwidth: 300\nitems: 4")
        XCTAssertEqual(line.items, Array(repeating: BarItem(), count: 4))
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: [{badge: 3}, {}]"),
                       "bar.yaml:3:17: items[0].badge: lineBar draws no buttons, so badges are never drawn; give the number of pages instead: items: 2")
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: [Home, Search]"),
                       "bar.yaml:3:9: items[0]: lineBar draws no buttons, so titles are never drawn; give the number of pages instead: items: 2")
        XCTAssertEqual(message("width: 300\nbutton: {style: none}\nitems: [{icon: home}]"),
                       "bar.yaml:3:16: items[0].icon: button.style none draws no buttons, so icons are never drawn; give the number of pages instead: items: 1")
        XCTAssertEqual(message("width: 300\nitems: 3"),
                       "bar.yaml:2:8: items: a number of pages suits only bars that draw no buttons (lineBar, button.style none); list the items, e.g. items: [Home, Search]")
        XCTAssertEqual(message("width: 300\nitems: Home"),
                       "bar.yaml:2:8: items: expected a list of items (or, for a bar that draws no buttons, a number of pages), got 'Home'")
        XCTAssertEqual(message("preset: lineBar\nwidth: 300\nitems: 101"), "bar.yaml:3:8: items: 101 is out of range; expected 1…100")
        // written back as empty items, which read back on any bar (a count would not)
        let json = String(decoding: try JSONEncoder().encode(line), as: UTF8.self)
        XCTAssertTrue(json.contains("\"items\":[{},{},{},{}]"), json)
        XCTAssertEqual(try JSONDecoder().decode(Bar.self, from: Data(json.utf8)), line)
    }
}
