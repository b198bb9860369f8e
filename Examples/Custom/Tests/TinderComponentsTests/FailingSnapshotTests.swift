import Tabsnap
import TabsnapTesting
import Testing
import TinderComponents

/// A change to the bar fails its snapshot test: the assertion reports a known issue here.
@Test func aChangedButtonFailsTheSnapshot() {
    var bar = TinderComponents.bar()
    bar.customButton = AnyBarButton(TinderButton(iconSize: 22))
    withKnownIssue("the icons are smaller than in the golden") {
        assertTabBarSnapshot(of: .bar(bar, position: 0), scale: 2, named: "tinder-rest")
    }
}
