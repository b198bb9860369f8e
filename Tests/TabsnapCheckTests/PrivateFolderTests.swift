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

    /// A folder of copied input is swept once no process holds its lock, whatever its PID says:
    /// a process in another PID namespace sharing /tmp may run under a PID that is free here,
    /// and a dead one's PID may be reused.
    func testFoldersLeftByKilledProcessesAreSweptByTheirLocks() throws {
        func folder(pid: pid_t, old: Bool = true) throws -> String {
            let path = root.appendingPathComponent("tabsnap-s-\(pid)-\(UUID().uuidString.prefix(6))").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            if old { setBack(path) }
            return path
        }
        func setBack(_ path: String) {
            var times = [timeval(tv_sec: time(nil) - 120, tv_usec: 0), timeval(tv_sec: time(nil) - 120, tv_usec: 0)]
            utimes(path, &times)
        }
        let ours = try PrivateFolder.makeSweepingDead(prefix: "tabsnap-s")
        setBack(ours.path)
        let reusedPID = try folder(pid: getpid())            // a live PID, no lock: dead
        let otherNamespace = try folder(pid: 999_999)        // a free PID, locked: alive
        let holder = open(otherNamespace, O_RDONLY | O_DIRECTORY)
        defer { close(holder) }
        XCTAssertEqual(flock(holder, LOCK_SH), 0)
        let justMade = try folder(pid: 999_998, old: false)  // not locked yet by its maker
        let notOurs = root.appendingPathComponent("tabsnap-s-notes.txt").path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: notOurs))

        let next = try PrivateFolder.makeSweepingDead(prefix: "tabsnap-s")
        let exists = { (path: String) in FileManager.default.fileExists(atPath: path) }
        XCTAssertTrue(exists(ours.path), "a live process's folder is kept")
        XCTAssertFalse(exists(reusedPID), "no lock: swept though its PID runs")
        XCTAssertTrue(exists(otherNamespace), "locked: kept though its PID is free here")
        XCTAssertTrue(exists(justMade), "made a moment ago: kept")
        XCTAssertTrue(exists(notOurs))
        XCTAssertTrue(exists(next.path))
    }
}
