import Foundation
import TabsnapCheck
import TabsnapSpec
import XCTest

/// The specs below a goldens folder are read for the files they name within a budget
/// (`NameBudget`): hostile round 99's folder of 1 MB spec-like files of distinct words made
/// `check` of one golden take 104 s for 60 files. One past the budget counts as a spec that
/// cannot be read, named with why, and while it is there no file at all is recorded over: it may
/// name a marked golden as its icon.
final class SpecNamesBudgetTests: XCTestCase {
    /// Text that is no YAML, naming nothing, with more distinct words than the look-ups.
    private static let manyWords: String = {
        var words = "items: [{title: \""
        for index in 0..<(NameBudget.lookUps + 10) { words += "w\(index) " }
        return words + "\n"
    }()

    func testSpecsPastTheBudgetCountAsUnreadableWithTheReason() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("i.svg"))
        // A spec read first (names are read in order) still protects its icon.
        try Data("preset: tabBar\nitems: [{title: A, icon: i.svg}]\n".utf8).write(to: folder.appendingPathComponent("a.yaml"))
        XCTAssertLessThan(Self.manyWords.utf8.count, 1 << 20)
        try Data(Self.manyWords.utf8).write(to: folder.appendingPathComponent("b.yaml"))
        // A spec that reads as YAML names only its values: its title's words cost no look-ups.
        try Data(("preset: tabBar\nitems: [{title: \"" + String(Self.manyWords.dropFirst(17)).dropLast() + "\"}]\n").utf8)
            .write(to: folder.appendingPathComponent("c.yaml"))
        let found = SnapshotPlanner.specs(below: folder, excluding: [], icons: .specFolder, components: .builtIn)
        XCTAssertTrue(found.inputs.contains { $0.hasSuffix("/i.svg") }, "\(found.inputs)")
        XCTAssertEqual(found.unreadable.map { URL(fileURLWithPath: $0).lastPathComponent },
                       ["b.yaml (past what is read of spec-like files for their names: 16 MB, 100000 paths)"])
    }

    /// A marked golden a spec past the budget may name is not recorded over; once it is gone, it is.
    func testNothingIsRecordedOverWhileASpecsNamesAreUnknown() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nsnapshots: {positions: [0]}")
        XCTAssertEqual(try fixture.run(.missing).results.map(\.status), [.new])
        let broken = fixture.snapshots.appendingPathComponent("z.yaml")
        try Data(Self.manyWords.utf8).write(to: broken)
        let refused = try fixture.run(.all).results
        XCTAssertEqual(refused.map(\.status), [.error], "\(refused.map(\.message))")
        XCTAssertTrue(refused.first?.message.contains("is not recorded over: ") ?? false, "\(refused.map(\.message))")
        XCTAssertTrue(refused.first?.message.contains("z.yaml (past what is read") ?? false, "\(refused.map(\.message))")
        try FileManager.default.removeItem(at: broken)
        XCTAssertEqual(try fixture.run(.all).results.map(\.status), [.passed], "recorded again (the same bytes), no error")
    }
}
