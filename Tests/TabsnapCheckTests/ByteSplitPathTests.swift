import Foundation
import TabsnapFiles
import XCTest

/// Review of 14f6401: a path split into names by Characters joins a "/" with a combining mark
/// after it (or a prepended mark before it) into one Character, and the two names went to
/// openat as one, which follows the first if it is a link. Paths are split by bytes: a folder
/// on the way that is a link is never followed, by the golden walk or by a removal.
final class ByteSplitPathTests: XCTestCase {
    func testANameBeginningWithACombiningMarkIsNoWayThroughALink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-bytesplit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let marked = "\u{0338}b"
        try FileManager.default.createDirectory(at: root.appendingPathComponent("elsewhere/\(marked)"), withIntermediateDirectories: true)
        try Data("theirs".utf8).write(to: root.appendingPathComponent("elsewhere/\(marked)/x.png"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("gold"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("gold/a").path, withDestinationPath: "../elsewhere")
        XCTAssertEqual("a/\(marked)".split(separator: "/").count, 1, "(the Characters the path is made of)")
        let gold = open(root.appendingPathComponent("gold").path, O_RDONLY | O_DIRECTORY)
        defer { close(gold) }
        let opened = FolderWalk.openFolder("a/\(marked)", in: gold)
        if opened >= 0 { close(opened) }
        XCTAssertLessThan(opened, 0, "the link a is not followed")
        XCTAssertThrowsError(try HeldFolder.hold(root.appendingPathComponent("gold")).parent(of: "a/\(marked)/x.png", creating: false),
                             "a removal does not reach through it either")
    }
}
