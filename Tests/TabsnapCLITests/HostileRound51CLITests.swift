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
            // (Placed since round 130: "line 44, column 19: the number 1000…".)
            XCTAssertTrue(run.stderr.contains("the number 1000000000") && run.stderr.contains("0…(200001 characters) is too large to be read"),
                          "\(arguments): \(run.stderr.prefix(300))")
        }
    }

    /// Round 52 (serious): two brought files with a face of one family (as fontconfig reads it,
    /// spaces and case aside) and one style: the one listed first was drawn, whichever the spec
    /// named, exit 0. Refused, naming both; the same file reached twice is one.
    func testTwoBroughtFilesOfOneFamilyAndStyleAreRefused() throws {
        try writeDejaVuSans(as: "a.ttf", family: "Brand Sans ")
        try writeDejaVuSans(as: "b.ttf", family: "BRANDSANS  ")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("a-link.ttf").path, withDestinationPath: "a.ttf")
        try write("width: 200\nscale: 1\nfonts: [a.ttf, b.ttf]\nitems: [Home, Inbox]\nbutton: {font: BRANDSANS 15}\n", to: "two.yaml")
        try write("width: 200\nscale: 1\nfonts: [a.ttf, a-link.ttf]\nitems: [Home, Inbox]\nbutton: {font: Brand Sans 15}\n", to: "same.yaml")
        try write("width: 200\nscale: 1\nfonts: [a.ttf]\nitems: [Home, Inbox]\nbutton: {font: Brand Sans 15}\n", to: "one.yaml")
        let two = try runTabsnap(["render", "two.yaml", "-o", "two.png"])
        XCTAssertEqual(two.status, 2)
        XCTAssertEqual(two.stderr, "error: two.yaml:3:8: fonts: \(folder.appendingPathComponent("a.ttf").path) and \(folder.appendingPathComponent("b.ttf").path) "
                       + "both hold 'Brand Sans ' and 'BRANDSANS  ' (one family to fontconfig, which ignores case and spaces, and answers to every name a font records) regular, and fontconfig "
                       + "would draw only the first listed for that family, whichever spelling is asked (a spec's fonts may hold no such pair, whatever names it uses); "
                       + "bring one of them, or give each a family name of its own\n")
        let outside = try runTabsnap(["render", "one.yaml", "-o", "one.png", "--font", "b.ttf"])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.hasPrefix("error: --font \(folder.appendingPathComponent("b.ttf").path): "), outside.stderr)
        // A hard link is one file too; a condensed face beside a normal one is another style.
        XCTAssertEqual(link(folder.appendingPathComponent("a.ttf").path, folder.appendingPathComponent("a-hard.ttf").path), 0)
        try write("width: 200\nscale: 1\nfonts: [a.ttf, a-hard.ttf]\nitems: [Home, Inbox]\nbutton: {font: Brand Sans 15}\n", to: "hard.yaml")
        XCTAssertEqual(try runTabsnap(["render", "hard.yaml", "-o", "hard.png"]).status, 0)
        // Round 54: classes fontconfig reads alike are one style — a width class of 0 is normal
        // width to it, as 5 is; weight classes 1 000 and 65 535 are one weight.
        for (field, values) in [(6, [0, 5]), (4, [1000, 65535])] {
            for (name, value) in zip(["c.ttf", "d.ttf"], values) {
                try writeDejaVuSans(as: name, family: "Brand Sans ")
                var bytes = try Data(contentsOf: folder.appendingPathComponent(name))
                let tables = Int(bytes[4]) << 8 | Int(bytes[5])
                let record = try XCTUnwrap((0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<($0 + 4)] == Data("OS/2".utf8) })
                let os2 = bytes[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
                bytes[os2 + field] = UInt8(value >> 8)
                bytes[os2 + field + 1] = UInt8(value & 0xFF)
                try bytes.write(to: folder.appendingPathComponent(name))
            }
            try write("width: 200\nscale: 1\nfonts: [c.ttf, d.ttf]\nitems: [Home, Inbox]\nbutton: {font: Brand Sans 15}\n", to: "classes.yaml")
            let classes = try runTabsnap(["render", "classes.yaml", "-o", "classes.png"])
            XCTAssertEqual(classes.status, 2, "\(values): \(classes.stderr)")
            XCTAssertTrue(classes.stderr.contains("both hold 'Brand Sans '"), classes.stderr)
        }
        XCTAssertEqual(try runTabsnap(["render", "same.yaml", "-o", "same.png"]).status, 0)
        XCTAssertFalse(exists("two.png") || exists("one.png"))
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
