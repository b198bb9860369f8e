import Foundation
import XCTest

/// String catalogs as the command line reads them, across runs.
extension CLITests {
    /// Of two keys equally near a misspelt one, the same is named every run: the keys came from a
    /// set, whose order changes from process to process ("amp" 6 times, "at" twice in 8 runs,
    /// hostile round 27).
    func testTheKeySuggestedIsTheSameEveryRun() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("values"), withIntermediateDirectories: true)
        try write("<resources><string name=\"at\">At</string><string name=\"amp\">Amp</string></resources>\n", to: "values/strings.xml")
        try write("width: 300\nstrings: [values/strings.xml]\nitems: [{title: {key: arr}}, B]\n", to: "bar.yaml")
        var messages = Set<String>()
        for _ in 0..<8 {
            let run = try runTabsnap(["layout", "bar.yaml"])
            XCTAssertEqual(run.status, 2)
            messages.insert(run.stderr)
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("did you mean \"amp\"?") == true, "\(messages)")
    }
}
