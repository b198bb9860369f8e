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
        if let problem = textProblem(bytes) { return problem }
        let (values, depth) = measure(bytes, limit: limit)
        if values > limit {
            return "holds more JSON values than tabsnap reads (\(Limits.reportValues) in all the reports together, about 100 000 goldens; "
                + "decoding more would take gigabytes)"
        }
        if depth > maximumDepth { return "nests JSON \(depth) deep, deeper than a report (\(maximumDepth))" }
        return nil
    }

    /// Where the text stops being JSON the decoder reads as written, with its line and column:
    /// a byte that is not UTF-8, a control character inside a string, an escape JSON has not, or
    /// half of a UTF-16 pair (`\ud800` alone) — the decoder refuses each as "unexpected end of
    /// file", naming no place (hostile round 129).
    static func textProblem(_ bytes: [UInt8]) -> String? {
        if String(validating: bytes, as: UTF8.self) == nil {
            var iterator = bytes.makeIterator(), decoder = UTF8()
            var offset = 0
            while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
            return "\(place(offset, in: bytes)): is not UTF-8 text here, which tabsnap writes its reports in"
        }
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if !inString {
                inString = byte == UInt8(ascii: "\"")
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = false
            case ..<0x20:
                return "\(place(index, in: bytes)): a control character written raw inside a string (JSON escapes it)"
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { break }
                let escape = bytes[index + 1]
                if escape != UInt8(ascii: "u") {
                    guard "\"\\/bfnrt".utf8.contains(escape) else {
                        return "\(place(index, in: bytes)): '\\\(Character(Unicode.Scalar(escape)))' is no JSON escape"
                    }
                    index += 1
                    break
                }
                guard let unit = utf16Unit(bytes, at: index) else {
                    return "\(place(index, in: bytes)): '\\u' is not followed by four hexadecimal digits"
                }
                switch unit {
                case 0xD800...0xDBFF:
                    // A leading half: the trailing half must follow at once.
                    guard let next = utf16Unit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(next) else {
                        return "\(place(index, in: bytes)): half of a UTF-16 pair (\\u\(String(unit, radix: 16))) without its other half, which is no character"
                    }
                    index += 11
                case 0xDC00...0xDFFF:
                    return "\(place(index, in: bytes)): half of a UTF-16 pair (\\u\(String(unit, radix: 16))) without its other half, which is no character"
                default:
                    index += 5
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The UTF-16 unit a `\uXXXX` escape starting at `index` writes, or nil when none starts there.
    private static func utf16Unit(_ bytes: [UInt8], at index: Int) -> UInt16? {
        guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt16 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { return nil }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// "line L, column C" of the byte at `offset` (columns count characters, from 1).
    private static func place(_ offset: Int, in bytes: [UInt8]) -> String {
        let before = bytes[..<offset]
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return "line \(line), column \(column)"
    }

    /// Deeper than any report: results, their changes and motion records are a few levels down.
    static let maximumDepth = 16
}
