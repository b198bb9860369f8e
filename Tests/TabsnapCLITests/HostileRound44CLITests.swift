import Foundation
import Tabsnap
import XCTest

/// Hostile round 44's findings that live on the command line.
extension CLITests {
    /// F8: a spec that cannot be drawn said so once per variant in `lint` (six lines alike, "6
    /// unreadable"), and `check` named a transition golden's drawing error without its spec.
    func testASpecThatCannotBeDrawnIsSaidOnceAndByName() throws {
        try write("preset: buttonBar\nwidth: 390\nitems: [Home, \"Egy \u{13000}\", Profile]\n"
                  + "snapshots: {positions: [0], themes: [light, dark], textScales: [1, 2, 3]}\ntransition: {steps: [{to: 2, duration: 100}]}\n",
                  to: "s.yaml")
        let lint = try runTabsnap(["lint", "s.yaml"])
        XCTAssertEqual(lint.status, 2)
        let errors = (lint.stdout + lint.stderr).split(separator: "\n").filter { $0.contains("items[1].title") }
        XCTAssertEqual(errors.count, 1, lint.stdout + lint.stderr)
        XCTAssertTrue(lint.stderr.contains("1 unreadable"), lint.stderr)
        let check = try runTabsnap(["check", "s.yaml", "--snapshots", "gold", "--record", "missing"])
        XCTAssertEqual(check.status, 2)
        let lines = (check.stdout + check.stderr).split(separator: "\n").filter { $0.contains("items[1].title") }
        XCTAssertFalse(lines.isEmpty, check.stdout + check.stderr)
        for line in lines { XCTAssertTrue(line.contains("s.yaml: items[1].title"), String(line)) }
        XCTAssertTrue(lines.contains { $0.contains("transition") }, check.stdout + check.stderr)
    }

    /// F10: `diff --out o.jpg --triptych d.gif` wrote PNG files under those names; F5: two 16-bit
    /// PNGs that differ below 8 bits were "identical" with nothing said.
    func testDiffWritesOnlyPNGNamesAndSaysItComparesAtEightBits() throws {
        try write("width: 300\nscale: 1\nitems: [Home, Search]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["render", "bar.yaml", "-o", "a.png"]).status, 0)
        for (option, name) in [("--out", "o.jpg"), ("--triptych", "d.gif")] {
            let run = try runTabsnap(["diff", "a.png", "a.png", option, name])
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("\(option): \(name): the picture is written as PNG; give it a name ending in .png"), run.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
        }
        // 2×1 px of 16-bit grey, the second sample differing only in its low byte.
        func grey16(_ low: UInt8) -> [UInt8] {
            var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
                let body = Array(type.utf8) + data
                let length = UInt32(data.count), crc = Self.crc32(body)
                return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + body
                    + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
            }
            header += chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 1, 16, 0, 0, 0, 0])
            header += chunk("IDAT", Self.zlibStored([0, 0x12, 0x00, 0x12, low]))
            return header + chunk("IEND", [])
        }
        try Data(grey16(0x00)).write(to: folder.appendingPathComponent("a16.png"))
        try Data(grey16(0x80)).write(to: folder.appendingPathComponent("c16.png"))
        let deep = try runTabsnap(["diff", "a16.png", "c16.png"])
        XCTAssertEqual(deep.status, 0, deep.stderr)
        XCTAssertEqual(deep.stdout, "match: identical (at 8 bits per channel: a 16-bit PNG is compared by its samples' high bytes)\n")
        XCTAssertEqual(try runTabsnap(["diff", "a.png", "a.png"]).stdout, "match: identical\n")
    }

    /// PNG's CRC-32 of `bytes`, bit by bit (a test needs no table).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// `bytes` as a zlib stream of one stored (uncompressed) block.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        let length = UInt16(bytes.count)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        let adler = b << 16 | a
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + bytes
            + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }
}
