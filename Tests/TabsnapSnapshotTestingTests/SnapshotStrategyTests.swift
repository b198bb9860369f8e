import Foundation
import SnapshotTesting
import Tabsnap
import TabsnapSnapshotTesting
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
}
