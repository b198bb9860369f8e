/// The largest `feMorphology` radius an icon may be drawn with, for `IconCache` to judge where
/// the icon is drawn largest.
///
/// librsvg 2.54 caps an erosion's or dilation's radius at 10 device pixels (`morphology.rs`:
/// "radii being excessively large causes cpu hangups"); a browser does not. An outline icon
/// dilated by 3 of its 24 units matches at 1× and comes out thinner at 4×, and an erosion of 9
/// units that eats a 16-unit square in a browser leaves a square in librsvg (hostile round 92).
/// The preflight cannot know the size the icon is drawn at, so it gives the radius as a fraction
/// of the icon's side, taken large: at the largest scale any element of the icon is drawn at.
extension SVGIconPreflight.Document {
    /// The largest radius of an `feMorphology` in a filter something uses, as a fraction of the
    /// icon's side at the largest scale anything in it is drawn at; nil without one.
    func largestMorphologyRadius() throws(SVGIconPreflight.Problem) -> Double? {
        var largest: Double?
        let scale = drawingScales(largest: true).max() ?? 1
        let filterIsUsed = filterUsage()
        for element in elements where element.tag.localName == "feMorphology" && filterIsUsed(element) {
            try clock.checkpoint()
            // (SVGBrowserAgreement has refused a radius that is not one or two numbers.)
            let radius = Self.numbers(in: element.tag.attribute("radius") ?? "0").filter(\.isFinite).map(abs).max() ?? 0
            guard radius > 0 else { continue }
            if let filter = element.parent, let units = elements[filter].tag.exactAttribute("primitiveUnits"),
               units.trimmingCharacters(in: .whitespaces) == "objectBoundingBox" {
                throw SVGIconPreflight.Problem(description: "<feMorphology> in a filter of primitiveUnits=\"objectBoundingBox\": its radius, a share of what it "
                                               + "is drawn on, is capped by librsvg at 10 device pixels (a browser does not); give the filter userSpaceOnUse units")
            }
            guard let side = viewBoxSideForScaling else {
                throw SVGIconPreflight.Problem(description: "<feMorphology> in an icon without a viewBox or a width and height: its radius is capped by librsvg "
                                               + "at 10 device pixels (a browser does not), which cannot be judged without the icon's size; give the icon a viewBox")
            }
            largest = max(largest ?? 0, radius * scale / side)
        }
        return largest
    }

    /// The user units a device length is judged against: the viewBox's longer side (a side of
    /// the drawn box is never more than that many units wide when the viewBox meets the box),
    /// its shorter one where the icon stretches or slices (then an axis may take more).
    private var viewBoxSideForScaling: Double? {
        let root = elements[0].tag
        let fits = (Self.aspect(root.exactAttribute("preserveAspectRatio")) ?? "").split(separator: " ").allSatisfy { !["none", "slice"].contains($0) }
        let box = Self.numbers(in: root.exactAttribute("viewBox") ?? "")
        if box.count == 4, box[2] > 0, box[3] > 0, box.allSatisfy(\.isFinite) { return fits ? max(box[2], box[3]) : min(box[2], box[3]) }
        guard let width = Self.plainNumber(root.exactAttribute("width")), let height = Self.plainNumber(root.exactAttribute("height")), width > 0, height > 0 else { return nil }
        return fits ? max(width, height) : min(width, height)
    }
}
