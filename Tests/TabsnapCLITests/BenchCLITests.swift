import Foundation
import XCTest

/// `tabsnap-bench` runs every phase on a small suite and reports ratios to its own baseline.
/// (What the figures are is not tested: timings belong to the benchmark, not to unit tests.)
extension CLITests {
    func testBenchReportsEveryPhaseAgainstTheRenderBaseline() throws {
        try write("width: 300\nitems: [Home, Search]\nsnapshots:\n  positions: [0, 1]\n", to: "bar.yaml")
        let run = try runTabsnap(["bar.yaml", "--runs", "1", "--json", "bench.json"], program: "tabsnap-bench")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("suite: 2 goldens (2 frames)"), run.stdout)

        struct Results: Decodable {
            struct Row: Decodable {
                var key: String
                var medianSeconds: Double
                var ratioToRender: Double
            }
            var goldens: Int
            var rows: [Row]
        }
        let results = try JSONDecoder().decode(Results.self, from: Data(contentsOf: folder.appendingPathComponent("bench.json")))
        XCTAssertEqual(results.goldens, 2)
        XCTAssertEqual(results.rows.map(\.key), ["render", "pass", "fail", "record"])
        XCTAssertEqual(results.rows.first?.ratioToRender, 1)
        XCTAssertTrue(results.rows.allSatisfy { $0.medianSeconds > 0 })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bar.yaml", "bench.json"],
                       "goldens and artifacts stay in the bench's scratch folder")
    }

    func testBenchRejectsABadSpecInOneLine() throws {
        try write("width: 300\nitems: 3\n", to: "bad.yaml")
        let run = try runTabsnap(["bad.yaml", "--runs", "1"], program: "tabsnap-bench")
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.stderr, "Error: bad.yaml:2:8: items: a number of pages suits only bars that draw no buttons (lineBar, button.style none); list the items, e.g. items: [Home, Search]\n")
    }
}
