import TabsnapAnimation
import XCTest

final class TransitionTests: XCTestCase {
    func testFramesSpanBothEndsAtEvenTimes() {
        let t = BarTransition(from: 0, to: 2, easing: .linear, frames: 5, fps: 60)
        XCTAssertEqual(t.frameCount, 5)
        XCTAssertEqual(t.frames.map(\.state.position), [0, 0.5, 1, 1.5, 2])
        let expected: [Double] = (0..<5).map { Double($0) / 60 }
        XCTAssertEqual(t.frames.map(\.time), expected)
        XCTAssertEqual(t.frames.map(\.index), [0, 1, 2, 3, 4])
    }

    func testDurationAtAnFps() {
        let t = BarTransition(from: 1, to: 0, easing: .linear, duration: 0.5, fps: 30)
        XCTAssertEqual(t.frameCount, 16)
        XCTAssertEqual(t.frame(15).time, 0.5, accuracy: 1e-12)
        XCTAssertEqual(t.frame(15).state.position, 0)
        XCTAssertEqual(t.delay(after: 3), 1.0 / 30, accuracy: 1e-12)
    }

    func testOverscrollTargetsAndEasing() {
        let t = BarTransition(from: -0.5, to: 3.5, easing: .easeInOut, frames: 9)
        XCTAssertEqual(t.frame(0).state.position, -0.5)
        XCTAssertEqual(t.frame(4).state.position, 1.5, accuracy: 1e-9)
        XCTAssertEqual(t.frame(8).state.position, 3.5)
        XCTAssertLessThan(t.frame(1).state.position - (-0.5), 0.5, "eases in")
    }

    func testSpringSwipeOvershootsAndLandsOnTarget() {
        let t = BarTransition(from: 0, to: 2, easing: .defaultSpring, frames: 60)
        let positions = t.frames.map(\.state.position)
        XCTAssertGreaterThan(positions.max()!, 2, "overshoots past B")
        XCTAssertEqual(positions.last!, 2)
    }

    func testJumpInterpolatesStates() {
        let t = BarTransition(from: 0, to: 3, kind: .jump, easing: .linear, frames: 3)
        XCTAssertEqual(t.frame(1).state, .jump(from: 0, to: 3, progress: 0.5))
        XCTAssertEqual(t.frame(1).state.position, 1.5)
    }

    func testSequenceWithHolds() {
        // 0 → 2 over 5 frames, hold 50 ms (3 frames at 60 fps), 2 → 1 over 3 frames
        let t = BarTransition(from: 0, steps: [.init(to: 2, easing: .linear, frames: 5, hold: 0.05),
                                            .init(to: 1, easing: .linear, frames: 3)], fps: 60)
        XCTAssertEqual(t.frameCount, 5 + 3 + 2)
        XCTAssertEqual(t.frames.map(\.state.position), [0, 0.5, 1, 1.5, 2, 2, 2, 2, 1.5, 1])
        let times = t.frames.map(\.time)
        XCTAssertEqual(zip(times, times.dropFirst()).map { ($1 - $0) * 60 }.map { ($0 * 1e9).rounded() / 1e9 },
                       Array(repeating: 1, count: 9), "one frame apart throughout")
    }

    func testFramesAreIndependentOfOrder() {
        let t = BarTransition(from: 0, steps: [.init(to: 3, frames: 20, hold: 0.1), .init(to: 1, kind: .jump, frames: 10)])
        for index in stride(from: t.frameCount - 1, through: 0, by: -3) {
            XCTAssertEqual(t.frame(index), Array(t.frames)[index])
        }
    }
}

/// `tabsnap animate`'s default without a transition anywhere: a tour that reads in docs (issue 31).
final class TourTests: XCTestCase {
    func testTheTourHoldsSwipesAcrossHoldsAndComesBack() {
        let tour = BarTransition.tour(from: 0, buttonCount: 3, fps: 60)
        let positions = tour.frames.map(\.state.position)
        XCTAssertEqual(positions.prefix(37).allSatisfy { $0 == 0 }, true, "0.6 s of the start (36 frames after the first)")
        XCTAssertEqual(positions.max(), 2, "across to the last button")
        XCTAssertEqual(positions.last, 0, "and back")
        XCTAssertEqual(tour.frames.last?.time ?? 0, 0.6 + 0.6 + 0.6 + 0.6, accuracy: 1e-9, "each swipe 0.3 s + 0.15 s a button")
        XCTAssertEqual(tour.movements.map(\.to), [2, 0])
        // From the second half the far end is the first button; long bars cap each swipe at 1.2 s.
        XCTAssertEqual(BarTransition.tour(from: 4, buttonCount: 5, fps: 30).movements.map(\.to), [0, 4])
        XCTAssertEqual(BarTransition.tour(from: 0, buttonCount: 40, fps: 30).steps.map(\.duration), [1.2, 1.2])
        XCTAssertEqual(BarTransition.tour(from: 0, buttonCount: 2, fps: 30).steps.map(\.duration), [0.45, 0.45])
    }

    func testOnlyAnimateFallsBackToTheTour() throws {
        var request = TransitionRequest()
        XCTAssertEqual(try request.transition(position: 0, buttonCount: 3, spec: nil).steps.count, 1, "without a fallback asked for: the next button")
        request.fallback = .tour
        XCTAssertEqual(try request.transition(position: 0, buttonCount: 3, spec: nil), .tour(from: 0, buttonCount: 3, fps: 60))
        let spec = BarTransition(from: 0, to: 1)
        XCTAssertEqual(try request.transition(position: 0, buttonCount: 3, spec: spec), spec, "a spec's own transition wins")
        request.to = 1
        XCTAssertEqual(try request.transition(position: 0, buttonCount: 3, spec: nil).steps.count, 1, "so does a step the options describe")
        var single = TransitionRequest()
        single.fallback = .tour
        XCTAssertEqual(try single.transition(position: 0, buttonCount: 1, spec: nil).steps.count, 1, "one button: nothing to tour")
    }
}

/// A contact sheet shows each state once and, asked for N frames, the motion's turning points
/// first and the rest spread over the motion (issue 31).
final class SheetFrameTests: XCTestCase {
    func testHoldsShowOnceAndALimitKeepsTheTurningPoints() {
        let tour = BarTransition.tour(from: 0, buttonCount: 3, fps: 60)
        let all = tour.sheetFrames()
        XCTAssertEqual(all.count, tour.frameCount - 36 - 36, "each hold one picture")
        XCTAssertTrue(zip(all, all.dropFirst()).allSatisfy { tour.frame($0).state != tour.frame($1).state }, "no state twice in a row")
        let eight = tour.sheetFrames(limit: 8)
        XCTAssertEqual(eight.count, 8)
        XCTAssertEqual(eight, eight.sorted())
        for index in [0, 72, tour.frameCount - 1] { XCTAssertTrue(eight.contains(index), "\(index): where the motion turns") }
        XCTAssertEqual(tour.sheetFrames(limit: 2), [0, tour.frameCount - 1])
        XCTAssertEqual(BarTransition(from: 0, to: 1, frames: 5).sheetFrames(limit: 50), [0, 1, 2, 3, 4], "fewer frames than the limit: all")
    }
}
