import Foundation
import Tabsnap
import TabsnapFiles
import XCTest

/// Brought fonts are named by their SHA-256 as GLib computes it (fast in debug builds too): the
/// same digests as Tabsnap's own SHA-256, which the ledger uses.
final class GLibSHA256Tests: XCTestCase {
    func testDigestsAreTheStandardsAndOurOwn() {
        XCTAssertEqual(GLibSHA256.hex(of: []), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(GLibSHA256.hex(of: Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var seed: UInt32 = 7
        for length in [1, 55, 56, 63, 64, 65, 1000, 100_003] {
            let bytes = (0..<length).map { _ in
                seed = seed &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: seed >> 24)
            }
            XCTAssertEqual(GLibSHA256.hex(of: bytes), SHA256.hex(of: bytes), "\(length) bytes")
        }
    }
}
