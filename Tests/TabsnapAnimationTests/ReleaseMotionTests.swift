import TabsnapAnimation
import XCTest

/// A step's `velocity`: the finger lets go and the page container decelerates onto the page as
/// UIScrollView's paging does (`ReleaseMotion`).
final class ReleaseMotionTests: XCTestCase {
    /// It starts where the finger let go at the finger's speed, settles on the page within
    /// 0.2 % in half a second, and never passes the page, however fast the flick.
    func testItStartsAtTheFingersSpeedAndSettlesWithoutPassingThePage() {
        let dt = 1e-6
        XCTAssertEqual(ReleaseMotion.displacement(after: 0, distance: 0.6, velocity: 2), 0)
        XCTAssertEqual(ReleaseMotion.displacement(after: dt, distance: 0.6, velocity: 2) / dt, 2, accuracy: 1e-3)
        for distance in [0.05, 0.3, 0.6, 1, 2.5, -0.4, -1] {
            for speed in [0.0, 0.5, 2, 10, 100] {
                let velocity = distance.sign == .minus ? -speed : speed
                var previous = 0.0
                for step in 1...100 {
                    let x = ReleaseMotion.displacement(after: Double(step) * 0.005, distance: distance, velocity: velocity)
                    XCTAssertLessThanOrEqual(abs(x), abs(distance) + 1e-12, "\(distance) \(velocity): past the page")
                    XCTAssertGreaterThanOrEqual(abs(x), abs(previous) - 1e-12, "\(distance) \(velocity): moves back")
                    previous = x
                }
                XCTAssertEqual(previous, distance, accuracy: abs(distance) * 0.002, "\(distance) \(velocity): settled")
            }
        }
        // Hostile round 31 F1: a flick at 100 pages/s with nowhere to go went two pages past the
        // end; against the rubber band it stays under a page, and so does a flick away from the page.
        for step in 1...100 {
            let t = Double(step) * 0.005
            XCTAssertLessThan(abs(ReleaseMotion.displacement(after: t, distance: 0, velocity: 100)), 0.6)
            XCTAssertGreaterThan(ReleaseMotion.displacement(after: t, distance: 1, velocity: -100), -0.6)
        }
        XCTAssertEqual(ReleaseMotion.rubberBand(0), 0)
        XCTAssertEqual(ReleaseMotion.rubberBand(1), 1 - 1 / 1.55, accuracy: 1e-12)
        // A flick at an end (no page to go to) moves out with the flick and springs back.
        let out = ReleaseMotion.displacement(after: 0.05, distance: 0, velocity: -1)
        XCTAssertLessThan(out, 0)
        XCTAssertEqual(ReleaseMotion.displacement(after: 0.5, distance: 0, velocity: -1), 0, accuracy: 0.002)
    }

    /// As frames: a drag to 0.35, then a release at 1.4 pages/s onto page 1 over its natural
    /// half second, its last frame on the page exactly; a return from overscroll the same way.
    func testFramesOfADragAndItsRelease() {
        let transition = BarTransition(from: 0, steps: [.init(to: 0.35, easing: .linear, duration: 0.25), .init(to: 1, velocity: 1.4)], fps: 20)
        let positions = Array(transition.frames.map(\.state.position))
        XCTAssertEqual(transition.frameCount, 6 + 10)
        XCTAssertEqual(positions[5], 0.35, accuracy: 1e-9)
        XCTAssertEqual(positions.last, 1)
        // The spring pulls towards the page: the first frame goes at least as far as the finger would have.
        XCTAssertGreaterThanOrEqual(positions[6] - positions[5], 1.4 / 20, "leaves at least at the finger's speed")
        XCTAssertEqual(positions, positions.sorted(), "never back, never past")
        XCTAssertEqual(transition.frame(15).time, 0.25 + 0.5, accuracy: 1e-9)
        let back = BarTransition(from: -0.3, steps: [.init(to: 0, velocity: 0)], fps: 30)
        XCTAssertEqual(Array(back.frames.map(\.state.position)), back.frames.map(\.state.position).sorted())
        XCTAssertEqual(back.frames.map(\.state.position).last, 0)
    }
}
