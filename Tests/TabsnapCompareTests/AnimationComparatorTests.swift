import XCTest
import TabsnapPNG
@testable import TabsnapCompare

final class AnimationComparatorTests: XCTestCase {
    private func animation(_ positions: [Int], delay: Double = 1.0 / 60) -> AnimatedImage {
        AnimatedImage(frames: positions.map { AnimationFrame(image: Fixture.bar(indicatorX: $0), delay: delay) })
    }

    func testIdenticalAnimationsMatch() {
        let result = AnimationComparator.compare(expected: animation([0, 5, 10]), actual: animation([0, 5, 10]))
        XCTAssertTrue(result.matches)
        XCTAssertEqual(result.summary, "all 3 frames identical")
    }

    func testReportsWhichFramesDiffer() {
        let result = AnimationComparator.compare(expected: animation([0, 5, 10, 15, 20, 25]), actual: animation([0, 6, 11, 15, 21, 25]))
        XCTAssertFalse(result.matches)
        XCTAssertEqual(result.failingFrames, [1, 2, 4])
        XCTAssertTrue(result.summary.hasPrefix("3 of 6 frames differ (1–2, 4); frame 1: 4 of 480 pixels differ"), result.summary)
    }

    func testFrameCountAndTimingMismatchesAreNamed() {
        let shorter = AnimationComparator.compare(expected: animation([0, 5, 10]), actual: animation([0, 5]))
        XCTAssertFalse(shorter.matches)
        XCTAssertEqual(shorter.summary, "frame count 2 differs from expected 3")
        let slower = AnimationComparator.compare(expected: animation([0, 5]), actual: animation([0, 5], delay: 1.0 / 30))
        XCTAssertFalse(slower.matches)
        XCTAssertEqual(slower.summary, "timing differs at every frame: 33.3 ms per frame, expected 16.7 ms (30 vs 60 fps)")
        // One frame held longer is a hold, not a frame rate (round 27: "4.286 vs 30 fps").
        var held = animation([0, 5, 10])
        held.frames[1].delay = 0.2
        let hold = AnimationComparator.compare(expected: animation([0, 5, 10]), actual: held)
        XCTAssertEqual(hold.summary, "timing differs at frame 1: shown 200.0 ms, expected 16.7 ms")
    }

    func testAStillAgainstAnAnimationSaysWhichIsTheStill() {
        let still = animation([0], delay: 0)
        let stillGolden = AnimationComparator.compare(expected: still, actual: animation([0, 5]))
        XCTAssertEqual(stillGolden.summary, "frame count 2 differs from expected 1; the golden is a still image, the render an animation")
        let stillRender = AnimationComparator.compare(expected: animation([0, 5]), actual: still)
        XCTAssertEqual(stillRender.summary, "frame count 1 differs from expected 2; the render is a still image, the golden an animation")
        // Round 45 F4: an animation that shows a frame for 0 ms is still an animation.
        var zero = animation([0, 5, 10])
        zero.frames[1].delay = 0
        let flash = AnimationComparator.compare(expected: animation([0, 5, 10]), actual: zero)
        XCTAssertEqual(flash.summary, "timing differs at frame 1: shown 0.0 ms, expected 16.7 ms")
    }

    func testTriptychFramesCoverTheLongerAnimation() {
        let e = animation([0, 5, 10]), a = animation([0, 6])
        let result = AnimationComparator.compare(expected: e, actual: a)
        let frames = AnimationComparator.diffAndTriptychFrames(expected: e, actual: a, comparison: result).triptych
        XCTAssertEqual(frames.count, 3)
        XCTAssertEqual(Set(frames.map(\.image.width)), [124])
        XCTAssertEqual(Fixture.pixel(frames[2].image, 42 + 20, 11 + 3), [230, 0, 0, 255], "a missing frame is all red in the diff (under the label band)")
    }

    /// The diff alone (`tabsnap diff --out`) makes no triptychs: three panels of every frame cost
    /// three times the frames' memory (round 15: 1.78 GB for two 4-frame 4096² APNGs, now 0.96 GB).
    func testTheDiffAloneMakesNoTriptychs() {
        let e = animation([0, 5, 10]), a = animation([0, 6])
        let result = AnimationComparator.compare(expected: e, actual: a)
        let both = AnimationComparator.diffAndTriptychFrames(expected: e, actual: a, comparison: result)
        let alone = AnimationComparator.diffAndTriptychFrames(expected: e, actual: a, comparison: result, triptychs: false)
        XCTAssertEqual(alone.triptych.count, 0)
        XCTAssertEqual(alone.diff.map(\.image), both.diff.map(\.image))
    }

    func testRanges() {
        XCTAssertEqual(AnimationComparison.ranges([0, 1, 2, 3, 7, 9, 10]), "0–3, 7, 9–10")
        XCTAssertEqual(AnimationComparison.ranges([4]), "4")
    }
}

/// Hostile round 104: `tabsnap diff --triptych` of two APNGs of 10 000 frames of 4096×1 px held a
/// triptych per frame — each a band of labels taller than its frame — 6.3 GB in all. The diff
/// and triptych frames of an animation are held to the pixels an animation may hold.
extension AnimationComparatorTests {
    func testDiffAndTriptychFramesOfAnAnimationAreBoundedTogether() {
        func animation(_ count: Int, _ width: Int, _ height: Int) -> AnimatedImage {
            AnimatedImage(frames: (0..<count).map { _ in AnimationFrame(image: RGBAImage(width: width, height: height), delay: 0.02) })
        }
        let thin = animation(2_000, 4_096, 1)
        XCTAssertNil(AnimationComparator.picturesProblem(expected: thin, actual: thin, triptychs: false), "8 Mpx of diffs")
        let problem = AnimationComparator.picturesProblem(expected: thin, actual: thin, triptychs: true)
        XCTAssertTrue(problem?.contains("past the 64 Mpx an animation may hold") ?? false, problem ?? "nil")
        // Frames of other shapes are padded to the larger canvas: 4096×1 against 1×4096.
        XCTAssertNotNil(AnimationComparator.picturesProblem(expected: animation(100, 4_096, 1), actual: animation(100, 1, 4_096), triptychs: false))
        // A short animation of bar-sized frames makes both.
        XCTAssertNil(AnimationComparator.picturesProblem(expected: animation(30, 390, 50), actual: animation(30, 390, 50), triptychs: true))
    }
}
