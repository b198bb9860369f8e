import Foundation
@testable import TabsnapCheck
import TabsnapFiles
import XCTest

/// The golden walk leaves out what is mounted inside the goldens folder (`--prune` deleted another
/// project's goldens bind-mounted there: hostile round 140), by the mount table. Hostile round
/// 142: the table was read through Foundation, which stopped at 4 096 bytes of /proc's file, so
/// on a host of some 35 mounts a mount listed after them was entered and its goldens pruned; and
/// where the table could not be read, every folder was entered.
final class MountTableTests: XCTestCase {
    private var root: URL!
    private var mounted: [URL] = []

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-mounts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("gold/same"), withIntermediateDirectories: true)
        try Data("ours".utf8).write(to: root.appendingPathComponent("gold/ours.png"))
        try Data("ours too".utf8).write(to: root.appendingPathComponent("gold/same/orphan.png"))
    }

    override func tearDownWithError() throws {
        for point in mounted.reversed() { _ = Self.run("/usr/bin/umount", [point.path]) }
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    /// The mount id the system gives the folder at `path` (0: it does not say).
    private static func mountID(_ path: String) -> UInt64 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        defer { if descriptor >= 0 { close(descriptor) } }
        return descriptor >= 0 ? MountID.of(descriptor) : 0
    }

    private static func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Mounts a small tmpfs at `relative` (made first), holding `file` if given.
    private func mountTmpfs(at relative: String, holding file: String? = nil) throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else {
            throw XCTSkip("mounts file systems: needs root (CI runs as root)")
        }
        let point = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        guard Self.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tabsnap-test", point.path]) == 0 else {
            throw XCTSkip("the system refused a tmpfs mount")
        }
        mounted.append(point)
        if let file { try Data("not ours".utf8).write(to: point.appendingPathComponent(file)) }
    }

    private var goldens: [String] {
        GoldenOwnership.goldenFiles(in: root.appendingPathComponent("gold"), artifacts: root.appendingPathComponent("gold/.failures")).names
    }

    func testAMountListedPastTheTablesFirstPageIsNotEntered() throws {
        // Mounts enough to take the table past 4 096 bytes (each line is some 100), then one
        // inside the goldens folder, listed after them.
        for index in 0..<48 { try mountTmpfs(at: "many/m\(index)") }
        try mountTmpfs(at: "gold/other", holding: "theirs.png")
        let table = try XCTUnwrap(MountPoints.all())
        XCTAssertTrue(table.contains(Array(root.appendingPathComponent("gold/other").resolvingSymlinksInPath().path.utf8)),
                      "the mount made last is in the table (\(table.count) mounts read)")
        XCTAssertEqual(goldens, ["ours.png", "same/orphan.png"])
        // And by the table alone, as before Linux 5.8.
        MountID.isAsked = false
        defer { MountID.isAsked = true }
        XCTAssertEqual(goldens, ["ours.png", "same/orphan.png"])
    }

    func testWithoutTheMountTableNoFolderInsideTheGoldensIsEntered() throws {
        // (A plain folder: a bind mount of the same file system looks no different without the
        // table or statx's mount ids, so none is entered. Needs no root.)
        XCTAssertEqual(goldens, ["ours.png", "same/orphan.png"], "with the table")
        let table = MountPoints.tablePath
        MountPoints.tablePath = root.appendingPathComponent("no-table").path
        defer { MountPoints.tablePath = table }
        if Self.mountID(root.path) != 0 {
            XCTAssertEqual(goldens, ["ours.png", "same/orphan.png"], "statx's mount ids tell without the table")
        }
        // (As before Linux 5.8.)
        MountID.isAsked = false
        defer { MountID.isAsked = true }
        XCTAssertNil(MountPoints.all())
        // (A bind mount of the same file system has the same device: no folder is known not to be one.)
        XCTAssertEqual(goldens, ["ours.png"], "without it, no folder is entered")
        // And that is said, never silent.
        XCTAssertEqual(GoldenOwnership.goldenFiles(in: root.appendingPathComponent("gold"), artifacts: root.appendingPathComponent("gold/.failures")).unentered,
                       ["same"])
        // Hostile round 144: a file that is no mount table (one mounted over /proc's) is as
        // unreadable, not "no mounts"; a table of mount lines is read (in a chroot, without "/").
        let garbage = root.appendingPathComponent("garbage")
        try Data("preset: tabBar\nitems: [A, B]\n".utf8).write(to: garbage)
        MountPoints.tablePath = garbage.path
        XCTAssertNil(MountPoints.all())
        XCTAssertEqual(goldens, ["ours.png"])
        let lines = root.appendingPathComponent("lines")
        try Data("22 1 8:1 / /srv/jail rw,relatime shared:1 - ext4 /dev/sda1 rw\n40 22 0:5 / /srv/jail/my\\040gold rw - tmpfs tmpfs rw\n".utf8).write(to: lines)
        MountPoints.tablePath = lines.path
        XCTAssertEqual(MountPoints.all(), [Array("/srv/jail".utf8), Array("/srv/jail/my gold".utf8)])
    }

    /// Hostile round 147: a golden the walk reaches past PATH_MAX (it opens a folder at a time)
    /// cannot be looked at by its path: it was called "no file of its own", and a plain check said
    /// nothing. It is named among what was not looked into.
    func testAGoldenPastThePathLimitIsNamedAsNotLookedInto() throws {
        let name = String(repeating: "d", count: 200)
        let script = "set -e; cd '\(root.appendingPathComponent("gold").path)'; for i in $(seq 21); do mkdir -p \(name); cd \(name); done; printf x > deep.png"
        XCTAssertEqual(Self.run("/bin/bash", ["-c", script]), 0)
        let found = GoldenOwnership.goldenFiles(in: root.appendingPathComponent("gold"), artifacts: root.appendingPathComponent("gold/.failures"))
        XCTAssertEqual(found.names, ["ours.png", "same/orphan.png"])
        XCTAssertEqual(found.unentered.count, 1)
        XCTAssertTrue(found.unentered.first?.hasSuffix("/deep.png") ?? false, "\(found.unentered)")
        XCTAssertEqual(found.notFiles, [])
        _ = Self.run("/bin/rm", ["-rf", root.appendingPathComponent("gold/" + name).path])
    }

    /// Hostile round 145: a well-formed table of another's (bind-mounted over /proc's, in a
    /// namespace) listed no mount inside the goldens folder, and a tmpfs there was walked into.
    /// Where the system says which mount a folder is on, that decides, not the table.
    func testAMountInsideTheGoldensIsNotEnteredWhateverTheTableSays() throws {
        try XCTSkipIf(Self.mountID(root.path) == 0, "the system does not say which mount a folder is on (before Linux 5.8)")
        try mountTmpfs(at: "gold/other", holding: "theirs.png")
        let foreign = root.appendingPathComponent("foreign")
        try Data("22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw\n".utf8).write(to: foreign)
        let table = MountPoints.tablePath
        MountPoints.tablePath = foreign.path
        defer { MountPoints.tablePath = table }
        XCTAssertEqual(MountPoints.all(), [Array("/".utf8)], "read as a table")
        XCTAssertEqual(goldens, ["ours.png", "same/orphan.png"])
    }

    /// Hostile round 143: a folder bind-mounted inside the goldens folder while `--prune` ran
    /// was walked into by the removal (the table is read once, before). Each folder a removal
    /// opens is on the goldens folder's own mount, or nothing is removed there: a bind mount of
    /// the same file system has the same device, but not the same mount id.
    func testABindMountOfTheSameFileSystemIsAnotherMount() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/mount") else {
            throw XCTSkip("makes a bind mount: needs root (CI runs as root)")
        }
        let elsewhere = root.appendingPathComponent("elsewhere"), point = root.appendingPathComponent("gold/bound")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: point, withIntermediateDirectories: true)
        func mount(_ path: String) -> UInt64 {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY)
            defer { close(descriptor) }
            return MountID.of(descriptor)
        }
        let gold = mount(root.appendingPathComponent("gold").path)
        XCTAssertNotEqual(gold, 0, "the system says which mount a folder is on")
        XCTAssertEqual(mount(root.appendingPathComponent("gold/same").path), gold)
        guard Self.run("/usr/bin/mount", ["--bind", elsewhere.path, point.path]) == 0 else { throw XCTSkip("the system refused the bind mount") }
        mounted.append(point)
        var pointInfo = stat(), goldInfo = stat()
        XCTAssertEqual(stat(point.path, &pointInfo), 0)
        XCTAssertEqual(stat(root.appendingPathComponent("gold").path, &goldInfo), 0)
        XCTAssertEqual(pointInfo.st_dev, goldInfo.st_dev, "the same file system")
        XCTAssertNotEqual(mount(point.path), gold, "another mount")
    }
}
