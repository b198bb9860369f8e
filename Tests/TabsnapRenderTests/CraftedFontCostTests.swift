import Foundation
@testable import TabsnapSpec
import XCTest

/// Hostile round 78: a spec's font files are read in Tabsnap's own process (before any sandbox),
/// so what reading them costs is bounded by what they hold. A face of 16 000 name records took
/// 25 s (a quadratic list of names; 65 535 records of 64 KB each ran for hours), a collection of
/// offsets to one face of a 5 000 000-group character map took 2 GB, and a folder of 400 links to
/// a 63 MB font was read whole before its count was refused.
final class CraftedFontCostTests: XCTestCase {
    /// A font of one face (or a collection of `faces` offsets to it) whose name table holds
    /// `names` records of family names, and whose character map is one format 12 subtable of
    /// `groups` groups. Tables hold what the reader needs; outlines are named, not drawn.
    private func font(names: Int, nameBytes: Int = 8, groups: Int = 1, faces: Int = 0, platform: Int = 1, encoding: Int = 0) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        let string = Array(String(repeating: "A", count: nameBytes).utf8)
        // Records at overlapping offsets of one string area: each reads `nameBytes` bytes.
        var name = u16(0) + u16(names) + u16(6 + 12 * names)
        for index in 0..<names { name += u16(platform) + u16(encoding) + u16(0) + u16(1) + u16(nameBytes) + u16(index % 4) }
        name += string + [0, 0, 0, 0]
        var cmap = u16(0) + u16(1) + u16(3) + u16(10) + u32(12)
        cmap += u16(12) + u16(0) + u32(16 + 12 * groups) + u32(0) + u32(groups)
        for group in 0..<groups { cmap += u32(0x10000 + 2 * group) + u32(0x10000 + 2 * group) + u32(1) }
        let tables: [(String, [UInt8])] = [("cmap", cmap), ("glyf", [0, 0, 0, 0]), ("loca", [0, 0, 0, 0]), ("name", name)]
        let header = faces > 0 ? 12 + 4 * faces : 0
        var face = u32(0x0001_0000) + u16(tables.count) + u16(0) + u16(0) + u16(0)
        var body: [UInt8] = []
        var offset = header + 12 + 16 * tables.count
        for (tag, data) in tables {
            face += Array(tag.utf8) + u32(0) + u32(offset) + u32(data.count)
            body += data
            offset += data.count
        }
        guard faces > 0 else { return face + body }
        return Array("ttcf".utf8) + u32(0x0001_0000) + u32(faces) + (0..<faces).flatMap { _ in u32(header) } + face + body
    }

    func testANameTableIsBoundedByWhatAFaceNeeds() throws {
        let file = URL(fileURLWithPath: "/crafted.ttf")
        XCTAssertEqual(try FontFileFaces.faces(in: font(names: 3), file: file).first?.family, "AAAAAAAA")
        for crafted in [font(names: 16_000), font(names: 3_000, faces: 256), font(names: 2, nameBytes: 4_000)] {
            XCTAssertThrowsError(try FontFileFaces.faces(in: crafted, file: file)) { error in
                let reason = (error as? FontFileFaces.Corrupt)?.reason ?? "\(error)"
                XCTAssertTrue(reason.contains("family and style name") || reason.contains("a family or style name of"), reason)
            }
        }
        // A collection naming one face 256 times lists it once: 256 faces, read as one.
        let collection = try FontFileFaces.faces(in: font(names: 2_000, faces: 256), file: file)
        XCTAssertEqual(collection.count, 256)
    }

    /// Hostile round 80: fontconfig reads the ISO platform's names too; a family recorded only
    /// there was not checked against the bundled ones.
    func testISOPlatformNamesAreRead() throws {
        let file = URL(fileURLWithPath: "/crafted.ttf")
        XCTAssertEqual(try FontFileFaces.faces(in: font(names: 1, platform: 2), file: file).first?.allFamilyNames, ["AAAAAAAA"])
        XCTAssertEqual(try FontFileFaces.faces(in: font(names: 1, nameBytes: 8, platform: 2, encoding: 1), file: file).first?.allFamilyNames, ["䅁䅁䅁䅁"])
    }

    func testAFolderOfFontsIsCountedBeforeItsFilesAreRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-fonts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("d"), withIntermediateDirectories: true)
        // The 33rd file is damaged: counted first, it is never read.
        for index in 0..<33 { try Data(index == 32 ? [0, 1] : font(names: 1)).write(to: folder.appendingPathComponent(String(format: "d/f%02d.ttf", index))) }
        XCTAssertThrowsError(try SpecLoader.parse("fonts: [d/]\nitems: [A]\n", baseDirectory: folder)) {
            XCTAssertTrue("\($0)".contains("fonts: more than 32 font files; a spec brings at most 32"), "\($0)")
        }
    }

    func testCharacterMapsAreReadOnceAndBoundedByTheFile() throws {
        let single = try FontCoverage.of(font(names: 1, groups: 1_000))
        XCTAssertTrue(single.contains(Unicode.Scalar(0x10000 + 2 * 999)!))
        XCTAssertFalse(single.contains(Unicode.Scalar(0x10001)!))
        // 256 offsets to one face: its map is read once, and gives what the face's does.
        let collection = try FontCoverage.of(font(names: 1, groups: 1_000, faces: 256))
        XCTAssertTrue(collection.contains(Unicode.Scalar(0x10000 + 2 * 999)!))
        // A map claiming more groups than the file holds is damaged.
        var claiming = font(names: 1, groups: 10)
        if let cmap = (0..<(claiming.count - 4)).first(where: { claiming[$0..<($0 + 4)].elementsEqual([0, 12, 0, 0]) }) {
            claiming.replaceSubrange((cmap + 12)..<(cmap + 16), with: [0x10, 0, 0, 0])
        }
        XCTAssertThrowsError(try FontCoverage.of(claiming))
    }
}
