/// Font-relative lengths resolve from a font size, and the size nothing sets is librsvg 2.54's
/// 12 px against a browser's 16 px: `r="1em"`, a root `width="1em"`, `font-size="150%"` and text
/// without a font-size came out at 3/4 of a browser's (hostile round 76). librsvg gets the
/// outermost element `font-size="16"` when it sets none itself, as a presentation attribute, so
/// what the icon writes — its style attribute, style sheets, its children — still decides over
/// it, as a browser's default would be decided over.
extension SVGIconPreflight.Document {
    /// `declarations`: the icon's (`Document.declarations`), read once by the caller.
    mutating func setBrowsersDefaultFontSize(_ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) {
        let root = elements[0].tag
        // A size relative to the parent's on the outermost element (`200%`, `2em`, `inherit`,
        // in a `font` too) starts from what is above it: librsvg's 12 px, a browser's 16 px —
        // and an added font-size="16" beside it changes nothing (hostile round 97: a 1em square
        // 24 units for a browser's 32). Where it sizes something (text, em lengths): refused.
        if !drawnText.isEmpty || SVGBrowserAgreement.writesEmOrEx(declarations) {
            // (`font` is no presentation attribute: only CSS sets it.)
            let own = [Self.declared("font-size", on: root), Self.styleDeclares("font", in: root)].contains { $0.map(Self.isRelativeFontSize) ?? false }
            if own || sheetsMayApply("font-size", where: Self.isRelativeFontSize, to: [elements[0]])
                || sheetsMayApply("font", where: Self.isRelativeFontSize, to: [elements[0]]) {
                throw SVGIconPreflight.Problem(description: "a font-size relative to its parent's (a percentage, em, inherit) on the outermost <svg>, which "
                                               + "librsvg starts from its own 12 px and a browser from 16 px; write it in px")
            }
        }
        // (A `font` attribute is none: neither librsvg nor a browser reads it, hostile round 98.)
        guard Self.declared("font-size", on: root) == nil, Self.styleDeclares("font", in: root) == nil else { return }
        // An attribute selector would see the added attribute.
        if styleSheets.contains(where: { Self.selectorText(of: $0).contains("[") }) {
            guard drawnText.isEmpty, !SVGBrowserAgreement.writesEmOrEx(declarations), !declarations.all.contains(where: { $0.property == "font-size" }) else {
                throw SVGIconPreflight.Problem(description: "a style sheet selects by attribute in an icon whose font sizes librsvg starts from 12 px (a browser "
                                               + "from 16): set font-size on the outermost <svg>, or select by class")
            }
            return
        }
        insertions.append((root.nameRange.upperBound, Array(" font-size=\"16\"".utf8)))
    }

    /// Whether a `font-size` or `font` value sizes relative to the parent's size.
    static func isRelativeFontSize(_ value: String) -> Bool {
        // Words, not parts of them (a family "Sunset" is no `unset`); a size, not a `font`'s
        // line height after its `/`.
        let words = value.lowercased().split(whereSeparator: { " \t\n\r,!".contains($0) })
        if words.contains(where: { ["inherit", "larger", "smaller", "revert", "unset"].contains($0) }) { return true }
        return words.contains { word in
            word.range(of: #"^[+-]?[0-9.]+(e[+-]?[0-9]+)?(%|em|ex|rem|ch)(/.*)?$"#, options: .regularExpression) != nil
        }
    }
}
