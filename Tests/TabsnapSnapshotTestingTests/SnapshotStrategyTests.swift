import Foundation
import SnapshotTesting
import Tabsnap
@testable import TabsnapSnapshotTesting
import XCTest

/// Tabsnap's strategies for swift-snapshot-testing, on Linux: references live in __Snapshots__.
final class SnapshotStrategyTests: XCTestCase {
    private let bar = try! SpecLoader.parse("""
        preset: tabBar
        width: 320
        scale: 1
        position: 1
        items: [{title: Home, icon: home}, {title: Inbox, icon: mail, badge: 4}, {title: Me, icon: person}]
        """)

    func testPNGAndSVGStrategies() {
        assertSnapshot(of: bar, as: .png)
        assertSnapshot(of: bar, as: .png(position: 0.5, scale: 2), named: "mid-swipe-2x")
        assertSnapshot(of: bar, as: .svg)
    }

    /// Every picture strategy is the one image base pulled back: a bar, its geometry, its draw
    /// list and its pixels all meet the same reference.
    func testPicturesOfGeometriesDrawListsAndImagesMeetTheBarsReference() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-sst-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = verifySnapshot(of: bar, as: .png, named: "same", record: .all, snapshotDirectory: directory)
        let renderer = Renderer()
        let geometry = renderer.geometry(of: bar)
        XCTAssertNil(verifySnapshot(of: geometry, as: .png(scale: 1), named: "same", record: .never, snapshotDirectory: directory))
        XCTAssertNil(verifySnapshot(of: DrawList(geometry: geometry), as: .png(scale: 1), named: "same", record: .never, snapshotDirectory: directory))
        XCTAssertNil(verifySnapshot(of: try renderer.image(of: bar), as: .png, named: "same", record: .never, snapshotDirectory: directory))
        XCTAssertNotNil(verifySnapshot(of: DrawList(geometry: geometry), as: .png(scale: 2), named: "same", record: .never,
                                       snapshotDirectory: directory), "twice the size is not the same picture")
    }

    func testPerturbedBarFailsWithTabsnapsSummary() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-sst-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = verifySnapshot(of: bar, as: .png, named: "bar", record: .all, snapshotDirectory: directory)
        XCTAssertNil(verifySnapshot(of: bar, as: .png, named: "bar", record: .never, snapshotDirectory: directory))
        var noBadge = bar
        noBadge.items[1].badge = nil
        let failure = try XCTUnwrap(verifySnapshot(of: noBadge, as: .png, named: "bar", record: .never, snapshotDirectory: directory))
        XCTAssertTrue(failure.contains("Tabsnap: ") && failure.contains(" pixels differ (max ΔE "), failure)
        // XCTest attachments go nowhere on Linux: the diff and triptych are files the message names.
        for label in ["diff", "triptych"] {
            let line = try XCTUnwrap(failure.split(separator: "\n").first { $0.hasPrefix("  \(label): ") }, failure)
            let path = String(line.dropFirst("  \(label): ".count))
            let image = try PNGDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
            let barHeight = try Renderer().image(of: bar).height
            XCTAssertEqual(image.height, label == "diff" ? barHeight : barHeight + 11, "\(label) (the triptych with its label band): \(path)")
        }
        var recoloured = bar
        recoloured.button.selectedTint = RGBAColor(red: 1, green: 0, blue: 0)
        XCTAssertNotNil(verifySnapshot(of: recoloured, as: .png, named: "bar", record: .never, snapshotDirectory: directory))
        _ = verifySnapshot(of: bar, as: .svg, named: "bar", record: .all, snapshotDirectory: directory)
        let svgFailure = try XCTUnwrap(verifySnapshot(of: noBadge, as: .svg, named: "bar", record: .never, snapshotDirectory: directory))
        XCTAssertTrue(svgFailure.contains("@@"), "a line diff: \(svgFailure.prefix(200))")
    }

    /// A failure's pictures are named after the test and the comparison, under the package's build
    /// folder (not a shared /tmp), and removed when that comparison passes again.
    func testFailurePicturesAreNamedAfterTheTestAndRemovedWhenItPasses() throws {
        // The observer registered before main saw this test start.
        XCTAssertEqual(CurrentTest.now, CurrentTest(file: "SnapshotStrategyTests", test: "testFailurePicturesAreNamedAfterTheTestAndRemovedWhenItPasses"))
        let root = try XCTUnwrap(FailureArtifacts.rootURL(environment: [:]), "the tests run from a SwiftPM build folder")
        XCTAssertEqual(root.lastPathComponent, "tabsnap-artifacts")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.deletingLastPathComponent().appendingPathComponent("workspace-state.json").path))
        guard ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] == nil else { return }

        let expected = try Renderer().image(of: bar)
        var noBadge = bar
        noBadge.items[1].badge = nil
        let actual = try Renderer().image(of: noBadge)
        let diffing = Diffing<RGBAImage>.tabsnapImage()
        FailureArtifacts.resetCounts()
        let failure = try XCTUnwrap(diffing.diff(expected, actual)).0
        let stem = root.path + "/SnapshotStrategyTests/testFailurePicturesAreNamedAfterTheTestAndRemovedWhenItPasses.1"
        XCTAssertTrue(failure.contains("  diff: \(stem).diff.png") && failure.contains("  triptych: \(stem).triptych.png"), failure)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stem + ".diff.png"))
        // A second comparison in the same test gets the next number.
        let second = try XCTUnwrap(diffing.diff(expected, actual)).0
        XCTAssertTrue(second.contains(".2.diff.png"), second)

        // The next run: the first comparison passes, and its pictures go; the second one's are
        // kept while it has not passed.
        FailureArtifacts.resetCounts()
        XCTAssertNil(diffing.diff(expected, expected))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stem + ".diff.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: stem + ".triptych.png"))
        let secondStem = String(stem.dropLast()) + "2"
        XCTAssertTrue(FileManager.default.fileExists(atPath: secondStem + ".diff.png"))
        // A file Tabsnap did not write is never removed, whatever its name.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: secondStem + ".diff.png"))
        XCTAssertNil(diffing.diff(expected, expected))
        XCTAssertEqual(try String(contentsOfFile: secondStem + ".diff.png", encoding: .utf8), "notes")
        try FileManager.default.removeItem(atPath: secondStem + ".diff.png")
        XCTAssertFalse(FileManager.default.fileExists(atPath: secondStem + ".triptych.png"))
    }
}
