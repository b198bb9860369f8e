import Foundation
import Tabsnap
import XCTest

/// The version means something: `tabsnap --version`, the release archives and the Debian package
/// take `TabsnapVersion.current`, and CHANGELOG.md says what it changed.
final class ChangelogTests: XCTestCase {
    static let changelog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("CHANGELOG.md")

    func testTheNewestChangelogEntryIsTheVersion() throws {
        let text = try String(contentsOf: Self.changelog, encoding: .utf8)
        let versions = text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        XCTAssertEqual(versions.first, TabsnapVersion.current, "CHANGELOG.md's newest entry")
        XCTAssertEqual(Set(versions).count, versions.count, "each version once")
        let parts = TabsnapVersion.current.split(separator: ".")
        XCTAssertEqual(parts.count, 3)
        XCTAssertTrue(parts.allSatisfy { Int($0) != nil }, "MAJOR.MINOR.PATCH")
    }
}
