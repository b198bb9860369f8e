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

    func testAnFFmpegIgnoringSIGTERMDiesWithTabsnap() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        // Takes no frame, ignores SIGTERM, never exits.
        let environment = try fakeFFmpeg("echo $$ > \(folder.path)/ffmpeg.pid; trap '' TERM; exec sleep 1000")
        let process = Process()
        process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
        process.arguments = ["animate", "bar.yaml", "-o", "a.mp4", "--frames", "400", "--quiet"]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pidFile = folder.appendingPathComponent("ffmpeg.pid")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: pidFile.path) && Date() < deadline { usleep(20_000) }
        usleep(300_000)
        let pid = try XCTUnwrap(pid_t(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let sent = Date()
        process.terminate()
        process.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(sent), 5)
        XCTAssertEqual(process.terminationStatus, 143)
        usleep(100_000)
        XCTAssertNotEqual(kill(pid, 0), 0, "ffmpeg outlived tabsnap")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.mp4").path))
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
