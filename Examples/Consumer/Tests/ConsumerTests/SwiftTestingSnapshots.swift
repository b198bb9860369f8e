import Testing
import TabsnapTesting

/// The same assertion from Swift Testing: a failure is reported to whichever framework runs it.
@Test func darkTabBar() throws {
    var bar = try AppTabBar.make()
    bar.theme = .dark
    assertTabBarSnapshot(of: .bar(bar, position: 2), scale: 1, named: "tab-bar-dark")
}
