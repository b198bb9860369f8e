import Foundation
import TabsnapCheck
import TabsnapSpec
import XCTest

/// The specs below a goldens folder are read for the files they name within one budget
/// (`NameBudget`): hostile round 99's folder of 1 MB spec-like files of distinct words made
/// `check` of one golden take 104 s for 60 files. One past the budget counts as a spec that
/// cannot be read, named with why, so no unmarked file is recorded over while it is there.
final class SpecNamesBudgetTests: XCTestCase {
    func testSpecsPastTheBudgetCountAsUnreadableWithTheReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("i.svg"))
        // A spec read first (names are read in order) still protects its icon.
        try Data("preset: tabBar\nitems: [{title: A, icon: i.svg}]\n".utf8).write(to: folder.appendingPathComponent("a.yaml"))
        // Distinct words past the look-ups, within the spec limit.
        var words = "preset: tabBar\nitems: [{title: \""
        for index in 0..<(NameBudget.lookUps + 10) { words += "w\(index) " }
        words += "\"}]\n"
        XCTAssertLessThan(words.utf8.count, 1 << 20)
        try Data(words.utf8).write(to: folder.appendingPathComponent("b.yaml"))
        let found = SnapshotPlanner.specs(below: folder, excluding: [], icons: .specFolder, components: .builtIn)
        XCTAssertTrue(found.inputs.contains { $0.hasSuffix("/i.svg") }, "\(found.inputs)")
        XCTAssertEqual(found.unreadable.count, 1, "\(found.unreadable)")
        XCTAssertTrue(found.unreadable.first?.contains("b.yaml (past what is read of spec-like files for their names: 16 MB, 100000 paths)") ?? false,
                      "\(found.unreadable)")
    }
}
