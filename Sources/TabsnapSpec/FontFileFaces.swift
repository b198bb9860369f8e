import Foundation
import TabsnapModel

/// The faces in an OpenType / TrueType file (.otf, .ttf, or a .ttc collection), read from its
/// `name` and `OS/2` tables: the family (the typographic family, name 16, else name 1) and the
/// weight class. Enough to check a spec's font names against the files it brings; drawing is
/// fontconfig's. Every offset is bounds-checked: a truncated or corrupt file is an error.
enum FontFileFaces {
    struct Corrupt: Error {
        var reason: String
    }

    static func faces(in bytes: [UInt8], file: URL) throws(Corrupt) -> [FontFace] {
        let reader = Reader(bytes: bytes)
        let tag = try reader.tag(at: 0)
        var offsets = [0]
        if tag == "ttcf" {
            let count = try reader.u32(at: 8)
            guard count > 0, count <= 256 else { throw Corrupt(reason: "a collection of \(count) fonts") }
            offsets = try (0..<count).map { (index: Int) throws(Corrupt) -> Int in try reader.u32(at: 12 + 4 * index) }
        } else if !["\u{0}\u{1}\u{0}\u{0}", "OTTO", "true"].contains(tag) {
            throw Corrupt(reason: "not an OpenType or TrueType font")
        }
        // A collection's offsets may name one face many times, and faces may share a name
        // table: each is read once (hostile round 78: 256 offsets to one face of 65 535 names).
        var read: [Int: FontFace] = [:], names: [Int: Names] = [:]
        return try offsets.map { (offset: Int) throws(Corrupt) -> FontFace in
            if let known = read[offset] { return known }
            let found = try face(at: offset, reader, file: file, names: &names)
            read[offset] = found
            return found
        }
    }

    /// A face's family (name 16, else 1), every family name, and its style names in order.
    typealias Names = (family: String, families: [String], styles: [String])

    /// At most this many family and style name records a face, and bytes a name: a real font
    /// has a few hundred such records of a few dozen bytes; a crafted one of 65 535 records
    /// each reading 64 KB took hours to list (hostile round 78).
    static let nameRecordLimit = 2048, nameByteLimit = 1024

    private static func face(at start: Int, _ reader: Reader, file: URL, names known: inout [Int: Names]) throws(Corrupt) -> FontFace {
        let tables = try reader.u16(at: start + 4)
        var directory: [String: (offset: Int, length: Int)] = [:]
        for index in 0..<tables {
            let record = start + 12 + 16 * index
            directory[try reader.tag(at: record)] = (try reader.u32(at: record + 8), try reader.u32(at: record + 12))
        }
        guard let name = directory["name"] else { throw Corrupt(reason: "no name table") }
        // Without a character map or outlines it would draw boxes or nothing at all.
        guard directory["cmap"] != nil else { throw Corrupt(reason: "no cmap table: it maps no characters to glyphs") }
        guard (directory["glyf"] != nil && directory["loca"] != nil) || directory["CFF "] != nil || directory["CFF2"] != nil else {
            throw Corrupt(reason: "no glyph outlines (glyf/loca or CFF table)")
        }
        let names: Names
        if let cached = known[name.offset] { names = cached } else {
            names = try Self.names(reader, table: name)
            known[name.offset] = names
        }
        // FreeType takes no OS/2 table (nor does fontconfig) when the directory gives it no
        // length or one past the end of the file, or when the fields of its version (78 bytes
        // for version 0, up to 100 for 5), read from where it starts, run past the end.
        var os2 = directory["OS/2"]
        if let table = os2 {
            if table.length == 0 || table.offset + table.length > reader.bytes.count || table.offset + 2 > reader.bytes.count {
                os2 = nil
            } else {
                let version = try reader.u16(at: table.offset)
                let needed = version == 0 ? 78 : version == 1 ? 86 : version < 5 ? 96 : 100
                if table.offset + needed > reader.bytes.count { os2 = nil }
            }
        }
        var weight: FontSpec.Weight? = .regular
        if let os2 { weight = FontFace.weight(forClass: try reader.u16(at: os2.offset + 4)) }
        // What FreeType reads italic and bold from: fsSelection (its OBLIQUE bit too, round 54),
        // or an old font's head table.
        var bits = 0
        if let os2 {
            bits = try reader.u16(at: os2.offset + 62) & 0x221
        } else if let head = directory["head"], head.length >= 46 {
            bits = try 0x10000 | reader.u16(at: head.offset + 44) & 0x3
        }
        // A face without a style name is "Regular" to fontconfig, whatever its bits (which
        // still give its slant).
        let boldBit = bits & (bits & 0x10000 == 0 ? 0x20 : 0x1) != 0, italicBit = bits & (bits & 0x10000 == 0 ? 0x201 : 0x2) != 0
        let styles = names.styles.isEmpty ? ["Regular"] : names.styles
        // Fontconfig takes a slant from a style name first ("Italic" with fsSelection REGULAR
        // is italic to it: round 54), else from those bits.
        let italic = styles.contains(where: Self.namesSlant) || italicBit
        var face = FontFace(family: names.family, weight: weight, italic: italic, file: file, allFamilyNames: names.families)
        face.styleNames = styles
        face.styleBits = bits
        if let os2 {
            face.weightClass = try reader.u16(at: os2.offset + 4)
            face.widthClass = try reader.u16(at: os2.offset + 6)
        } else {
            // Without one, fontconfig reads the weight from a style name's word, else from the
            // head table's bold bit: bold, or medium (round 55: a "Plain" face was regular here
            // and medium there, and could be asked for at no weight).
            face.weightClass = styles.lazy.compactMap(Self.namedWeight).first ?? (boldBit ? 700 : 500)
            face.weight = FontFace.weight(forClass: face.weightClass)
        }
        if let head = directory["head"], head.length >= 8 { face.revision = try reader.u32(at: head.offset + 4) }
        return face
    }

    /// The OpenType weight class of the first weight word a style name holds, as fontconfig
    /// reads them (`FcContainsWeight`: its words in its order, case and blanks aside), or nil.
    static func namedWeight(_ style: String) -> Int? {
        let words: [(String, Int)] = [("thin", 100), ("extralight", 200), ("ultralight", 200), ("demilight", 350), ("semilight", 350),
                                      ("light", 300), ("book", 380),
                                      ("regular", 400), ("normal", 400), ("medium", 500), ("demibold", 600), ("demi", 600),
                                      ("semibold", 600), ("extrabold", 800), ("superbold", 800), ("ultrabold", 800), ("bold", 700),
                                      ("ultrablack", 1000), ("superblack", 1000), ("extrablack", 1000), ("<ultra", 800),
                                      ("black", 900), ("heavy", 900)]
        let folded = style.lowercased().filter { $0 != " " }
        // "<ultra" counts only as a word of its own, between ASCII punctuation or blanks
        // (`FcStrContainsWord`, `FcCharIsPunct`: a digit, DEL or a letter of any script is no
        // edge).
        func isPunctuation(_ character: Character) -> Bool {
            guard let value = character.asciiValue else { return false }
            return value < 0x30 || (0x3A...0x40).contains(value) || (0x5B...0x60).contains(value) || (0x7B...0x7E).contains(value)
        }
        let wordsOfStyle = Set(style.lowercased().split(whereSeparator: isPunctuation).map(String.init))
        return words.first { $0.0.hasPrefix("<") ? wordsOfStyle.contains(String($0.0.dropFirst())) : folded.contains($0.0) }?.1
    }

    /// Whether fontconfig reads a slant from a style name: it holds "italic", "kursiv" or
    /// "oblique", case and blanks aside (`FcContainsSlant`).
    static func namesSlant(_ style: String) -> Bool {
        let folded = style.lowercased().filter { $0 != " " }
        return ["italic", "kursiv", "oblique"].contains { folded.contains($0) }
    }

    /// Name 16 (typographic family) when present, else name 1; Windows Unicode English first.
    /// And every family name recorded (1, 16 and 21, the WWS family fontconfig also reads as
    /// one: hostile round 30; any platform and language), in order; and every style name (2,
    /// 17 and 22, the WWS subfamily, which fontconfig reads a slant from too).
    private static func names(_ reader: Reader, table: (offset: Int, length: Int)) throws(Corrupt) -> Names {
        var all: [String] = [], seen = Set<String>(), styles: [(rank: Int, text: String)] = []
        var records = 0
        let count = try reader.u16(at: table.offset + 2)
        let strings = table.offset + (try reader.u16(at: table.offset + 4))
        var found: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<count {
            let record = table.offset + 6 + 12 * index
            let platform = try reader.u16(at: record), encoding = try reader.u16(at: record + 2), language = try reader.u16(at: record + 4)
            let nameID = try reader.u16(at: record + 6)
            guard [1, 2, 16, 17, 21, 22].contains(nameID) else { continue }
            records += 1
            guard records <= nameRecordLimit else { throw Corrupt(reason: "over \(nameRecordLimit) family and style names in one face") }
            let length = try reader.u16(at: record + 8), offset = try reader.u16(at: record + 10)
            guard length <= nameByteLimit else { throw Corrupt(reason: "a family or style name of \(length) bytes; at most \(nameByteLimit)") }
            let raw = Array(try reader.slice(at: strings + offset, count: length))  // indices from 0
            var text: String
            let rank: Int
            switch platform {
            case 0, 3:  // UTF-16BE
                var units: [UInt16] = []
                for i in stride(from: 0, to: raw.count - 1, by: 2) { units.append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1])) }
                text = String(decoding: units, as: UTF16.self)
                rank = platform == 3 && language == 0x409 ? 0 : 1
            case 1:  // Mac Roman: its ASCII range is all a family name needs here
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                rank = 2
            case 2:  // ISO (deprecated, still read by fontconfig: hostile round 80): 10646 is UTF-16BE, else ASCII
                if encoding == 1 {
                    var units: [UInt16] = []
                    for i in stride(from: 0, to: raw.count - 1, by: 2) { units.append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1])) }
                    text = String(decoding: units, as: UTF16.self)
                } else {
                    text = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                }
                rank = 2
            default:
                continue
            }
            // fontconfig ends a name at a NUL ("Inter\0x" is "Inter" to it: hostile round 73), so
            // the name checked is the name fontconfig matches.
            text = String(text.prefix { $0 != "\0" })
            if nameID == 2 || nameID == 17 || nameID == 22 {
                // In fontconfig's order, which reads a weight from the first that has one:
                // Windows names, then Unicode, then Mac; in each, 22, then 17, then 2; in each,
                // English first, then by language.
                let platformRank = platform == 3 ? 0 : platform == 0 ? 1 : 2
                let english = platform == 3 ? language == 0x409 : language == 0
                let rank = ((platformRank * 3 + (nameID == 22 ? 0 : nameID == 17 ? 1 : 2)) * 2 + (english ? 0 : 1)) * 0x10000 + language
                if !text.isEmpty { styles.append((rank, text)) }
                continue
            }
            if nameID != 21, found[nameID].map({ rank < $0.rank }) ?? true, !text.isEmpty { found[nameID] = (rank, text) }
            if !text.isEmpty, seen.insert(text).inserted { all.append(text) }
        }
        guard let family = found[16]?.text ?? found[1]?.text else { throw Corrupt(reason: "no family name") }
        var ordered: [String] = [], seenStyles = Set<String>()
        for style in styles.enumerated().sorted(by: { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }) where seenStyles.insert(style.element.text).inserted {
            ordered.append(style.element.text)
        }
        return (family, all, ordered)
    }

    /// Big-endian reads that throw past the end instead of trapping.
    struct Reader {
        let bytes: [UInt8]

        func slice(at offset: Int, count: Int) throws(Corrupt) -> ArraySlice<UInt8> {
            guard offset >= 0, count >= 0, offset <= bytes.count - count else { throw Corrupt(reason: "truncated") }
            return bytes[offset..<(offset + count)]
        }

        func u16(at offset: Int) throws(Corrupt) -> Int {
            let b = try slice(at: offset, count: 2)
            return Int(b[b.startIndex]) << 8 | Int(b[b.startIndex + 1])
        }

        func u32(at offset: Int) throws(Corrupt) -> Int {
            let b = try slice(at: offset, count: 4)
            return b.reduce(0) { $0 << 8 | Int($1) }
        }

        func tag(at offset: Int) throws(Corrupt) -> String {
            String(decoding: try slice(at: offset, count: 4), as: UTF8.self)
        }
    }
}
