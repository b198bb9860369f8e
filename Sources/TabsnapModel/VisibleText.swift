/// Text from specs, catalogs and goldens as a person's terminal or file viewer should get it:
/// C0 and C1 control characters, and the characters that reorder or hide text (bidirectional
/// controls), written as escapes (`\n`, `\t`, `\u{1B}`, `\u{202E}`). A label holding an ANSI
/// sequence cannot recolour a terminal, forge a line, or reverse what follows it.
public enum VisibleText {
    /// `text` with its control and bidirectional characters escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
