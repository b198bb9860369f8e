import Foundation
import XCTest

/// A file name that is not UTF-8 is refused by name, never skipped: `check` of its folder used to
/// pass with one golden fewer, and `render` called it "no such file".
extension CLITests {
    func testSpecNamesThatAreNotUTF8AreRefusedByName() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nitems: [A, B]\n", to: "specs/ok.yaml")
        // Made by the shell: a Swift String cannot hold the byte 0xFF as a name.
        let shell = try runTabsnap(["-c", "cp specs/ok.yaml \"specs/bad$(printf '\\377').yaml\""], program: "/bin/sh")
        XCTAssertEqual(shell.status, 0, shell.stderr)
        let check = try runTabsnap(["check", "specs", "--snapshots", "goldens"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(check.status, 2)
        XCTAssertEqual(check.stderr, "error: specs/bad\\xFF.yaml: the name is not valid UTF-8; rename it (golden names come from spec names)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/ok.png").path), "nothing checked or recorded")
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let render = try runTabsnap(["-c", "\"$0\" render \"specs/bad$(printf '\\377').yaml\" -o out.png", binary], program: "/bin/sh")
        XCTAssertEqual(render.status, 2)
        XCTAssertEqual(render.stderr, "error: specs/bad\\xFF.yaml: the name is not valid UTF-8; tabsnap reads UTF-8 names (rename it)\n")
    }
}
