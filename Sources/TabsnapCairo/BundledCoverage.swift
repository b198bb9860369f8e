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

    /// Whether `text` has a character (not a space, control or default-ignorable) that no
    /// bundled font has.
    static func lacksSome(of text: String) -> Bool {
        text.unicodeScalars.contains(where: lacks)
    }

    /// The characters of `text` no bundled font has, in text order, once each (spaces, controls
    /// and default-ignorables such as joiners and variation selectors need no glyph of their own).
    static func lacking(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where lacks(scalar) && !found.contains(scalar) { found.append(scalar) }
        return found
    }

    private static func lacks(_ scalar: Unicode.Scalar) -> Bool {
        guard let union else { return false }
        let properties = scalar.properties
        return !properties.isWhitespace && properties.generalCategory != .control && !properties.isDefaultIgnorableCodePoint
            && FcCharSetHasChar(union, scalar.value) == 0
    }
}
