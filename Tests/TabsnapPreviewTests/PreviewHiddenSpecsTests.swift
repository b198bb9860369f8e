import Foundation
@testable import TabsnapPreview
import XCTest

/// Hostile round 88 F4: a folder of specs the listing cannot enter (no permission, or a link to
/// it, which is not followed) had no card, so Copy as golden did not wait for the specs it hides
/// and recorded over a user's unmarked picture that `check --record all` held back.
final class PreviewHiddenSpecsTests: XCTestCase {
    func testAFolderHidingSpecsIsACardAndHoldsUnmarkedFilesBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-hidden-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["specs", "other"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try Data("width: 200\nitems: [A, B]\n".utf8).write(to: folder.appendingPathComponent("specs/a.yaml"))
        try Data("width: 200\nitems: [{title: A, icon: ../specs/a.png}, B]\n".utf8).write(to: folder.appendingPathComponent("other/b.yaml"))
        let suite = try PreviewSuite(paths: [folder.appendingPathComponent("specs").path])
        XCTAssertEqual(suite.unreadableSpecs(), [], "every spec reads")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("specs/more").path, withDestinationPath: "../other")
        XCTAssertTrue(suite.rescan())
        XCTAssertEqual(suite.names.count, 2, "\(suite.names)")
        let unreadable = suite.unreadableSpecs()
        XCTAssertEqual(unreadable.count, 1)
        XCTAssertTrue(unreadable.first?.hasSuffix("specs/more") ?? false, "\(unreadable)")
        XCTAssertTrue(suite.entry(suite.names.first { $0 != "a" } ?? "")?.error?.description.contains("is a symbolic link to a folder of specs") ?? false)
    }
}
