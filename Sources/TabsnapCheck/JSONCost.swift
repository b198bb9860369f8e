import TabsnapFiles
import TabsnapModel

/// Whether a JSON report may be handed to Foundation's decoder: UTF-8 text it reads as written
/// (`JSONTextProblem`), within a count of values and a depth (`JSONValues`). The decoder keeps
/// about 60 bytes for every value in one growing table, so the text's size does not bound it:
/// 32 MB of `[[0],[0],…]` took 4.4 GB to refuse, 1.1 GB to read (hostile round 74). A report
/// holds about 20 values for each golden, so `Limits.reportValues` is far past any real one.
enum JSONCost {
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
        let (values, depth) = JSONValues.measure(bytes, limit: limit)
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
