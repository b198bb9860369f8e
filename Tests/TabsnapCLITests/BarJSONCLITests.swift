import Foundation
import Tabsnap
import XCTest

extension CLITests {
    /// A Bar encoded to JSON is a spec `tabsnap render` accepts, drawing the same pixels as the
    /// spec it came from (icon files are written as absolute paths, hence the flag).
    func testAnEncodedBarRendersLikeItsSpec() throws {
        let specs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/specs")
        for name in ["icon-files", "mistica-tabs-3", "segmented-pill", "rtl"] {
            let spec = specs.appendingPathComponent("\(name).yaml")
            let json = folder.appendingPathComponent("\(name).json")
            try JSONEncoder().encode(try SpecLoader.load(contentsOf: spec)).write(to: json)
            let fromSpec = try runTabsnap(["render", spec.path, "-o", "spec.png"])
            let fromJSON = try runTabsnap(["render", json.path, "--allow-outside-icons", "-o", "json.png"])
            XCTAssertEqual([fromSpec.status, fromJSON.status], [0, 0], fromSpec.stderr + fromJSON.stderr)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("json.png")),
                           try Data(contentsOf: folder.appendingPathComponent("spec.png")), name)
        }
    }

    /// The library words an outside icon without naming a flag; every command adds the flag.
    func testOutsideIconAdviceNamesTheFlag() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).write(to: folder.appendingPathComponent("outside.svg"))
        try Data("width: 100\nitems: [{title: A, icon: ../outside.svg}]\n".utf8).write(to: folder.appendingPathComponent("specs/s.yaml"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        for arguments in [["render", "specs/s.yaml", "-o", "x.png"], ["check", "specs", "--snapshots", "goldens"]] {
            let run = try runTabsnap(arguments)
            XCTAssertNotEqual(run.status, 0)
            XCTAssertTrue(run.stderr.contains("is outside the spec's folder") && run.stderr.contains("(--allow-outside-icons allows other places)"),
                          "\(arguments[0]): \(run.stderr)")
        }
    }

    /// --format names the output's format when its extension does not.
    func testFormatOptionOverridesTheExtension() throws {
        try Data("width: 100\nitems: [A]\n".utf8).write(to: folder.appendingPathComponent("s.yaml"))
        XCTAssertEqual(try runTabsnap(["render", "s.yaml", "-o", "bar.image", "--format", "svg"]).status, 0)
        XCTAssertTrue(try String(contentsOf: folder.appendingPathComponent("bar.image"), encoding: .utf8).hasPrefix("<?xml"))
        let refused = try runTabsnap(["render", "s.yaml", "-o", "bar"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("no file extension to tell the format; use .png, .svg or .pdf, or --format"), refused.stderr)
    }
}
