import TabsnapModel
import XCTest

final class PresetTests: XCTestCase {
    func testButtonBarIsTabmansTriad() {
        let bar = Bar(preset: .buttonBar, width: 320).resolved()
        XCTAssertEqual(bar.layout.mode, .intrinsic)
        XCTAssertEqual(bar.button.style, .label)
        XCTAssertEqual(bar.indicator.style, .line)
        XCTAssertEqual(bar.indicator.weight, .medium)
        XCTAssertEqual(bar.indicator.overscroll, .bounce)
        XCTAssertFalse(bar.indicator.progressive)
        XCTAssertEqual(bar.button.font, FontSpec(family: "Inter", weight: .semibold, size: 17))
        XCTAssertTrue(bar.button.adjustsAlpha)
        XCTAssertNil(bar.height)
    }

    func testTabBarTabsAndLineBar() {
        let tabBar = Bar(preset: .tabBar, width: 320).resolved()
        XCTAssertEqual(tabBar.layout.mode, .constrained)
        XCTAssertEqual(tabBar.layout.visibleButtons, 5)
        XCTAssertEqual(tabBar.button.style, .tabItem)
        XCTAssertEqual(tabBar.indicator.style, .hidden)

        let tabs = Bar(preset: .tabs, width: 320).resolved()
        XCTAssertEqual(tabs.height, 56)
        XCTAssertEqual(tabs.layout.mode, .tabs)
        XCTAssertEqual(tabs.indicator.style, .line)

        let line = Bar(preset: .lineBar, width: 320).resolved()
        XCTAssertEqual(line.button.style, .hidden)
        XCTAssertEqual(line.layout.mode, .fit)
    }

    func testThemeChangesColours() {
        let light = Bar(preset: .buttonBar, width: 320, theme: .light).resolved()
        let dark = Bar(preset: .buttonBar, width: 320, theme: .dark).resolved()
        XCTAssertNotEqual(light.background, dark.background)
        XCTAssertNotEqual(light.button.tint, dark.button.tint)
    }

    /// Preset and theme are inputs: changing them after the bar is made changes every default
    /// that was not set, and keeps what was.
    func testPresetAndThemeAreResolvedLate() {
        var bar = Bar(preset: .buttonBar, width: 320)
        bar.button.selectedTint = RGBAColor(hex: "#FF0000")
        bar.theme = .dark
        XCTAssertEqual(bar.resolved().background, Bar(preset: .buttonBar, width: 320, theme: .dark).resolved().background)
        XCTAssertEqual(bar.resolved().button.tint, ThemePalette(theme: .dark).text)
        XCTAssertEqual(bar.resolved().button.selectedTint, RGBAColor(hex: "#FF0000"), "what was set stays")
        bar.preset = .tabs
        XCTAssertEqual(bar.resolved().height, 56)
        XCTAssertEqual(bar.resolved().layout.mode, .tabs)
        XCTAssertEqual(bar.resolved().button.selectedTint, RGBAColor(hex: "#FF0000"))
    }

    func testSwitchedOffOptionsResolveToNone() {
        var bar = Bar(preset: .tabBar, width: 320)
        XCTAssertNotNil(bar.resolved().separator)
        bar.separator = .off
        XCTAssertNil(bar.resolved().separator)
        bar.separator = .on(HairlineSettings(width: 2))
        XCTAssertEqual(bar.resolved().separator, Hairline(color: ThemePalette(theme: .light).hairline, width: 2),
                       "settings apply over the preset's hairline")
    }
}
