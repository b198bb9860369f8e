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
        XCTAssertTrue(sheet.stderr.contains("fewer than 100 columns with --sheet-columns C, or fewer frames with --sheet-frames N"), sheet.stderr)
        XCTAssertFalse(exists("bar.gif"))
        XCTAssertFalse(exists("sheet.png"))
    }
}
