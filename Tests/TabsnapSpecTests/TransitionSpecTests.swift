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
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {steps: [{hold: 100}]}").contains("a hold needs a step before it"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, steps: [{to: 0}]}").contains("'to' goes inside each step"))
        XCTAssertTrue(message("width: 9\nitems: [A]\ntransition: {to: 1, knd: jump}").contains("did you mean 'kind'?"))
    }
}
