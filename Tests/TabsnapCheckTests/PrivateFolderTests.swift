import Foundation
import TabsnapFiles
import XCTest

/// Tabsnap's folders under the shared temporary folder are unpredictable or proven its own.
final class PrivateFolderTests: XCTestCase {
    var root: URL!
    var saved: String?

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-private-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        saved = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", root.path + "/", 1)
    }

    override func tearDownWithError() throws {
        if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") }
        try? FileManager.default.removeItem(at: root)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o7777
    }

    func testMadeFoldersAreNewPrivateAndUnpredictable() throws {
        let one = try PrivateFolder.make(prefix: "tabsnap-x")
        let two = try PrivateFolder.make(prefix: "tabsnap-x")
        XCTAssertNotEqual(one, two)
        XCTAssertEqual(one.deletingLastPathComponent().standardizedFileURL.path, root.standardizedFileURL.path)
        XCTAssertEqual(mode(one.path), 0o700)
    }

    func testThePerUserFolderMustBeARealPrivateFolderOfOurs() throws {
        let name = "tabsnap-y-\(getuid())"
        let own = try PrivateFolder.perUser("tabsnap-y")
        XCTAssertEqual(own.lastPathComponent, name)
        XCTAssertEqual(mode(own.path), 0o700)
        XCTAssertEqual(try PrivateFolder.perUser("tabsnap-y"), own, "the same folder next time")
        // Opened to others: refused.
        chmod(own.path, 0o755)
        XCTAssertThrowsError(try PrivateFolder.perUser("tabsnap-y")) { XCTAssertTrue("\($0)".contains("open to others"), "\($0)") }
        // A link planted in its place: refused, and nothing written where it points.
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("tabsnap-z-\(getuid())").path, withDestinationPath: elsewhere.path)
        XCTAssertThrowsError(try PrivateFolder.perUser("tabsnap-z")) { XCTAssertTrue("\($0)".contains("is not a folder (a link?)"), "\($0)") }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    }
}
