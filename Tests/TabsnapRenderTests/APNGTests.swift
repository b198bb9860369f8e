import Foundation
import Tabsnap
import TabsnapFiles
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

    /// A chunk of `type` and `body`, with its length and CRC.
    private func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        var length: [UInt8] = [0, 0, 0, 0], crc: [UInt8] = [0, 0, 0, 0]
        PNGChunk.write(UInt32(body.count), into: &length, at: 0)
        PNGChunk.write(Deflate.crc32(Array(type.utf8) + body), into: &crc, at: 0)
        return length + Array(type.utf8) + body + crc
    }

    /// Malformed files say what is wrong with them (hostile round 15): a PNG of IHDR and IEND
    /// alone is no image of zero frames (it "matched" itself), and a dispose or blend code out of
    /// range is named as such, not as a frame that does not fit.
    func testMalformedFilesAreNamedForWhatIsWrong() throws {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let header = chunk("IHDR", [0, 0, 0, 40, 0, 0, 0, 10, 8, 6, 0, 0, 0])
        let empty = signature + header + chunk("IEND", [])
        XCTAssertThrowsError(try APNGDecoder.decode(empty)) { XCTAssertTrue("\($0)".contains("no image data"), "\($0)") }
        let url = folder.appendingPathComponent("two.png")
        let writer = try APNGWriter(url: url, width: 40, height: 10, frameCount: 2)
        for x in [0, 20] { try writer.append(frame(blockAt: x), delay: 0.1) }
        try writer.finish()
        var bytes = [UInt8](try Data(contentsOf: url))
        // The second fcTL: dispose_op (byte 24 of its body) set to 9, its CRC made right again.
        var at = 8, seen = 0
        while at + 8 <= bytes.count {
            let length = Int(PNGChunk.readBigEndian(bytes[at...]))
            if String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self) == "fcTL" {
                seen += 1
                if seen == 2 {
                    var body = Array(bytes[(at + 8)..<(at + 8 + length)])
                    body[24] = 9
                    bytes.replaceSubrange(at..<(at + 12 + length), with: chunk("fcTL", body))
                    break
                }
            }
            at += 12 + length
        }
        XCTAssertEqual(seen, 2)
        XCTAssertThrowsError(try APNGDecoder.decode(bytes)) { XCTAssertTrue("\($0)".contains("frame 1 has dispose_op 9"), "\($0)") }
    }

    /// Frame chunks out of order (two frames' fcTL and data swapped, their sequence numbers
    /// kept) are refused: such a golden was read, in the swapped order, and passed (round 27).
    func testFrameChunksOutOfOrderAreRefused() throws {
        let url = folder.appendingPathComponent("three.png")
        let writer = try APNGWriter(url: url, width: 40, height: 10, frameCount: 3)
        for x in [0, 10, 20] { try writer.append(frame(blockAt: x), delay: 0.1) }
        try writer.finish()
        var parts = try chunks(url)
        XCTAssertNoThrow(try APNGDecoder.decode([UInt8](Data(contentsOf: url))))
        // The second and third frames: each an fcTL and its fdAT, swapped as pairs.
        let frames = parts.indices.filter { parts[$0].type == "fcTL" }
        XCTAssertEqual(frames.count, 3)
        let second = Array(parts[frames[1]..<frames[2]]), third = Array(parts[frames[2]...].prefix { $0.type != "IEND" })
        parts.replaceSubrange(frames[1]..<(frames[2] + third.count), with: third + second)
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + parts.flatMap { chunk($0.type, $0.body) }
        XCTAssertThrowsError(try APNGDecoder.decode(bytes)) {
            XCTAssertTrue("\($0)".contains("fcTL with sequence number"), "\($0)")
        }
    }

    /// Hostile round 18 F4: frames past the writer's memory budget go to a scratch file beside
    /// the output (gone once written), and come back byte for byte — a key change re-encodes
    /// them there too.
    func testFramesPastTheBudgetGoToDiskAndComeBack() throws {
        var state: UInt64 = 7
        func noise(_ side: Int, opaque: Bool) -> RGBAImage {
            var pixels = [UInt8](repeating: 255, count: side * side * 4)
            for index in pixels.indices where opaque ? index % 4 != 3 : true {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                pixels[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
            return RGBAImage(width: side, height: side, pixels: pixels)
        }
        // Eleven opaque 1024² noise frames (about 3 MB each, compressed) and a translucent one:
        // past the 32 MB budget, and the last one turns the file RGBA, re-encoding every frame.
        let frames = (0..<11).map { _ in noise(1024, opaque: true) } + [noise(1024, opaque: false)]
        XCTAssertGreaterThan(frames.count * 1024 * 1024 * 3, CompressedFrames.budget)
        let url = folder.appendingPathComponent("big.png")
        let writer = try APNGWriter(url: url, width: 1024, height: 1024, compression: .fast)
        for image in frames { try writer.append(image, delay: 0.1) }
        try writer.finish()
        XCTAssertEqual(try APNGDecoder.decode([UInt8](Data(contentsOf: url))).frames.map(\.image), frames)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["big.png"], "no scratch file is left")
    }

    /// Hostile round 18 F3: a file over its limit (a golden over the 256 MB a check reads) is
    /// refused before it is written, animation or still; round 19 F1: an animation as soon as the
    /// frames so far pass it, not after the last is drawn. The limit is exact: one byte short is
    /// refused, at the limit the file is written (opaque RGB with its key colour, or RGBA; with a
    /// mark or without).
    func testAFileOverItsLimitIsRefusedUnwritten() throws {
        let url = folder.appendingPathComponent("golden.png")
        func limit(_ bytes: Int) -> ByteLimit { ByteLimit(bytes: bytes, purpose: "a golden may be") }
        /// Appends `frames` to a new writer; how many it took before it threw, if it threw.
        func write(_ frames: [RGBAImage], limit: ByteLimit?, mark: (keyword: String, text: String)?) -> (appended: Int, error: String?) {
            var appended = 0
            do {
                let writer = try APNGWriter(url: url, width: 40, height: 10, mark: mark, limit: limit)
                for image in frames {
                    try writer.append(image, delay: 0.1)
                    appended += 1
                }
                try writer.finish()
                return (appended, nil)
            } catch {
                return (appended, "\(error)")
            }
        }
        var translucent = frame(blockAt: 20)
        translucent.pixels[3] = 128
        let opaque = stride(from: 0, to: 34, by: 3).map { frame(blockAt: $0) }
        // (A mark's text is cut at 200 bytes in the file: counted as written.)
        for (frames, mark) in [(opaque, nil), (opaque, ("Tabsnap", "golden of bar.yaml")), (opaque, ("Tabsnap", String(repeating: "x", count: 300))),
                               (opaque + [translucent], nil)] {
            XCTAssertNil(write(frames, limit: nil, mark: mark).error)
            let size = try Data(contentsOf: url).count
            try FileManager.default.removeItem(at: url)

            // One byte short: refused (at the last frame or when written), nothing left behind.
            let short = write(frames, limit: limit(size - 1), mark: mark)
            XCTAssertTrue(short.error?.contains("bytes, over the \(size - 1) bytes a golden may be") == true, "\(String(describing: short.error))")
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
            // Far over: refused at the frame that passes it, before the rest come.
            let small = write(frames, limit: limit(size / 3), mark: mark)
            XCTAssertTrue(small.error?.contains("would be at least ") == true, "\(String(describing: small.error))")
            XCTAssertLessThan(small.appended, frames.count / 2)
            XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
            // Exactly at the limit: written, the same bytes.
            XCTAssertNil(write(frames, limit: limit(size), mark: mark).error)
            XCTAssertEqual(try Data(contentsOf: url).count, size)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["golden.png"], "no scratch file is left")
            try FileManager.default.removeItem(at: url)
        }
        // A still over its limit.
        let still = AnimationFileWriter(url: url, limit: limit(50))
        try still.append(frame(blockAt: 3), delay: 0)
        XCTAssertThrowsError(try still.finish())
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
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

    func testARekeyedFileThatTurnsRGBAKeepsEveryFrame() throws {
        let url = folder.appendingPathComponent("rekey-rgba.png")
        var black = frame(blockAt: 14)
        for i in stride(from: 0, to: 4 * 40, by: 4) { black.pixels[i] = 0; black.pixels[i + 1] = 0; black.pixels[i + 2] = 0 }
        var translucent = frame(blockAt: 22)
        translucent.pixels[3] = 100
        // RGB, then black takes the key (rekey), then transparency (RGBA): frames stored as
        // key-masked RGB must come back as themselves.
        let frames = [frame(blockAt: 0), frame(blockAt: 7), black, frame(blockAt: 18), translucent, frame(blockAt: 30)]
        try APNGWriter.write(frames.map { AnimationFrame(image: $0, delay: 0.1) }, to: url)
        XCTAssertEqual(try chunks(url).first { $0.type == "IHDR" }?.body[9], 6)
        XCTAssertEqual(try APNGDecoder.decode([UInt8](Data(contentsOf: url))).frames.map(\.image), frames)
    }

    func testOneFrameAndOneRepeatedFrameAnimations() throws {
        let url = folder.appendingPathComponent("one.png")
        try APNGWriter.write([AnimationFrame(image: frame(blockAt: 3), delay: 0.25)], to: url)
        XCTAssertEqual(try APNGDecoder.decode([UInt8](Data(contentsOf: url))).frames, [AnimationFrame(image: frame(blockAt: 3), delay: 0.25)])
        try APNGWriter.write(Array(repeating: AnimationFrame(image: frame(blockAt: 3), delay: 0.25), count: 4), to: url)
        XCTAssertEqual(try APNGDecoder.decode([UInt8](Data(contentsOf: url))).frames, [AnimationFrame(image: frame(blockAt: 3), delay: 1)])
    }

    /// A hold reads back as exactly the sum of its frames' stored delays, in any units and any
    /// length: what a fresh render of the same transition sums to.
    func testHoldsKeepExactDelays() throws {
        let url = folder.appendingPathComponent("holds.png")
        let cases: [(delays: [Double], label: String)] = [
            ([1.0 / 16, 1.0 / 16, 1.0 / 16], "three sixteenths (187.5 ms, not a whole millisecond)"),
            ([0.3, 0.3, 0.3], "milliseconds"),
            (Array(repeating: 1.0 / 60, count: 70_000), "70 000 sixtieths: more than one frame can say"),
            ([70.1], "one frame of 70.1 s"),
            ([1.0 / 60, 0.3, 1.0 / 60], "mixed units"),
        ]
        for (delays, label) in cases {
            let images = [frame(blockAt: 0)] + delays.map { _ in frame(blockAt: 20) } + [frame(blockAt: 30)]
            let frames = images.enumerated().map { AnimationFrame(image: $1, delay: $0 == 0 ? 0.5 : $0 <= delays.count ? delays[$0 - 1] : 0.5) }
            try APNGWriter.write(frames, to: url)
            let decoded = try APNGDecoder.decode([UInt8](Data(contentsOf: url))).mergingHolds()
            XCTAssertEqual(decoded.frames.count, 3, label)
            let expected = delays.map(APNGWriter.storedDelay).reduce(0, +)
            XCTAssertEqual(decoded.frames[1].delay, expected, accuracy: 1e-9, label)
        }
    }

    /// Merging holds reads a golden on while frames repeat; a golden with more frames than the
    /// render is read no further than one past the render's count (a small file can hold
    /// thousands of repeats). This golden is cut short after its repeats, so reading them all
    /// would end in an error.
    func testAGoldenOfEndlessRepeatsIsNotReadToTheEnd() throws {
        let url = folder.appendingPathComponent("repeats.png")
        // Delays alternating in two units cannot merge, so each repeat is a frame in the file.
        let frames = (0..<40).map { AnimationFrame(image: frame(blockAt: 0), delay: $0 % 2 == 0 ? 1.0 / 60 : 0.3) }
        try APNGWriter.write(frames, to: url)
        let bytes = [UInt8](try Data(contentsOf: url))
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        let render = FrameSource(count: 2) { _ in AnimationFrame(image: self.frame(blockAt: 0), delay: 0.1) }
        let outcome = try StreamedComparison.compare(golden: PNGBytes(cut), actual: render, options: .exact)
        XCTAssertFalse(outcome.matches)
        guard case .animation(let comparison) = outcome else { return XCTFail("compared as an animation") }
        XCTAssertGreaterThan(comparison.expectedFrameCount, comparison.actualFrameCount)
    }
}
