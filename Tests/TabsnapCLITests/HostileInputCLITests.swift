import Foundation
import Tabsnap
import XCTest

/// Issue 11's crash class: inputs that trapped with a backtrace are one-line errors, exit 2, with
/// nothing written — every number from input is range-checked once, against `Limits`.
extension CLITests {
    private struct Hostile {
        var spec: String
        var arguments: [String]
        var message: String
    }

    private static let bar = "width: 300\nscale: 1\nitems: [A, B]\n"

    private static let cases: [Hostile] = [
        // Canvases beyond cairo's 32 767 px (and our 16 384 px) limit.
        Hostile(spec: "width: 4096\nscale: 8\nitems: [A]\n", arguments: ["render", "s.yaml", "-o", "out.png"], message: "error: s.yaml: 32768×"),
        Hostile(spec: "width: 4000\nheight: 2000\nscale: 8\nitems: [A]\n", arguments: ["render", "s.yaml", "-o", "out.png"], message: "over the limit"),
        Hostile(spec: "width: 10000\nheight: 10000\nitems: [A]\n", arguments: ["render", "s.yaml", "-o", "out.svg"], message: "over the limit"),
        Hostile(spec: "width: 300\nitems: [A]\nbutton: {font: \"Inter 20000\"}\n", arguments: ["render", "s.yaml", "-o", "out.png"], message: "font size 20000"),
        Hostile(spec: "width: 300\nitems: [A]\nbutton: {font: \"Inter 1e300\"}\n", arguments: ["render", "s.yaml", "-o", "out.png"], message: "font size 1e+300"),
        Hostile(spec: "width: 300\nitems: [A]\ntextScale: 4\nbutton: {font: \"Inter bold 1000\"}\n", arguments: ["render", "s.yaml", "-o", "out.png"],
                message: "s.yaml:3:12: textScale: fonts would be drawn at 4000 pt"),
        Hostile(spec: bar, arguments: ["render", "s.yaml", "-o", "out.png", "--position", "1e19"], message: "--position: 1e+19 is out of range"),
        Hostile(spec: bar, arguments: ["layout", "s.yaml", "--position", "nan"], message: "--position: nan is out of range"),
        Hostile(spec: bar, arguments: ["render", "s.yaml", "-o", "out.png", "--scale", "inf"], message: "--scale: inf is out of range"),
        // --scale was not checked when the spec's transition or --step was used.
        Hostile(spec: bar + "transition: {to: 1, frames: 3}\n", arguments: ["animate", "s.yaml", "-o", "out.png", "--scale", "0"], message: "--scale: 0 is out"),
        Hostile(spec: bar + "transition: {to: 1, frames: 3}\n", arguments: ["animate", "s.yaml", "-o", "out.png", "--scale=-1"], message: "--scale: -1 is out"),
        Hostile(spec: bar, arguments: ["animate", "s.yaml", "-o", "out.png", "--scale", "nan", "--step", "{to: 1}"], message: "--scale: nan"),
        Hostile(spec: bar, arguments: ["animate", "s.yaml", "-o", "out.png", "--from", "1e19"], message: "--from: 1e+19"),
        // Easing parameters and frame counts that escaped the cap.
        Hostile(spec: bar, arguments: ["animate", "s.yaml", "-o", "out.png", "--easing", "cubic-bezier(0.5, 1e300, 0.5, 1)"], message: "y1 1e+300"),
        Hostile(spec: bar + "transition: {to: 1, easing: \"spring(0.7, 1e9)\"}\n", arguments: ["animate", "s.yaml", "-o", "out.png"],
                message: "s.yaml:4:29: transition.easing: spring: response"),
        Hostile(spec: bar + "transition: {to: 1, easing: \"spring(0.0001, 10)\"}\n", arguments: ["animate", "s.yaml", "-o", "out.png"],
                message: "frames; at most 10000"),
        Hostile(spec: bar + "transition: {steps: [{to: 1}, {hold: 600000}]}\n", arguments: ["animate", "s.yaml", "-o", "out.png"],
                message: "36022 frames; at most 10000"),
        Hostile(spec: bar + "transition: {to: 1, duration: 100000}\n", arguments: ["animate", "s.yaml", "-o", "out.png", "--fps", "240"],
                message: "24001 frames"),
        Hostile(spec: bar, arguments: ["animate", "s.yaml", "-o", "out.png", "--frames", "100000"], message: "--frames: 100000 is out of range"),
        Hostile(spec: bar, arguments: ["animate", "s.yaml", "-o", "out.png", "--fps", "0"], message: "--fps: 0 is out of range"),
        // Sizes of text, lists and alias expansion.
        Hostile(spec: "width: 300\nitems: [\"\(String(repeating: "x", count: 1_001))\"]\n", arguments: ["render", "s.yaml", "-o", "out.png"],
                message: "1001 characters; at most 1000"),
        Hostile(spec: "width: 300\nitems: [\(Array(repeating: "A", count: 101).joined(separator: ", "))]\n",
                arguments: ["render", "s.yaml", "-o", "out.png"], message: "101 items; a bar has at most 100"),
        Hostile(spec: "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
                + "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nwidth: 300\nitems: [A]\n",
                arguments: ["render", "s.yaml", "-o", "out.png"], message: "once its aliases are expanded"),
        // Markup attributes are checked too (pango dropped the title, with warnings on stderr).
        Hostile(spec: "width: 300\nitems: [{markup: '<span foreground=\"nope\">A</span>'}]\n", arguments: ["render", "s.yaml", "-o", "out.png"],
                message: "s.yaml:2:18: items[0].markup: <span foreground=\"nope\">: expected a colour"),
        // Values echoed in errors cannot forge lines or escape sequences.
        Hostile(spec: "width: 300\nitems: [A]\nindicator: {style: \"x\\nerror: forged \\e[31m\"}\n", arguments: ["render", "s.yaml", "-o", "out.png"],
                message: "unknown value 'x\\nerror: forged \\u{1B}[31m'"),
    ]

    func testHostileInputsAreOneLineErrorsAndWriteNothing() throws {
        for hostile in Self.cases {
            try write(hostile.spec, to: "s.yaml")
            let run = try runTabsnap(hostile.arguments)
            let label = hostile.arguments.joined(separator: " ")
            XCTAssertEqual(run.status, 2, "\(label): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.contains(hostile.message), "\(label): \(run.stderr)")
            XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "\(label): one line: \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("\u{1B}"), "\(label): no raw escape reaches the terminal")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["s.yaml"], "\(label): nothing written")
        }
    }

    func testSpecsAndIconsMustBeRegularFilesInsideTheSpecsFolder() throws {
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.svg").path, 0o644), 0)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("out.svg").path, withDestinationPath: "/etc/hostname")
        let cases: [(String, String)] = [
            ("{title: A, icon: pipe.svg}", "pipe.svg: is a FIFO (a named pipe); give a regular file"),  // was: hung forever
            ("{title: A, icon: /etc/hostname.svg}", "'/etc/hostname.svg' is outside the spec's folder"),
            ("{title: A, icon: /nonexistent/x.svg}", "'/nonexistent/x.svg' is outside the spec's folder"),  // same words: existence not revealed
            ("{title: A, icon: ../x.svg}", "'../x.svg' is outside the spec's folder"),
            ("{title: A, icon: out.svg}", "'out.svg' is outside the spec's folder"),  // a link that points out
        ]
        for (item, message) in cases {
            try write("preset: tabBar\nwidth: 300\nscale: 1\nitems: [\(item)]\n", to: "s.yaml")
            let run = try runTabsnap(["render", "s.yaml", "-o", "out.png"])
            XCTAssertEqual(run.status, 2, item)
            XCTAssertTrue(run.stderr.contains(message) && run.stderr.filter { $0 == "\n" }.count == 1, "\(item): \(run.stderr)")
        }
        // Allowed explicitly, an outside icon loads (and a missing one says so).
        try write("preset: tabBar\nwidth: 300\nscale: 1\nitems: [{title: A, icon: /nonexistent/x.svg}]\n", to: "s.yaml")
        XCTAssertTrue(try runTabsnap(["render", "s.yaml", "-o", "out.png", "--allow-outside-icons"]).stderr.contains("icon file not found"))
        let spec = try runTabsnap(["render", "pipe.svg", "-o", "out.png"])
        XCTAssertTrue(spec.status == 2 && spec.stderr.contains("pipe.svg: is a FIFO (a named pipe); give a regular file"), spec.stderr)
    }

    func testRecordAllReplacesACorruptGoldenOtherModesReportIt() throws {
        try write(Self.bar, to: "s.yaml")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("g"), withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: folder.appendingPathComponent("g/s.png"))
        let check = try runTabsnap(["check", "s.yaml", "--snapshots", "g"], environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertEqual(check.status, 2)
        XCTAssertTrue(check.stderr.contains("ERROR s.png: g/s.png: truncated PNG file"), check.stderr)
        let record = try runTabsnap(["check", "s.yaml", "--snapshots", "g", "--record", "all"])
        XCTAssertEqual(record.status, 0, record.stderr)
        XCTAssertTrue(record.stderr.contains("re-recorded g/s.png (was unreadable: truncated PNG file)"), record.stderr)
        XCTAssertEqual(try runTabsnap(["check", "s.yaml", "--snapshots", "g"], environment: ["CI": "true"]).status, 0)
    }
}
