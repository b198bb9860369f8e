import Foundation
import XCTest

/// Inputs whose cost is not their size: bounded before the work starts.
extension CLITests {
    /// Decoding a report costs about ten times its text (four 60 MB shards took 2.4 GB): the
    /// reports merge reads are bounded all together, from their sizes, before any is read.
    func testReportMergeReadsAtMost32MBInAll() throws {
        for index in 1...2 {
            let path = folder.appendingPathComponent("s\(index).json").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
            XCTAssertEqual(truncate(path, 17 << 20), 0)  // sparse: nothing is read anyway
        }
        let run = try runTabsnap(["report", "merge", "s1.json", "s2.json", "--report", "out.html"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: the 2 reports are over 32 MB together, the most report merge reads (about 100 000 goldens)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.html").path))
        // One report is said as one (round 55: "big.json are over 32 MB together").
        XCTAssertEqual(truncate(folder.appendingPathComponent("s1.json").path, 33 << 20), 0)
        let one = try runTabsnap(["report", "merge", "s1.json", "--report", "out.html"])
        XCTAssertEqual(one.stderr, "error: s1.json is over 32 MB, the most report merge reads (about 100 000 goldens)\n")
    }

    /// An SVG golden is compared as text: past 64 MB it is refused from its size (a 32 MB one
    /// used to take 4.3 GB to diff; the diff now costs a few times its texts).
    func testSVGGoldensAreBoundedBeforeTheyAreRead() throws {
        try write("width: 200\nitems: [A, B]\nsnapshots: {formats: [svg]}\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["check", "s.yaml", "--snapshots", "g"], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        XCTAssertEqual(truncate(folder.appendingPathComponent("g/s.svg").path, 65 << 20), 0)
        let run = try runTabsnap(["check", "s.yaml", "--snapshots", "g"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("g/s.svg: is 65 MB, over the 64 MB limit"), run.stderr)
    }
}
