import Foundation
import Tabsnap
@testable import TabsnapPNG
import XCTest

/// The run-aware deflater frames use: every stream inflates (through libdeflate, an independent
/// decoder) to exactly its input, whatever the mix of runs, matches and noise, across block
/// boundaries and at the edges of its length and distance tables; its codes are valid prefix
/// codes; and frames it writes decode to the pixels the golden encoder writes.
final class SparseDeflateTests: XCTestCase {
    /// A fixed generator: the same bytes every run.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// Both efforts: the greedy one frames use and the lazy one animations use.
    private func roundTrip(_ input: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for effort in [SparseDeflate.Effort.fast, .thorough] {
            let stream = input.withUnsafeBufferPointer {
                SparseDeflate(effort: effort).zlib($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count)
            }
            XCTAssertEqual(Deflate.zlibDecompress(stream, expectedSize: input.count), input, "\(label), \(effort)", file: file, line: line)
        }
    }

    func testEdgeLengthsRoundTrip() {
        roundTrip([], "empty")
        for length in [1, 2, 3, 4, 5, 7, 8, 9, 257, 258, 259, 260, 261, 516, 517, 64 * 258 + 1, 100_000] {
            roundTrip([UInt8](repeating: 0, count: length), "\(length) zeros")
            roundTrip([7] + [UInt8](repeating: 0, count: length), "a byte then \(length) zeros")
            roundTrip([UInt8](repeating: 9, count: length), "\(length) nines")
        }
    }

    func testSparseNoiseRoundTrips() {
        var random = Generator(state: 14)
        for trial in 0..<60 {
            let count = random.next(20_000) + 1
            let density = [1, 3, 10, 50, 100][trial % 5]  // per cent of bytes that are not zero
            var input = [UInt8](repeating: 0, count: count)
            for i in 0..<count where random.next(100) < density { input[i] = UInt8(random.next(256)) }
            // Repeats at short and long distances, as glyph edges repeat from row to row.
            for _ in 0..<random.next(8) {
                let length = random.next(300) + 3, distance = [1, 2, 4, 4501, 32_768, 32_769][random.next(6)]
                let start = random.next(count)
                for i in start..<min(count, start + length) where i >= distance { input[i] = input[i - distance] }
            }
            roundTrip(input, "trial \(trial): \(count) bytes, \(density) % not zero")
        }
    }

    func testManyBlocksRoundTrip() {
        // Enough literals for several 64 K-token blocks, with matches reaching back across them.
        var random = Generator(state: 3)
        let input = (0..<400_000).map { i in i % 1000 < 900 ? UInt8(random.next(256)) : UInt8(i % 7) }
        roundTrip(input, "400 KB of noise and repeats")
    }

    func testHuffmanCodesAreCompleteAndLimited() {
        var random = Generator(state: 8)
        // Fibonacci frequencies would make a 30-deep tree: the limit must fold it into 15 bits.
        var fibonacci = [1, 1]
        while fibonacci.count < 40 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let cases: [[Int]] = [fibonacci + [Int](repeating: 0, count: 246), [0, 0, 5, 0], [0, 0, 0, 0], [1_000_000, 1]]
            + (0..<40).map { n in (0..<(n % 2 == 0 ? 19 : 286)).map { _ in random.next(3) == 0 ? 0 : random.next(1 << random.next(20)) } }
        for (index, frequencies) in cases.enumerated() {
            // 7 bits: the code-length alphabet (19 symbols); 15: literals and distances.
            for limit in frequencies.count <= 19 ? [7, 15] : [15] {
                let lengths = HuffmanCode.lengths(frequencies, maxLength: limit)
                let used = lengths.filter { $0 > 0 }
                XCTAssertGreaterThanOrEqual(used.count, 2, "case \(index)")
                XCTAssertLessThanOrEqual(Int(used.max() ?? 0), limit, "case \(index)")
                // Kraft sum exactly 1: a complete prefix code.
                XCTAssertEqual(used.reduce(0) { $0 + (1 << (limit - Int($1))) }, 1 << limit, "case \(index), limit \(limit)")
                for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
                    XCTAssertGreaterThan(lengths[symbol], 0, "case \(index): used symbol \(symbol) has no code")
                }
            }
        }
    }

    func testFastFramesDecodeToTheSamePixels() throws {
        let bar = try SpecLoader.parse("width: 375\nitems: [Home, Search, Inbox, Profile, Settings]\n", file: "swipe.yaml")
        let renderer = Renderer()
        for position in [0.37, 4] {
            let geometry = renderer.geometry(of: bar, position: position)
            let fast = try renderer.png(of: geometry, scale: 3, compression: .fast, withPixels: true)
            let small = try renderer.png(of: geometry, scale: 3, compression: .small)
            XCTAssertEqual(try PNGDecoder.decode(fast.file), fast.pixels, "position \(position)")
            XCTAssertEqual(try PNGDecoder.decode(small.file), fast.pixels, "position \(position)")
            // Within the budget issue 14 sets frames (1.2× what cairo's own PNG writer makes).
            XCTAssertLessThan(Double(fast.file.count), 1.15 * Double(small.file.count), "position \(position)")
        }
    }

    /// The types of a PNG's chunks, in order.
    private static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = [], index = 8
        while index + 12 <= png.count {
            let length = png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[index + 4..<index + 8], as: UTF8.self))
            index += 12 + length
        }
        return types
    }

    /// A PNG's bytes without its tEXt and iTXt chunks.
    private static func withoutText(_ png: [UInt8]) -> [UInt8] {
        var out = Array(png.prefix(8)), index = 8
        while index + 12 <= png.count {
            let length = png[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(index + 12 + length, png.count)
            let type = String(decoding: png[index + 4..<index + 8], as: UTF8.self)
            if type != "tEXt", type != "iTXt" { out += png[index..<end] }
            index = end
        }
        return out
    }

    func testGoldenEncoderStillWritesTheGoldensBytes() throws {
        // Re-encoding a still golden's pixels gives its exact bytes: the encoder's speed-ups
        // (reused buffers, rows equal to the one above, vector filters) changed no choice it makes.
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Snapshots")
        var checked = 0
        // Every fifth still (debug builds run this encoder slowly: all of them took 8 s).
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().filter { $0.hasSuffix(".png") }
        for (index, name) in names.enumerated() where index % 5 == 0 {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            // Animations: their acTL may come after a long motion chunk (past the first 200 bytes).
            guard !Self.chunkTypes(bytes).contains("acTL") else { continue }
            // What a golden says besides its pixels (whose it is, its geometry: text chunks) is
            // not the encoder's: compared without them.
            let encoded = PNGEncoder.encode(try PNGDecoder.decode(bytes))
            XCTAssertTrue(Self.withoutText(encoded) == Self.withoutText(bytes), name)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
    }
}
