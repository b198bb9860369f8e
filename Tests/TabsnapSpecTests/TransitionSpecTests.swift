import TabsnapAnimation
import TabsnapSpec
import XCTest

final class TransitionSpecTests: XCTestCase {
    func testSingleStep() throws {
        let document = try SpecLoader.parseDocument("width: 9\nitems: [A, B, C]\nposition: 1\n"
                                                    + "transition: {to: 2, frames: 12, easing: spring, kind: jump, fps: 30}")
        XCTAssertEqual(document.transition, BarTransition(from: 1, to: 2, kind: .jump, easing: .defaultSpring, frames: 12, fps: 30))
        XCTAssertNil(try SpecLoader.parseDocument("width: 9\nitems: [A]").transition)
    }

    func testSequenceWithHoldsInMilliseconds() throws {
        let document = try SpecLoader.parseDocument("""
            width: 9
            items: [A, B, C]
            transition:
              from: 0
              steps:
                - {to: 2, duration: 400, easing: linear}
                - {hold: 300}
                - {to: 1, kind: jump}
            """)
        XCTAssertEqual(document.transition?.steps, [.init(to: 2, easing: .linear, duration: 0.4, hold: 0.3), .init(to: 1, kind: .jump)])
    }

    /// A hold before the first step holds the start; `pingPong` plays the frames back to it;
    /// `loop` says how many plays.
    func testStartHoldPingPongAndLoop() throws {
        let document = try SpecLoader.parseDocument("""
            width: 9
            items: [A, B, C]
            transition:
              from: 0
              fps: 50
              steps: [{hold: 100}, {to: 2, frames: 5, easing: linear}]
              pingPong: true
              loop: 3
            """)
        let transition = try XCTUnwrap(document.transition)
        XCTAssertEqual(transition.startHold, 0.1)
        XCTAssertEqual(transition.loop, .times(3))
        // There: the first, 5 hold frames, 4 steps (10 frames); back: the 4 steps again, ending
        // on the start state (its hold shows when the next play begins).
        XCTAssertEqual(transition.frameCount, 14)
        let positions = Array(transition.frames.map(\.state.position))
        XCTAssertEqual(positions, [0, 0, 0, 0, 0, 0, 0.5, 1, 1.5, 2, 1.5, 1, 0.5, 0])
        let times = Array(transition.frames.map(\.time))
        XCTAssertEqual(times[9], 0.18, accuracy: 1e-12, "the turn: 100 ms held, then 4 steps of 20 ms")
        XCTAssertEqual(times[13], 0.26, accuracy: 1e-12)
        XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $1 > $0 }, "time only moves on")
        XCTAssertEqual((0..<14).filter(transition.isKeyFrame), [0, 5, 9, 13], "start, end of the hold, the turn, back at the start")
        // A hold at the turn shows once, not twice.
        let held = BarTransition(from: 0, steps: [.init(to: 1, frames: 3, hold: 0.1)], fps: 50, pingPong: true)
        XCTAssertEqual(held.frames.map(\.state.position), [0, 0.5, 1, 1, 1, 1, 1, 1, 0.5, 0])
        XCTAssertEqual(transition.delay(after: 11), 0.02, accuracy: 1e-12)
    }

    private func message(_ text: String) -> String {
        do {
            _ = try SpecLoader.parseDocument(text, file: "t.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    func testErrors() {
        XCTAssertEqual(message("width: 9\nitems: [A]\ntransition: {frames: 3}"), "t.yaml:3:13: transition: missing required key 'to' (or 'steps')")
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, easing: bouncy}")
                        .hasPrefix("t.yaml:3:29: transition.easing: unknown easing 'bouncy';"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, frames: 3, duration: 100}").contains("give 'frames' or 'duration', not both"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {steps: [{hold: 100}]}").contains("transition.steps: needs at least one step"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, loop: 0}").contains("transition.loop: expected forever or a number of plays, 1…65535; got '0'"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, loop: always}").contains("got 'always'"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, pingPong: maybe}").contains("expected true or false"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, steps: [{to: 0}]}").contains("'to' goes inside each step"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, knd: jump}").contains("did you mean 'kind'?"))
    }

    /// A step's `velocity` makes it a release (written back as read); it takes no easing and is
    /// no jump.
    func testReleaseVelocity() throws {
        let document = try SpecLoader.parseDocument("width: 9\nitems: [A, B]\ntransition: {steps: [{to: 0.3, duration: 200, easing: linear}, {to: 1, velocity: 1.5}]}")
        XCTAssertEqual(document.transition?.steps.last, .init(to: 1, velocity: 1.5))
        func message(_ transition: String) -> String {
            do { _ = try SpecLoader.parseDocument("width: 9\nitems: [A, B]\ntransition: \(transition)"); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertTrue(message("{to: 1, velocity: 2, easing: spring}").contains("transition: 'velocity' makes the step a release that decelerates onto its page as paging does; leave 'easing' out"))
        XCTAssertTrue(message("{steps: [{to: 1, velocity: 2, kind: jump}]}").contains("a jump has no release"))
        XCTAssertTrue(message("{to: 1, velocity: 1000}").contains("velocity"))
        // Round 33 F3: a release ends on a page next to where it starts, a page the bar has (a
        // release to page 5 was pulled there at 30 pages a second; one to 1.5 settled between).
        XCTAssertEqual(message("{steps: [{hold: 100}, {to: 5, velocity: 1}]}"),
                       "<spec>:3:35: transition.steps[1]: a release (velocity) ends on a page next to where it starts, as paging does: from 0 that is page 0 or 1, not 5")
        XCTAssertTrue(message("{from: 0.4, to: 1.5, velocity: 2}").hasSuffix("from 0.4 that is page 0 or 1, not 1.5"))
        XCTAssertTrue(message("{steps: [{to: 0.5, duration: 100}, {to: 0, velocity: -3}, {to: 2, velocity: 1}]}").hasSuffix("from 0 that is page 0 or 1, not 2"))
        XCTAssertEqual(message("{from: 1, to: 0, velocity: -1}"), "accepted")
        XCTAssertEqual(message("{from: -0.3, to: 0, velocity: 0}"), "accepted", "back from the rubber band")
        let again = try SpecLoader.parseDocument(String(decoding: try JSONEncoder().encode(document), as: UTF8.self))
        XCTAssertEqual(again.transition, document.transition)
    }
}
