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

    /// Whether `text` has a character (not a space or control) that no bundled font has.
    static func lacksSome(of text: String) -> Bool {
        guard let union else { return false }
        return text.unicodeScalars.contains { scalar in
            !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control && FcCharSetHasChar(union, scalar.value) == 0
        }
    }
}
