import Foundation
import XCTest

/// Hostile round 93: standard input, output or error closed when tabsnap starts (`<&-`, `>&-`).
/// The executable opened at start took the closed number; the spawn then moved the icon's bytes
/// onto descriptor 0 and the executable onto 3, so with input closed the child started from
/// /proc/self/fd/3 was the icon itself (a `#!` icon ran as a shell script, outside the sandbox),
/// and with output or error closed every SVG icon failed ("Permission denied").
extension CLITests {
    func testClosedStandardDescriptorsNeitherRunTheIconNorStopTheSandbox() throws {
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect x=\"2\" y=\"2\" width=\"20\" height=\"20\" fill=\"green\"/></svg>", to: "i.svg")
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: i.svg, renderingMode: original}, B]\n", to: "s.yaml")
        let open = try runTabsnap(["render", "s.yaml", "-o", "open.png"])
        XCTAssertEqual(open.status, 0, open.stderr)
        let drawn = try Data(contentsOf: folder.appendingPathComponent("open.png"))
        // (And under a descriptor limit of 10, where 10 and above cannot be had: code review.)
        for (closed, name) in [("<&-", "in"), (">&-", "out"), ("2>&-", "err"), ("<&- >&- 2>&-", "all"), ("", "limit")] {
            let run = try bash("\(name == "limit" ? "ulimit -n 10; " : "")\"$T\" render s.yaml -o \(name).png \(closed); echo \"rc=$?\" > said.txt")
            XCTAssertEqual(run.status, 0)
            XCTAssertTrue(run.said.contains("rc=0"), "\(closed): \(run.said)")
            XCTAssertEqual(try? Data(contentsOf: folder.appendingPathComponent("\(name).png")), drawn, "\(closed): the same picture")
        }
        // A `#!` icon with input closed: refused as no XML, and nothing of it runs.
        try write("#!/bin/sh\ntouch ran\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect width=\"9\" height=\"9\"/></svg>\n", to: "i.svg")
        let script = try bash("\"$T\" render s.yaml -o script.png <&- > said.txt 2>&1; echo \"rc=$?\" >> said.txt")
        XCTAssertEqual(script.status, 0)
        XCTAssertTrue(script.said.contains("i.svg: has text outside its root element (before <svg>)") && script.said.contains("rc=2"), script.said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("ran").path), "the icon never runs")
    }
}
