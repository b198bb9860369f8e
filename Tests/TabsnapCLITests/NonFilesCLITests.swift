import Foundation
import XCTest

/// A path that is no file — a symbolic link to nothing, a loop of links, a FIFO, a socket — is
/// said in the same words by every command that reads or lists it, once, and nothing is deleted
/// because of it (hostile round 50's minor findings).
extension CLITests {
    /// Makes `name` in the test folder: a link to nothing, a loop, a FIFO or a socket.
    private func makeNonFile(_ name: String, kind: String) throws {
        let path = folder.appendingPathComponent(name).path
        switch kind {
        case "dangling": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "gone-\(name)")
        case "loop":
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "\(name).2")
            try FileManager.default.createSymbolicLink(atPath: path + ".2", withDestinationPath: name)
        case "fifo": XCTAssertEqual(mkfifo(path, 0o644), 0)
        default:
            let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            XCTAssertEqual(bound, 0, "bind \(path)")
            close(socket)
        }
    }

    private static let nonFiles = [("dangling", "is a symbolic link to nothing (its target is missing)"), ("loop", "is a loop of symbolic links"),
                                   ("fifo", "is a FIFO (a named pipe)"), ("socket", "is a socket")]

    func testASpecThatIsNoFileIsSaidAlikeByEveryCommand() throws {
        for (kind, what) in Self.nonFiles {
            try makeNonFile("\(kind).yaml", kind: kind)
            for arguments in [["render", "\(kind).yaml", "-o", "out.png"], ["layout", "\(kind).yaml"], ["a11y", "\(kind).yaml"]] {
                let run = try runTabsnap(arguments)
                XCTAssertEqual(run.status, 2, "\(arguments)")
                XCTAssertEqual(run.stderr, "error: \(kind).yaml: \(what); give a regular file\n", "\(arguments)")
            }
            let check = try runTabsnap(["check", "\(kind).yaml", "--snapshots", "gold", "--record", "missing"])
            XCTAssertEqual(check.status, 2)
            XCTAssertTrue((check.stdout + check.stderr).contains("\(kind).yaml: \(what); give a regular file"), check.stdout + check.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    /// Such a spec given by name is that spec's error, as an unreadable spec is: the others
    /// are checked (the review of round 50's fixes: the run was refused); a link to a FIFO is
    /// said as one, as the folder listing says it.
    func testASpecGivenByNameThatIsNoFileIsItsOwnErrorAndTheOthersRun() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "a.yaml")
        try makeNonFile("fifo.yaml", kind: "fifo")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("to-fifo.yaml").path, withDestinationPath: "fifo.yaml")
        let run = try runTabsnap(["check", "a.yaml", "fifo.yaml", "to-fifo.yaml", "--snapshots", "gold", "--record", "missing"])
        XCTAssertEqual(run.status, 2, run.stdout + run.stderr)
        let said = run.stdout + run.stderr
        XCTAssertTrue(said.contains("NEW a.png"), said)
        XCTAssertTrue(said.contains("ERROR fifo.yaml: fifo.yaml: is a FIFO (a named pipe); give a regular file"), said)
        XCTAssertTrue(said.contains("to-fifo.yaml: is a symbolic link to a FIFO (a named pipe); give a regular file"), said)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold/a.png").path))
        let lint = try runTabsnap(["lint", "a.yaml", "fifo.yaml"])
        XCTAssertEqual(lint.status, 2, lint.stdout + lint.stderr)
        XCTAssertTrue((lint.stdout + lint.stderr).contains("fifo.yaml: is a FIFO (a named pipe); give a regular file"), lint.stdout + lint.stderr)
        // One entry named twice, or given and found in a folder given, is one error.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sp"), withIntermediateDirectories: true)
        try makeNonFile("sp/d.yaml", kind: "dangling")
        let twice = try runTabsnap(["check", "sp", "sp/d.yaml", "./sp/d.yaml", "a.yaml", "--snapshots", "gold"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual((twice.stdout + twice.stderr).components(separatedBy: "is a symbolic link to nothing").count, 2, twice.stdout + twice.stderr)
        // Reading one says it as the listing does: a link to a FIFO is a link to a FIFO.
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("to-fifo.png").path, withDestinationPath: "fifo.yaml")
        for (arguments, name) in [(["render", "to-fifo.yaml", "-o", "x.png"], "to-fifo.yaml"), (["render", "a.yaml", "-o", "to-fifo.png"], "to-fifo.png")] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.stderr.contains("\(name): is a symbolic link to a FIFO (a named pipe)"), "\(arguments): \(run.stderr)")
        }
        // An output on a link to nothing says so, as a spec there is said.
        try makeNonFile("out.png", kind: "dangling")
        let render = try runTabsnap(["render", "a.yaml", "-o", "out.png"])
        XCTAssertEqual(render.status, 2)
        XCTAssertTrue(render.stderr.contains("out.png: is a symbolic link to nothing (its target is missing), not a regular file; not replacing it"), render.stderr)
    }

    func testAGoldensOrArtifactsFolderThatIsNoFolderIsSaidOnceAtTheStart() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "s.yaml")
        try makeNonFile("dangling", kind: "dangling")
        try makeNonFile("fifo", kind: "fifo")
        try makeNonFile("socket", kind: "socket")
        let cases = [(["--snapshots", "dangling"], "--snapshots: dangling is a symbolic link to nothing (its target is missing)"),
                     (["--snapshots", "fifo"], "--snapshots: fifo is a FIFO (a named pipe), not a folder"),
                     (["--snapshots", "s.yaml"], "--snapshots: s.yaml is a file, not a folder"),
                     (["--snapshots", "gold", "--artifacts", "socket"], "--artifacts: socket is a socket, not a folder")]
        for (options, message) in cases {
            let run = try runTabsnap(["check", "s.yaml", "--record", "missing"] + options)
            XCTAssertEqual(run.status, 2, "\(options)")
            XCTAssertEqual(run.stderr, "error: \(message)\n", "\(options)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gold").path), "\(options): nothing recorded")
        }
    }

    func testPruneNamesGoldenNamesOnNoFileAndLeavesThem() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "specs/s.yaml")
        XCTAssertEqual(try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing"]).status, 0)
        try makeNonFile("gold/gone.png", kind: "dangling")
        try makeNonFile("gold/pipe.png", kind: "fifo")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("gold/latest.png").path, withDestinationPath: "s.png")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("gold/old.png"), withIntermediateDirectories: true)
        let expected = "left alone: 4 entries named as goldens but no files of their own (never read as goldens, never pruned): "
            + "gone.png is a symbolic link to nothing (its target is missing); latest.png is a symbolic link; old.png is a folder; pipe.png is a FIFO (a named pipe)"
        for extra in [["--dry-run"], []] {
            let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--prune", "--json", "report.json"] + extra)
            XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
            XCTAssertTrue(run.stdout.contains(expected), run.stdout)
            let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any]
            XCTAssertEqual(report?["notFiles"] as? [String], ["gone.png", "latest.png", "old.png", "pipe.png"])
        }
        for name in ["gone.png", "pipe.png", "latest.png", "old.png", "s.png"] {
            var info = stat()
            XCTAssertEqual(lstat(folder.appendingPathComponent("gold/\(name)").path, &info), 0, "\(name) left")
        }
        // Without --prune, a check does not speak of them.
        let plain = try runTabsnap(["check", "specs", "--snapshots", "gold"])
        XCTAssertFalse(plain.stdout.contains("left alone"), plain.stdout)
    }
}
