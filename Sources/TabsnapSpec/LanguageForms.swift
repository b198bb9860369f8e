import TabsnapModel

/// The languages the bundled fonts draw in forms of their own (their OpenType `locl` features),
/// and the script each applies to: `language:` changes the picture only for these, and only
/// where the bar's text has a character of that script. Read from the fonts (fontTools lists
/// the `locl` language systems of each face): Noto Sans CJK's Japanese (its default), Korean and
/// Chinese ones for Han, kana and Hangul; Inter's Catalan and Romanian for Latin; Noto Sans
/// Devanagari's Marathi and Nepali; Noto Sans Arabic's Urdu; DejaVu Sans's Serbian and
/// Macedonian (Cyrillic) and Sami (Latin), which draw where a spec names DejaVu Sans (hostile
/// round 30: `language: sr` was refused as changing nothing, and it changed б). A spec that
/// brings fonts is never refused here: their forms are theirs (`InertSettings`).
enum LanguageForms {
    private struct Forms {
        var languages: [String]
        var script: String
        var ranges: [ClosedRange<UInt32>]
    }

    private static let forms: [Forms] = [
        Forms(languages: ["ja", "ko", "zh"], script: "Han, kana or Hangul",
              ranges: [0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF,
                       0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF]),
        Forms(languages: ["ca", "ro", "mo"], script: "Latin", ranges: [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F]),
        Forms(languages: ["mr", "ne"], script: "Devanagari", ranges: [0x900...0x97F, 0xA8E0...0xA8FF]),
        Forms(languages: ["ur"], script: "Arabic", ranges: [0x600...0x6FF, 0x750...0x77F]),
        Forms(languages: ["sr", "mk"], script: "Cyrillic", ranges: [0x400...0x52F]),
        Forms(languages: ["se", "smn", "smj", "sms", "sma", "sjd"], script: "Latin", ranges: [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F]),
    ]

    /// Why `language` cannot change how `texts` are drawn; nil when it can.
    static func inertReason(language: String, texts: [String]) -> String? {
        let primary = String(language.prefix { $0 != "-" })
        guard let forms = forms.first(where: { $0.languages.contains(primary) }) else {
            let known = forms.map { "\($0.languages.joined(separator: ", ")) (\($0.script))" }.joined(separator: "; ")
            return "the bundled fonts draw \(language) as any other language: only \(known) have forms of their own"
        }
        let hasScript = texts.contains { text in
            text.unicodeScalars.contains { scalar in forms.ranges.contains { $0.contains(scalar.value) } }
        }
        return hasScript ? nil : "no title, markup or badge the bar draws has a \(forms.script) character, the only text \(language) changes"
    }
}
