/// Text from specs, catalogs and goldens as a person's terminal or file viewer should get it:
/// C0 and C1 control characters, the characters that reorder text (bidirectional controls), and
/// those that show as nothing or as a box (zero-width spaces and word joiners, the BOM, a soft
/// hyphen, unassigned and private-use code points), written as escapes (`\n`, `\t`, `\u{1B}`,
/// `\u{202E}`). A label holding an ANSI sequence cannot recolour a terminal, forge a line,
/// reverse what follows it, or hide a character.
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
            case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default:
                let category = scalar.properties.generalCategory
                if category == .unassigned || category == .privateUse {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
