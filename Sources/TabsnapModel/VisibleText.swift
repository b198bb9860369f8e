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
            if let escape = escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// How `scalar` is written when it would not show as itself (`\n`, `\u{202E}`); nil when it
    /// does. The one list for the terminal, the text files and the HTML pages.
    public static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        // Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) show as a blank of a letter's width:
        // a name or title of them looks empty (round 41).
        case 0x00...0x1F, 0x7F...0x9F, 0x00AD, 0x061C, 0x115F, 0x1160, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069,
             0x3164, 0xFEFF, 0xFFA0:
            return codePoint(scalar)
        default:
            let category = scalar.properties.generalCategory
            return category == .unassigned || category == .privateUse ? codePoint(scalar) : nil
        }
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
}
