import Foundation
import XCTest

/// How option errors read (hostile round 27's wording findings).
extension CLITests {
    func testOptionErrorsSayTheValueOnceAndTheWayOut() throws {
        try write("width: 300\nitems: [A, B]\n", to: "bar.yaml")
        let matte = try runTabsnap(["animate", "bar.yaml", "-o", "bar.gif", "--matte", "#FFF"])
        XCTAssertEqual(matte.status, 2)
        XCTAssertTrue(matte.stderr.hasPrefix("error: The value '#FFF' is invalid for '--matte <matte>': expected a colour"), matte.stderr)
        XCTAssertEqual(matte.stderr.components(separatedBy: "#FFF").count, 2, "the value once: \(matte.stderr)")
        // "-1" is a value (refused), not a missing one.
        let scale = try runTabsnap(["render", "bar.yaml", "-o", "bar.png", "--text-scale", "-1"])
        XCTAssertEqual(scale.status, 2)
        XCTAssertFalse(scale.stderr.contains("Missing value"), scale.stderr)
        XCTAssertTrue(scale.stderr.contains("'-1'"), scale.stderr)
        // Too many columns: the hint names the columns too.
        let sheet = try runTabsnap(["animate", "bar.yaml", "-o", "bar.gif", "--sheet", "sheet.png", "--sheet-columns", "100", "--scale", "8"])
        XCTAssertEqual(sheet.status, 2)
        XCTAssertTrue(sheet.stderr.contains("another row length than 100 with --sheet-columns C, or fewer frames with --sheet-frames N"), sheet.stderr)
        XCTAssertFalse(exists("bar.gif"))
        XCTAssertFalse(exists("sheet.png"))
    }
}

extension CLITests {
    /// Thousands of orphans are a line a person reads: the first 20 and how many more (a crafted
    /// shard's 300 000 names made one 10 MB line: hostile round 27).
    func testAnOrphanLineNamesTwentyAndCountsTheRest() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        for index in 0..<26 { try write("width: 120\nitems: [A, B]\n", to: "specs/s\(index).yaml") }
        let record = try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(record.status, 0, record.stderr)
        for index in 1..<26 { try FileManager.default.removeItem(at: folder.appendingPathComponent("specs/s\(index).yaml")) }
        let run = try runTabsnap(["check", "specs", "--snapshots", "gold"])
        let line = try XCTUnwrap(run.stdout.split(separator: "\n").first { $0.contains("orphaned golden") }, run.stdout)
        XCTAssertTrue(line.hasPrefix("25 orphaned goldens (no checked spec renders them; --prune removes them): "), String(line))
        XCTAssertTrue(line.hasSuffix(" … and 5 more (--json lists all)"), String(line))
        XCTAssertEqual(line.components(separatedBy: ".png").count - 1, 20, String(line))
    }
}
