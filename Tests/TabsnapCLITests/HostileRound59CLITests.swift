import Foundation
import XCTest

/// Hostile round 59's findings that live on the command line.
extension CLITests {
    /// M1: a brought font without the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), which pango
    /// draws as boxes when no font has them (unlike other default-ignorable characters, which it
    /// hides), was said to have "a damaged character map": the missing character is named (an
    /// invisible one spelled out as an escape).
    func testABroughtFontWithoutAHangulFillerNamesIt() throws {
        try writeDejaVuSans(as: "brand.ttf", family: "Brand Sans ")
        for filler in ["\u{115F}", "\u{1160}", "\u{3164}", "\u{FFA0}"] {
            let code = String(format: "U+%04X", filler.unicodeScalars.first?.value ?? 0)
            try write("width: 200\nscale: 1\nfonts: [brand.ttf]\nitems: [Home, \"A\(filler)B\"]\nbutton: {font: Brand Sans 15}\n", to: "filler.yaml")
            let run = try runTabsnap(["render", "filler.yaml", "-o", "filler.png"])
            XCTAssertEqual(run.status, 2, code)
            XCTAssertTrue(run.stderr.hasPrefix("error: filler.yaml: items[1].title: \(folder.appendingPathComponent("brand.ttf").path): has no glyph for '\\u{\(code.dropFirst(2))}' (\(code)) of 'A\\u{\(code.dropFirst(2))}B'"),
                          run.stderr)
        }
        // A character pango hides when no font has it (a zero-width joiner) still needs no glyph.
        try write("width: 200\nscale: 1\nfonts: [brand.ttf]\nitems: [Home, \"A\u{200D}B\"]\nbutton: {font: Brand Sans 15}\n", to: "joiner.yaml")
        let joiner = try runTabsnap(["render", "joiner.yaml", "-o", "joiner.png"])
        XCTAssertEqual(joiner.status, 0, joiner.stderr)
    }

    /// M2: `report merge` refusals named no file; they name the reports as given.
    func testReportMergeRefusalsNameTheReports() throws {
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "a.yaml")
        try write("width: 300\nscale: 1\nitems: [C, D]\n", to: "b.yaml")
        for shard in ["1/2", "2/2"] {
            let run = try runTabsnap(["check", "a.yaml", "b.yaml", "--snapshots", "g", "--record", "missing", "--shard", shard,
                                      "--json", "s\(shard.prefix(1)).json"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let twice = try runTabsnap(["report", "merge", "s1.json", "s2.json", "s1.json", "--json", "m.json"])
        XCTAssertEqual(twice.status, 2)
        XCTAssertEqual(twice.stderr, "error: s1.json is given twice (shard 1/2)\n")
        XCTAssertEqual(try runTabsnap(["check", "a.yaml", "--snapshots", "g", "--json", "whole.json"]).status, 0)
        let whole = try runTabsnap(["report", "merge", "s1.json", "whole.json", "--json", "m.json"])
        XCTAssertEqual(whole.status, 2)
        XCTAssertEqual(whole.stderr, "error: whole.json is the report of a whole run (not one shard of it), which cannot be merged with others\n")
        XCTAssertFalse(exists("m.json"))
    }
}
