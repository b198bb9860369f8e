import Foundation
import XCTest

/// Hostile round 54 (M3): two brought files are twins when fontconfig reads them as one family
/// and one style, and fontconfig reads a slant from a face's style name first. A face italic by
/// its style name alone ("Italic", fsSelection REGULAR) was read as upright by the spec's check
/// and refused beside the regular; two faces fontconfig reads alike under different style names
/// ("Book" and "Regular") were let through by it. The spec's check now refuses only faces alike
/// in every input to that reading; the renderer holds the exact rule on fontconfig's own.
extension CLITests {
    /// Writes DejaVu Sans as `name` under `family` (see `writeDejaVuSans`) with the style name
    /// `style` (name IDs 2 and 17) and its OS/2 fsSelection untouched (REGULAR): the new name
    /// is written over the copyright notice's, which no reader here looks at, so no table moves.
    private func writeDejaVuSans(as name: String, family: String, style: String) throws {
        try writeDejaVuSans(as: name, family: family)
        let url = folder.appendingPathComponent(name)
        var bytes = try Data(contentsOf: url)
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        func put(_ value: Int, at: Int) {
            bytes[at] = UInt8(value >> 8)
            bytes[at + 1] = UInt8(value & 0xFF)
        }
        let tables = u16(4)
        let record = try XCTUnwrap((0..<tables).map { 12 + 16 * $0 }.first { bytes[$0..<($0 + 4)] == Data("name".utf8) })
        let table = u32(record + 8)
        let strings = table + u16(table + 4)
        var copyright: [Int: Int] = [:]  // platform → offset of its copyright string
        for index in 0..<u16(table + 2) where u16(table + 6 + 12 * index + 6) == 0 {
            copyright[u16(table + 6 + 12 * index)] = u16(table + 6 + 12 * index + 10)
        }
        for index in 0..<u16(table + 2) {
            let entry = table + 6 + 12 * index
            guard [2, 17].contains(u16(entry + 6)), let offset = copyright[u16(entry)] else { continue }
            let encoded = try XCTUnwrap(style.data(using: u16(entry) == 1 ? .ascii : .utf16BigEndian))
            bytes.replaceSubrange((strings + offset)..<(strings + offset + encoded.count), with: encoded)
            put(encoded.count, at: entry + 8)
            put(offset, at: entry + 10)
        }
        try bytes.write(to: url)
    }

    func testFontTwinsAreFontconfigsReadingOfTheirStyles() throws {
        try writeDejaVuSans(as: "book.ttf", family: "Brand Sans ")
        try writeDejaVuSans(as: "italic.ttf", family: "Brand Sans ", style: "Italic")
        try writeDejaVuSans(as: "italic2.ttf", family: "Brand Sans ", style: "Italic")
        try writeDejaVuSans(as: "oblique.ttf", family: "Brand Sans ", style: "Oblique")
        try writeDejaVuSans(as: "regular.ttf", family: "Brand Sans ", style: "Regular")
        func spec(_ fonts: [String], title: String = "Inbox") -> String {
            "width: 200\nscale: 1\nfonts: [\(fonts.joined(separator: ", "))]\nitems: [Home, {title: \"\(title)\"}]\nbutton: {font: Brand Sans 15}\n"
        }
        // Italic by its name alone is italic: no twin of the upright face, and <i> is drawn.
        for (name, fonts) in [("pair", ["book.ttf", "italic.ttf"]), ("slants", ["italic.ttf", "oblique.ttf", "book.ttf"])] {
            try write(spec(fonts, title: "<i>Inbox</i>"), to: "\(name).yaml")
            let run = try runTabsnap(["render", "\(name).yaml", "-o", "\(name).png"])
            XCTAssertEqual(run.status, 0, "\(fonts): \(run.stderr)")
        }
        // Alike in every name and bit: refused where the spec brings them.
        try write(spec(["italic.ttf", "italic2.ttf"]), to: "names.yaml")
        let names = try runTabsnap(["render", "names.yaml", "-o", "names.png"])
        XCTAssertEqual(names.status, 2)
        XCTAssertTrue(names.stderr.hasPrefix("error: names.yaml:3:8: fonts: \(folder.appendingPathComponent("italic.ttf").path) and "
                                             + "\(folder.appendingPathComponent("italic2.ttf").path) both hold 'Brand Sans ' regular italic"), names.stderr)
        // "Book" and "Regular" name one style to fontconfig (its weight from the OS/2 class, no
        // slant in either name): refused by the renderer, in fontconfig's words, and by layout.
        for fonts in [["book.ttf", "regular.ttf"], ["book.ttf", "italic.ttf", "regular.ttf"]] {
            try write(spec(fonts), to: "alike.yaml")
            let alike = try runTabsnap(["render", "alike.yaml", "-o", "alike.png"])
            XCTAssertEqual(alike.status, 2, "\(fonts)")
            XCTAssertTrue(alike.stderr.hasPrefix("error: alike.yaml: \(folder.appendingPathComponent("book.ttf").path) and "
                                                 + "\(folder.appendingPathComponent("regular.ttf").path) both hold 'Brand Sans' regular, and fontconfig "
                                                 + "would draw only the first listed"), alike.stderr)
            let layout = try runTabsnap(["layout", "alike.yaml"])
            XCTAssertEqual(layout.status, 2, layout.stdout)
        }
        XCTAssertFalse(exists("names.png") || exists("alike.png"))
    }
}
