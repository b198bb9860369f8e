import Foundation
import Testing
import TabsnapTesting

/// Specs' goldens (`tabsnap check`) and Swift tests' goldens (`assertTabBarSnapshot`) both default
/// to `Snapshots/` at the package root. Each golden is marked with whose it is, and neither side
/// compares with, records into, calls an orphan or prunes the other's.
@Suite struct SharedSnapshotsFolderTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-shared-\(UUID().uuidString)")
    var snapshots: URL { root.appendingPathComponent("Snapshots") }
    var location: SnapshotLocation { SnapshotLocation(snapshots: snapshots, artifacts: root.appendingPathComponent(".tabsnap/failures")) }
    let bar = try! SpecLoader.parse("width: 300\nscale: 1\nitems: [Home, Search, Profile]\nlayout: {mode: fit, insets: 0}")

    private func says(_ text: String) -> (Issue) -> Bool {
        { issue in issue.comments.contains { $0.rawValue.contains(text) } }
    }

    private func check(_ mode: RecordMode, prune: Bool = false) throws -> CheckReport {
        let verifier = GoldenVerifier(snapshots: snapshots, artifacts: root.appendingPathComponent(".tabsnap/artifacts"), mode: mode)
        return try CheckRunner(specs: [root.appendingPathComponent("specs").path], verifier: verifier, prune: prune, threads: 1).run()
    }

    @Test func specsAndSwiftTestsShareASnapshotsFolderWithoutColliding() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        // The Swift test's goldens: `bottom` (a spec is named the same) and `lonely` (no spec).
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "bottom", record: .missing, location: location) }
        withKnownIssue { assertTabBarSnapshot(of: .bar(bar), named: "lonely", record: .missing, location: location) }
        let bottom = try Data(contentsOf: snapshots.appendingPathComponent("bottom.png"))
        #expect(try PNGDecoder.decode([UInt8](bottom)) == Renderer().image(of: bar), "the mark changes no pixel")

        let specs = root.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        for name in ["bottom", "top"] {
            try Data("preset: tabBar\nwidth: 320\nscale: 1\nitems: [A, B]\n".utf8).write(to: specs.appendingPathComponent("\(name).yaml"))
        }
        // Record mode all would rewrite every golden it owns; prune would delete orphans.
        let report = try check(.all, prune: true)
        let bottomResult = try #require(report.results.first { $0.name == "bottom.png" })
        #expect(bottomResult.status == .error)
        #expect(bottomResult.message.contains("bottom.png is the golden of the Swift test SharedSnapshotsFolderTests.specsAndSwiftTestsShareASnapshotsFolderWithoutColliding"),
                "\(bottomResult.message)")
        #expect(try Data(contentsOf: snapshots.appendingPathComponent("bottom.png")) == bottom, "not recorded into")
        #expect(report.results.first { $0.name == "top.png" }?.status == .new)
        #expect(!(report.orphans ?? []).contains("lonely.png"))
        #expect(report.pruned.isEmpty)
        #expect(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("lonely.png").path))
        #expect(!report.goldens.contains("lonely.png") && !report.goldens.contains("bottom.png"))

        // The Swift side: its own goldens still pass; a spec's golden is refused, not compared.
        assertTabBarSnapshot(of: .bar(bar), named: "bottom", record: .never, location: location)
        withKnownIssue {
            assertTabBarSnapshot(of: .bar(bar), named: "top", record: .all, location: location)
        } matching: { says("top.png is the golden of a spec that tabsnap check compares")($0) }
        #expect(try check(.never).results.first { $0.name == "top.png" }?.status == .passed, "the spec's golden is untouched")
    }
}
