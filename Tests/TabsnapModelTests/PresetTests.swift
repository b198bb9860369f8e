import TabsnapModel
import XCTest

final class PresetTests: XCTestCase {
    func testButtonBarIsTabmansTriad() {
        let bar = Bar(preset: .buttonBar, width: 320)
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
        let tabBar = Bar(preset: .tabBar, width: 320)
        XCTAssertEqual(tabBar.layout.mode, .constrained)
        XCTAssertEqual(tabBar.layout.visibleButtons, 5)
        XCTAssertEqual(tabBar.button.style, .tabItem)
        XCTAssertEqual(tabBar.indicator.style, .none)

        let tabs = Bar(preset: .tabs, width: 320)
        XCTAssertEqual(tabs.height, 56)
        XCTAssertEqual(tabs.layout.mode, .tabs)
        XCTAssertEqual(tabs.indicator.style, .line)

        let line = Bar(preset: .lineBar, width: 320)
        XCTAssertEqual(line.button.style, .none)
        XCTAssertEqual(line.layout.mode, .fit)
    }

    func testThemeChangesColours() {
        let light = Bar(preset: .buttonBar, width: 320, theme: .light)
        let dark = Bar(preset: .buttonBar, width: 320, theme: .dark)
        XCTAssertNotEqual(light.background, dark.background)
        XCTAssertNotEqual(light.button.tint, dark.button.tint)
    }

    func testBarRoundTripsThroughJSONCodable() throws {
        var bar = Bar(preset: .tabs, width: 390, theme: .dark, items: [BarItem(title: "A", badge: "3"), BarItem(title: "B")])
        bar.indicator.weight = .points(3)
        bar.indicator.width = .title
        bar.background = .clear
        let data = try JSONEncoder().encode(bar)
        XCTAssertEqual(try JSONDecoder().decode(Bar.self, from: data), bar)
    }
}
