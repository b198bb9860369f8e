import SnapshotTesting
import TabsnapSnapshotTesting
import XCTest

/// The README's swift-snapshot-testing setup, word for word in its imports: this file must build
/// with `TabsnapSnapshotTesting` alone (it re-exports the library: `SpecLoader`, `Bar`).
final class SnapshotTestingOnlyTests: XCTestCase {
    func testTheReadmesImportsAreEnough() throws {
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 375\nitems: [Home, Search]\n")
        XCTAssertEqual(bar.items.count, 2)
    }
}
