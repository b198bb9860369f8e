import Foundation
import Tabsnap
import XCTest

/// Exact golden-image comparison for now (renders are deterministic); a later issue brings the
/// tolerant comparator. Goldens live in `Snapshots/`. A missing golden is recorded and the test
/// fails so someone looks at it; under CI (`CI` set) a missing golden only fails.
enum Golden {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let snapshots = root.appendingPathComponent("Snapshots")
    static let failures = root.appendingPathComponent(".tabsnap/failures")

    static func assertMatches(_ image: RGBAImage, named name: String, file: StaticString = #filePath, line: UInt = #line) {
        let url = snapshots.appendingPathComponent("\(name).png")
        guard let data = try? Data(contentsOf: url) else {
            if ProcessInfo.processInfo.environment["CI"] == nil {
                try? AtomicFile.write(PNGEncoder.encode(image), to: url)
                XCTFail("recorded new golden \(url.path); look at it, then run again", file: file, line: line)
            } else {
                XCTFail("missing golden \(url.path) (not recorded under CI)", file: file, line: line)
            }
            return
        }
        do {
            let expected = try PNGDecoder.decode([UInt8](data))
            guard expected != image else { return }
            let actual = failures.appendingPathComponent("\(name).actual.png")
            try? AtomicFile.write(PNGEncoder.encode(image), to: actual)
            let differing = expected.width == image.width && expected.height == image.height
                ? "\(zip(expected.pixels, image.pixels).filter { $0 != $1 }.count) channel values differ"
                : "size \(image.width)×\(image.height), expected \(expected.width)×\(expected.height)"
            XCTFail("\(name) differs from its golden: \(differing); actual written to \(actual.path)", file: file, line: line)
        } catch {
            XCTFail("\(url.path): \(error)", file: file, line: line)
        }
    }
}
