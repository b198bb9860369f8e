import Foundation
import Tabsnap
import XCTest

/// `render` and `animate` draw a spec's variants from the command line — `--theme`,
/// `--direction`, `--text-scale` — exactly as the spec's own keys draw them, so a dark,
/// right-to-left or large-text picture needs no copy of the spec (issue 31).
extension CLITests {
    func testVariantOptionsDrawWhatTheSpecsKeysDraw() throws {
        let base = "preset: buttonBar\nwidth: 320\nscale: 1\nitems: [Home, Search, Profile]\n"
        try write(base, to: "plain.yaml")
        try write(base + "theme: dark\ndirection: rtl\ntextScale: 1.5\nlocale: pseudo-accented\n", to: "keyed.yaml")
        for (command, out) in [(["render"], "png"), (["animate", "--frames", "4"], "gif")] {
            let options = ["--theme", "dark", "--direction", "rtl", "--text-scale", "1.5", "--locale", "pseudo-accented"]
            XCTAssertEqual(try runTabsnap([command[0], "plain.yaml", "-o", "a.\(out)"] + command.dropFirst() + options).status, 0)
            XCTAssertEqual(try runTabsnap([command[0], "keyed.yaml", "-o", "b.\(out)"] + command.dropFirst()).status, 0)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("a.\(out)")), try Data(contentsOf: folder.appendingPathComponent("b.\(out)")),
                           "\(command[0]) with the options draws the spec with the keys")
            XCTAssertEqual(try runTabsnap([command[0], "plain.yaml", "-o", "c.\(out)"] + command.dropFirst()).status, 0)
            XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent("a.\(out)")), try Data(contentsOf: folder.appendingPathComponent("c.\(out)")))
        }
        // A factor, and the options override the spec's own keys.
        try write(base + "theme: dark\ndirection: rtl\ntextScale: 1.5\n", to: "keyed-no-locale.yaml")
        XCTAssertEqual(try runTabsnap(["render", "keyed-no-locale.yaml", "-o", "d.png", "--theme", "light", "--direction", "ltr", "--text-scale", "1"]).status, 0)
        XCTAssertEqual(try runTabsnap(["render", "plain.yaml", "-o", "e.png"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("d.png")), try Data(contentsOf: folder.appendingPathComponent("e.png")))
        // A Dynamic Type size by name is its factor.
        let factor = Limits.format(DynamicTypeSize.accessibility2.textScale)
        XCTAssertEqual(try runTabsnap(["render", "plain.yaml", "-o", "f.png", "--text-scale", "accessibility2"]).status, 0)
        XCTAssertEqual(try runTabsnap(["render", "plain.yaml", "-o", "g.png", "--text-scale", factor]).status, 0)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("f.png")), try Data(contentsOf: folder.appendingPathComponent("g.png")), factor)
    }

    func testVariantOptionsAreCheckedAsTheSpecsKeysAre() throws {
        try write("preset: tabBar\nwidth: 320\nitems: [{title: Home, icon: star}, {title: Search, icon: heart}]\n", to: "tabs.yaml")
        var run = try runTabsnap(["animate", "tabs.yaml", "-o", "t.gif", "--text-scale", "xxxLarge"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--text-scale: tabBar keeps its text size at every text scale"), run.stderr)
        // Round 33: the default size is what the bar draws anyway: taken, so one command line
        // serves every spec.
        XCTAssertEqual(try runTabsnap(["render", "tabs.yaml", "-o", "l.png", "--text-scale", "large"]).status, 0)
        XCTAssertEqual(try runTabsnap(["render", "tabs.yaml", "-o", "m.png"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("l.png")), try Data(contentsOf: folder.appendingPathComponent("m.png")))
        run = try runTabsnap(["render", "tabs.yaml", "-o", "t.png", "--text-scale", "hughe"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("unknown text size 'hughe'"), run.stderr)
        run = try runTabsnap(["render", "tabs.yaml", "-o", "t.png", "--text-scale", "4.5"])
        XCTAssertTrue(run.stderr.contains("4.5 is out of range; expected 0.5…4"), run.stderr)
        XCTAssertTrue(try runTabsnap(["render", "tabs.yaml", "-o", "t.png", "--text-scale", "0x2"]).stderr.contains("unknown text size '0x2'"))
        run = try runTabsnap(["render", "tabs.yaml", "-o", "t.png", "--direction", "up"])
        XCTAssertEqual(run.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.png").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.gif").path))
    }

    /// A GIF blends partly transparent pixels over the page white by default; `--matte none`
    /// keeps one bit of alpha and says how many pixels change colour (issue 31).
    func testGIFMatteOption() throws {
        try write("width: 200\nscale: 1\nbackground: clear\nitems: [One, Two]\nbutton: {tint: '#00000080'}\n", to: "clear.yaml")
        var run = try runTabsnap(["animate", "clear.yaml", "-o", "white.gif", "--frames", "3", "--quiet"])
        XCTAssertEqual(run.status, 0)
        XCTAssertFalse(run.stderr.contains("warning"), run.stderr)
        run = try runTabsnap(["animate", "clear.yaml", "-o", "none.gif", "--frames", "3", "--quiet", "--matte", "none"])
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("warning: none.gif: ") && run.stderr.contains("are partly transparent"), run.stderr)
        XCTAssertEqual(try runTabsnap(["animate", "clear.yaml", "-o", "dark.gif", "--frames", "3", "--matte", "#1C1C1E"]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: folder.appendingPathComponent("white.gif")), try Data(contentsOf: folder.appendingPathComponent("dark.gif")))
        run = try runTabsnap(["animate", "clear.yaml", "-o", "x.webp", "--matte", "none"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("--matte: only a GIF"), run.stderr)
        XCTAssertTrue(try runTabsnap(["animate", "clear.yaml", "-o", "x.gif", "--matte", "#12"]).stderr.contains("expected a colour"))
    }

    /// `--near-lossless` is WebP's, 0…100, and not with `--quality`.
    func testNearLosslessOption() throws {
        try write("width: 200\nscale: 1\nitems: [One, Two]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["animate", "bar.yaml", "-o", "n.webp", "--frames", "3", "--near-lossless", "60", "--quiet"]).status, 0)
        let file = try Data(contentsOf: folder.appendingPathComponent("n.webp"))
        XCTAssertEqual(Array(file.prefix(4)) + Array(file.dropFirst(8).prefix(4)), Array("RIFFWEBP".utf8), "a WebP (its figures: WebPSettingsTests)")
        for (arguments, message) in [(["-o", "x.gif", "--near-lossless", "60"], "--near-lossless: only a .webp output has it"),
                                     (["-o", "x.webp", "--near-lossless", "101"], "--near-lossless: 101 is out of range; expected 0…100"),
                                     (["-o", "x.webp", "--near-lossless", "60", "--quality", "50"], "--near-lossless and --quality: give one of them")] {
            let run = try runTabsnap(["animate", "bar.yaml"] + arguments)
            XCTAssertEqual(run.status, 2)
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
    }
}
