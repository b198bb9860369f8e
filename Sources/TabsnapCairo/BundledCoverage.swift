import CFontconfig
import TabsnapFonts

/// The characters the bundled fonts have together, as fontconfig reads them: a spec's font may
/// draw text no key asks it for only where none of them could (issue 29: a font brought to
/// cover a script is that script's fallback). (`nonisolated(unsafe)`: an FcCharSet is an opaque
/// pointer Swift cannot see is read-only here.)
enum BundledCoverage {
    nonisolated(unsafe) private static let union: OpaquePointer? = {
        guard let set = FcConfigGetFonts(BundledFontConfig.shared, FcSetApplication) else { return nil }
        let all = FcCharSetCreate()
        for index in 0..<Int(set.pointee.nfont) {
            var charset: OpaquePointer?
            guard let pattern = set.pointee.fonts[index], FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch,
                  let charset else { continue }
            _ = FcCharSetMerge(all, charset, nil)
        }
        return all
    }()

    /// The characters the bundled outline fonts have together: the colour emoji font left out.
    nonisolated(unsafe) private static let outlines: OpaquePointer? = {
        guard let set = FcConfigGetFonts(BundledFontConfig.shared, FcSetApplication) else { return nil }
        let all = FcCharSetCreate()
        for index in 0..<Int(set.pointee.nfont) {
            var charset: OpaquePointer?
            var colour: FcBool = 0
            guard let pattern = set.pointee.fonts[index], FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch,
                  let charset else { continue }
            if FcPatternGetBool(pattern, "color", 0, &colour) == FcResultMatch, colour != 0 { continue }
            _ = FcCharSetMerge(all, charset, nil)
        }
        return all
    }()

    /// The characters of `text` pango may take from the colour emoji font: any emoji character
    /// but ASCII's (# * 0–9 stay text), and U+20E3 and U+FE0F, which make emoji of what they
    /// follow (a keycap, ❤️). Which font pango picks for ❤ depends on the family asked (the
    /// default takes the emoji font: hostile round 22), so every emoji is named. In order, once each.
    static func inColourOnly(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            let missingInOutlines = outlines.map { FcCharSetHasChar($0, scalar.value) == 0 } ?? false
            // U+FE0F asks for an emoji character before it as emoji: that character is named.
            let asEmoji = scalar.value == 0xFE0F && previous?.properties.isEmoji == true
            let named = asEmoji ? (previous ?? scalar) : scalar
            let emoji = (properties.isEmoji && !scalar.isASCII) || scalar.value == 0x20E3
            if asEmoji || emoji || (properties.isEmoji && missingInOutlines && !lacks(scalar)), !found.contains(named) {
                found.append(named)
            }
            previous = scalar
        }
        return found
    }

    /// Whether `text` has a character (not a space or line end, or a default-ignorable pango
    /// hides) that no bundled font has.
    static func lacksSome(of text: String) -> Bool {
        text.unicodeScalars.contains(where: lacks)
    }

    /// The characters of `text` no bundled font has, in text order, once each (tabs, line ends,
    /// the line and paragraph separators and default-ignorables such as joiners and variation
    /// selectors need no glyph of their own (`hiddenWhenMissing`); every other character does, C1 controls, DEL and
    /// NEL included, which pango draws as boxes: round 18).
    static func lacking(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where lacks(scalar) && !found.contains(scalar) { found.append(scalar) }
        return found
    }

    /// Tab, line feed, carriage return, the line and paragraph separators: layout, not glyphs.
    private static let drawsNothing: Set<UInt32> = [0x09, 0x0A, 0x0D, 0x2028, 0x2029]

    private static func lacks(_ scalar: Unicode.Scalar) -> Bool {
        guard let union else { return false }
        return !drawsNothing.contains(scalar.value) && !hiddenWhenMissing(scalar) && FcCharSetHasChar(union, scalar.value) == 0
    }

    /// Whether pango draws nothing for `scalar` when no font has it: HarfBuzz's default-ignorables,
    /// which are Unicode's but for the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0: drawn as
    /// a box, hostile round 20) and, in older versions, U+180F and U+1BCA0…U+1BCA3 (so those need
    /// a glyph too).
    static func hiddenWhenMissing(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return scalar.properties.isDefaultIgnorableCodePoint && !hangulFillers.contains(value)
            && value != 0x180F && !(0x1BCA0...0x1BCA3).contains(value)
    }

    private static let hangulFillers: Set<UInt32> = [0x115F, 0x1160, 0x3164, 0xFFA0]
}
