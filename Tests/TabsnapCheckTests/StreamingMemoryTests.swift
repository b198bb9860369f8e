import Foundation
import Tabsnap
@testable import TabsnapCheck
import XCTest

/// `check` holds a few frames of an animation, not all of them: it held every frame of the render,
/// the golden, the diff and the triptych (6.9 GB for a 100 000-frame transition). Synthetic frames
/// keep this fast: 400 frames of 1000×1000 px are 1.6 GB if anything keeps them.
final class StreamingMemoryTests: XCTestCase {
    /// Resident memory now, in bytes (Linux).
    private func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    func testRecordingAndPassingAnimationsKeepMemoryFlat() throws {
        let fixture = CheckFixture()
        let frames = 400, side = 1_000
        var peak = 0
        let baseline = residentBytes()
        let source = FrameSource(count: frames) { index in
            peak = max(peak, self.residentBytes() - baseline)
            var image = RGBAImage(width: side, height: side)
            image.pixels[(index % side) * 4 + 3] = 255  // one pixel changes per frame
            return AnimationFrame(image: image, delay: 1.0 / 60)
        }
        let recorder = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing)
        XCTAssertEqual(recorder.verify(source, name: "long.png").status, .new)
        let checker = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never)
        let result = checker.verify(source, name: "long.png")
        XCTAssertEqual(result.status, .passed, result.message)
        XCTAssertEqual(result.message, "all \(frames) frames identical")
        XCTAssertLessThan(peak, 200 << 20, "memory grew by \(peak >> 20) MB over \(frames) frames of \(side)×\(side)")
    }
}
