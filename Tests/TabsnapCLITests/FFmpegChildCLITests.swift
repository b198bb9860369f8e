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
        let (status, stderr, peak) = try spawnMeasured(["animate", folder.appendingPathComponent("bar.yaml").path, "-o",
                                                        folder.appendingPathComponent("a.mp4").path, "--frames", "3", "--quiet"], environment: environment)
        XCTAssertEqual(status, 2)
        XCTAssertTrue(stderr.hasPrefix("error: ") && stderr.hasSuffix("a.mp4: ffmpeg failed: the real reason\n"), stderr)
        XCTAssertEqual(stderr.filter { $0 == "\n" }.count, 1, "one line")
        XCTAssertLessThan(peak, 200_000, "kilobytes at tabsnap's peak")
    }

    /// Runs tabsnap and reads its own peak memory (wait4's rusage: this child only, not every
    /// child this test process has had).
    private func spawnMeasured(_ arguments: [String], environment: [String: String]) throws -> (Int32, String, Int) {
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let errors = folder.appendingPathComponent("stderr.txt").path
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else { throw NSError(domain: "spawn", code: 1) }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (code, try String(contentsOfFile: errors, encoding: .utf8), usage.ru_maxrss)
    }
}
