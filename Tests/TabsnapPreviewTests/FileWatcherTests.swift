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
}
