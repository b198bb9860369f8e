import Foundation
import XCTest

/// What tabsnap writes as JSON, left in a spec folder, is said to be what it is when a check
/// reads the folder (hostile round 38: a Lottie file there failed the next check with
/// "unknown key 'v'").
extension CLITests {
    func testTabsnapsOwnOutputsReadAsSpecsSayWhatTheyAre() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\ntransition: {to: 1, frames: 3}\n", to: "specs/bar.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "specs/bar.yaml", "-o", "specs/bar.json"]).status, 0)
        XCTAssertEqual(try runTabsnap(["animate", "specs/bar.yaml", "-o", "specs/frames/"]).status, 0)
        let layout = try runTabsnap(["layout", "specs/bar.yaml"])
        try write(layout.stdout, to: "specs/layout.json")
        let check = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--json", "report.json"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertNotEqual(check.status, 0, "the outputs are not specs")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("report.json"), to: folder.appendingPathComponent("specs/report.json"))
        for (file, what) in [("specs/bar.json", "a Lottie animation"), ("specs/frames/frames.json", "the frame list of a frame folder"),
                             ("specs/layout.json", "a bar's geometry"), ("specs/report.json", "a check report")] {
            let run = try runTabsnap(["render", file, "-o", "x.png"])
            XCTAssertEqual(run.status, 2, file)
            XCTAssertTrue(run.stderr.hasPrefix("error: \(file):1:1: this is \(what) (tabsnap "), run.stderr)
            XCTAssertTrue(run.stderr.contains("not a spec; keep what tabsnap writes out of the folders it reads specs from"), run.stderr)
        }
        XCTAssertTrue(check.stdout.contains("specs/bar.json:1:1: this is a Lottie animation") || check.stderr.contains("specs/bar.json:1:1: this is a Lottie animation"),
                      check.stdout + check.stderr)
    }
}
