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
        var found: [ClosedRange<UInt32>] = []
        for start in offsets { found += try ranges(ofFaceAt: start, reader) }
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

    /// The best Unicode subtable of one face: format 12 (all planes) before format 4 (BMP).
    private static func ranges(ofFaceAt start: Int, _ reader: FontFileFaces.Reader) throws(FontFileFaces.Corrupt) -> [ClosedRange<UInt32>] {
        let tables = try reader.u16(at: start + 4)
        var cmap: Int?
        for index in 0..<tables where try reader.tag(at: start + 12 + 16 * index) == "cmap" {
            cmap = try reader.u32(at: start + 12 + 16 * index + 8)
        }
        guard let cmap else { return [] }
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
        if let table = format12 {
            let groups = try reader.u32(at: table + 12)
            return try (0..<groups).map { (group: Int) throws(FontFileFaces.Corrupt) -> ClosedRange<UInt32> in
                let first = try reader.u32(at: table + 16 + 12 * group), last = try reader.u32(at: table + 20 + 12 * group)
                guard first <= last else { throw FontFileFaces.Corrupt(reason: "a character map group ending before it starts") }
                return UInt32(truncatingIfNeeded: first)...UInt32(truncatingIfNeeded: last)
            }
        }
        guard let table = format4 else { return [] }
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
