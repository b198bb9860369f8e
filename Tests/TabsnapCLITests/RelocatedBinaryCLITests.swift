import Foundation
import XCTest

/// A `tabsnap` copied or installed away from its build folder finds its fonts, example specs and
/// preview page beside itself, or says in one line what is missing and where it looked. On
/// 0.15.0 a copied binary died with "Fatal error: could not load resource bundle" (SIGILL).
extension CLITests {
    private var built: URL { Bundle.main.bundleURL }

    /// The binary alone in a folder of its own.
    private func copiedBinary() throws -> URL {
        let bin = folder.appendingPathComponent("prefix/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("tabsnap")
        try FileManager.default.copyItem(at: built.appendingPathComponent("tabsnap"), to: copy)
        return copy
    }

    func testAnInstalledBinaryReadsItsResourcesFromShare() throws {
        let binary = try copiedBinary()
        let share = folder.appendingPathComponent("prefix/share/tabsnap")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: root.appendingPathComponent("Fonts"), to: share.appendingPathComponent("fonts"))
        try FileManager.default.copyItem(at: root.appendingPathComponent("Examples/specs"), to: share.appendingPathComponent("examples"))
        try FileManager.default.copyItem(at: root.appendingPathComponent("Sources/TabsnapPreview/Page"), to: share.appendingPathComponent("preview"))
        try write("width: 300\nitems: [Home, Search]\n", to: "bar.yaml")
        // Pointed at the installed layout (and nowhere else) by TABSNAP_RESOURCES.
        let installed = ["TABSNAP_RESOURCES": share.path]
        let render = try runTabsnap(["render", "bar.yaml", "-o", "bar.png"], environment: installed, program: binary.path)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("bar.png")),
                       try Data(contentsOf: { () throws -> URL in
                           let run = try runTabsnap(["render", "bar.yaml", "-o", "built.png"])
                           XCTAssertEqual(run.status, 0, run.stderr)
                           return folder.appendingPathComponent("built.png")
                       }()), "the same picture as the built binary's")
        let demo = try runTabsnap(["demo", "-o", "gallery"], environment: installed, program: binary.path)
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gallery/index.html").path))
    }

    func testMissingResourcesAreOneLineErrorsNotTraps() throws {
        let binary = try copiedBinary()
        try write("width: 300\nitems: [Home, Search]\n", to: "bar.yaml")
        let nowhere = ["TABSNAP_RESOURCES": folder.appendingPathComponent("nowhere").path]
        for (arguments, what) in [(["render", "bar.yaml", "-o", "bar.png"], "bundled fonts"), (["demo", "-o", "gallery"], "example specs"),
                                  (["preview", "bar.yaml", "--port", "0"], "preview page files")] {
            let run = try runTabsnap(arguments, environment: nowhere, program: binary.path)
            XCTAssertNotEqual(run.status, 0, "\(arguments)")
            XCTAssertLessThan(run.status, 128, "\(arguments): a trap or a signal: \(run.stderr)")
            let lines = run.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("Tabsnap's \(what) are missing: looked in \(folder.path)/nowhere/"), "\(arguments): \(run.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("bar.png").path))
    }
}
