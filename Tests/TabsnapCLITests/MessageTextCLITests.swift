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

    /// A working folder whose name is not UTF-8 is refused by name (hostile round 26: relative
    /// paths led to a sibling named with U+FFFD, where a check passed and a render replaced a file).
    func testAWorkingFolderNamedOutsideUTF8IsRefused() throws {
        let odd = folder.path + "/d\u{FFFD}"
        try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
        try write("mine", to: "d\u{FFFD}/x.png")
        let bad = Array(folder.path.utf8) + Array("/d".utf8) + [0xFF, 0]
        XCTAssertEqual(bad.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
        }, 0)
        try write("width: 100\nitems: [A, B]\n", to: "spec.yaml")
        let script = "cd \"$(printf '%s/d\\377' \"$1\")\" && exec \"$2\" render \"$1/spec.yaml\" -o x.png"
        let (process, errors) = try runProcess("/bin/sh", ["-c", script, "sh", folder.path, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path])
        XCTAssertEqual(process.terminationStatus, 2, errors)
        XCTAssertTrue(errors.contains("its name is not valid UTF-8"), errors)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("d\u{FFFD}/x.png"), encoding: .utf8), "mine")
    }
}
