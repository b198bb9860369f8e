/// Font-relative lengths resolve from a font size, and the size nothing sets is librsvg 2.54's
/// 12 px against a browser's 16 px: `r="1em"`, a root `width="1em"`, `font-size="150%"` and text
/// without a font-size came out at 3/4 of a browser's (hostile round 76). librsvg gets the
/// outermost element `font-size="16"` when it sets none itself, as a presentation attribute, so
/// what the icon writes — its style attribute, style sheets, its children — still decides over
/// it, as a browser's default would be decided over.
extension SVGIconPreflight.Document {
    mutating func setBrowsersDefaultFontSize() throws(SVGIconPreflight.Problem) {
        let root = elements[0].tag
        guard Self.declared("font-size", on: root) == nil, Self.declared("font", on: root) == nil else { return }
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
}
