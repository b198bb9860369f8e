import Foundation
@testable import TabsnapCheck
import TabsnapFiles
import XCTest

/// Review of round 140: the golden walk told mount points by the mount table alone, so where it
/// cannot be read (no /proc, or one mounted over) every folder was entered, and `--prune` could
/// delete what another file system mounted inside the goldens folder holds. A folder on another
/// device than the goldens folder's is then taken for a mount point.
final class UnreadableMountTableTests: XCTestCase {
    func testWithoutTheMountTableAnotherFileSystemInsideTheGoldensIsNotEntered() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else {
            throw XCTSkip("mounts a tmpfs: needs root (CI runs as root)")
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-mounts-\(UUID().uuidString)")
        let mounted = root.appendingPathComponent("gold/other")
        try FileManager.default.createDirectory(at: mounted, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/usr/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=1m", "tabsnap-test", mounted.path]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else { throw XCTSkip("the system refused the tmpfs mount") }
        defer {
            let umount = Process()
            umount.executableURL = URL(fileURLWithPath: "/usr/bin/umount")
            umount.arguments = [mounted.path]
            try? umount.run()
            umount.waitUntilExit()
        }
        try Data("not ours".utf8).write(to: mounted.appendingPathComponent("theirs.png"))
        try Data("ours".utf8).write(to: root.appendingPathComponent("gold/ours.png"))
        let artifacts = root.appendingPathComponent("gold/.failures")
        XCTAssertEqual(GoldenOwnership.goldenFiles(in: root.appendingPathComponent("gold"), artifacts: artifacts).names, ["ours.png"], "with the table")
        let table = MountPoints.tablePath
        MountPoints.tablePath = root.appendingPathComponent("no-table").path
        defer { MountPoints.tablePath = table }
        XCTAssertNil(MountPoints.all())
        XCTAssertEqual(GoldenOwnership.goldenFiles(in: root.appendingPathComponent("gold"), artifacts: artifacts).names, ["ours.png"],
                       "without it, the folder on another device is still not entered")
    }
}
