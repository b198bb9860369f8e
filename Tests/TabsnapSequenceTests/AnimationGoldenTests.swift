import Foundation
import Tabsnap
import XCTest

/// A short swipe kept as an APNG golden, compared frame by frame (pixels and delays).
final class AnimationGoldenTests: XCTestCase {
    private static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Snapshots")

    func testShortSwipeAndJump() throws {
        let document = try SpecLoader.parseDocument("""
            width: 200
            items: [Home, Search, Me]
            transition:
              steps:
                - {to: 2, frames: 6, easing: ease-in-out}
                - {to: 0, kind: jump, frames: 4, easing: linear}
            """)
        let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-anim-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: actualURL) }
        try FrameRenderer(bar: document.bar, transition: document.transition!, scale: 1).writeAPNG(to: actualURL)
        let actual = try APNGDecoder.decode([UInt8](Data(contentsOf: actualURL)))
        XCTAssertEqual(actual.frames.count, 9)

        let golden = Self.snapshots.appendingPathComponent("animation-swipe-jump.png")
        guard let data = try? Data(contentsOf: golden) else {
            if ProcessInfo.processInfo.environment["CI"] == nil {
                try FileManager.default.copyItem(at: actualURL, to: golden)
                XCTFail("recorded new golden \(golden.path); look at its frames, then run again")
            } else {
                XCTFail("missing golden \(golden.path) (not recorded under CI)")
            }
            return
        }
        let expected = try APNGDecoder.decode([UInt8](data))
        XCTAssertEqual(actual.frames.count, expected.frames.count, "frame count")
        XCTAssertEqual(actual.frames.map(\.delay), expected.frames.map(\.delay), "delays")
        for (index, (a, e)) in zip(actual.frames, expected.frames).enumerated() {
            XCTAssertTrue(a.image == e.image, "frame \(index) differs from the golden")
        }
    }
}
