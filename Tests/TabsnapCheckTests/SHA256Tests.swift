import TabsnapFiles
import XCTest

/// The ledger's hash against FIPS 180-4's test vectors, fed whole and in odd pieces.
final class SHA256Tests: XCTestCase {
    func testStandardVectors() {
        XCTAssertEqual(SHA256.hex(of: []), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testPiecesGiveTheWholesHash() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for piece in [1, 3, 63, 64, 65, 200] {
            var hash = SHA256()
            var start = 0
            while start < bytes.count {
                hash.update(Array(bytes[start..<min(start + piece, bytes.count)]))
                start += piece
            }
            XCTAssertEqual(hash.finish(), SHA256.hex(of: bytes), "pieces of \(piece)")
        }
    }
}
