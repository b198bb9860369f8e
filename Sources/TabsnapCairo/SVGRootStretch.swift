/// An outermost `<svg>` without a `viewBox` a browser's `<img>` stretches to the box it is given
/// (no viewBox, no proportions to keep); librsvg kept its proportions and centred it (hostile
/// round 77: a 48 × 24 icon, Inkscape's 30 × 24 action icons). librsvg gets the viewBox of its
/// width and height and `preserveAspectRatio="none"`, which stretch it as a browser does. Within
/// a hundredth of square (Inkscape's 16.058 × 16.025) nothing is added: the stretch is under a
/// tenth of a pixel at the sizes an icon is drawn. A size in other units than pixels, or none,
/// is refused: its user space could not be written.
extension SVGIconPreflight.Document {
    mutating func stretchAsABrowserDoes() throws(SVGIconPreflight.Problem) {
        let root = elements[0].tag
        guard root.exactAttribute("viewBox") == nil else { return }
        guard let width = Self.plainNumber(root.exactAttribute("width")), let height = Self.plainNumber(root.exactAttribute("height")), width > 0, height > 0 else {
            throw SVGIconPreflight.Problem(description: "<svg> without a viewBox, nor a width and height in pixels, which a browser stretches to the "
                                           + "icon's box and librsvg keeps in proportion; write viewBox=\"0 0 width height\"")
        }
        guard abs(width / height - 1) > 0.01 else { return }
        // An attribute selector, or a fit already written, would see what is added.
        if root.exactAttribute("preserveAspectRatio") != nil || styleSheets.contains(where: { Self.selectorText(of: $0).contains("[") }) {
            throw SVGIconPreflight.Problem(description: "<svg> of \(SVGNumber.format(width)) × \(SVGNumber.format(height)) without a viewBox, which a browser "
                                           + "stretches to the icon's box and librsvg keeps in proportion; write viewBox=\"0 0 width height\"")
        }
        rootStretch = (width, height)
    }
}
