import Foundation
import SnapshotTesting
import Tabsnap
import TabsnapSnapshotTesting
import TabsnapTesting
import TinderComponents
import XCTest

/// The app's bar, made of its own layout, button and indicator, tested as the built-ins are:
/// stills at rest, mid-swipe and in overscroll, right-to-left, a swipe and a jump frame by frame,
/// every output format, and the conformance kit's invariants.
final class TinderBarTests: XCTestCase {
    func testStillsAtRestMidSwipeAndInOverscroll() {
        assertTabBarSnapshot(of: .bar(TinderComponents.bar(), position: 0), scale: 2, named: "tinder-rest")
        assertTabBarSnapshot(of: .bar(TinderComponents.bar(), position: 1.5), scale: 2, named: "tinder-mid-swipe")
        assertTabBarSnapshot(of: .bar(TinderComponents.bar(), position: -0.4), scale: 2, named: "tinder-overscroll-start")
        assertTabBarSnapshot(of: .bar(TinderComponents.bar(), position: 3.3), scale: 2, named: "tinder-overscroll-end")
        assertTabBarSnapshot(of: .bar(TinderComponents.bar(direction: .rightToLeft), position: 1.5), scale: 2, named: "tinder-rtl")
    }

    func testASwipeAndAJumpFrameByFrame() {
        let swipe = BarTransition(from: 0, to: 3, frames: 8)
        assertTabBarSnapshot(of: .transition(TinderComponents.bar(), swipe), scale: 1, named: "tinder-swipe")
        let jump = BarTransition(from: 0, steps: [.init(to: 3, kind: .jump, frames: 5)], fps: 30, loop: .times(1))
        assertTabBarSnapshot(of: .transition(TinderComponents.bar(), jump), scale: 1, named: "tinder-jump")
    }

    func testEveryFormatGivesTheSameBytesEachTime() throws {
        for format in [OutputFormat.png, .svg, .pdf] {
            let once = try Renderer().render(TinderComponents.bar(), format: format, position: 0.5)
            XCTAssertEqual(once, try Renderer().render(TinderComponents.bar(), format: format, position: 0.5), "\(format)")
        }
    }

    /// The checks the built-ins pass: determinism across orders and threads, content inside its
    /// button, right-to-left mirrored.
    func testTheComponentsConform() {
        assertComponentConformance(of: TinderComponents.bar())
    }

    /// swift-snapshot-testing's assertion with Tabsnap's strategy: references in __Snapshots__/.
    func testWithSwiftSnapshotTesting() {
        assertSnapshot(of: TinderComponents.bar(), as: .png(position: 2, scale: 1))
    }
}
