import Foundation
import Tabsnap
@testable import TabsnapCheck
import XCTest

/// A triptych over the frame limit (three panels of a very large bar) is not written: Tabsnap
/// could not read it back, and it cost more memory than the rest of a check. The diff and the
/// actual are, and the result says why the triptych is missing.
final class LargeTriptychTests: XCTestCase {
    func testTheLimitIsTheFrameLimit() {
        XCTAssertNil(DiffImage.triptychProblem(Array(repeating: (2_000, 2_000), count: 3), diffHeight: 2_000))  // 6 250 × 2 000
        let problem = DiffImage.triptychProblem(Array(repeating: (2_400, 2_400), count: 3), diffHeight: 2_400)
        XCTAssertEqual(problem, "a 7500×2444 px triptych would be over the limit of 16777216 px a frame (4096×4096)")
        XCTAssertNotNil(DiffImage.triptychProblem([(6_000, 10), (6_000, 10), (6_000, 10)], diffHeight: 10), "over 16 384 px a side")
    }

    /// Still and animation alike, through the verifier.
    func testAFailingLargeGoldenGetsADiffAndAnActualOnly() throws {
        let fixture = CheckFixture()
        let side = 2_400
        func frame(_ row: Int) -> AnimationFrame {
            var image = RGBAImage(width: side, height: side)
            for x in 0..<side { image.pixels[(row * side + x) * 4 + 3] = 255 }  // one opaque black row
            return AnimationFrame(image: image, delay: 1.0 / 30)
        }
        for (name, count) in [("still.png", 1), ("swipe.png", 2)] {
            let recorded = FrameSource(count: count) { frame($0) }
            let recorder = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing)
            XCTAssertEqual(recorder.verify(recorded, name: name).status, .new)
            let changed = FrameSource(count: count) { frame($0 + 5) }
            let checker = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never)
            let result = checker.verify(changed, name: name)
            XCTAssertEqual(result.status, .failed, result.message)
            XCTAssertTrue(result.message.hasSuffix("(not written: a 7500×2444 px triptych would be over the limit of 16777216 px a frame "
                                                   + "(4096×4096); see the diff and the actual)"), result.message)
            XCTAssertNil(result.artifacts.triptych)
            XCTAssertNotNil(result.artifacts.diff)
            XCTAssertNotNil(result.artifacts.actual)
            func artifact(_ suffix: String) -> Bool {
                FileManager.default.fileExists(atPath: checker.artifactURL(name, suffix: suffix).path)
            }
            XCTAssertEqual([artifact("diff"), artifact("actual"), artifact("triptych")], [true, true, false], name)
        }
    }
}
