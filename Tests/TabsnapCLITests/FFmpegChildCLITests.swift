import Foundation
import XCTest

/// The user's ffmpeg is a program Tabsnap does not control: one that never exits, ignores
/// SIGTERM or floods its standard error must not hang tabsnap, outlive it or fill its memory.
extension CLITests {
    private func fakeFFmpeg(_ script: String) throws -> [String: String] {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try write("#!/bin/sh\n\(script)\n", to: "bin/ffmpeg")
        chmod(bin.appendingPathComponent("ffmpeg").path, 0o755)
        return ["PATH": bin.path + ":/usr/bin:/bin"]
    }

    /// `tabsnap animate` of bar.yaml to an MP4 with 400 frames, running with `environment`.
    private func startAnimating(environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
        process.arguments = ["animate", "bar.yaml", "-o", "a.mp4", "--frames", "400", "--quiet"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The process id a fake ffmpeg wrote to `name` (waiting up to 10 s for it, then a moment more).
    private func waitForPid(in name: String) throws -> pid_t {
        let file = folder.appendingPathComponent(name)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: file.path) && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        return try XCTUnwrap(pid_t(try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testAnFFmpegIgnoringSIGTERMDiesWithTabsnap() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        // Takes no frame, ignores SIGTERM, never exits.
        let environment = try fakeFFmpeg("echo $$ > \(folder.path)/ffmpeg.pid; trap '' TERM; exec sleep 1000")
        let process = try startAnimating(environment: environment)
        let pid = try waitForPid(in: "ffmpeg.pid")
        let sent = Date()
        process.terminate()
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(sent), 5)
        XCTAssertEqual(process.terminationStatus, 143)
        usleep(100_000)
        XCTAssertNotEqual(kill(pid, 0), 0, "ffmpeg outlived tabsnap")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.mp4").path))
    }

    /// An ffmpeg that is a wrapper starting the encoder as its child (as shims do): killing the
    /// wrapper alone left the encoder running for good (hostile round 11, F2). The whole process
    /// group goes.
    func testWhatAWrapperFFmpegStartedDiesWithTabsnap() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        let environment = try fakeFFmpeg("sleep 1000 & echo $! > \(folder.path)/encoder.pid; wait")
        let process = try startAnimating(environment: environment)
        let encoder = try waitForPid(in: "encoder.pid")
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        usleep(200_000)
        XCTAssertFalse(Self.isRunning(encoder), "the wrapper's encoder outlived tabsnap")
    }

    /// An ffmpeg that takes every frame, writes its file and exits 0, leaving a helper that holds
    /// its standard error: tabsnap waited for the helper (130 s), then called the finished video
    /// a hang and threw it away (hostile round 11, F2). Its end is ffmpeg's own exit.
    func testAFinishedFFmpegIsDoneWhenItExitsNotWhenItsHelpersDo() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        // What it writes is an MP4's boxes (ftyp, then moov), which tabsnap checks (rounds 36, 41).
        let environment = try fakeFFmpeg("for last; do :; done; cat > /dev/null; printf '\\000\\000\\000\\020ftypisom\\000\\000\\000\\000\\000\\000\\000\\010moov' > \"$last\"; (sleep 60 & echo $! > \(folder.path)/helper.pid) ; exit 0")
        let started = Date()
        let run = try runTabsnap(["animate", "bar.yaml", "-o", "a.mp4", "--frames", "3", "--quiet"], environment: environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "done when ffmpeg exited")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a.mp4")), Data([0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 0, 0, 0, 0, 0, 8] + Array("moov".utf8)))
        let helper = try XCTUnwrap(pid_t(try String(contentsOf: folder.appendingPathComponent("helper.pid"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        usleep(100_000)
        XCTAssertFalse(Self.isRunning(helper), "what ffmpeg left running goes with it")
    }

    /// Whether `pid` is a live process (a killed one whose new parent has not reaped it yet is a
    /// zombie, which `kill(pid, 0)` still finds).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    func testAnFFmpegFloodingItsErrorsCostsNoMemory() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        // 300 MB on standard error, then a failure.
        let environment = try fakeFFmpeg("cat > /dev/null & head -c 300000000 /dev/zero >&2; echo >&2; echo 'the real reason' >&2; wait; exit 1")
        // Measured from a small parent (python's RUSAGE_CHILDREN): a child spawned from this big
        // test process would count the test's own memory as its peak.
        let measure = "import resource, subprocess, sys\n"
            + "run = subprocess.run(sys.argv[1:], stderr=subprocess.PIPE)\n"
            + "sys.stderr.buffer.write(run.stderr)\n"
            + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
            + "sys.exit(run.returncode)\n"
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let run = try runTabsnap(["-c", measure, binary, "animate", "bar.yaml", "-o", "a.mp4", "--frames", "3", "--quiet"],
                                 environment: environment, program: "/usr/bin/python3")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.hasSuffix("a.mp4: ffmpeg failed: the real reason\n"), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line")
        let peak = try XCTUnwrap(Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertLessThan(peak, 200_000, "kilobytes at tabsnap's peak")
    }
}
