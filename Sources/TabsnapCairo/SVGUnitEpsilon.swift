import Foundation

/// Lengths librsvg 2.54 takes as none where a browser draws them: within cairo's fixed point
/// (1/256) of nothing in the user units they are written in, however large they are drawn
/// (hostile rounds 83–84: a viewBox `0 0 0.0024 0.0024` drew nothing; dashes repeating every
/// 0.004 units under `scale(1000)` — 10 px on screen — were drawn solid; markers 0.004 units
/// wide vanished). Refused under 1/50 of a unit, with room above where each failed (measured:
/// viewBoxes of 0.005, dash periods of 0.01 and markers of 0.016 units are drawn alike; 0.0035,
/// 0.0067 and 0.0133 are not).
extension SVGIconPreflight.Document {
    /// The least length, in the units it is written in, librsvg is trusted to draw.
    static let leastUserLength = 0.02

    /// Dashes and markers (after the finer rule of `checkDashes`, judged where drawn).
    func checkTinyDashesAndMarkers(_ declarations: SVGDeclarations, _ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        for declaration in declarations.all where declaration.property == "stroke-dasharray" {
            let lengths = Self.numbers(in: declaration.value.replacingOccurrences(of: "px", with: ""))
            let period = lengths.filter(\.isFinite).reduce(0) { $0 + abs($1) }
            guard period > 0, period < Self.leastUserLength, !declaration.value.contains("%") else { continue }
            throw SVGIconPreflight.Problem(description: "\(declaration.place): dashes repeating every \(period) units, under 1/50 of a unit, "
                                           + "which librsvg draws solid (a browser dashed); scale the coordinates up")
        }
        try checkTinyMarkers(inheritance)
    }

    /// A viewBox under 1/50 of a unit wide or high.
    func checkTinyViewBoxes() throws(SVGIconPreflight.Problem) {
        for element in elements {
            try clock.checkpoint()
            let box = Self.numbers(in: element.tag.exactAttribute("viewBox") ?? "")
            guard box.count == 4, [box[2], box[3]].contains(where: { $0 > 0 && $0 < Self.leastUserLength }), let written = element.tag.exactAttribute("viewBox") else { continue }
            throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) viewBox=\"\(Self.short(written))\">: under 1/50 of a unit across, "
                                           + "which librsvg takes as none and draws nothing of (a browser draws it); scale the coordinates up")
        }
    }

    /// A marker under 1/50 of a unit across where it is drawn: its markerWidth or markerHeight
    /// (3 when not written), times the stroke width of each element using it unless its
    /// markerUnits are userSpaceOnUse. The markers and widths each shape may be drawn with:
    /// written on it, inherited where it is drawn (a group above, a `<use>` drawing it), or from
    /// a style sheet.
    private func checkTinyMarkers(_ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        for (index, element) in elements.enumerated() where Self.drawsMarkers.contains(element.tag.localName) {
            try clock.checkpoint()
            for property in Self.markerProperties {
                let values = inheritance.candidates(property, at: index).compactMap { $0 }
                guard !values.isEmpty else { continue }
                let width = inheritance.candidates("stroke-width", at: index).map { $0.flatMap(Self.plainNumber) ?? 1 }.min() ?? 1
                for id in values.flatMap(Self.references(in:)) {
                    guard let marker = ids[id], elements[marker].tag.localName == "marker" else { continue }
                    let tag = elements[marker].tag
                    let user = tag.exactAttribute("markerUnits")?.trimmingCharacters(in: .whitespacesAndNewlines) == "userSpaceOnUse"
                    let sides = ["markerWidth", "markerHeight"].map { Self.plainNumber(tag.exactAttribute($0)) ?? 3 }.map { user ? $0 : $0 * width }
                    guard let side = sides.first(where: { $0 > 0 && $0 < Self.leastUserLength }) else { continue }
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) \(property)>: a marker \(side) units across where it is drawn, "
                                                   + "under 1/50 of a unit, which librsvg leaves out (a browser draws it); scale the coordinates up")
                }
            }
        }
    }
}
