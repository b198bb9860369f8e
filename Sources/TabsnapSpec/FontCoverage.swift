import Foundation
import TabsnapFonts
import TabsnapModel

/// The characters a font file maps to glyphs, read from its character map (the Unicode
/// subtables of formats 4 and 12; every face of a collection), so a spec's font that no key
/// names can be told apart from one that draws what the bundled fonts lack (issue 29: a font
/// brought only to cover a script was refused as "would change nothing"). Drawing is
/// fontconfig's; the renderer checks again which file draws each run.
struct FontCoverage {
    /// Sorted, disjoint.
    private(set) var ranges: [ClosedRange<UInt32>] = []

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar.value { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(scalar.value)
    }

    /// The characters of every face in `bytes`.
    static func of(_ bytes: [UInt8]) throws(FontFileFaces.Corrupt) -> FontCoverage {
        let reader = FontFileFaces.Reader(bytes: bytes)
        var offsets = [0]
        if try reader.tag(at: 0) == "ttcf" {
            let count = try reader.u32(at: 8)
            guard count > 0, count <= 256 else { throw FontFileFaces.Corrupt(reason: "a collection of \(count) fonts") }
            offsets = try (0..<count).map { (index: Int) throws(FontFileFaces.Corrupt) -> Int in try reader.u32(at: 12 + 4 * index) }
        }
        // Each face once, and each character map once however many faces share it: a 60 MB
        // collection of 20 offsets to one map of 5 000 000 groups took 2 GB (hostile round 78).
        // Maps at offsets a few bytes apart would each read most of the file: the groups read
        // together are bounded by what the file holds too (a format 4 segment is 8 bytes, a
        // format 12 group 12).
        var found: [ClosedRange<UInt32>] = [], read = Set<Int>(), total = 0
        for start in Set(offsets).sorted() {
            guard let subtable = try subtable(ofFaceAt: start, reader), read.insert(subtable.offset).inserted else { continue }
            let more = try ranges(of: subtable, reader)
            total += more.count
            guard total <= bytes.count / 8 else { throw FontFileFaces.Corrupt(reason: "character maps of more groups than the file holds") }
            found += more
        }
        return FontCoverage(merging: found)
    }

    /// The bundled fonts' characters together (read once).
    static let bundled: FontCoverage = {
        var found: [ClosedRange<UInt32>] = []
        for file in BundledFonts.files {
            guard let bytes = try? [UInt8](Data(contentsOf: file)), let coverage = try? of(bytes) else { continue }
            found += coverage.ranges
        }
        return FontCoverage(merging: found)
    }()

    private init(merging found: [ClosedRange<UInt32>]) {
        for range in found.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = ranges.last, range.lowerBound <= last.upperBound &+ 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
    }

    /// The best Unicode subtable of one face: format 12 (all planes) before format 4 (BMP); nil
    /// without one.
    private static func subtable(ofFaceAt start: Int, _ reader: FontFileFaces.Reader) throws(FontFileFaces.Corrupt) -> (offset: Int, format: Int)? {
        let tables = try reader.u16(at: start + 4)
        var cmap: Int?
        for index in 0..<tables where try reader.tag(at: start + 12 + 16 * index) == "cmap" {
            cmap = try reader.u32(at: start + 12 + 16 * index + 8)
        }
        guard let cmap else { return nil }
        var format4: Int?, format12: Int?
        for index in 0..<(try reader.u16(at: cmap + 2)) {
            let record = cmap + 4 + 8 * index
            let platform = try reader.u16(at: record), encoding = try reader.u16(at: record + 2)
            let subtable = cmap + (try reader.u32(at: record + 4))
            guard platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10)) else { continue }
            switch try reader.u16(at: subtable) {
            case 4: format4 = format4 ?? subtable
            case 12: format12 = format12 ?? subtable
            default: break
            }
        }
        if let format12 { return (format12, 12) }
        return format4.map { ($0, 4) }
    }

    /// The characters a subtable maps.
    private static func ranges(of subtable: (offset: Int, format: Int), _ reader: FontFileFaces.Reader) throws(FontFileFaces.Corrupt) -> [ClosedRange<UInt32>] {
        if subtable.format == 12 {
            let table = subtable.offset
            let groups = try reader.u32(at: table + 12)
            // Each group is 12 bytes of the file: a count past its end is a damaged map.
            guard groups <= (reader.bytes.count - table) / 12 else { throw FontFileFaces.Corrupt(reason: "a character map of more groups than the file holds") }
            return try (0..<groups).map { (group: Int) throws(FontFileFaces.Corrupt) -> ClosedRange<UInt32> in
                let first = try reader.u32(at: table + 16 + 12 * group), last = try reader.u32(at: table + 20 + 12 * group)
                guard first <= last else { throw FontFileFaces.Corrupt(reason: "a character map group ending before it starts") }
                return UInt32(truncatingIfNeeded: first)...UInt32(truncatingIfNeeded: last)
            }
        }
        let table = subtable.offset
        let segments = try reader.u16(at: table + 6) / 2
        var found: [ClosedRange<UInt32>] = []
        for segment in 0..<segments {
            let end = try reader.u16(at: table + 14 + 2 * segment)
            let first = try reader.u16(at: table + 16 + 2 * segments + 2 * segment)
            guard first <= end, !(first == 0xFFFF && end == 0xFFFF) else { continue }  // the closing segment maps nothing
            found.append(UInt32(first)...UInt32(end))
        }
        return found
    }
}
