import TabsnapAnimation
import XCTest

final class EasingTests: XCTestCase {
    private let curves: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)]

    func testEndpointsAreExact() {
        for easing in curves + [.defaultSpring, .spring(damping: 1, response: 0.4), .spring(damping: 1.5, response: 0.3)] {
            XCTAssertEqual(easing.progress(at: 0), 0, accuracy: 1e-12, "\(easing)")
            XCTAssertEqual(easing.progress(at: 1), 1, accuracy: 1e-12, "\(easing)")
        }
    }

    func testCurvesAreMonotonic() {
        for easing in curves {
            var previous = 0.0
            for k in 1...200 {
                let value = easing.progress(at: Double(k) / 200)
                XCTAssertGreaterThanOrEqual(value, previous - 1e-12, "\(easing) at \(k)")
                previous = value
            }
        }
    }

    func testKnownValues() {
        XCTAssertEqual(Easing.linear.progress(at: 0.3), 0.3)
        XCTAssertEqual(Easing.easeInOut.progress(at: 0.5), 0.5, accuracy: 1e-9, "symmetric curve")
        XCTAssertLessThan(Easing.easeIn.progress(at: 0.25), 0.25, "starts slow")
        XCTAssertGreaterThan(Easing.easeOut.progress(at: 0.25), 0.25, "starts fast")
        // CSS "ease" (0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024 (browsers' reference tables).
        XCTAssertEqual(Easing.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).progress(at: 0.5), 0.8024, accuracy: 1e-3)
    }

    func testSpringOvershootsThenSettlesOnTheTarget() {
        let spring = Easing.defaultSpring
        let samples = (0...400).map { spring.progress(at: Double($0) / 400) }
        XCTAssertGreaterThan(samples.max()!, 1.02, "underdamped: overshoots past the target")
        XCTAssertEqual(samples.last!, 1, accuracy: 1e-12)
        XCTAssertEqual(samples[390], 1, accuracy: 0.01, "settled near the end")
        let critical = (0...400).map { Easing.spring(damping: 1, response: 0.5).progress(at: Double($0) / 400) }
        XCTAssertLessThanOrEqual(critical.max()!, 1 + 1e-9, "critically damped: no overshoot")
    }

    /// `--easing spring --frames 12` once showed the first 0.18 s of the spring: no overshoot,
    /// arriving at full speed. Few frames still sample the whole spring over its settling time.
    func testFewFramesStillShowTheWholeSpring() {
        let transition = BarTransition(from: 0, to: 1, easing: .defaultSpring, frames: 12, fps: 60)
        let positions = Array(transition.frames.map { $0.state.position })
        XCTAssertGreaterThan(positions.max()!, 1.02, "overshoots")
        XCTAssertEqual(positions.last!, 1)
        XCTAssertLessThan(abs(positions[10] - 1), 0.01, "settles: the frame before the last is almost there")
        XCTAssertEqual(transition.frame(11).time, Easing.defaultSpring.naturalDuration, accuracy: 1e-9,
                       "the frames spread over the spring's settling time")
        XCTAssertEqual(transition.frameCountWarnings, [])
        // An explicit duration plays the same whole spring, faster.
        let fast = BarTransition(from: 0, to: 1, easing: .defaultSpring, frames: 12, duration: 0.2, fps: 60)
        XCTAssertEqual(Array(fast.frames.map { $0.state.position }), positions)
        // Curves that are not springs keep 1/fps between frames.
        XCTAssertEqual(BarTransition(from: 0, to: 1, easing: .easeInOut, frames: 12, fps: 60).frame(11).time, 11.0 / 60, accuracy: 1e-12)
    }

    func testTooFewFramesForASpringAreSaidSo() {
        // Four frames sample t = 0, ⅓, ⅔, 1: both middle ones miss the peak at 45 % (1.1 % of 4.6 % shown).
        let four = BarTransition(from: 0, to: 1, easing: .defaultSpring, frames: 4, fps: 60)
        XCTAssertEqual(four.frameCountWarnings,
                       ["4 frames cannot show the spring's overshoot (4.6 % past the end, 45 % of the way through); use at least 5"])
        XCTAssertEqual(BarTransition(from: 0, steps: [.init(to: 1, easing: .defaultSpring, frames: 2), .init(to: 0, frames: 2)], fps: 60)
                        .frameCountWarnings,
                       ["step 1: 2 frames cannot show the spring's overshoot (4.6 % past the end, 45 % of the way through); use at least 5"])
        XCTAssertEqual(BarTransition(from: 0, to: 1, easing: .defaultSpring, frames: 5, fps: 60).frameCountWarnings, [])
        XCTAssertEqual(BarTransition(from: 0, to: 1, easing: .spring(damping: 1, response: 0.5), frames: 2, fps: 60).frameCountWarnings, [],
                       "nothing to show without overshoot")
        XCTAssertEqual(BarTransition(from: 0, to: 1, easing: .easeInOut, frames: 2, fps: 60).frameCountWarnings, [])
    }

    func testNaturalDurations() {
        XCTAssertEqual(Easing.easeInOut.naturalDuration, 0.35)
        XCTAssertGreaterThan(Easing.defaultSpring.naturalDuration, 0.5)
    }
}
