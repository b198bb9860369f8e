import Foundation
import Tabsnap
@testable import TabsnapCheck
import XCTest

/// A check draws a transition's frames once, whatever it does after comparing them (hostile round
/// 143: recording a failing golden, or drawing the diff of one failing late, drew its frames
/// again — twice the time its SVG icons were counted for).
final class FrameTapeTests: XCTestCase {
    /// Frames of a 40×8 bar that a frame's `shade` tells apart, counting how often each is made.
    private final class CountingFrames: @unchecked Sendable {
        var made: [Int: Int] = [:]
        var shade: (Int) -> UInt8 = { UInt8($0 * 20) }

        func source(count: Int, isCostly: Bool = true) -> FrameSource {
            FrameSource(count: count, isCostly: isCostly) { index in
                self.made[index, default: 0] += 1
                var image = RGBAImage(width: 40, height: 8)
                for pixel in 0..<(40 * 8) {
                    image.pixels[pixel * 4] = self.shade(index) &+ UInt8(truncatingIfNeeded: pixel)
                    image.pixels[pixel * 4 + 3] = 255
                }
                return AnimationFrame(image: image, delay: 0.05)
            }
        }
    }

    private func recordGolden(_ fixture: CheckFixture, frames: Int) {
        let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing)
        XCTAssertEqual(verifier.verify(CountingFrames().source(count: frames), name: "swipe.png").status, .new)
    }

    func testRecordingAFailingTransitionDrawsEachFrameOnce() throws {
        for mode in [RecordMode.failed, .all] {
            let fixture = CheckFixture()
            recordGolden(fixture, frames: 6)
            let changed = CountingFrames()
            changed.shade = { $0 == 3 ? 7 : UInt8($0 * 20) }
            let result = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: mode)
                .verify(changed.source(count: 6), name: "swipe.png")
            XCTAssertEqual(result.status, .recorded, result.message)
            XCTAssertEqual(changed.made, Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, 1) }), "\(mode)")
            // What was recorded is the render: checked again, it passes.
            let again = CountingFrames()
            again.shade = changed.shade
            XCTAssertEqual(GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never)
                .verify(again.source(count: 6), name: "swipe.png").status, .passed)
        }
    }

    func testTheDiffOfALateFailureDrawsEachFrameOnce() throws {
        let fixture = CheckFixture()
        recordGolden(fixture, frames: 6)
        let changed = CountingFrames()
        changed.shade = { $0 == 5 ? 7 : UInt8($0 * 20) }
        let result = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never)
            .verify(changed.source(count: 6), name: "swipe.png")
        XCTAssertEqual(result.status, .failed, result.message)
        XCTAssertNotNil(result.artifacts.actual)
        XCTAssertEqual(changed.made, Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, 1) }))
    }

    /// Past its memory budget the tape keeps a costly source's frames compressed in a scratch
    /// file: they come back as they were drawn. An ordinary source's are made again (a passing
    /// check of a long transition pays for no pass it does not make).
    func testFramesPastTheMemoryBudgetComeBackAsDrawn() throws {
        let fixture = CheckFixture()
        try FileManager.default.createDirectory(at: fixture.snapshots, withIntermediateDirectories: true)
        for isCostly in [true, false] {
            let counting = CountingFrames()
            let source = counting.source(count: 12, isCostly: isCostly)
            let tape = FrameTape(source, targets: [fixture.root.appendingPathComponent("no-such-folder/swipe.png"), fixture.snapshots.appendingPathComponent("swipe.png")],
                                 memoryBudget: 3 * 40 * 8 * 4)
            let first = try (0..<12).map { try tape.frames.frame($0) }
            XCTAssertEqual(tape.recorded, isCostly ? 12 : 3)
            let second = try (0..<12).map { try tape.frames.frame($0) }
            XCTAssertEqual(first, second)
            XCTAssertEqual(counting.made, Dictionary(uniqueKeysWithValues: (0..<12).map { ($0, isCostly || $0 < 3 ? 1 : 2) }))
        }
    }
}
