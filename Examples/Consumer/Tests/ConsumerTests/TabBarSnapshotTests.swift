import SnapshotTesting
import TabsnapSnapshotTesting
import TabsnapTesting
import XCTest

/// The app's main tab bar, as its design says.
enum AppTabBar {
    static func make() throws -> Bar {
        try SpecLoader.parse("""
            preset: tabBar
            width: 375
            items:
              - {title: Home, icon: home}
              - {title: Search, icon: search}
              - {title: Profile, icon: person}
            """)
    }
}

final class TabBarSnapshotTests: XCTestCase {
    /// Tabsnap's assertion: goldens in Snapshots/ at this package's root.
    func testBarAtRestAndMidSwipe() throws {
        let bar = try AppTabBar.make()
        assertTabBarSnapshot(of: .bar(bar, position: 0), scale: 1, named: "tab-bar")
        assertTabBarSnapshot(of: .bar(bar, position: 0.5), scale: 1, named: "tab-bar-mid-swipe")
    }

    func testSwipeFrameByFrame() throws {
        let bar = try AppTabBar.make()
        assertTabBarSnapshot(of: .transition(bar, BarTransition(from: 0, to: 2, frames: 6)), scale: 1, named: "tab-bar-swipe")
    }

    /// swift-snapshot-testing's assertion with Tabsnap's strategy: references in __Snapshots__/.
    func testWithSwiftSnapshotTesting() throws {
        let bar = try AppTabBar.make()
        assertSnapshot(of: bar, as: .png(position: 1, scale: 1))
    }
}
