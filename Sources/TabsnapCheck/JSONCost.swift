import TabsnapFiles
import TabsnapModel

/// What decoding a JSON report would cost, read in one pass over its bytes without allocating,
/// before Foundation's decoder sees it. The decoder keeps about 60 bytes for every value (keys,
/// strings, numbers, arrays, objects) in one growing table, so the text's size does not bound it:
/// 32 MB of `[[0],[0],…]` took 4.4 GB to refuse, 1.1 GB to read (hostile round 74). A report
/// holds about 20 values for each golden, so `Limits.reportValues` is far past any real one.
enum JSONCost {
    /// The values the bytes hold (every object, array, string — keys included — number and
    /// literal), and how deep they nest; stops counting past `limit`.
    static func measure(_ bytes: [UInt8], limit: Int) -> (values: Int, depth: Int) {
        var values = 0, depth = 0, deepest = 0
        var index = 0
        let count = bytes.count
        while index < count, values <= limit {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                values += 1
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: "\""):
                values += 1
                index += 1
                // To the closing quote, past escapes.
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                values += 1
                // To the end of the number or literal.
                while index + 1 < count, !",]} \t\r\n".utf8.contains(bytes[index + 1]) { index += 1 }
            default:
                break
            }
            index += 1
        }
        return (values, deepest)
    }

    /// Why the bytes are not decoded, or nil: more values than `limit`, or nesting deeper than
    /// a report's.
    static func problem(_ bytes: [UInt8], limit: Int) -> String? {
        // Tabsnap writes UTF-8; the decoder would also take UTF-16 or UTF-32, whose bytes this
        // count does not read (hostile round 75: a UTF-16 report of 8 million values passed).
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.contains(0) {
            return "is not UTF-8 text, which tabsnap writes its reports in"
        }
        // Foundation names no place for these ("unexpected end of file": round 129).
        if let found = JSONTextProblem.first(in: bytes) { return "line \(found.line), column \(found.column): \(found.message)" }
        let (values, depth) = measure(bytes, limit: limit)
        if values > limit {
            return "holds more JSON values than tabsnap reads (\(Limits.reportValues) in all the reports together, about 100 000 goldens; "
                + "decoding more would take gigabytes)"
        }
        if depth > maximumDepth { return "nests JSON \(depth) deep, deeper than a report (\(maximumDepth))" }
        return nil
    }

    /// Deeper than any report: results, their changes and motion records are a few levels down.
    static let maximumDepth = 16
}
