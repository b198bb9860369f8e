import Foundation
import XCTest

/// Hostile round 21's findings that live on the command line.
extension CLITests {
    /// F2: `--font` brought any number of files (a folder of 300); the 32-file limit of a spec's
    /// `fonts:` holds for it too, and for both together.
    func testFontFilesFromTheCommandLineAreCountedToo() throws {
        let font = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TabsnapRenderTests/Fixtures/fonts/block-m.ttf")
        let bytes = try Data(contentsOf: font)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("many"), withIntermediateDirectories: true)
        for index in 0..<33 { try bytes.write(to: folder.appendingPathComponent("many/f\(index).ttf")) }
        try write("width: 200\nitems: [Home]\n", to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "out.png", "--font", "many"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--font many: more than 32 font files; --font brings at most 32"), run.stderr)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("many/f32.ttf"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("own"), withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent("own/mine.ttf"))
        try write("width: 200\nitems: [Home]\nfonts: [own/mine.ttf]\n", to: "s.yaml")
        let both = try runTabsnap(["render", "s.yaml", "-o", "out.png", "--font", "many"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("fonts: 33 font files with --font's; a bar draws with at most 32"), both.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }

    /// F7: JSON on standard output that cannot be written (a full disk) was lost with exit 0.
    func testStandardOutputThatCannotBeWrittenIsAnError() throws {
        try write("width: 200\nitems: [Home, Search]\n", to: "s.yaml")
        let (process, message) = try runProcess(Bundle.main.bundleURL.appendingPathComponent("tabsnap").path, ["layout", "s.yaml"],
                                                output: try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
        XCTAssertEqual(process.terminationStatus, 2, message)
        XCTAssertTrue(message.contains("standard output: cannot write (No space left on device)"), message)
    }

    /// F10: with /proc unmounted the Swift runtime has no arguments at all; tabsnap trapped
    /// (SIGILL). Needs root for a private mount namespace; skipped without.
    func testNoProcIsSaidNotTrapped() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            throw XCTSkip("needs root and unshare(1)")
        }
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let (process, message) = try runProcess("/usr/bin/unshare",
                                                ["--mount", "--propagation", "private", "sh", "-c", "umount -l /proc && exec '\(binary)' --version"])
        XCTAssertEqual(process.terminationStatus, 2, message)
        XCTAssertTrue(message.contains("tabsnap cannot read its command line (is /proc mounted?"), message)
    }

    /// F9: a span asking a regular-only brought family for `weight='normal'` inside a semibold
    /// title was refused as "asks for semibold"; it asks for regular, and gets it.
    func testAMarkupSpanAsksForItsOwnWeight() throws {
        try writeDejaVuSans(as: "brand.ttf", family: "Brand Sans!")
        let spec = "preset: buttonBar\nwidth: 300\nfonts: [brand.ttf]\nbutton: {font: Inter semibold 17}\nitems: [{markup: \"<span face='Brand Sans!' weight='WEIGHT'>Home</span>\"}, B]\n"
        try write(spec.replacingOccurrences(of: "WEIGHT", with: "normal"), to: "s.yaml")
        let run = try runTabsnap(["render", "s.yaml", "-o", "out.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        try write(spec.replacingOccurrences(of: "WEIGHT", with: "bold"), to: "s.yaml")
        let bold = try runTabsnap(["render", "s.yaml", "-o", "bold.png"])
        XCTAssertEqual(bold.status, 2, "the family has no bold: still refused")
        XCTAssertTrue(bold.stderr.contains("bold"), bold.stderr)
    }
}

extension CLITests {
    /// F8: `report merge` wrote into the run's spec, goldens and artifacts folders (which its
    /// reports name); the next check then refused the artifacts folder or read the report as a spec.
    func testAMergeWritesNothingIntoTheRunsFolders() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nscale: 1\nitems: [Home, Search]\n", to: "specs/a.yaml")
        try write("width: 200\nscale: 1\nitems: [Inbox, Me]\n", to: "specs/b.yaml")
        for index in 1...2 {
            let run = try runTabsnap(["check", "specs", "--snapshots", "gold", "--shard", "\(index)/2", "--json", "s\(index).json", "--record", "missing"],
                                     environment: ["CI": "", "TABSNAP_RECORD": ""])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        for (option, path, message) in [("--json", "specs/m.json", "would be read as a spec by the next run"),
                                         ("--report", "gold/m.html", "is inside the goldens folder gold"),
                                         ("--report", ".tabsnap/failures/m.html", "is inside the artifacts folder .tabsnap/failures")] {
            let merge = try runTabsnap(["report", "merge", "s1.json", "s2.json", option, path])
            XCTAssertEqual(merge.status, 2, path)
            XCTAssertTrue(merge.stderr.contains("\(option): \(path) \(message)"), merge.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), path)
        }
        XCTAssertEqual(try runTabsnap(["report", "merge", "s1.json", "s2.json", "--report", "merged.html"]).status, 0)
    }
}

extension CLITests {
    /// F4: with no room for another thread (ulimit -u, a container's pids limit) GLib trapped
    /// when pango started its font thread: SIGTRAP, no message. Now one line and exit 2. Needs
    /// root (to run as nobody under a limit) and setpriv(1); skipped without.
    func testNoRoomForThreadsIsSaid() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv(1)")
        }
        try write("width: 200\nitems: [Home, Search]\n", to: "s.yaml")
        chmod(folder.path, 0o777)
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        // Nobody must reach the built tool: a checkout in a private folder (fresh-machine's
        // mkdtemp, 0700) is not reachable, and the run would test only a permission error.
        let (reach, _) = try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/bash", "-c", "test -x '\(binary)'"])
        guard reach.terminationStatus == 0 else { throw XCTSkip("nobody cannot reach \(binary) (a checkout in a private folder)") }
        for limit in [1, 2, 3] {
            let (process, message) = try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/bash", "-c",
                                                                        "ulimit -u \(limit); exec '\(binary)' render s.yaml -o out.png"])
            XCTAssertEqual(process.terminationReason, .exit, "ulimit -u \(limit): a signal: \(message)")
            XCTAssertTrue([0, 2].contains(process.terminationStatus), "ulimit -u \(limit): \(message)")
            if process.terminationStatus == 2 {
                XCTAssertTrue(message.contains("thread") && message.split(separator: "\n").count == 1, message)
            }
        }
    }
}

extension CLITests {
    /// Round 41 (minor): under `ulimit -v 400000` a check's worker threads took the address
    /// space with malloc's per-thread reservations (64 MB each), pango could not start its font
    /// thread and the run stopped (the message blamed `ulimit -u`). With the address space
    /// limited, malloc keeps two arenas: check and demo run at 700 MB. Round 42 F1: under
    /// 200–300 MB commands crashed at random (Swift stops a program whose allocation fails):
    /// a limit under 512 MB is one line at the start, exit 2, nothing written.
    func testAnAddressSpaceLimitIsRunInOrRefusedAtTheStart() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["TABSNAP_SANITIZER"] != nil, "a sanitizer's runtime reserves terabytes of address space")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [A, B, C]\n", to: "specs/s.yaml")
        try write("width: 300\nscale: 1\nitems: [A, B, C]\ntransition: {to: 2, frames: 30}\nsnapshots: {transition: true}\n", to: "specs/t.yaml")
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        for (command, output) in [("check specs --snapshots goldens --record all", "goldens"), ("demo -o demo", "demo")] {
            let (refused, message) = try runProcess("/bin/bash", ["-c", "ulimit -v 250000; exec '\(binary)' \(command)"])
            XCTAssertEqual(refused.terminationStatus, 2, "\(command): \(message)")
            XCTAssertEqual(message, "error: the address space this process may use (ulimit -v 250000) is below the 512 MB tabsnap needs; "
                           + "raise the limit (ulimit -v 524288 or more) or lift it\n")
            XCTAssertFalse(exists(output), command)
            let (process, said) = try runProcess("/bin/bash", ["-c", "ulimit -v 700000; exec '\(binary)' \(command)"])
            XCTAssertEqual(process.terminationReason, .exit, "\(command): \(said)")
            XCTAssertEqual(process.terminationStatus, 0, "\(command): \(said)")
        }
    }
}

extension CLITests {
    /// Runs `executable` in the test's folder (standard output to `output`, else a pipe nobody
    /// reads past 64 KB) and returns it ended, with what it wrote to standard error.
    func runProcess(_ executable: String, _ arguments: [String], output: FileHandle? = nil) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = output ?? Pipe()
        try process.run()
        process.waitUntilExit()
        return (process, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}

extension CLITests {
    /// Round 42 F7: `layout` (and `a11y`) took no `--direction`, `--theme` or `--text-scale`, so
    /// the geometry `render --direction rtl` draws from could not be printed. They take the
    /// variant as `render` does.
    func testLayoutPrintsTheVariantRenderDraws() throws {
        try write("width: 300\nitems: [Home, Inbox, Search]\n", to: "s.yaml")
        func layout(_ extra: [String]) throws -> [String: Any] {
            let run = try runTabsnap(["layout", "s.yaml"] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        }
        func firstButtonX(_ json: [String: Any]) throws -> Double {
            let buttons = try XCTUnwrap(json["buttons"] as? [[String: Any]])
            let frame = try XCTUnwrap(buttons.first?["frame"] as? [String: Any])
            return try XCTUnwrap((frame["x"] as? NSNumber)?.doubleValue)
        }
        let ltr = try layout([]), rtl = try layout(["--direction", "rtl"]), large = try layout(["--text-scale", "accessibility3"])
        XCTAssertEqual(rtl["direction"] as? String, "rtl")
        XCTAssertGreaterThan(try firstButtonX(rtl), try firstButtonX(ltr), "the first button is on the right")
        XCTAssertGreaterThan(try XCTUnwrap((large["height"] as? NSNumber)?.doubleValue), try XCTUnwrap((ltr["height"] as? NSNumber)?.doubleValue))
        XCTAssertEqual(try runTabsnap(["a11y", "s.yaml", "--theme", "dark", "--direction", "rtl"]).status, 0)
    }
}
