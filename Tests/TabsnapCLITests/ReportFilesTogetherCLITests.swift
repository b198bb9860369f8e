import Foundation
import XCTest

/// A command's report files take their names together: when one cannot be written (a full disk,
/// here a file-size limit that the JSON fits under and the JUnit does not), none is replaced, so
/// CI never reads a new JSON beside an old JUnit (hostile round 22).
extension CLITests {
    func testLintReportFilesAreWrittenAllOrNone() throws {
        try assertAllOrNone(["lint"], exitWhenWritten: 1)
    }

    func testCheckReportFilesAreWrittenAllOrNone() throws {
        // The golden recorded first, so the run under the limit passes and writes no artifact.
        let spec = String(repeating: "s", count: 200) + ".yaml"
        try write("width: 200\nscale: 1\nbutton: {style: icon}\nitems: [{icon: star}, {icon: heart}]\n", to: spec)
        XCTAssertEqual(try runTabsnap(["check", "--snapshots", "goldens", spec], environment: ["CI": "", "TABSNAP_RECORD": ""]).status, 0)
        try assertAllOrNone(["check", "--snapshots", "goldens"], exitWhenWritten: 0)
    }

    /// Runs `command` on a spec with a long name (the JUnit names it three times a finding; a
    /// check's HTML report is larger still), then again under a file-size limit that only the
    /// largest of its report files exceeds: the last to be written.
    private func assertAllOrNone(_ command: [String], exitWhenWritten: Int32) throws {
        let spec = String(repeating: "s", count: 200) + ".yaml"
        if command.first == "lint" {
            try write("width: 200\nscale: 1\nbutton: {style: icon}\nitems: [{icon: star}, {icon: heart}]\n", to: spec)
        }
        let files = command.first == "lint" ? ["--json": "a.json", "--junit": "b.xml"] : ["--json": "a.json", "--junit": "b.xml", "--report": "c.html"]
        let outputs = files.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let first = try runTabsnap(command + [spec] + outputs, environment: ["CI": ""])
        XCTAssertEqual(first.status, exitWhenWritten, first.stderr)
        let sizes = try files.values.map { ($0, try Data(contentsOf: folder.appendingPathComponent($0)).count) }.sorted { $0.1 < $1.1 }
        let (largest, second) = (sizes[sizes.count - 1], sizes[sizes.count - 2])
        XCTAssertGreaterThan(largest.1 - second.1, 200, "one file is clearly the largest: \(sizes)")
        XCTAssertEqual(largest.0, command.first == "lint" ? "b.xml" : "c.html", "the largest is written last")

        for name in files.values { try FileManager.default.removeItem(at: folder.appendingPathComponent(name)) }
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let (process, errors) = try runProcess("/usr/bin/prlimit", ["--fsize=\((largest.1 + second.1) / 2)", binary] + command + [spec] + outputs)
        XCTAssertEqual(process.terminationStatus, 2, errors)
        XCTAssertTrue(errors.contains("\(largest.0): cannot write (File too large)"), errors)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { files.values.contains($0) || $0.contains(".tabsnap-") }
        XCTAssertEqual(left, [], "no report written, no temporary left")
    }
}

extension CLITests {
    /// A new demo folder is made whole or not at all: under a file-size limit that the first
    /// pictures fit and an animation does not, nothing is left (hostile round 28: a full disk
    /// left 22 pictures and a ledger, no index.html).
    func testADemoThatCannotFinishLeavesNoFolder() throws {
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        let (process, errors) = try runProcess("/usr/bin/prlimit", ["--fsize=60000", binary, "demo", "-o", "demo"])
        XCTAssertEqual(process.terminationStatus, 2, errors)
        XCTAssertTrue(errors.contains("cannot write (File too large)"), errors)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("demo").path), "the new folder is gone")
    }
}

extension CLITests {
    /// Hostile round 80 F2: `animate -o a.png --sheet s.png` on a full disk failed at the sheet
    /// but left the new, complete animation in place (its writer renamed it as it finished). The
    /// animation, in every format, and its sheet take their names together: under a file-size
    /// limit the animation fits and the sheet does not, the earlier animation stays as it was, and
    /// a new name gets nothing.
    func testAnAnimationAndItsSheetAreWrittenAllOrNone() throws {
        try write("width: 300\nscale: 1\nitems: [Home, Search, Profile]\ntransition: {to: 2, frames: 12}\n", to: "s.yaml")
        let hasFFmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].contains { FileManager.default.isExecutableFile(atPath: $0) }
        let outputs = ["a.png", "a.gif", "a.webp", "frames/"] + (hasFFmpeg ? ["a.mp4"] : [])
        var largest = 0, sheet = Int.max
        for output in outputs {
            let run = try runTabsnap(["animate", "s.yaml", "-o", output, "--sheet", "sheet.png", "--quiet"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let files = output.hasSuffix("/") ? try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(output).path).map { output + $0 } : [output]
            for file in files { largest = max(largest, try Data(contentsOf: folder.appendingPathComponent(file)).count) }
            sheet = min(sheet, try Data(contentsOf: folder.appendingPathComponent("sheet.png")).count)
        }
        XCTAssertGreaterThan(sheet - largest, 2_000, "the sheet (\(sheet) bytes) is clearly larger than every animation file (\(largest))")
        let before = try outputs.map { try snapshotOf($0) }
        try write("width: 300\nscale: 1\nitems: [Home, Search, Profile]\ntransition: {to: 2, frames: 10}\n", to: "s.yaml")
        let binary = Bundle.main.bundleURL.appendingPathComponent("tabsnap").path
        for (output, earlier) in zip(outputs + ["new.png", "new/"], before + [[:], [:]]) {
            let (process, errors) = try runProcess("/usr/bin/prlimit", ["--fsize=\((largest + sheet) / 2)", binary, "animate", "s.yaml", "-o", output,
                                                                         "--sheet", output.hasPrefix("new") ? "new-sheet.png" : "sheet.png", "--quiet"])
            XCTAssertEqual(process.terminationStatus, 2, "\(output): \(errors)")
            XCTAssertTrue(errors.contains("sheet.png: cannot write (File too large)"), "\(output): \(errors)")
            XCTAssertEqual(try snapshotOf(output), earlier, "\(output): the earlier animation as it was, or none")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new-sheet.png").path))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tabsnap-") }
        XCTAssertEqual(left, [], "no temporary left")
    }

    /// A file's bytes, or a folder's files' bytes by name; empty when there is nothing there.
    private func snapshotOf(_ output: String) throws -> [String: Data] {
        let url = folder.appendingPathComponent(output)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [:] }
        guard isFolder.boolValue else { return [output: try Data(contentsOf: url)] }
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) { files[name] = try Data(contentsOf: url.appendingPathComponent(name)) }
        return files
    }
}
