import Foundation
import Tabsnap
@testable import TabsnapPNG
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
        // The hold (block at 10 twice) is one frame shown twice as long.
        XCTAssertEqual(animation.frames.map(\.image), [0, 5, 10, 30].map(frame(blockAt:)))
        let sixtieth = 1.0 / 60
        let expected: [Double] = [sixtieth, sixtieth, 2 * sixtieth, 0.25]
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
        XCTAssertEqual(regions, [[40, 10, 0, 0], [8, 6, 0, 2]], "whole, changed rectangle; the repeat is not stored")
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

    /// Chunks of an APNG file by type, in order.
    private func chunks(_ url: URL) throws -> [(type: String, body: [UInt8])] {
        let bytes = [UInt8](try Data(contentsOf: url))
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            result.append((String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
                           Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    func testOpaqueAnimationsAreRGBWithAnUnusedKeyColour() throws {
        let url = folder.appendingPathComponent("rgb.png")
        // Black is the first colour a key would take: frame 3 uses it, so the key moves on.
        var black = frame(blockAt: 20)
        for i in stride(from: 0, to: 4 * 40, by: 4) { black.pixels[i] = 0; black.pixels[i + 1] = 0; black.pixels[i + 2] = 0 }
        let frames = [frame(blockAt: 0), frame(blockAt: 10), black, frame(blockAt: 30)]
        try APNGWriter.write(frames.map { AnimationFrame(image: $0, delay: 0.1) }, to: url)
        let parts = try chunks(url)
        XCTAssertEqual(parts.first { $0.type == "IHDR" }?.body[9], 2, "colour type 2: RGB")
        let key = try XCTUnwrap(parts.first { $0.type == "tRNS" }?.body)
        XCTAssertNotEqual(key, [0, 0, 0, 0, 0, 0], "black is in a frame, so it cannot stand for unchanged")
        XCTAssertEqual(parts.filter { $0.type == "fcTL" }.dropFirst().map { $0.body[25] }, [1, 1, 1], "later frames blend over")
        XCTAssertEqual(try APNGDecoder.decode([UInt8](Data(contentsOf: url))).frames.map(\.image), frames)
    }

    func testTransparencyTurnsTheFileRGBA() throws {
        let url = folder.appendingPathComponent("rgba.png")
        var translucent = frame(blockAt: 12)
        for i in stride(from: 3, to: translucent.pixels.count, by: 4 * 7) { translucent.pixels[i] = 90 }
        let frames = [frame(blockAt: 0), frame(blockAt: 6), translucent, frame(blockAt: 18), frame(blockAt: 18), frame(blockAt: 24)]
        try APNGWriter.write(frames.map { AnimationFrame(image: $0, delay: 0.05) }, to: url)
        let parts = try chunks(url)
        XCTAssertEqual(parts.first { $0.type == "IHDR" }?.body[9], 6, "colour type 6: RGBA")
        XCTAssertNil(parts.first { $0.type == "tRNS" })
        let decoded = try APNGDecoder.decode([UInt8](Data(contentsOf: url)))
        XCTAssertEqual(decoded, AnimatedImage(frames: frames.map { AnimationFrame(image: $0, delay: 0.05) }).mergingHolds())
    }

    func testHoldsCompareEqualHoweverTheyAreStored() {
        let a = AnimationFrame(image: frame(blockAt: 0), delay: 0.1), b = AnimationFrame(image: frame(blockAt: 9), delay: 0.1)
        let spelledOut = AnimatedImage(frames: [a, a, a, b])
        var held = a
        held.delay = 0.3
        XCTAssertTrue(SnapshotComparison.compare(expected: spelledOut, actual: AnimatedImage(frames: [held, b])).matches)
        // Same frames, different timing: not a match.
        XCTAssertFalse(SnapshotComparison.compare(expected: spelledOut, actual: AnimatedImage(frames: [a, b, b, b])).matches)
    }
}
