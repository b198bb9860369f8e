import Foundation
import XCTest

/// Hostile round 51's findings that live on the command line.
extension CLITests {
    /// M1: an error repeated a value of millions of digits whole (a 5 MB line for a report,
    /// 15 MB for a catalog): each is cut to its start and its length.
    func testErrorsQuoteHugeValuesCut() throws {
        let digits = "1" + String(repeating: "0", count: 200_000)
        try write("width: 300\nscale: 1\nitems: [A, B]\n", to: "a.yaml")
        XCTAssertEqual(try runTabsnap(["check", "a.yaml", "--snapshots", "g", "--record", "missing", "--json", "a.json"]).status, 0)
        let report = try String(contentsOf: folder.appendingPathComponent("a.json"), encoding: .utf8)
        let seconds = try XCTUnwrap(report.firstMatch(of: /"seconds" : [0-9.e-]+/))
        try write(report.replacingCharacters(in: seconds.range, with: "\"seconds\" : \(digits)"), to: "r.json")
        try write("{\"sourceLanguage\": \"en\", \"strings\": {}, \"x\": \(digits)}", to: "Big.xcstrings")
        try write("width: 300\nscale: 1\nitems: [{key: home}]\nstrings: Big.xcstrings\nlocale: en\n", to: "s.yaml")
        for arguments in [["report", "merge", "r.json"], ["layout", "s.yaml"]] {
            let run = try runTabsnap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertLessThan(run.stderr.utf8.count, 1_000, "\(arguments): \(run.stderr.prefix(300))")
            XCTAssertTrue(run.stderr.contains("Number 1000000000") && run.stderr.contains("0…(200001 characters) is not representable"), "\(arguments): \(run.stderr.prefix(300))")
        }
    }

    /// M2: a brought family named with a trailing space ("Brand Sans ") could not be named at all,
    /// though fontconfig, which ignores spaces, draws it for "Brand Sans". M4: a character a
    /// brought font lacks is named at its item.
    func testABroughtFamilyIsMatchedAsFontconfigMatchesIt() throws {
        try writeDejaVuSans(as: "brand.ttf", family: "Brand Sans ")
        try write("width: 200\nscale: 1\nitems: [Home, Inbox]\nbutton: {font: DejaVu Sans 15}\n", to: "plain.yaml")
        try write("width: 200\nscale: 1\nfonts: [brand.ttf]\nitems: [Home, Inbox]\nbutton: {font: Brand Sans 15}\n", to: "brand.yaml")
        XCTAssertEqual(try runTabsnap(["render", "plain.yaml", "-o", "plain.png"]).status, 0)
        let run = try runTabsnap(["render", "brand.yaml", "-o", "brand.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("brand.png")),
                       try Data(contentsOf: folder.appendingPathComponent("plain.png")), "DejaVu's glyphs under the brought name")
        try write("width: 200\nscale: 1\nfonts: [brand.ttf]\nitems: [Home, \"日本\"]\nbutton: {font: Brand Sans 15}\n", to: "cjk.yaml")
        let cjk = try runTabsnap(["render", "cjk.yaml", "-o", "cjk.png"])
        XCTAssertEqual(cjk.status, 2)
        XCTAssertTrue(cjk.stderr.hasPrefix("error: cjk.yaml: items[1].title: \(folder.appendingPathComponent("brand.ttf").path): has no glyph for '日' (U+65E5)"), cjk.stderr)
    }

    /// Writes the bundled DejaVu Sans as `name` in the test folder under the family name `family`
    /// (the same length as "DejaVu Sans", so the file's tables stay where they are): a brought
    /// font whose glyphs are known.
    func writeDejaVuSans(as name: String, family: String) throws {
        precondition(family.utf8.count == "DejaVu Sans".utf8.count, "a name of another length would move the font's tables")
        let dejaVu = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts/DejaVu/DejaVuSans.ttf")
        var bytes = try Data(contentsOf: dejaVu)
        for encoding in [String.Encoding.ascii, .utf16BigEndian] {
            let old = try XCTUnwrap("DejaVu Sans".data(using: encoding)), new = try XCTUnwrap(family.data(using: encoding))
            while let range = bytes.range(of: old) { bytes.replaceSubrange(range, with: new) }
        }
        try bytes.write(to: folder.appendingPathComponent(name))
    }
}
