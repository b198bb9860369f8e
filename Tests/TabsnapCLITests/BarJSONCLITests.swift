import Foundation
import Tabsnap
import XCTest

extension CLITests {
    /// A Bar encoded to JSON is a spec `tabsnap render` accepts, drawing the same pixels as the
    /// spec it came from (icon files are written as absolute paths, hence the flag).
    func testAnEncodedBarRendersLikeItsSpec() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/specs")
        for name in ["icon-files", "mistica-tabs-3", "segmented-pill", "rtl"] {
            let spec = specs.appendingPathComponent("\(name).yaml")
            let json = folder.appendingPathComponent("\(name).json")
            try JSONEncoder().encode(try SpecLoader.load(contentsOf: spec)).write(to: json)
            let fromSpec = try runTabsnap(["render", spec.path, "-o", "spec.png"])
            let fromJSON = try runTabsnap(["render", json.path, "--allow-outside-icons", "-o", "json.png"])
            XCTAssertEqual([fromSpec.status, fromJSON.status], [0, 0], fromSpec.stderr + fromJSON.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("json.png")),
                           try Data(contentsOf: folder.appendingPathComponent("spec.png")), name)
        }
    }
}
