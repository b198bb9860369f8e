import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// A golden per component (2×, narrow bars to keep them small).
final class ComponentGoldenTests: XCTestCase {
    private let renderer = Renderer()
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/specs")

    private func check(_ name: String, _ yaml: String, position: Double = 0, scale: Double = 2) throws {
        let bar = try SpecLoader.parse(yaml, file: name, baseDirectory: Self.fixtures)
        assertTabBarSnapshot(of: .bar(bar, position: position), scale: scale, named: "component-\(name)")
    }

    func testLabels() throws {
        try check("label-ellipsized", "width: 200\nitems: [A very long title indeed, B]\nlayout: {mode: fit}")
        try check("label-two-lines", "width: 200\nheight: 60\nitems: [A very long title indeed, B]\nlayout: {mode: fit}\nbutton: {lines: 2}")
        // Without a fixed height the bar grows to hold the tallest wrapped title.
        try check("label-lines-fit", "width: 240\nitems: [A very long title indeed, B, Another long one here]\n"
                  + "layout: {mode: fit}\nbutton: {lines: 2}")
        try check("label-markup", "width: 240\nitems: [{markup: \"<b>Sale</b> <span foreground='#E53935'>50%</span>\"}, Shop]\n"
                  + "button: {font: Inter 16}")
        // Raised and lowered runs keep their size at 3× (pango once drew them 3× too large there).
        try check("label-markup-sup-sub", "width: 200\nitems: [{markup: \"E = mc<sup>2</sup>\"}, {markup: \"H<sub>2</sub>O\"}]\n"
                  + "button: {font: Inter 16}", scale: 3)
        try check("label-align-top", "width: 200\nheight: 60\nitems: [Top, Aligned]\nbutton: {verticalAlignment: top}")
        try check("label-align-bottom", "width: 200\nheight: 60\nitems: [Bottom, Aligned]\nbutton: {verticalAlignment: bottom}")
    }

    func testBuiltinIconsTemplateAndOriginal() throws {
        let icons = BuiltinIcon.allCases.map { "{title: \($0.rawValue), icon: \($0.rawValue)}" }.joined(separator: ", ")
        try check("builtin-icons", "preset: tabBar\nwidth: 400\nlayout: {visibleButtons: 8}\nitems: [\(icons)]", position: 3)
        try check("icon-style", "width: 240\nitems: [{icon: star}, {icon: heart}, {icon: icons/chat.png}]\n"
                  + "button: {style: icon, iconSize: 24, contentInsets: 10}", position: 1)
        try check("icon-original", "width: 200\nitems: [{icon: icons/palette.svg, renderingMode: original}, {icon: icons/palette.svg, renderingMode: template}]\n"
                  + "button: {style: icon, contentInsets: 8}")
    }

    func testTabItemsTopLeadingAndCrossFade() throws {
        try check("tab-item-top", "preset: tabBar\nwidth: 240\nitems: [{title: Home, icon: home}, {title: Mail, icon: mail}, {title: Me, icon: person}]",
                  position: 0.5)
        try check("tab-item-leading", "preset: tabBar\nwidth: 300\nitems: [{title: Home, icon: home}, {title: Mail, icon: mail}]\n"
                  + "button: {imagePosition: leading, iconSize: 22, iconSpacing: 6, font: Inter medium 14}")
        try check("tab-item-crossfade", "preset: tabBar\nwidth: 240\nitems: [{title: Explore, icon: icons/compass.svg, selectedIcon: icons/compass-fill.svg}, Other]",
                  position: 0.5)
        // Selected: the template's needle is cut out of the disc, so it shows in the tint's place
        // (a white needle painted on a black disc came out as a plain disc).
        try check("tab-item-selected-template", "preset: tabBar\nwidth: 240\nitems: [{title: Explore, icon: icons/compass.svg, "
                  + "selectedIcon: icons/compass-fill.svg}, {title: Studio, icon: icons/palette.svg, renderingMode: original}]")
    }

    /// Spec-only custom buttons: the content grows and rises with the selection (the badge rides
    /// it), mid-swipe between two buttons and at rest.
    func testSelectedScaleAndOffset() throws {
        let spec = "preset: tabBar\nwidth: 240\nitems: [{title: Home, icon: home}, {title: Mail, icon: mail, badge: 3}, {title: Me, icon: person}]\n"
            + "button: {selectedScale: 1.25, selectedOffset: {y: -4}}"
        try check("tab-item-grow-raise", spec, position: 1)
        try check("tab-item-grow-raise-mid", spec, position: 0.5)
        try check("label-grow", "width: 240\nitems: [Inbox, Archive, Sent]\nbutton: {selectedScale: 1.3}\nlayout: {mode: intrinsic}", position: 1)
    }

    func testBadges() throws {
        try check("badges", "preset: tabBar\nwidth: 300\nitems: [{title: A, icon: bell, badge: 1}, {title: B, icon: mail, badge: 42}, "
                  + "{title: C, icon: heart, badge: \"99+\"}, {title: D, icon: person, badge: \"\"}]")
        try check("badge-leading-label", "width: 240\nitems: [{title: Inbox, badge: 5}, {title: Sent, badge: \"\"}]\n"
                  + "badges: {position: topLeading, color: \"#007AFF\", offset: {x: 2, y: 2}}\nheight: 56")
        // Labels make room for their badges; fixed-width tabs ellipsize the title instead.
        try check("badge-labels", "preset: tabs\nwidth: 300\nitems: [{title: Inbox, badge: \"99+\"}, "
                  + "{title: Notifications, badge: 3}, {title: Drafts, badge: \"\"}]")
    }

    func testSelectedBackgroundAndSeparators() throws {
        try check("selected-pill", "width: 280\nitems: [Day, Week, Month]\nlayout: {mode: fit}\nindicator: {style: none}\n"
                  + "button: {selectedBackground: {style: pill}}", position: 0.7)
        // One pill slides between Day and Week (motion fade keeps two half-faded ones).
        try check("selected-pill-fade", "width: 280\nitems: [Day, Week, Month]\nlayout: {mode: fit}\nindicator: {style: none}\n"
                  + "button: {selectedBackground: {style: pill, motion: fade}}", position: 0.7)
        // buttonBar buttons are as tight as their titles: the pill still encloses "All" plus 4 pt a side.
        try check("selected-pill-buttonBar", "width: 280\nitems: [All, Unread, Flagged]\nindicator: none\n"
                  + "button: {selectedBackground: {style: pill}}", position: 0)
        try check("separators", "width: 280\nitems: [One, Two, Three, Four]\nlayout: {mode: fit, separators: {color: \"#C7C7CC\"}}", position: 2)
    }

    func testIndicators() throws {
        let items = "width: 240\nitems: [Home, Search, Me]\n"
        try check("indicator-line-top", items + "indicator: {display: top, corners: rounded, weight: heavy}", position: 1)
        try check("indicator-block", items + "indicator: {style: block, corners: rounded}", position: 1.5)
        try check("indicator-block-square", items + "indicator: {style: block, color: \"#FFCC0080\"}", position: 2)
        // Compress overscroll past the last button: the line shrinks against the content's end
        // (far past it, it reaches zero width there rather than drifting off).
        try check("indicator-compress-end", items + "indicator: {overscroll: compress, corners: rounded}", position: 2.4)
        // The block fills the buttons' band, inside the layout's top and bottom insets.
        try check("indicator-block-insets", "width: 240\nitems: [Home, Search, Me]\nlayout: {mode: fit, insets: {top: 6, bottom: 6}}\n"
                  + "indicator: {style: block, corners: rounded}", position: 0.4)
        try check("indicator-dot", items + "indicator: {style: dot, weight: heavy}", position: 0.5)
        try check("indicator-chevron", items + "indicator: {style: chevron}", position: 2)
        try check("indicator-title-width", items + "indicator: {width: title, corners: elliptical}", position: 1)
        // Beside a leading icon (Mística tabs) the line sits under the title, not the button's centre.
        try check("indicator-title-width-icons", "preset: tabs\nwidth: 360\nscale: 1\nindicator: {width: title}\n"
                  + "items: [{title: Home, icon: home}, {title: Search, icon: search}]", position: 1)
    }

    func testChrome() throws {
        let items = "items: [{title: Home, icon: home}, {title: Me, icon: person}]\n"
        try check("hairline-both", "preset: tabBar\nwidth: 200\n" + items + "separator: {edge: both, color: \"#FF3B30\", width: 1}")
        try check("safe-area-bottom", "preset: tabBar\nwidth: 200\nplacement: bottom\nsafeArea: {bottom: 34}\n" + items)
        try check("safe-area-top", "preset: buttonBar\nwidth: 200\nplacement: top\nsafeArea: {top: 20}\nitems: [News, Sport]\n"
                  + "separator: {color: \"#00000033\"}")
        try check("background-clear", "width: 200\nbackground: clear\nitems: [Home, Search]")
        try check("background-translucent", "width: 200\nbackground: \"#007AFF40\"\nitems: [Home, Search]")
    }

    func testThemesPerPreset() throws {
        // Label buttons (buttonBar) draw no icons, so their items have none; lineBar draws no
        // buttons and counts its pages.
        let withIcons = "items: [{title: Home, icon: home}, {title: Search, icon: search}, {title: Me, icon: person}]"
        for preset in Preset.allCases {
            let items = [.buttonBar: "items: [Home, Search, Me]", .lineBar: "items: 3"][preset] ?? withIcons
            try check("dark-\(preset.rawValue)", "preset: \(preset.rawValue)\ntheme: dark\nwidth: 390\n\(items)", position: 1)
        }
    }

    func testRightToLeftScripts() throws {
        try check("rtl-arabic-hebrew", "direction: rtl\nwidth: 280\nitems: [مرحبا, بحث, שלום, עברית]\nbutton: {font: DejaVu Sans 15}", position: 1.5)
    }

    func testTextScales() throws {
        for scale in [1.0, 1.3, 2.0] {
            try check("text-scale-\(scale)", "width: 280\ntextScale: \(scale)\nitems: [Home, Search, Profile]", position: 1)
        }
        // tabBar and tabs keep their text size (DynamicTypeSupport): drawn as at 1, and the key
        // that could not change them refused.
        for preset in ["tabs", "tabBar"] {
            var bar = try SpecLoader.parse("preset: \(preset)\nwidth: 280\nitems: [{title: Account, icon: person}, {title: Invoices, icon: mail}]")
            let plain = try Renderer().image(of: bar)
            bar.textScale = 3
            XCTAssertEqual(try Renderer().image(of: bar), plain, preset)
            XCTAssertThrowsError(try SpecLoader.parse("preset: \(preset)\nwidth: 280\ntextScale: 2\nitems: [{title: Account, icon: person}, {title: B, icon: mail}]")) {
                XCTAssertTrue("\($0)".contains("keeps its text size at every text scale"), "\($0)")
            }
        }
    }
}
