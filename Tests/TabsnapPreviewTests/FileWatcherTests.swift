import Foundation
@testable import TabsnapPreview
import XCTest

final class FileWatcherTests: XCTestCase {
    /// Editors save by renaming a new file over the old: the watch is on the folder, so it sees that.
    func testSeesAnAtomicSaveAndIgnoresOtherFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let watched = folder.appendingPathComponent("spec.yaml").standardizedFileURL
        try "a: 1".write(to: watched, atomically: false, encoding: .utf8)
        let seen = expectation(description: "change seen")
        let paths = Locked<[Set<String>]>([])
        let watcher = FileWatcher { changed in
            paths.set(paths.value + [changed])
            seen.fulfill()
        }
        XCTAssertTrue(watcher.usesInotify)
        watcher.watch([watched.path])
        watcher.start()
        defer { watcher.stop() }
        try "other".write(to: folder.appendingPathComponent("unrelated.txt"), atomically: true, encoding: .utf8)
        try "a: 2".write(to: watched, atomically: true, encoding: .utf8)  // a temporary renamed over it
        wait(for: [seen], timeout: 5)
        XCTAssertEqual(paths.value.first, [watched.path])
    }

    /// Round 44 F3: a spec folder moved away with another put at its path kept being watched (a
    /// watch follows the folder): new specs at the path were never seen. The move is a change of
    /// everything watched there, and the next `watch` watches the folder now at the path.
    func testAFolderReplacedAtItsPathIsWatchedAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-watch-\(UUID().uuidString)")
        let specs = root.appendingPathComponent("specs").standardizedFileURL
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = specs.appendingPathComponent("a.yaml")
        try "a: 1".write(to: spec, atomically: false, encoding: .utf8)
        let batches = Locked<[Set<String>]>([])
        let watcher = FileWatcher { changed in batches.set(batches.value + [changed]) }
        watcher.watch([spec.path], folders: [specs.path])
        watcher.start()
        defer { watcher.stop() }
        func waitFor(_ path: String) -> Bool {
            for _ in 0..<100 where !batches.value.contains(where: { $0.contains(path) }) { Thread.sleep(forTimeInterval: 0.05) }
            return batches.value.contains { $0.contains(path) }
        }
        let replacement = root.appendingPathComponent("specs2")
        try FileManager.default.createDirectory(at: replacement, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: specs, to: root.appendingPathComponent("specs.old"))
        try FileManager.default.moveItem(at: replacement, to: specs)
        XCTAssertTrue(waitFor(specs.path), "\(batches.value)")
        XCTAssertTrue(batches.value.contains { $0.contains(spec.path) }, "\(batches.value)")
        // As the server does after each change: watch what the suite reads now.
        watcher.watch([spec.path], folders: [specs.path])
        let added = specs.appendingPathComponent("new.yaml")
        try "b: 1".write(to: added, atomically: true, encoding: .utf8)
        XCTAssertTrue(waitFor(added.path), "\(batches.value)")
    }

    /// A folder moved away and put back a moment later (a checkout): the watch at its path failed
    /// while nothing was there, and nothing told it to try again. Its parent is watched from the
    /// move on, and a subfolder's watch does not stay with the moved folder.
    func testAFolderPutBackLaterIsWatchedAgainWithItsSubfolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-watch-\(UUID().uuidString)")
        let specs = root.appendingPathComponent("specs").standardizedFileURL, icons = specs.appendingPathComponent("icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let spec = specs.appendingPathComponent("a.yaml"), icon = icons.appendingPathComponent("i.svg")
        try "a: 1".write(to: spec, atomically: false, encoding: .utf8)
        try "<svg/>".write(to: icon, atomically: false, encoding: .utf8)
        let batches = Locked<[Set<String>]>([])
        let watcher = FileWatcher { changed in batches.set(batches.value + [changed]) }
        watcher.watch([spec.path, icon.path], folders: [specs.path])
        watcher.start()
        defer { watcher.stop() }
        func waitFor(_ path: String) -> Bool {
            for _ in 0..<100 where !batches.value.contains(where: { $0.contains(path) }) { Thread.sleep(forTimeInterval: 0.05) }
            return batches.value.contains { $0.contains(path) }
        }
        try FileManager.default.moveItem(at: specs, to: root.appendingPathComponent("specs.bak"))
        XCTAssertTrue(waitFor(specs.path), "\(batches.value)")
        watcher.watch([spec.path, icon.path], folders: [specs.path])  // nothing at the path yet
        batches.set([])
        try FileManager.default.copyItem(at: root.appendingPathComponent("specs.bak"), to: specs)
        XCTAssertTrue(waitFor(specs.path), "\(batches.value)")
        watcher.watch([spec.path, icon.path], folders: [specs.path])
        batches.set([])
        try "<svg></svg>".write(to: icon, atomically: true, encoding: .utf8)
        XCTAssertTrue(waitFor(icon.path), "\(batches.value)")
        // The moved copy's subfolder is not the watched one any more.
        batches.set([])
        try "<svg/>".write(to: root.appendingPathComponent("specs.bak/icons/i.svg"), atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertFalse(batches.value.contains { $0.contains(icon.path) }, "\(batches.value)")
    }
}
