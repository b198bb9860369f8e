import Foundation
import Tabsnap
import XCTest

/// The same spec and position always give the same picture, whatever the renderer drew before:
/// a frame drawn second by a renderer (on a surface it cleared) was a bit off in edge pixels
/// from the same frame drawn first (on a new one), so an animation's frames depended on how
/// many threads drew them (found when APNG and WebP frames began to be encoded on every core).
final class RendererHistoryTests: XCTestCase {
    func testAFrameIsTheSameWhateverTheRendererDrewBefore() throws {
        let bar = try SpecLoader.parse("width: 200\nbackground: \"#00000000\"\nitems: [One, Two]").resolved()
        let transition = BarTransition(from: 0, to: 1, frames: 8, fps: 30)
        let warm = Renderer()
        for index in 0..<transition.frameCount {
            let frame = transition.frame(index)
            let first = try Renderer().image(of: frame, bar: bar, scale: 1)
            XCTAssertTrue(try warm.image(of: frame, bar: bar, scale: 1) == first, "frame \(index), after \(index) others")
            XCTAssertTrue(try warm.image(of: frame, bar: bar, scale: 1) == first, "frame \(index), drawn again")
        }
        // Through the whole pipeline: every thread count gives the same frames, and so the same
        // files (a GIF's frames are matched to its palette on the threads that drew them).
        for kind in [AnimationFileKind.png, .webp, .gif] {
            var files: [[UInt8]] = []
            for threads in [1, 3] {
                let url = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-history-\(UUID().uuidString).\(kind.rawValue)")
                defer { try? FileManager.default.removeItem(at: url) }
                try FrameRenderer(bar: try SpecLoader.parse("width: 200\nbackground: \"#00000000\"\nitems: [One, Two]"), transition: transition,
                                  scale: 1, threads: threads).writeAnimation(kind, to: url)
                files.append([UInt8](try Data(contentsOf: url)))
            }
            XCTAssertTrue(files[0] == files[1], "\(kind)")
        }
    }
}
