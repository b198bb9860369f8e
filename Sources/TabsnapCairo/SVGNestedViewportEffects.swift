/// A mask or filter on a nested `<svg>`'s viewport, which librsvg 2.54 lays out in the
/// `<svg>`'s own units (after its x, y and viewBox) and a browser in the parent's (hostile
/// round 105: a mask on `<svg viewBox="0 0 32 32" width="64">` cut a quarter circle where
/// Chromium cut a whole one; a `<use>` of such an `<svg>` with a mask drew a dot, with a
/// filter an unblurred square a third of its size). A clip path there is refused where it is
/// written (`SVGBrowserAgreement`); on a `<use>` of an `<svg>` it is placed alike (measured:
/// robust 1), as is a filter written on the nested `<svg>` itself. (Effects on an `<svg>` whose
/// viewport maps one to one are placed alike too, but refused all the same: simpler to tell.)
extension SVGIconPreflight.Document {
    /// Refuses a mask or filter on a `<use>` that draws a nested `<svg>` (its uses followed
    /// once, through `reach`).
    func checkNestedViewportEffects(_ reach: SVGUseReach) throws(SVGIconPreflight.Problem) {
        let notNone: (String) -> Bool = { !$0.hasPrefix("none") }
        let uses = elements.indices.filter { index in
            guard elements[index].tag.localName == "use", let end = reach.end(of: index) else { return false }
            return end != 0 && elements[end].tag.localName == "svg"
        }
        for property in ["mask", "filter"] {
            for use in uses where Self.sets(property, on: elements[use].tag) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[use].tag.name)) \(property)> of a nested <svg>, which librsvg places in the "
                                               + "<svg>'s own units and a browser in the <use>'s; put it on a group around the <use>")
            }
            if sheetsMayApply(property, where: notNone, to: uses.map { elements[$0] }) {
                throw SVGIconPreflight.Problem(description: "a style sheet may give a <use> of a nested <svg> a \(property), which librsvg places in the "
                                               + "<svg>'s own units and a browser in the <use>'s; put it on a group around the <use>")
            }
        }
    }
}
