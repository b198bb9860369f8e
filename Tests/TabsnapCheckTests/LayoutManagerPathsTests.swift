import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// A custom `LayoutManager` reaches every path that renders: frames, the check runner, and the
/// thread's own renderer the assertions use.
final class LayoutManagerPathsTests: XCTestCase {
    private struct WideMargins: LayoutManager {
        func margin(for traits: Set<LayoutTrait>, edge: ContentEdge) -> Double { edge == .leading || edge == .trailing ? 40 : 0 }
        func spacing(for traits: Set<LayoutTrait>) -> Double { 24 }
    }

    private let spec = "preset: buttonBar\nwidth: 320\nscale: 1\nitems: [One, Two, Three]\n"

    func testFramesHonourTheManager() throws {
        let bar = try SpecLoader.parse(spec)
        let custom = Renderer(layoutManager: WideMargins())
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 3)
        var frames = 0
        try FrameRenderer(bar: bar, transition: transition, scale: 1, threads: 2, layoutManager: WideMargins()).render { frame, image in
            let expected = try custom.image(of: frame, bar: bar.resolved(), scale: 1)
            XCTAssertTrue(image == expected, "frame \(frame.index)")
            XCTAssertFalse(image == (try Renderer().image(of: frame, bar: bar.resolved(), scale: 1)), "the manager changes the picture")
            frames += 1
        }
        XCTAssertEqual(frames, 3)
        XCTAssertTrue(try Renderer.forCurrentThread(layoutManager: WideMargins()).image(of: bar) == (try custom.image(of: bar)))
    }

    func testCheckRunnerHonoursTheManager() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", spec)
        var runner = CheckRunner(specs: [fixture.specs.path], verifier: GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing), threads: 2)
        runner.layoutManager = WideMargins()
        XCTAssertEqual(try runner.run().results.map(\.status), [.new])
        let golden = try PNGDecoder.decode([UInt8](Data(contentsOf: fixture.snapshots.appendingPathComponent("bar.png"))))
        XCTAssertTrue(golden == (try Renderer(layoutManager: WideMargins()).image(of: try SpecLoader.parse(spec))))
    }
}
