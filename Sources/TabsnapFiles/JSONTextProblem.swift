/// Where a JSON text stops being one Foundation's decoder reads as written, found before it is
/// handed over, with its line and column. On Linux the decoder refuses a lone half of a UTF-16
/// pair (`\ud800`), and some other broken text, as "unexpected end of file", naming no place
/// (hostile round 30 for string catalogs, round 129 for check reports): whatever reads JSON a
/// user gives asks here first, so the one line it prints says where to look.
public enum JSONTextProblem {
    /// A place in the text and what is wrong there.
    public struct Found: Equatable, Sendable {
        /// The line, from 1.
        public var line: Int
        /// The column in characters, from 1, as every place in a message counts it.
        public var column: Int
        /// What is wrong, in a few words: "\\ud800 is half of a UTF-16 surrogate pair…".
        public var message: String

        /// A place and what is wrong there.
        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// The first problem in `bytes`, or nil: a byte that is not UTF-8, a control character
    /// written raw inside a string, an escape JSON has not, or half of a UTF-16 pair alone.
    /// Syntax (brackets, commas) is left to the decoder, which names its own place.
    public static func first(in bytes: [UInt8]) -> Found? {
        if String(validating: bytes, as: UTF8.self) == nil {
            var iterator = bytes.makeIterator(), decoder = UTF8()
            var offset = 0
            while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
            return found(at: offset, in: bytes, "a byte that is not UTF-8 (JSON is read as UTF-8 text)")
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
                return found(at: index, in: bytes, "a control character written as it is inside a string; JSON writes it as an escape (\\n, \\t, \\u0001)")
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else { return nil }
                let escape = bytes[index + 1]
                guard escape == UInt8(ascii: "u") else {
                    guard "\"\\/bfnrt".utf8.contains(escape) else {
                        return found(at: index, in: bytes, "'\\\(Character(Unicode.Scalar(escape)))' is no JSON escape")
                    }
                    index += 1
                    break
                }
                guard let unit = utf16Unit(bytes, at: index) else {
                    return found(at: index, in: bytes, "'\\u' is not followed by four hexadecimal digits")
                }
                if (0xD800...0xDBFF).contains(unit), let next = utf16Unit(bytes, at: index + 6), (0xDC00...0xDFFF).contains(next) {
                    index += 11
                } else if (0xD800...0xDFFF).contains(unit) {
                    let written = String(decoding: bytes[(index + 2)..<(index + 6)], as: UTF8.self)
                    return found(at: index, in: bytes, "\\u\(written) is half of a UTF-16 surrogate pair with no other half; write the character itself or both escapes")
                } else {
                    index += 5
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Foundation's own words for a JSON text it refused, placed: "… around character N." at
    /// that byte's line and column (hostile round 30), "Number 1e400 is not representable …" where
    /// that number is first written outside a string (round 130: no place was said). Nil when
    /// the words name no place this can find.
    public static func placed(_ detail: String, in bytes: [UInt8]) -> Found? {
        if let match = detail.firstMatch(of: /^(.*?) around character (\d+)\.?$/), let offset = Int(match.2) {
            return found(at: max(min(offset, bytes.count), 0), in: bytes, String(match.1))
        }
        guard let match = detail.firstMatch(of: /^Number (\S+) is not representable/) else { return nil }
        let number = Array(match.1.utf8)
        var index = 0, inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if bytes[index...].starts(with: number), index == 0 || !"0123456789.eE+-".utf8.contains(bytes[index - 1]) {
                return found(at: index, in: bytes, "the number \(match.1) is too large to be read")
            }
            index += 1
        }
        return nil
    }

    /// A number a decoder refused to fit in its field, found in a text that parses: the
    /// numbers a field may not hold (written with a fraction or an exponent, or with more digits
    /// than 64 bits hold) are set to 0 by halves until `fails` no longer does, so a dozen
    /// decodes find it among thousands. Its place, key path (`results[0].differingPixels`) and
    /// text; nil when no such number is to blame (round 130: the decoder names no place).
    public static func numberToBlame(in bytes: [UInt8], fails: ([UInt8]) -> Bool) -> (found: Found, path: String, number: String)? {
        let numbers = unusualNumbers(in: bytes)
        func zeroed(_ chosen: ArraySlice<(range: Range<Int>, path: String)>) -> [UInt8] {
            var out: [UInt8] = [], at = 0
            for number in chosen {
                out += bytes[at..<number.range.lowerBound]
                out.append(UInt8(ascii: "0"))
                at = number.range.upperBound
            }
            return out + bytes[at...]
        }
        guard !numbers.isEmpty, !fails(zeroed(numbers[...])) else { return nil }
        // Zeroing the first `low` still fails, the first `high` no longer does: the number at
        // `low` is to blame (halves of the rest alone blamed a good one when two were bad —
        // review of stop 67).
        var (low, high) = (0, numbers.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if fails(zeroed(numbers[..<middle])) { low = middle } else { high = middle }
        }
        let blamed = numbers[low]
        let text = String(decoding: bytes[blamed.range], as: UTF8.self)
        return (found(at: blamed.range.lowerBound, in: bytes, "the number \(text) does not fit its field"), blamed.path, text)
    }

    /// Number tokens a field may not hold, each with where it lies and its key path.
    private static func unusualNumbers(in bytes: [UInt8]) -> [(range: Range<Int>, path: String)] {
        enum Level { case object(key: String?), array(index: Int) }
        var levels: [Level] = [], found: [(range: Range<Int>, path: String)] = []
        var expectingKey = false, index = 0
        func path() -> String {
            levels.reduce(into: "") { path, level in
                switch level {
                case .object(let key): if let key { path += path.isEmpty ? key : "." + key }
                case .array(let index): path += "[\(index)]"
                }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): levels.append(.object(key: nil)); expectingKey = true
            case UInt8(ascii: "["): levels.append(.array(index: 0)); expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = levels.popLast()
            case UInt8(ascii: ","):
                if case .array(let at)? = levels.last { levels[levels.count - 1] = .array(index: at + 1) } else { expectingKey = true }
            case UInt8(ascii: "\""):
                let start = index + 1
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                if expectingKey, case .object? = levels.last {
                    levels[levels.count - 1] = .object(key: String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self))
                    expectingKey = false
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                while index + 1 < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index + 1]) { index += 1 }
                let token = bytes[start...index]
                if token.contains(where: { ".eE".utf8.contains($0) }) || token.filter({ (0x30...0x39).contains($0) }).count > 18 {
                    found.append((start..<(index + 1), path()))
                }
            default:
                break
            }
            index += 1
        }
        return found
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

    /// `Found` for the byte at `offset`: its line, and its column counted in characters.
    private static func found(at offset: Int, in bytes: [UInt8], _ message: String) -> Found {
        let before = bytes[..<offset]
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
        return Found(line: line, column: column, message: message)
    }
}
