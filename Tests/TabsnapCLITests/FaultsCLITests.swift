import Foundation
import Tabsnap
import TabsnapCheck
import XCTest

/// Issue 11's faults: an interrupted, killed or disk-starved run leaves nothing half-written and
/// no temporary behind (or, after SIGKILL, none once the next run has looked at the folder).
extension CLITests {
    /// Long enough to be interrupted mid-way on any machine.
    private static let long = "width: 300\nscale: 1\nitems: [A, B, C]\ntransition: {from: 0, to: 2, frames: 4000}\nsnapshots: {transition: true}\n"

    private func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value.isEmpty ? nil : value }
        process.environment = merged
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Every path under the test folder, relative, sorted.
    private func everything() -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var paths: [String] = []
        while let path = walker?.nextObject() as? String { paths.append(path) }
        return paths.sorted()
    }

    /// Waits until a temporary of ours appears anywhere under the folder: the run is mid-write.
    private func waitForTemporary(_ process: Process) {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline {
            if everything().contains(where: { $0.contains(".tabsnap-") }) { return }
            usleep(20_000)
        }
    }

    func testInterruptedRunsLeaveNothing() throws {
        try write(Self.long, to: "s.yaml")
        let runs: [[String]] = [["animate", "s.yaml", "-o", "frames/", "--quiet"], ["animate", "s.yaml", "-o", "out.png", "--quiet"],
                                ["check", "s.yaml", "--snapshots", "goldens", "--record", "all"]]
        for arguments in runs {
            for signal in [SIGINT, SIGTERM] {
                let process = try start(arguments)
                waitForTemporary(process)
                XCTAssertTrue(process.isRunning, "\(arguments) finished before it could be interrupted")
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationStatus, 128 + signal, "\(arguments), signal \(signal)")
                // Goldens recorded before the signal are whole (each is written atomically); nothing else stays.
                let left = everything().filter { $0 != "goldens" }
                for golden in left where golden.hasPrefix("goldens/") {
                    XCTAssertNoThrow(try SnapshotComparison.load(folder.appendingPathComponent(golden)), golden)
                    try FileManager.default.removeItem(at: folder.appendingPathComponent(golden))
                }
                // `check` makes its state folder `.tabsnap` first, whole with its `.gitignore` or
                // not at all (stopped while making it: it had been left without its .gitignore).
                let rest = left.filter { !$0.hasPrefix("goldens/") }
                let whole = arguments[0] == "check" ? [".tabsnap", ".tabsnap/.gitignore", "s.yaml"] : ["s.yaml"]
                XCTAssertTrue(rest == whole || rest == ["s.yaml"], "\(arguments), signal \(signal): \(rest)")
            }
        }
    }

    /// Hostile round 46 (M2): `animate -o DIR/` stopped while frames were still being written
    /// left its staging folder in most runs: the clean-up listed and removed the frames by path
    /// while the next frame landed in the folder, so the folder was no longer empty to remove.
    func testAFrameFolderStoppedMidFrameLeavesNoStaging() throws {
        // Small frames, many of them: they land faster than a clean-up by path could remove them.
        try write("width: 48\nheight: 20\nscale: 1\nitems: [A, B]\ntransition: {from: 0, to: 1, frames: 10000}\n", to: "s.yaml")
        for attempt in 0..<8 {
            let process = try start(["animate", "s.yaml", "-o", "frames/", "--quiet"])
            // Stopped with frames landing fast: once the staging folder holds several hundred (a race,
            // so eight tries: the old clean-up left the folder in two runs of three).
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline {
                let top = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                let staging = top.first { $0.contains(".tabsnap-") }
                let count = staging.flatMap { try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent($0).path).count } ?? 0
                if count > 500 + 100 * attempt { break }
                usleep(2_000)
            }
            XCTAssertTrue(process.isRunning, "finished before it could be stopped")
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
            XCTAssertEqual(everything(), ["s.yaml"], "attempt \(attempt)")
        }
    }

    /// Round 52: a check stopped by a signal left the empty folders it had made for goldens it
    /// could not write (each spec's in a folder of its own here, on a full disk: its still
    /// failed, its long transition is being drawn): none is left now; and a run holding the
    /// goldens folder (as every run does while it writes there) keeps a failed run from
    /// removing what it made.
    func testAStoppedOrFailedCheckLeavesNoEmptyFoldersItMade() throws {
        for index in 0..<40 {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("many/f\(index)"), withIntermediateDirectories: true)
            try write(Self.long, to: "many/f\(index)/s.yaml")
        }
        func emptyFolders(_ root: String) -> [String] {
            var empty: [String] = []
            let walker = FileManager.default.enumerator(atPath: folder.appendingPathComponent(root).path)
            while let path = walker?.nextObject() as? String {
                let contents = try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(root + "/" + path).path)
                if contents?.isEmpty == true { empty.append(path) }
            }
            return empty
        }
        // The check's own state folder (.tabsnap/) made first: on a full disk a check that
        // cannot make it refuses to run at all.
        try write("width: 200\nscale: 1\nitems: [A, B]\n", to: "warm.yaml")
        XCTAssertEqual(try runTabsnap(["check", "warm.yaml", "--snapshots", "warm", "--record", "missing"]).status, 0)
        var stopped = 0
        for attempt in 0..<4 {
            let goldens = "gold\(attempt)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "ulimit -f 0; exec \"$0\" \"$@\"", Bundle.main.bundleURL.appendingPathComponent("tabsnap").path,
                                 "check", "many", "--snapshots", goldens, "--record", "all"]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(60)
            while process.isRunning, Date() < deadline, !exists(goldens) { usleep(2_000) }
            usleep(UInt32(20_000 * attempt))
            guard process.isRunning else { continue }
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
            stopped += 1
            XCTAssertFalse(exists(goldens), "attempt \(attempt): \(emptyFolders(goldens))")
        }
        XCTAssertGreaterThan(stopped, 0, "no run could be stopped mid-way")
        // Held by another run: what a failed run made stays (it is the other's to write into).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("held"), withIntermediateDirectories: true)
        for name in ["small/f1", "small/f2", "other/f3"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            try write("width: 200\nscale: 1\nitems: [A, B]\n", to: name + "/s.yaml")
        }
        let other = open(folder.appendingPathComponent("held").path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(other, 0)
        XCTAssertEqual(flock(other, LOCK_SH), 0)
        let shell = "ulimit -f 0; exec \"$0\" \"$@\""
        let failed = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path, "check", "small",
                                     "--snapshots", "held", "--record", "all"], program: "/bin/bash")
        XCTAssertNotEqual(failed.status, 0)
        close(other)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("held").path).sorted(), ["f1", "f2"].sorted(),
                       "kept while another run holds the folder")
        let alone = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path, "check", "other",
                                    "--snapshots", "held", "--record", "all"], program: "/bin/bash")
        XCTAssertNotEqual(alone.status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("held").path).sorted(), ["f1", "f2"],
                       "f3, made by a run alone, is removed; the folder itself was there")
    }

    /// Round 53 (serious): a preview holding a folder as its goldens folder keeps it locked
    /// shared, and `demo` or `gallery` writing there waited for ever for its ledger's exclusive
    /// lock. The wait is bounded: a one-line error, nothing written.
    func testAFolderLockedByAnotherProgramIsAnErrorNotAHang() throws {
        XCTAssertEqual(try runTabsnap(["demo", "-o", "gal"]).status, 0)
        let before = everything()
        let holder = open(folder.appendingPathComponent("gal").path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        XCTAssertEqual(flock(holder, LOCK_SH), 0)
        defer { close(holder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("gal/rtl.pdf"))
        let run = try runTabsnap(["60", Bundle.main.bundleURL.appendingPathComponent("tabsnap").path, "demo", "-o", "gal"], program: "/usr/bin/timeout")
        XCTAssertEqual(run.status, 2, "124 is a hang: \(run.stderr)")
        XCTAssertTrue(run.stderr.contains("gal: is locked (flock) by another program for over 10 s"), run.stderr)
        XCTAssertEqual(everything(), before.filter { $0 != "gal/rtl.pdf" }, "nothing written")
    }

    /// Round 36 (minor): a GIF or WebP run draws its frames before its output's temporary
    /// exists, and the handlers were installed with the first temporary: a SIGTERM then ended
    /// the run by the signal itself, not with the shell's status the README promises.
    func testASignalBeforeAnyTemporaryExitsWithTheShellsStatus() throws {
        try write(Self.long, to: "s.yaml")
        for output in ["out.gif", "out.webp"] {
            let process = try start(["animate", "s.yaml", "-o", output, "--quiet"])
            usleep(500_000)  // started, drawing the first of 4 000 frames
            XCTAssertTrue(process.isRunning, "\(output) finished before it could be interrupted")
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, output)
            XCTAssertEqual(process.terminationStatus, 128 + SIGTERM, output)
            XCTAssertEqual(everything(), ["s.yaml"], output)
        }
    }

    /// Round 41 (minor): `gallery -o NEW` stopped by SIGTERM left the new folder with the
    /// pictures drawn so far and no index.html; a full disk already had it removed. A new folder
    /// is made whole or not at all, interrupted too; an earlier gallery's folder is kept.
    func testAnInterruptedGalleryLeavesNoNewFolder() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B, C]\n", to: "specs/a.yaml")
        try write(Self.long, to: "specs/s.yaml")
        let gallery = folder.appendingPathComponent("gallery")
        let process = try start(["gallery", "specs", "-o", "gallery"])
        let deadline = Date().addingTimeInterval(60)
        func pictures() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: gallery.path)) ?? []).filter { !$0.hasPrefix(".") && $0.hasSuffix(".png") }
        }
        while process.isRunning, Date() < deadline, pictures().isEmpty { usleep(10_000) }
        XCTAssertFalse(pictures().isEmpty, "a picture was written")
        XCTAssertTrue(process.isRunning, "the gallery finished before it could be interrupted")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        XCTAssertEqual(everything(), ["specs", "specs/a.yaml", "specs/s.yaml"], "the new folder is gone")
    }

    /// Round 42 F2: `gallery -o DIR` with DIR moved away while it ran (and a link to a user's
    /// folder put in its place) wrote everything into the moved folder and said "Wrote … to DIR",
    /// exit 0. It says where the gallery is, exit 2, and the link's target is untouched.
    func testAGalleryFolderMovedAwayWhileItIsFilledIsSaid() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("victim"), withIntermediateDirectories: true)
        try write("mine", to: "victim/index.html")
        try write("width: 300\nscale: 1\nitems: [A, B, C]\n", to: "specs/a.yaml")
        try write(Self.long.replacingOccurrences(of: "4000", with: "1500"), to: "specs/s.yaml")
        let gallery = folder.appendingPathComponent("gallery"), moved = folder.appendingPathComponent("gallery.moved")
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
        process.arguments = ["gallery", "specs", "-o", "gallery"]
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline, !FileManager.default.fileExists(atPath: gallery.appendingPathComponent("a.png").path) { usleep(5_000) }
        XCTAssertTrue(process.isRunning, "the gallery finished before its folder could be moved")
        try FileManager.default.moveItem(at: gallery, to: moved)
        try FileManager.default.createSymbolicLink(at: gallery, withDestinationURL: folder.appendingPathComponent("victim"))
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 2, message)
        XCTAssertTrue(message.contains("gallery: was moved away (or something put in its place) while tabsnap ran; the gallery files are in the folder it wrote into, now at \(moved.path)"),
                      message)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("victim").path), ["index.html"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: moved.appendingPathComponent("index.html").path), "the gallery is whole where it went")
    }

    func testAKilledRunsLeftoversGoWithTheNextRun() throws {
        try write(Self.long, to: "s.yaml")
        for arguments in [["animate", "s.yaml", "-o", "frames/", "--quiet"], ["check", "s.yaml", "--snapshots", "goldens", "--record", "all"]] {
            // A temporary seen may be renamed into place before the kill lands (a loaded
            // machine): then the kill is tried again, up to three times.
            var leftover = false
            for _ in 0..<3 where !leftover {
                let process = try start(arguments)
                waitForTemporary(process)
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                leftover = everything().contains { $0.contains(".tabsnap-") }
            }
            XCTAssertTrue(leftover, "SIGKILL cannot be cleaned up after by the process itself")
            // The next run in the same place sweeps what the dead process left.
            try write("width: 300\nscale: 1\nitems: [A, B]\ntransition: {to: 1, frames: 2}\n", to: "s.yaml")
            let again = try runTabsnap(arguments)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertFalse(everything().contains { $0.contains(".tabsnap-") }, "\(arguments): \(everything())")
            try write(Self.long, to: "s.yaml")
        }
    }

    /// Round 42's suite run: a run killed while it made `.tabsnap` left the folder's staging
    /// (`..tabsnap.tabsnap-PID-….tmp`) beside it, and no later run swept it. The leftover is made
    /// here with a killed run's own temporary name, so its process is known to be dead.
    func testAStateFolderStagingLeftByAKilledRunIsSwept() throws {
        try write(Self.long, to: "s.yaml")
        let process = try start(["animate", "s.yaml", "-o", "out.png", "--quiet"])
        waitForTemporary(process)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let temporary = try XCTUnwrap(everything().first { $0.hasPrefix(".out.png.tabsnap-") })
        let leftover = "..tabsnap" + temporary.dropFirst(".out.png".count)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(leftover), withIntermediateDirectories: true)
        // What StateFolder puts there (a staging folder holding anything else is not swept).
        try write("# Made by tabsnap: what it keeps here (failure pictures, the last run's failures) is never committed.\n*\n", to: leftover + "/.gitignore")
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["check", "s.yaml", "--snapshots", "goldens", "--record", "all"]).status, 0)
        XCTAssertFalse(everything().contains { $0.contains(".tabsnap-") }, "\(everything())")
    }

    /// A folder Tabsnap makes is made whole or not at all (hostile round 15: on a full disk
    /// `check` left `.tabsnap/` without its `.gitignore`, which no later run added, and `gallery`
    /// an empty folder).
    func testFoldersAreNotLeftHalfMadeOnAFullDisk() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["TABSNAP_SANITIZER"] != nil,
                      "a sanitizer's runtime faults under a file-size limit (ulimit -f) before Tabsnap runs")
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "s.yaml")
        for arguments in [["check", "s.yaml", "--snapshots", "goldens", "--record", "all"], ["demo", "-o", "gallery"],
                          ["gallery", "s.yaml", "-o", "pictures"]] {
            let shell = "ulimit -f 0; exec \"$0\" \"$@\""
            let run = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path] + arguments,
                                     program: "/bin/bash")
            XCTAssertNotEqual(run.status, 0, "\(arguments)")
            // A goldens folder the check made and recorded nothing into goes too (round 50).
            XCTAssertEqual(everything(), ["s.yaml"], "\(arguments): \(run.stderr)")
        }
        // Every folder the check made in or as the goldens folder goes (a golden in a spec
        // subfolder's folder, the last part of a goldens folder of several new parts); a
        // goldens folder that was there, empty, stays.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs/menus"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "specs/menus/m.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("kept"), withIntermediateDirectories: true)
        for goldens in ["deep/er/gold", "kept"] {
            let arguments = ["check", "specs", "--snapshots", goldens, "--record", "all"]
            let shell = "ulimit -f 0; exec \"$0\" \"$@\""
            let run = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path] + arguments, program: "/bin/bash")
            XCTAssertNotEqual(run.status, 0, "\(arguments)")
            // Parents made for the goldens folder stay: another run may be making its own
            // goldens folder beside it (round 53).
            XCTAssertEqual(everything().filter { $0 != "deep" && $0 != "deep/er" }, ["kept", "s.yaml", "specs", "specs/menus", "specs/menus/m.yaml"],
                           "\(arguments): \(run.stderr)")
        }
        XCTAssertEqual(try runTabsnap(["check", "s.yaml", "--snapshots", "goldens", "--record", "all"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".tabsnap/.gitignore").path))
        // The folders a check makes are remembered without holding them open: 200 golden
        // subfolders under a limit of 64 open files (each held a descriptor: the review).
        for index in 0..<200 {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("many/f\(index)"), withIntermediateDirectories: true)
            try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "many/f\(index)/s.yaml")
        }
        let shell = "ulimit -n 64; exec \"$0\" \"$@\""
        let many = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path, "check", "many", "--snapshots", "many-goldens",
                                   "--record", "missing"], program: "/bin/bash")
        XCTAssertEqual(many.status, 0, String(many.stderr.prefix(500)))
    }

    func testAFullDiskIsAOneLineErrorForEveryWriter() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["TABSNAP_SANITIZER"] != nil,
                      "a sanitizer's runtime faults under a file-size limit (ulimit -f) before Tabsnap runs")
        try write("width: 300\nscale: 2\nitems: [Home, Search, Profile]\ntransition: {to: 2, frames: 40}\n", to: "s.yaml")
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "ok.png"]).status, 0)
        let writers: [[String]] = [
            ["render", "s.yaml", "-o", "out.png"], ["render", "s.yaml", "-o", "out.svg"], ["render", "s.yaml", "-o", "out.pdf"],
            ["animate", "s.yaml", "-o", "out.png", "--quiet"], ["animate", "s.yaml", "-o", "frames/", "--quiet"],
            ["animate", "s.yaml", "-o", "f2/", "--quiet", "--svg"],
            ["animate", "s.yaml", "-o", "x.png", "--quiet", "--sheet", "sheet.png", "--frames", "2"],
            ["check", "s.yaml", "--snapshots", "goldens", "--record", "all"],
            ["diff", "ok.png", "ok.png", "--out", "d.png"],
            ["demo", "-o", "gallery"],
        ]
        let before = everything()
        for arguments in writers {
            // `ulimit -f 2`: files may grow to 2 KB, as on a disk that is full; Tabsnap ignores
            // SIGXFSZ, so the write fails with an error instead of killing the process.
            let shell = "ulimit -f 2; exec \"$0\" \"$@\""
            let run = try runTabsnap(["-c", shell, Bundle.main.bundleURL.appendingPathComponent("tabsnap").path] + arguments,
                                     program: "/bin/bash")
            let label = arguments.joined(separator: " ")
            XCTAssertNotEqual(run.status, 0, label)
            let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") || $0.hasPrefix("ERROR ") }
            XCTAssertFalse(errors.isEmpty, "\(label): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("File too large"), "\(label): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("Fatal error") || run.stderr.contains("Backtrac"), "\(label): \(run.stderr)")
            // `.tabsnap/` holds check's record of what failed: small, and whole when there.
            XCTAssertEqual(everything().filter { !["goldens", "gallery", "frames", "f2"].contains($0) && !$0.hasPrefix(".tabsnap") }, before,
                           "\(label): nothing half-written")
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".tabsnap/last-run.json").path) {
                XCTAssertNoThrow(try LastRun.read(folder.appendingPathComponent(".tabsnap/last-run.json")), label)
            }
        }
    }
}

