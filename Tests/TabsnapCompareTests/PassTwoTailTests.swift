import Foundation
import TabsnapPNG
@testable import TabsnapCompare
import XCTest

/// Pass two draws a failing animation's frames from what pass one kept (from the first failing
/// frame on) or anew; either way the diff, triptych and actual files are the same bytes.
final class PassTwoTailTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pass-two-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Frames of the fixture bar with the indicator at `xs`, 1/30 s each unless `delays` says.
    private func frames(_ xs: [Int], delays: [Double]? = nil) -> [AnimationFrame] {
        xs.enumerated().map { AnimationFrame(image: Fixture.bar(indicatorX: $1), delay: delays?[$0] ?? 1.0 / 30) }
    }

    /// The golden written, and read from its file as `check` reads it.
    private func goldenBytes(_ golden: [AnimationFrame]) throws -> PNGBytes {
        let url = folder.appendingPathComponent("golden-\(UUID().uuidString).png")
        try AnimationFileWriter.write(FrameSource.frames(AnimatedImage(frames: golden)), to: url)
        return try PNGBytes(contentsOf: url, limit: 1 << 30)
    }

    /// The three artifacts' bytes, pass one keeping up to `budget` bytes.
    private func artifacts(golden: PNGBytes, actual: [AnimationFrame], budget: Int) throws -> [[UInt8]] {
        let source = FrameSource.frames(AnimatedImage(frames: actual))
        let passOne = try StreamedComparison.compare(golden: golden, actual: source, options: .exact, keeping: budget)
        XCTAssertFalse(passOne.outcome.matches)
        let names = ["diff", "triptych", "actual"].map { folder.appendingPathComponent("\($0)-\(budget).png") }
        try StreamedComparison.writeArtifacts(golden: golden, actual: source, options: .exact, passOne: passOne,
                                              diffURL: names[0], triptychURL: names[1], actualURL: names[2])
        return try names.map { Array(try Data(contentsOf: $0)) }
    }

    private func assertSameArtifacts(golden: [AnimationFrame], actual: [AnimationFrame], file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = try goldenBytes(golden)
        let anew = try artifacts(golden: bytes, actual: actual, budget: 0)
        for budget in [1 << 30, 40 * 12 * 9 * 3] {  // everything kept; over budget after three frames
            XCTAssertEqual(try artifacts(golden: bytes, actual: actual, budget: budget), anew, "budget \(budget)", file: file, line: line)
        }
    }

    func testEveryFrameFailing() throws {
        try assertSameArtifacts(golden: frames([0, 2, 4, 6, 8]), actual: frames([1, 3, 5, 7, 9]))
    }

    func testFailingFromTheMiddle() throws {
        try assertSameArtifacts(golden: frames([0, 2, 4, 6, 8, 10]), actual: frames([0, 2, 4, 7, 8, 11]))
    }

    func testGoldenLonger() throws {
        try assertSameArtifacts(golden: frames([0, 2, 4, 6, 8, 10, 12]), actual: frames([0, 2, 4, 6]))
    }

    /// A golden longer than the render by any number of frames is counted as it is (hostile
    /// round 24: 12 frames against a render of 11, 9, 6 or 5 were said to be 13).
    func testTheGoldensFrameCountIsItsOwn() throws {
        let golden = try goldenBytes(frames(Array(0..<12)))
        for count in [11, 9, 6, 5, 1] {
            let source = FrameSource.frames(AnimatedImage(frames: frames(Array(0..<count))))
            let outcome = try StreamedComparison.compare(golden: golden, actual: source, options: .exact, keeping: 0).outcome
            guard case .animation(let comparison) = outcome else { return XCTFail("\(count): not compared as an animation") }
            XCTAssertEqual(comparison.expectedFrameCount, 12, "against \(count)")
            XCTAssertEqual(comparison.actualFrameCount, count)
        }
    }

    func testRenderLonger() throws {
        try assertSameArtifacts(golden: frames([0, 2, 4]), actual: frames([0, 2, 4, 6, 8, 10]))
    }

    func testRetimedOnly() throws {
        try assertSameArtifacts(golden: frames([0, 2, 4, 6]), actual: frames([0, 2, 4, 6], delays: [1.0 / 30, 1.0 / 30, 0.1, 1.0 / 30]))
    }

    func testHoldsMergedOnBothSides() throws {
        try assertSameArtifacts(golden: frames([0, 0, 0, 2, 4, 4, 6]), actual: frames([0, 0, 3, 4, 4, 4, 6]))
    }
}
