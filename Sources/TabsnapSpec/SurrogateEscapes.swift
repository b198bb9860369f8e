/// JSON writes a character beyond U+FFFF as two `\u` escapes, a UTF-16 surrogate pair
/// (`"\ud83d\ude00"` for 😀; Python's `json.dump` does so for every emoji by default). YAML, whose
/// reader takes JSON specs too, allows only whole code points in escapes and refuses each half.
/// This rewrites a pair inside a double-quoted scalar as the one YAML escape for the same
/// character (`\U0001F600`), and leaves everything else — a lone half included, which the YAML
/// reader then refuses where it stands — as it is.
enum SurrogateEscapes {
    /// `text` with each escaped surrogate pair in a double-quoted scalar made one escape. The
    /// line count is kept; a column after a rewritten pair on its line moves two to the left.
    static func joined(in text: String) -> String {
        // Nothing to do, and nothing scanned, for the usual spec.
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var quoted = false
        var previous: Unicode.Scalar = "\n"  // the last scalar outside quotes that is not a space
        var comment = false
        while index < scalars.count {
            let scalar = scalars[index]
            if comment {
                if scalar == "\n" { comment = false; previous = "\n" }
            } else if quoted {
                if scalar == "\\", index + 1 < scalars.count {
                    if let (character, length) = pair(in: scalars, at: index) {
                        out.append(contentsOf: ("\\U" + hex(character.value, digits: 8)).unicodeScalars)
                        index += length
                        continue
                    }
                    out.append(scalar)
                    out.append(scalars[index + 1])
                    index += 2
                    continue
                }
                if scalar == "\"" { quoted = false; previous = "\"" }
            } else if scalar == "\"" && opensScalar(after: previous) {
                quoted = true
            } else if scalar == "#" && (index == 0 || scalars[index - 1] == " " || scalars[index - 1] == "\t" || scalars[index - 1] == "\n") {
                comment = true
            } else if scalar != " " && scalar != "\t" {
                previous = scalar
            } else if scalar == "\n" {
                previous = "\n"
            }
            out.append(scalar)
            index += 1
        }
        return String(out)
    }

    /// Whether a `"` after `previous` (the last non-space outside quotes) starts a scalar: a
    /// quote inside a plain scalar (`a"b`) is a character, and backslashes after it are too.
    private static func opensScalar(after previous: Unicode.Scalar) -> Bool {
        ["\n", ":", "-", "[", "{", ",", "?"].contains(previous)
    }

    /// The character of a high and a low surrogate escape starting at `index` (`\uD83D\uDE00`),
    /// and the escapes' length (12).
    private static func pair(in scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        guard let high = unit(in: scalars, at: index), (0xD800...0xDBFF).contains(high),
              let low = unit(in: scalars, at: index + 6), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)).map { ($0, 12) }
    }

    /// The value of a `\uXXXX` escape at `index`.
    private static func unit(in scalars: [Unicode.Scalar], at index: Int) -> UInt32? {
        guard index + 6 <= scalars.count, scalars[index] == "\\", scalars[index + 1] == "u" else { return nil }
        var value: UInt32 = 0
        for scalar in scalars[(index + 2)..<(index + 6)] {
            guard scalar.isASCII, let digit = UInt32(String(scalar), radix: 16) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
