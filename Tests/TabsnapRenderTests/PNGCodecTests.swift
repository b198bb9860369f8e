import Tabsnap
import XCTest

final class PNGCodecTests: XCTestCase {
    func testRoundTripsEveryFilterCase() throws {
        // A gradient, flat runs and noise, so every filter type gets chosen somewhere.
        var generator = SystemRandomNumberGenerator()
        var pixels: [UInt8] = []
        for y in 0..<23 {
            for x in 0..<17 {
                let noise = y > 15 ? UInt8.random(in: 0...255, using: &generator) : 0
                pixels += [UInt8(x * 15), UInt8(y * 11), noise, UInt8(255 - x)]
            }
        }
        let image = RGBAImage(width: 17, height: 23, pixels: pixels)
        XCTAssertEqual(try PNGDecoder.decode(PNGEncoder.encode(image)), image)
    }

    func testRejectsNonPNGAndLFSPointers() {
        XCTAssertThrowsError(try PNGDecoder.decode(Array("hello".utf8))) { XCTAssertEqual($0 as? PNGDecoder.Failure, .notPNG) }
        let pointer = Array("version https://git-lfs.github.com/spec/v1\noid sha256:abc\n".utf8)
        XCTAssertThrowsError(try PNGDecoder.decode(pointer)) { XCTAssertEqual($0 as? PNGDecoder.Failure, .gitLFSPointer) }
        let truncated = Array(PNGEncoder.encode(RGBAImage(width: 4, height: 4)).prefix(40))
        XCTAssertThrowsError(try PNGDecoder.decode(truncated))
    }

    func testNoTimeOrTextChunks() {
        let bytes = PNGEncoder.encode(RGBAImage(width: 2, height: 2))
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.contains("sRGB"))
        XCTAssertFalse(text.contains("tIME"))
        XCTAssertFalse(text.contains("tEXt"))
    }
}
