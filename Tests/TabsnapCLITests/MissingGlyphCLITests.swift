import Foundation
import Tabsnap
import XCTest

/// A character no bundled or brought font has is an error naming it in every face — render,
/// check (and its report), the library — never a missing-glyph box with exit 0 (issue 29; the
/// preview's is in PreviewServerTests). Before the Noto fonts, a Japanese title drew boxes.
extension CLITests {
    func testAMissingGlyphIsAnErrorInRenderAndCheck() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 300\nscale: 1\nitems: [Home, \"受信𠀋\", {title: Inbox, badge: \"𓀀\"}]\n", to: "specs/tofu.yaml")
        let render = try runTabsnap(["render", "specs/tofu.yaml", "-o", "tofu.png"])
        XCTAssertEqual(render.status, 2)
        XCTAssertTrue(render.stderr.contains("specs/tofu.yaml"), render.stderr)
        XCTAssertTrue(render.stderr.contains("items[1].title: no bundled or brought font has 𠀋 (U+2000B); add a font that has it with fonts:"), render.stderr)
        XCTAssertEqual(render.stderr.split(separator: "\n").count, 1, render.stderr)
        try write("width: 300\nscale: 1\nitems: [Home, {title: Inbox, badge: \"𓀀\"}]\n", to: "badge.yaml")
        let badge = try runTabsnap(["render", "badge.yaml", "-o", "badge.png"])
        XCTAssertTrue(badge.stderr.contains("items[1].badge: no bundled or brought font has 𓀀 (U+13000)"), badge.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("tofu.png").path))
        let check = try runTabsnap(["check", "specs", "--snapshots", "goldens", "--record", "missing", "--json", "report.json"],
                                   environment: ["CI": "", "TABSNAP_RECORD": ""])
        XCTAssertNotEqual(check.status, 0)
        XCTAssertTrue(check.stdout.contains("no bundled or brought font has 𠀋") || check.stderr.contains("no bundled or brought font has 𠀋"), check.stdout + check.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/tofu.png").path), "no golden of boxes")
    }

    /// The same from Swift, and every script the bundled fonts cover draws.
    func testMissingGlyphsFromSwiftAndEveryBundledScriptDraws() throws {
        let tofu = Bar(preset: .tabs, width: 320, items: [BarItem(title: "A"), BarItem(title: "x\u{13000}")])
        XCTAssertThrowsError(try Renderer().render(tofu, format: .png)) { error in
            guard case RenderError.text(let problem) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(problem.contains("no bundled or brought font has \u{13000} (U+13000)"), problem)
        }
        let scripts = ["受信箱", "检索", "設定", "설정", "البريد", "בית", "หน้าแรก", "होम", "🔥", "❤️", "👩‍💻", "Ελληνικά", "Кириллица"]
        for title in scripts {
            let bar = Bar(preset: .tabs, width: 320, items: [BarItem(title: title), BarItem(title: "B")])
            for format in OutputFormat.allCases {
                XCTAssertNoThrow(try Renderer().render(bar, format: format), "\(title) in \(format)")
            }
        }
    }

    /// A title or badge whose characters take no width was left out with exit 0 (a lone
    /// combining mark, a zero-width space): refused at its item. A space is a blank title, as
    /// asked, and a mark on U+25CC draws.
    func testATitleThatTakesNoWidthIsRefused() throws {
        for (items, message) in [
            ("[\"\\u0301\", B]", "items[0].title: its characters (U+0301) take no width, so nothing of it would be drawn; a combining mark needs a letter before it"),
            ("[A, \"\\u200B\"]", "items[1].title: its characters (U+200B) take no width, so nothing of it would be drawn"),
            ("[{title: A, badge: \"\\u20DD\"}, B]", "items[0].badge: its characters (U+20DD) take no width"),
        ] {
            try write("width: 300\nscale: 1\nitems: \(items)\n", to: "blank.yaml")
            let run = try runTabsnap(["render", "blank.yaml", "-o", "blank.png"])
            XCTAssertEqual(run.status, 2, items)
            XCTAssertTrue(run.stderr.hasPrefix("error: blank.yaml: " + message), run.stderr)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("blank.png").path))
        for items in ["[\" \", B]", "[\"\\u25CC\\u0301\", B]"] {
            try write("width: 300\nscale: 1\nitems: \(items)\n", to: "blank.yaml")
            XCTAssertEqual(try runTabsnap(["render", "blank.yaml", "-o", "blank.png"]).status, 0, items)
        }
    }

    /// Round 35 F1: a keycap (1️⃣) was drawn as an Inter "1" beside an empty keycap from the
    /// emoji font, exit 0, in titles, badges, markup and a screen's title. Refused at its place;
    /// an emoji drawn whole still draws.
    /// Round 38 (minor): pango leaves an object replacement character out, so "A\u{FFFC}B" was
    /// drawn as "AB", exit 0; with a pseudo-locale's words around it, a lone one was accepted.
    func testAnObjectReplacementCharacterIsRefusedAtItsPlace() throws {
        for (spec, arguments, place) in [("items: [\"A\\uFFFCB\", B]", [String](), "items[0].title"),
                                         ("items: [A, {title: B, badge: \"1\\uFFFB\"}]", [], "items[1].badge"),
                                         ("items: [\"\\uFFFC\", B]", ["--locale", "pseudo-expanded"], "items[0].title")] {
            try write("width: 300\nscale: 1\n\(spec)\n", to: "object.yaml")
            let run = try runTabsnap(["render", "object.yaml", "-o", "object.png"] + arguments)
            XCTAssertEqual(run.status, 2, spec)
            XCTAssertTrue(run.stderr.hasPrefix("error: object.yaml: \(place): holds U+FFF"), run.stderr)
            XCTAssertTrue(run.stderr.contains("is drawn as nothing; leave it out"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("object.png").path))
        }
    }

    func testAKeycapTheFontsSplitIsRefused() throws {
        for (spec, place) in [("items: [\"1\\uFE0F\\u20E3\", B]", "items[0].title"), ("items: [\"#\\u20E3\", B]", "items[0].title"),
                              ("items: [A, {title: B, badge: \"1\\uFE0F\\u20E3\"}]", "items[1].badge"),
                              ("items: [A, {markup: \"<b>2\\uFE0F\\u20E3</b> x\"}]", "items[1].markup")] {
            try write("width: 200\nscale: 1\n\(spec)\n", to: "keycap.yaml")
            let run = try runTabsnap(["render", "keycap.yaml", "-o", "keycap.png"])
            XCTAssertEqual(run.status, 2, spec)
            XCTAssertTrue(run.stderr.hasPrefix("error: keycap.yaml: \(place): "), run.stderr)
            XCTAssertTrue(run.stderr.contains("is a keycap the fonts split"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keycap.png").path))
        }
        // Round 36: a keycap on nothing is an empty keycap; and `a11y` and an `.a11y.txt` golden
        // refuse what `render` refuses (a golden was recorded for such a spec).
        try write("width: 200\nscale: 1\nitems: [\"\\u20E3\", B]\n", to: "lone.yaml")
        XCTAssertTrue(try runTabsnap(["render", "lone.yaml", "-o", "lone.png"]).stderr.contains("items[0].title: holds a keycap (U+20E3) with no character to enclose"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("spoken"), withIntermediateDirectories: true)
        try write("preset: tabBar\nwidth: 300\nsnapshots: {formats: [a11y]}\nitems: [{title: A, icon: home, badge: \"\\a\"}, {title: B, icon: mail}]\n", to: "spoken/s.yaml")
        let spoken = try runTabsnap(["a11y", "spoken/s.yaml"])
        XCTAssertEqual(spoken.status, 2)
        XCTAssertTrue(spoken.stderr.contains("items[0].badge: holds the control character U+0007"), spoken.stderr)
        let recorded = try runTabsnap(["check", "spoken", "--snapshots", "spoken-goldens", "--record", "all"])
        XCTAssertNotEqual(recorded.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("spoken-goldens/s.a11y.txt").path))
        try write("width: 200\nscale: 1\nitems: [\"\\U0001F600 ok\", B]\n", to: "emoji.yaml")
        XCTAssertEqual(try runTabsnap(["render", "emoji.yaml", "-o", "emoji.png"]).status, 0)
    }

    /// Round 33 m2: a control character (BEL from "\a") was "a character no font has; add a
    /// font that has it". It is said as what it is, at its place.
    func testAControlCharacterIsNotAMissingGlyph() throws {
        try write("width: 300\nscale: 1\nitems: [\"A\\aB\", B]\n", to: "bel.yaml")
        let run = try runTabsnap(["render", "bel.yaml", "-o", "bel.png"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: bel.yaml: items[0].title: holds the control character U+0007, which is not text and no font draws; leave it out\n")
    }

    /// A broken cluster (a vowel sign before its consonant, a lone visarga) was drawn on
    /// HarfBuzz's dotted circle ◌, a glyph the title does not hold, exit 0 (hostile round 27):
    /// refused at its item, naming the mark. Whole clusters in every bundled script draw.
    func testAMarkDrawnOnADottedCircleIsRefused() throws {
        for (items, message) in [
            ("[\"\\u093F\\u0915\", B]", "items[0].title: ◌ि (U+093F) has no letter to sit on where it stands, so it would be drawn on a dotted circle ◌"),
            ("[A, \"\\u0903\"]", "items[1].title: ◌ः (U+0903) has no letter to sit on"),
            ("[{title: A, badge: \"\\u093F\"}, B]", "items[0].badge: ◌ि (U+093F) has no letter to sit on"),
            ("[\"\\u0915\\u094D\\u200D\\u093F\", B]", "items[0].title: ◌ि (U+093F)"),
            // Round 32: a ◌ the title holds before the mark is set in DejaVu Sans, the mark in
            // Noto Sans Devanagari, so HarfBuzz adds a second circle: said as such.
            ("[\"\\u25CC\\u093F\", B]", "items[0].title: ◌ि (U+093F) follows a ◌ (U+25CC) that is set in another font than the mark, so a second dotted circle would be drawn"),
        ] {
            try write("width: 300\nscale: 1\nitems: \(items)\n", to: "broken.yaml")
            let run = try runTabsnap(["render", "broken.yaml", "-o", "broken.png"])
            XCTAssertEqual(run.status, 2, items)
            XCTAssertTrue(run.stderr.hasPrefix("error: broken.yaml: " + message), run.stderr)
            XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("broken.png").path))
        }
        try write("width: 400\nscale: 1\nitems: [\"\\u0915\\u093F\", नमस्ते, ไม้, שָׁלוֹם, عَرَبِيّ, \"\\u25CC\\u0301\"]\n", to: "whole.yaml")
        let run = try runTabsnap(["render", "whole.yaml", "-o", "whole.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
