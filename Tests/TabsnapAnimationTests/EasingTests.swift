import TabsnapAnimation
import XCTest

final class EasingTests: XCTestCase {
    private let curves: [Easing] = [.linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)]

    func testEndpointsAreExact() {
        for easing in curves + [.defaultSpring, .spring(damping: 1, response: 0.4), .spring(damping: 1.5, response: 0.3)] {
            XCTAssertEqual(easing.progress(at: 0, duration: 0.5), 0, accuracy: 1e-12, "\(easing)")
            XCTAssertEqual(easing.progress(at: 1, duration: 0.5), 1, accuracy: 1e-12, "\(easing)")
        }
    }

    func testCurvesAreMonotonic() {
        for easing in curves {
            var previous = 0.0
            for k in 1...200 {
                let value = easing.progress(at: Double(k) / 200, duration: 1)
                XCTAssertGreaterThanOrEqual(value, previous - 1e-12, "\(easing) at \(k)")
                previous = value
            }
        }
    }

    func testKnownValues() {
        XCTAssertEqual(Easing.linear.progress(at: 0.3, duration: 1), 0.3)
        XCTAssertEqual(Easing.easeInOut.progress(at: 0.5, duration: 1), 0.5, accuracy: 1e-9, "symmetric curve")
        XCTAssertLessThan(Easing.easeIn.progress(at: 0.25, duration: 1), 0.25, "starts slow")
        XCTAssertGreaterThan(Easing.easeOut.progress(at: 0.25, duration: 1), 0.25, "starts fast")
        // CSS "ease" (0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024 (browsers' reference tables).
        XCTAssertEqual(Easing.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1).progress(at: 0.5, duration: 1), 0.8024, accuracy: 1e-3)
    }

    func testSpringOvershootsThenSettlesOnTheTarget() {
        let spring = Easing.defaultSpring
        let duration = spring.naturalDuration
        let samples = (0...400).map { spring.progress(at: Double($0) / 400, duration: duration) }
        XCTAssertGreaterThan(samples.max()!, 1.02, "underdamped: overshoots past the target")
        XCTAssertEqual(samples.last!, 1, accuracy: 1e-12)
        XCTAssertEqual(samples[390], 1, accuracy: 0.01, "settled near the end")
        let critical = (0...400).map { Easing.spring(damping: 1, response: 0.5).progress(at: Double($0) / 400, duration: 1) }
        XCTAssertLessThanOrEqual(critical.max()!, 1 + 1e-9, "critically damped: no overshoot")
    }

    func testNaturalDurations() {
        XCTAssertEqual(Easing.easeInOut.naturalDuration, 0.35)
        XCTAssertGreaterThan(Easing.defaultSpring.naturalDuration, 0.5)
    }
}
