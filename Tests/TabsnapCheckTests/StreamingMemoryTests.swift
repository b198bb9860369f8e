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
    /// Hostile round 20 F5: the golden itself was read whole (244 MB a golden, two side by side
    /// took a failing check to 1.5 GB). A passing check of a 72 MB golden of noise holds a few
    /// frames, not the file.
    func testTheGoldenIsReadAsItIsComparedNotHeldWhole() throws {
        let fixture = CheckFixture()
        let side = 1_000, frames = 25
        var seed: UInt64 = 20
        let images = (0..<frames).map { _ -> RGBAImage in
            var image = RGBAImage(width: side, height: side)
            for index in image.pixels.indices {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                image.pixels[index] = index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: seed >> 56)
            }
            return image
        }
        let source = FrameSource(count: frames) { AnimationFrame(image: images[$0], delay: 0.1) }
        let recorder = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing)
        XCTAssertEqual(recorder.verify(source, name: "noise.png").status, .new)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: fixture.snapshots.appendingPathComponent("noise.png").path)[.size] as? Int)
        XCTAssertGreaterThan(size, 60 << 20)
        var peak = 0
        let baseline = residentBytes()
        let watched = FrameSource(count: frames) { index in
            peak = max(peak, self.residentBytes() - baseline)
            return AnimationFrame(image: images[index], delay: 0.1)
        }
        let checker = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never)
        XCTAssertEqual(checker.verify(watched, name: "noise.png").status, .passed)
        XCTAssertLessThan(peak, size / 2, "memory grew by \(peak >> 20) MB for a \(size >> 20) MB golden")
    }

    /// Cases of 2 Mpx frames or more run with no other beside them (a failing one holds several
    /// frames, 96 MB of kept frames and three artifacts' compressed frames); smaller ones share.
    func testCasesOfLargeFramesRunAlone() throws {
        func snapshot(_ spec: String, scale: Double) throws -> SnapshotCase {
            let bar = try SpecLoader.parse(spec + "items: [A, B]\n")
            return SnapshotCase(name: "a.png", spec: "a.yaml", bar: bar, kind: .still(position: 0), scale: scale, theme: nil)
        }
        func snapshot(width: Double, height: Double, scale: Double) throws -> SnapshotCase {
            try snapshot("width: \(width)\nheight: \(height)\n", scale: scale)
        }
        let renderer = Renderer()
        XCTAssertTrue(CheckRunner.hasLargeFrames(try snapshot(width: 1024, height: 1024, scale: 2), renderer: renderer), "2048² px (4 Mpx)")
        XCTAssertTrue(CheckRunner.hasLargeFrames(try snapshot(width: 1024, height: 512, scale: 2), renderer: renderer), "2048×1024 px (2 Mpx)")
        XCTAssertFalse(CheckRunner.hasLargeFrames(try snapshot(width: 1000, height: 500, scale: 2), renderer: renderer), "2000×1000 px")
        XCTAssertFalse(CheckRunner.hasLargeFrames(try snapshot(width: 390, height: 83, scale: 3), renderer: renderer), "a phone's bar at 3x")
        // No height: the bar is as tall as its preset makes it (45 pt), 16 000 × 360 px at 8x.
        let untold = try snapshot("width: 2000\n", scale: 8)
        XCTAssertEqual(renderer.geometry(of: untold.bar).height, 45)
        XCTAssertTrue(CheckRunner.hasLargeFrames(untold, renderer: renderer), "5.8 Mpx, measured")
        XCTAssertTrue(CheckRunner.hasLargeFrames(try snapshot("width: 1200\nsafeArea: {bottom: 900}\n", scale: 2), renderer: renderer),
                      "the safe area is drawn too")
    }
}
