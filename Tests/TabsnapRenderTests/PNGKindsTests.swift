import Foundation
import Tabsnap
@testable import TabsnapPNG
import XCTest

/// Goldens written by other tools decode to the pixels an independent decoder (pypng) reads, and
/// damaged or hostile PNGs are refused with a reason — never a trap, never a huge allocation.
/// Fixtures: scripts/make-png-fixtures.py.
final class PNGKindsTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/png-kinds")
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Snapshots")

    func testEveryKindDecodesToTheIndependentDecodersPixels() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix("golden") }.sorted()
        XCTAssertEqual(names.count, 37, "palette 1-8 bit, grey 1-16 bit (+key), grey+alpha, RGB (+key), RGBA; interlaced or not")
        for name in names {
            let png = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            let expected = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(String(name.dropLast(4)) + ".rgba")))
            let image = try PNGDecoder.decode(png)
            XCTAssertEqual([image.width, image.height], [13, 7], name)
            XCTAssertEqual(image.pixels, expected, name)
            XCTAssertEqual(try APNGDecoder.decode(png).frames.map(\.image), [image], "\(name) as a one-frame animation")
        }
    }

    func testAGoldenRewrittenByAnotherToolStillMatches() throws {
        for (rewritten, original) in [("golden-rgb16-interlaced.png", "example-segmented-pill.png"),
                                      ("golden-lineBar-palette1.png", "component-dark-lineBar.png")] {
            let expected = try SnapshotComparison.load(Self.snapshots.appendingPathComponent(original))
            let actual = try SnapshotComparison.load(Self.fixtures.appendingPathComponent(rewritten))
            let comparison = SnapshotComparison.compare(expected: expected, actual: actual)
            XCTAssertTrue(comparison.matches, "\(rewritten): \(comparison.summary)")
        }
    }

    // MARK: Damaged and hostile files

    private func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        PNGChunk.append(type, body, to: &out)
        return out
    }

    private func header(width: UInt32, height: UInt32, depth: UInt8 = 8, colorType: UInt8 = 6, interlace: UInt8 = 0) -> [UInt8] {
        var body: [UInt8] = []
        PNGChunk.appendBigEndian(width, to: &body)
        PNGChunk.appendBigEndian(height, to: &body)
        return chunk("IHDR", body + [depth, colorType, 0, 0, interlace])
    }

    private func file(_ parts: [UInt8]...) -> [UInt8] { PNGChunk.signature + parts.joined() + chunk("IEND", []) }

    func testHostileHeadersAreRefusedBeforeAllocating() {
        let data = chunk("IDAT", Deflate.zlibCompress([0, 1, 2, 3, 4], level: 1))
        let cases: [([UInt8], String)] = [
            (file(header(width: 100_000, height: 100_000), data), "100000×100000 px is over the limits of 16384 px a side and 16777216 px a frame"),
            (file(header(width: 20_000, height: 1), data), "20000×1 px is over the limit of 16384 px a side"),
            // Sides fine, area not: said so alone (round 42 F8: it named the side limit too).
            (file(header(width: 16_384, height: 16_384), data), "16384×16384 px is over the limit of 16777216 px a frame (4096×4096)"),
            (file(header(width: 0, height: 0), data), "a 0×0 image"),
            (file(header(width: 4, height: 4, depth: 3), data), "bit depth 3"),
            (file(header(width: 4, height: 4, colorType: 5), data), "colour type 5"),
            (file(header(width: 4, height: 4, depth: 16, colorType: 3), data), "bit depth 16 with colour type 3"),
            (file(header(width: 1, height: 1, colorType: 3), data), "does not inflate"),
            (file(header(width: 2, height: 2), data), "does not inflate"),
            (file(header(width: 1, height: 1, colorType: 3), chunk("IDAT", Deflate.zlibCompress([0, 0], level: 1))), "without a PLTE"),
            (file(header(width: 1, height: 1, colorType: 3), chunk("PLTE", [1, 2, 3]), chunk("IDAT", Deflate.zlibCompress([0, 5], level: 1))),
             "palette index 5"),
            (file(header(width: 1, height: 1), chunk("IDAT", Deflate.zlibCompress([9, 0, 0, 0, 0], level: 1))), "filter 9"),
            (file(chunk("IDAT", Deflate.zlibCompress([0], level: 1))), "missing IHDR"),
            (file(header(width: 1, height: 1), chunk("tRNS", [0, 0])), "tRNS in an image that has alpha"),
            (file(header(width: 1, height: 1), header(width: 1, height: 1), chunk("IDAT", Deflate.zlibCompress([0, 0, 0, 0, 0], level: 1))),
             "a second IHDR"),
            (PNGChunk.signature + header(width: 1, height: 1), "truncated"),
            (Array(PNGChunk.signature.prefix(5)), "not a PNG"),
        ]
        for (bytes, problem) in cases {
            XCTAssertThrowsError(try PNGDecoder.decode(bytes), problem) { error in
                XCTAssertTrue("\(error)".contains(problem), "\(error) — expected “\(problem)”")
            }
            XCTAssertThrowsError(try APNGDecoder.decode(bytes), problem)
        }
    }

    func testEveryDamagedByteOfARealGoldenIsAnErrorOrTheSamePicture() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.snapshots.appendingPathComponent("component-dark-lineBar.png")))
        let original = try PNGDecoder.decode(bytes)
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x80] {
                var damaged = bytes
                damaged[index] ^= flip
                // CRCs cover every chunk, so a changed byte is caught unless it is the CRC's own
                // bit pattern in an ancillary place; either way the decoder must not trap.
                if let image = try? PNGDecoder.decode(damaged) { XCTAssertEqual(image, original, "byte \(index) ^ \(flip)") }
            }
            XCTAssertThrowsError(try PNGDecoder.decode(Array(bytes.prefix(index))), "cut at \(index)")
        }
    }

    func testAnimationsAreBoundedAndFramesMustFitTheCanvas() throws {
        var control: [UInt8] = []
        PNGChunk.appendBigEndian(1_000_000, to: &control)
        PNGChunk.appendBigEndian(0, to: &control)
        let image = chunk("IDAT", Deflate.zlibCompress([0, 1, 2, 3, 4], level: 1))
        XCTAssertThrowsError(try APNGDecoder.decode(file(header(width: 1, height: 1), chunk("acTL", control), image))) {
            XCTAssertTrue("\($0)".contains("1000000 frames"), "\($0)")
        }
        XCTAssertThrowsError(try APNGDecoder.decode(file(header(width: 1, height: 1), chunk("acTL", [0, 0, 0, 1]), image))) {
            XCTAssertTrue("\($0)".contains("acTL of 4 bytes"), "\($0)")
        }
        var frame: [UInt8] = []
        for value: UInt32 in [0, 5, 5, 0, 0] { PNGChunk.appendBigEndian(value, to: &frame) }  // 5×5 frame on a 1×1 canvas
        frame += [0, 1, 0, 100, 0, 0]
        var announce: [UInt8] = []
        PNGChunk.appendBigEndian(1, to: &announce)
        PNGChunk.appendBigEndian(0, to: &announce)
        XCTAssertThrowsError(try APNGDecoder.decode(file(header(width: 1, height: 1), chunk("acTL", announce), chunk("fcTL", frame), image))) {
            XCTAssertTrue("\($0)".contains("does not fit"), "\($0)")
        }
    }

    func testTheDefaultImageIsNeitherAFrameNorUnderFrameZero() throws {
        // IDAT before the first fcTL: the picture for viewers without APNG support. Frame 0 blends
        // OVER a transparent canvas, so the default image must not show through it.
        var announce: [UInt8] = []
        PNGChunk.appendBigEndian(1, to: &announce)
        PNGChunk.appendBigEndian(0, to: &announce)
        var control: [UInt8] = []
        for value: UInt32 in [0, 1, 1, 0, 0] { PNGChunk.appendBigEndian(value, to: &control) }
        control += [0, 1, 0, 60, 0, 1]  // 1/60 s, dispose none, blend over
        var frameData: [UInt8] = []
        PNGChunk.appendBigEndian(1, to: &frameData)
        let opaqueRed = Deflate.zlibCompress([0, 255, 0, 0, 255], level: 1)
        let transparent = Deflate.zlibCompress([0, 0, 0, 0, 0], level: 1)
        let bytes = file(header(width: 1, height: 1), chunk("acTL", announce), chunk("IDAT", opaqueRed),
                         chunk("fcTL", control), chunk("fdAT", frameData + transparent))
        let animation = try APNGDecoder.decode(bytes)
        XCTAssertEqual(animation.frames.count, 1)
        XCTAssertEqual(animation.frames[0].image.pixels, [0, 0, 0, 0])
        XCTAssertEqual(try PNGDecoder.decode(bytes).pixels, [255, 0, 0, 255], "a plain PNG reader shows the default image")
    }
}

