import Foundation
import XCTest

extension CLITests {
    /// No output may replace an input, a golden, a spec, or another output of the same command;
    /// each is refused with one error line before anything is written (found by a hostile tester).
    func testOutputsNeverReplaceInputsGoldensOrEachOther() throws {
        let spec = "width: 200\nscale: 1\nitems: [Home, Search]\n"
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write(spec, to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "goldens", "--record", "all", "-q"]).status, 0)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("goldens/bar.png"), to: folder.appendingPathComponent("a.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "a.png")
        let protected = ["specs/bar.yaml", "goldens/bar.png", "a.png"]
        let before = try protected.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        let cases: [([String], String)] = [
            (["render", "specs/bar.yaml", "-o", "specs/bar.yaml", "--format", "png"], "one of the command's inputs"),
            (["check", "specs", "--snapshots", "goldens", "--report", "goldens/bar.png"], "inside the goldens folder"),
            (["check", "specs", "--snapshots", "goldens", "--json", "specs/report.json"], "would be read as a spec"),
            (["check", "specs", "--snapshots", "goldens", "--report", "r.html", "--json", "r.html"], "also --report's output"),
            (["diff", "a.png", "goldens/bar.png", "--out", "a.png"], "one of the command's inputs"),
            (["diff", "a.png", "goldens/bar.png", "--out", "link.png"], "one of the command's inputs"),
            (["animate", "specs/bar.yaml", "-o", "a.png", "--sheet", "link.png", "--frames", "3"], "also --output's output"),
            (["report", "merge", "r1.json", "--json", "r1.json"], "one of the command's inputs"),
        ]
        try write("{}", to: "r1.json")
        for (arguments, message) in cases {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.contains(message) && run.stderr.filter { $0 == "\n" }.count == 1,
                          "\(arguments.joined(separator: " ")): \(run.stderr)")
        }
        XCTAssertEqual(try protected.map { try Data(contentsOf: folder.appendingPathComponent($0)) }, before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.html").path))
    }

    /// A user's file named like a gallery file is not the gallery's: demo refuses the folder.
    func testDemoRefusesAFileNamedLikeItsOwn() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("gallery"), withIntermediateDirectories: true)
        try write("my notes", to: "gallery/rtl.png")
        let run = try runTabsnap(["demo", "-o", "gallery"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("gallery/rtl.png"), encoding: .utf8), "my notes")
    }
}
