import Foundation
import Tabsnap
import XCTest

final class APNGTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-apng-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A 40×10 image with a 6 px red block at `x` on white.
    private func frame(blockAt x: Int) -> RGBAImage {
        var image = RGBAImage(width: 40, height: 10, pixels: [UInt8](repeating: 255, count: 40 * 10 * 4))
        for row in 2..<8 {
            for column in x..<(x + 6) {
                let i = (row * 40 + column) * 4
                image.pixels[i + 1] = 0
                image.pixels[i + 2] = 0
            }
        }
        return image
    }

    func testRoundTripsFramesAndDelays() throws {
        let url = folder.appendingPathComponent("moving.png")
        let frames = [0, 5, 10, 10, 30].map(frame(blockAt:))
        let writer = try APNGWriter(url: url, width: 40, height: 10, frameCount: frames.count)
        for (i, image) in frames.enumerated() { try writer.append(image, delay: i == 4 ? 0.25 : 1.0 / 60) }
        try writer.finish()
        let animation = try APNGDecoder.decode([UInt8](Data(contentsOf: url)))
        XCTAssertEqual(animation.plays, 0, "loops forever")
        XCTAssertEqual(animation.frames.map(\.image), frames)
        let sixtieth = 1.0 / 60
        let expected: [Double] = [sixtieth, sixtieth, sixtieth, sixtieth, 0.25]
        XCTAssertEqual(animation.frames.map(\.delay), expected)
        XCTAssertEqual(try PNGDecoder.decode([UInt8](Data(contentsOf: url))), frames[0], "still viewers see the first frame")
    }

    func testLaterFramesAreCroppedToWhatChanged() throws {
        let url = folder.appendingPathComponent("crop.png")
        let writer = try APNGWriter(url: url, width: 40, height: 10, frameCount: 3)
        try writer.append(frame(blockAt: 0), delay: 0.1)
        try writer.append(frame(blockAt: 2), delay: 0.1)
        try writer.append(frame(blockAt: 2), delay: 0.1)
        try writer.finish()
        let bytes = [UInt8](try Data(contentsOf: url))
        // fcTL bodies: sequence, width, height, x, y, …
        var regions: [[UInt32]] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "fcTL" {
                let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
                regions.append((1...4).map { k in body[k * 4..<(k * 4 + 4)].reduce(0) { $0 << 8 | UInt32($1) } })
            }
            offset += 12 + length
        }
        XCTAssertEqual(regions, [[40, 10, 0, 0], [8, 6, 0, 2], [1, 1, 0, 0]], "whole, changed rectangle, nothing changed")
    }

    func testNothingIsLeftBehindWhenUnfinished() throws {
        let url = folder.appendingPathComponent("partial.png")
        do {
            let writer = try APNGWriter(url: url, width: 40, height: 10, frameCount: 2)
            try writer.append(frame(blockAt: 0), delay: 0.1)
            XCTAssertThrowsError(try writer.finish())
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}
