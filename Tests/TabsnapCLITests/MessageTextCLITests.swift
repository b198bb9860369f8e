import Foundation
import XCTest

/// A message shows what a value holds: characters that draw nothing or a box — zero-width
/// spaces, unassigned and private-use code points — are spelt out (hostile round 24).
extension CLITests {
    func testMessagesSpellOutWhatShowsAsNothing() throws {
        try write("width: 300\nitems: [\"A\\u200Bb\\U000F0000\"]\n", to: "z.yaml")
        let run = try runTabsnap(["render", "z.yaml", "-o", "z.png"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("has \\u{F0000} (U+F0000)"), run.stderr)
        XCTAssertFalse(run.stderr.unicodeScalars.contains { $0.value == 0xF0000 || $0.value == 0x200B }, run.stderr)
    }
}
