import Foundation

/// Geometry librsvg 2.54 (and cairo under it) draws otherwise than a browser (hostile round 76),
/// judged from the shapes' own numbers (`SVGPathData`):
///
/// - a subpath of a move alone, which a browser strokes as nothing and librsvg, with square
///   caps, as a square; an arc ending where it starts, which a browser caps (a dot with round
///   caps) and librsvg leaves out;
/// - zero-length dashes with square caps (a browser keeps each square upright, librsvg turns it
///   along a curve); dashes finer than a device pixel are judged where the icon is drawn
///   (`finestDashPeriod`);
/// - a clip path, mask content or filter primitives in bounding-box units on a shape whose box
///   is flat (a line, a horizontal path): a browser draws nothing (or moves it), librsvg the
///   shape unclipped;
/// - a percentage in a clip path, mask, gradient, pattern or filter where the icon has nested
///   viewports: librsvg measures it against the viewport of the element using the resource, a
///   browser against the one it is declared in;
/// - a coordinate or length over a thousand times the icon's size once scaled: cairo keeps
///   device coordinates in 24.8 fixed point (±8 388 607 px), and past it a shape is dropped or
///   moved where a browser draws it.
extension SVGIconPreflight.Document {
    func checkGeometry(_ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) {
        // First: a tiny viewBox makes every length in it look huge to the rules below.
        try checkTinyViewBoxes()
        let caps = declarations.all.filter { $0.property == "stroke-linecap" }.map(\.value)
        let squareCaps = caps.contains { $0.contains("square") }, roundCaps = caps.contains { $0.contains("round") }
        var paths: [Int: SVGPathData] = [:]
        let least = squareCaps ? drawingScales(largest: false) : []
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            guard let data = Self.pathData(of: element.tag) else { continue }
            paths[index] = data
            let place = "<\(Self.short(element.tag.name))>"
            if squareCaps, data.hasLoneMove {
                throw SVGIconPreflight.Problem(description: "\(place) has a subpath of a move alone, which librsvg strokes with square caps as a square "
                                               + "and a browser as nothing; leave the move out")
            }
            // cairo turns a square cap by a segment's direction in its fixed point (1/256 px):
            // on a segment of a few such steps it is turned otherwise than a browser's, or
            // misshapen (hostile round 77: l.0005 .0005 drew an eight-pointed star).
            if squareCaps, let shortest = data.shortestSegment, let side = iconSide, shortest * least[index] < side / 1000 {
                throw SVGIconPreflight.Problem(description: "\(place) has a segment under a thousandth of the icon with square caps, which cairo turns "
                                               + "otherwise than a browser; leave it out, or use round caps")
            }
            if roundCaps, data.hasArcOfNoLength {
                throw SVGIconPreflight.Problem(description: "\(place) has an arc ending where it starts, which a browser strokes with round caps as a dot "
                                               + "and librsvg as nothing; leave it out, or draw the dot as a circle")
            }
        }
        let inheritance = SVGInheritance(self, uses: SVGUseReach(self))
        try checkHairShortPieces(paths, inheritance)
        try checkTinyRadii(paths, declarations, inheritance)
        try checkMitersUnderStretch(declarations, inheritance)
        try checkEffectsUnderTurns(declarations, inheritance)
        try checkBoxClipsInContent()
        try checkDashes(declarations, squareCaps: squareCaps)
        try checkTinyDashesAndMarkers(declarations, inheritance)
        try checkFlatBoxes(paths)
        try checkNearlyFlatPaint(paths)
        try checkPercentagesInResources()
        try checkMagnitudes(paths, declarations)
    }

    /// A stroked or marked outline with a segment, or a curve's control handle, under 1/5000 of
    /// the icon as drawn (not of no length: that is judged apart) — under 1/256 px where the
    /// icon is drawn 20 px wide: cairo keeps its direction in fixed point (1/256 px) or drops it, a browser keeps it exactly, so caps,
    /// joins and markers turn otherwise (hostile round 132: a 0.0005-unit last segment turning
    /// from a 30-unit line, robust 870; a mid marker turned by a 0.0001 segment, 487; a cubic's
    /// first control point 0.0007 from its start, 934; a handle of 0.005–0.1 units, 58–61, and
    /// Inkscape's handles of a thousandth of the icon, alike). Without markers, round caps hide
    /// the direction, and a stroke under 1/32 of the icon shows it by a sliver (measured alike).
    private func checkHairShortPieces(_ paths: [Int: SVGPathData], _ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        guard let side = iconSide else { return }
        var least: [Double]?, widest: [Double]?
        for (index, data) in paths.sorted(by: { $0.key < $1.key }) {
            let marked = Self.markerProperties.contains { inheritance.mayBeSet($0, at: index) }
            let stroked = inheritance.candidates("stroke", at: index).contains { ($0?.lowercased() ?? "none") != "none" }
            guard marked || stroked else { continue }
            func only(_ property: String, _ value: String) -> Bool {
                inheritance.candidates(property, at: index).allSatisfy { $0?.lowercased().trimmingCharacters(in: .whitespaces) == value }
            }
            // (Round caps: a hair segment beside a mitred join differs by a sliver, robust 35–43.)
            let open = marked || !only("stroke-linecap", "round") ? [data.shortestSegment, data.shortestHandle] : []
            // A closing side has joins at its ends, no caps: a hair-short one under a mitre join
            // turns that join's spike (robust 156–160 in 96 under a 9-unit stroke; bevel 12,
            // round 0). Tango's and Inkscape's outlines close a hair from their start by the
            // dozen, with round joins or thin strokes, drawn alike (stop 67's corpus).
            // A closing line of a billionth of the icon is what relative coordinates summing back
            // to the start leave (Inkscape's, 1e-16 to 1e-14 of the icon: 13 of stop 67's
            // corpus, alike): both drop it at any size an icon is drawn (Skia under 1/4096 px).
            // (Marked: the closing line turns the markers at its ends, as any segment does.)
            let mitred = marked || !only("stroke-linejoin", "round") && !only("stroke-linejoin", "bevel")
            let largest = widest ?? drawingScales(largest: true)
            widest = largest
            let closing = mitred ? [data.shortestClosingSide, polygonClosingSide(index)].compactMap { $0 }.filter { $0 * largest[index] >= side * 1e-9 } : []
            guard let shortest = (open.compactMap { $0 } + closing).min() else { continue }
            // A stroke thinner than 1/32 of the icon as drawn turns its ends by a sliver (the
            // Inkscape logo's 1-unit stroke in 128 with such handles: alike, robust 0).
            let width = inheritance.candidates("stroke-width", at: index).map { $0.map { Self.plainNumber($0) ?? .infinity } ?? 1 }.max() ?? 1
            guard marked || width * largest[index] >= side / 32 else { continue }
            let scales = least ?? drawingScales(largest: false)
            least = scales
            if shortest * scales[index] < side / 5000 {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name))> has a segment (its closing line too) or a curve's handle under 1/5000 "
                                               + "of the icon, whose direction cairo and a browser read otherwise for caps, joins and markers; "
                                               + "leave it out, or put the control point on its end")
            }
        }
    }

    /// A polygon's closing side, which its points leave unwritten: from its last point back to
    /// its first (nil for other elements, or when they meet).
    private func polygonClosingSide(_ index: Int) -> Double? {
        guard elements[index].tag.localName == "polygon",
              let outline = SVGPathData(elements[index].tag.exactAttribute("points") ?? "", polyline: true, collectingOutlines: true, measuring: false).outlines.first,
              let first = outline.points.first, let last = outline.points.last, first != last else { return nil }
        return SVGPathData.distance(first, last)
    }

    /// The path data a shape is drawn from, nil for other elements (a line's numbers in units
    /// other than user units are read as 0: `isFlat` then errs toward flat).
    static func pathData(of tag: SVGScanner.Tag) -> SVGPathData? {
        switch tag.localName {
        case "path": return SVGPathData(tag.exactAttribute("d") ?? "")
        case "polyline", "polygon": return SVGPathData(tag.exactAttribute("points") ?? "", polyline: true)
        case "line":
            let value = { (name: String) in plainNumber(tag.exactAttribute(name)).map { "\($0)" } ?? "0" }
            return SVGPathData("M\(value("x1")) \(value("y1")) L\(value("x2")) \(value("y2"))")
        default: return nil
        }
    }

    /// The side of the icon in user units (the larger of its viewBox's, or of its width and
    /// height), nil when not written.
    /// How much more the outermost `<svg>` is stretched one way than the other into the icon's
    /// square box, 1 when it keeps its proportions.
    var rootStretchRatio: Double {
        let root = elements[0].tag
        let box = Self.numbers(in: root.exactAttribute("viewBox") ?? "")
        if box.count == 4, box[2] > 0, box[3] > 0, box.allSatisfy(\.isFinite) {
            return Self.aspect(root.exactAttribute("preserveAspectRatio"))?.hasPrefix("none") ?? false ? max(box[2], box[3]) / min(box[2], box[3]) : 1
        }
        guard let width = Self.plainNumber(root.exactAttribute("width")), let height = Self.plainNumber(root.exactAttribute("height")), width > 0, height > 0 else { return 1 }
        return max(width, height) / min(width, height)
    }

    var iconSide: Double? {
        let root = elements[0].tag
        let box = Self.numbers(in: root.exactAttribute("viewBox") ?? "")
        if box.count == 4, box[2] > 0, box[3] > 0, box.allSatisfy(\.isFinite) { return max(box[2], box[3]) }
        guard let width = Self.plainNumber(root.exactAttribute("width")), let height = Self.plainNumber(root.exactAttribute("height")), width > 0, height > 0 else { return nil }
        return max(width, height)
    }

    private func checkDashes(_ declarations: SVGDeclarations, squareCaps: Bool) throws(SVGIconPreflight.Problem) {
        for declaration in declarations.all where declaration.property == "stroke-dasharray" {
            guard let lengths = dashLengths(declaration.value) else { continue }
            if squareCaps, lengths.contains(0) {
                throw SVGIconPreflight.Problem(description: "\(declaration.place): dashes of no length with square caps, which a browser draws upright and librsvg "
                                               + "turns along the line; use round caps, or dashes of a length")
            }
        }
    }

    /// The shortest period of the icon's dash patterns as a fraction of the icon's side, at the
    /// smallest scale an element the pattern may stroke is drawn at; nil without dashes in user
    /// units. A dash pattern repeating under a fraction of a device pixel librsvg strokes solid,
    /// a browser as a faint tint (hostile round 76: `stroke-dasharray="1e-5"`).
    func finestDashPeriod(_ declarations: SVGDeclarations) -> Double? {
        guard let side = iconSide else { return nil }
        func period(_ value: String) -> Double? {
            guard let lengths = dashLengths(value) else { return nil }
            let period = lengths.reduce(0, +) * (lengths.count % 2 == 1 ? 2 : 1)
            // A sum of 0 (or less) is no dashing to both.
            return period > 0 ? period : nil
        }
        // The least scale in each element's subtree (children come after their parents).
        var least = drawingScales(largest: false)
        for index in elements.indices.reversed() { if let parent = elements[index].parent { least[parent] = min(least[parent], least[index]) } }
        var finest: Double?
        func take(_ period: Double?, _ scale: Double) {
            guard let period else { return }
            finest = min(finest ?? .infinity, period * scale)
        }
        for (index, element) in elements.enumerated() {
            if let value = Self.declared("stroke-dasharray", on: element.tag) { take(period(value), least[index]) }
        }
        // A sheet may dash any element.
        for declaration in sheetDeclarations where declaration.property == "stroke-dasharray" { take(period(declaration.value), least[0]) }
        return finest.map { $0 / side }
    }

    /// A dash array's lengths in user units, nil for `none` or lengths in other units.
    /// Units are converted as CSS converts them (an em at 16 px; a percentage of the icon's
    /// side, near enough for a judgement of fineness), so `0mm` is a dash of no length too.
    func dashLengths(_ value: String) -> [Double]? {
        let pieces = value.split(whereSeparator: { " ,\t\n\r".contains($0) })
        guard !pieces.isEmpty, pieces.first?.lowercased() != "none" else { return nil }
        let lengths = pieces.map { piece -> Double? in
            let lowered = piece.lowercased()
            if lowered.hasSuffix("%"), let number = Double(lowered.dropLast()) { return number / 100 * (iconSide ?? 0) }
            guard let number = lowered.range(of: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?"#, options: .regularExpression).flatMap({ Double(lowered[$0]) })
            else { return nil }
            return number == 0 ? 0 : Self.largestMagnitude(in: String(lowered)) * (number < 0 ? -1 : 1)
        }
        guard lengths.allSatisfy({ $0 != nil }) else { return nil }
        return lengths.compactMap { $0 }
    }

    /// Resources whose content is laid out in the box of the element using them, by the
    /// property naming them.
    private static let boxContentUnits: [(element: Substring, units: String, property: String)] = [
        ("clipPath", "clipPathUnits", "clip-path"), ("mask", "maskContentUnits", "mask"), ("filter", "primitiveUnits", "filter"),
    ]

    /// Miter joins drawn under a scale that is not the same both ways (a non-uniform scale, a
    /// skew, a viewport stretched by `preserveAspectRatio="none"`, the outermost `<svg>`
    /// stretched as a browser stretches it): cairo judges a join against the miter limit as it
    /// is drawn, a browser in the shape's own space, so a spike appeared or vanished (hostile
    /// round 80: a stretched symbol's peak, ratio 6.48 in its own space, limit 6). Refused only
    /// where a join's ratio falls on different sides of the limit.
    private func checkMitersUnderStretch(_ declarations: SVGDeclarations, _ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        guard declarations.all.contains(where: { $0.property == "stroke" && $0.value != "none" }) else { return }
        // A sheet's transform may apply to any element its rule selects, which `linearMaps` does
        // not know: one that stretches or slants is refused in a stroked icon (code review; no
        // icon of the system's 2 754 writes a transform in a sheet).
        for value in sheetRules(declaring: "transform", where: { $0 != "none" }).flatMap(\.values) {
            guard let (a, b, c, d) = SVGTransformList(css: value)?.linearPart,
                  abs(a - d) > 1e-9 * max(abs(a), abs(d), 1) || abs(b + c) > 1e-9 * max(abs(b), abs(c), 1) else { continue }
            throw SVGIconPreflight.Problem(description: "a style sheet: transform \(Self.short(value)), which stretches or slants what it selects, in a stroked icon "
                                           + "(cairo judges miter joins as drawn, a browser in the shape's space); write it as a transform attribute")
        }
        let maps = linearMaps()
        // A limit from a sheet may apply anywhere: each is tried.
        // (Each limit once: 12 800 rules writing one took a pass each over 800 000 joins.)
        // (Not a number is no limit, and would leave the sorted list unordered: review.)
        let sheetLimits = Array(Set(sheetDeclarations.filter { $0.property == "stroke-miterlimit" }.compactMap { Double($0.value) }.filter { !$0.isNaN })).sorted()
        let sheetsStroke = sheetsDeclareStroke
        for (index, element) in elements.enumerated() where ["path", "polyline", "polygon"].contains(element.tag.localName) {
            try clock.checkpoint()
            guard sheetsStroke || inheritance.mayBeSet("stroke", at: index) else { continue }
            let (a, b, c, d) = maps[index]
            // A rotation and an even scale keep every angle.
            guard abs(a - d) > 1e-9 * max(abs(a), abs(d), 1) || abs(b + c) > 1e-9 * max(abs(b), abs(c), 1) else { continue }
            guard inheritance.candidates("stroke-linejoin", at: index).contains(where: { ($0?.lowercased() ?? "miter").hasPrefix("miter") }) else { continue }
            // (Ascending, each once: a join's two ratios are looked up between them by halving.)
            let limits = Array(Set(inheritance.candidates("stroke-miterlimit", at: index).map { $0.flatMap(Double.init) ?? 4 }.filter { !$0.isNaN } + sheetLimits)).sorted()
            // A polyline's points are a move and lines; a polygon's close too.
            let name = element.tag.localName
            let written = name == "path" ? element.tag.exactAttribute("d") ?? "" : "M" + (element.tag.exactAttribute("points") ?? "") + (name == "polygon" ? "Z" : "")
            let data = SVGPathData(written, collectingJoins: true)
            func ratio(_ into: (x: Double, y: Double), _ outOf: (x: Double, y: Double)) -> Double {
                let cosine = -(into.x * outOf.x + into.y * outOf.y) / ((into.x * into.x + into.y * into.y).squareRoot() * (outOf.x * outOf.x + outOf.y * outOf.y).squareRoot())
                return (2 / max(1e-12, 1 - cosine)).squareRoot()
            }
            func mapped(_ v: (x: Double, y: Double)) -> (x: Double, y: Double) { (a * v.x + c * v.y, b * v.x + d * v.y) }
            for join in data.joins {
                try clock.checkpoint()
                let own = ratio(join.into, join.outOf), drawn = ratio(mapped(join.into), mapped(join.outOf))
                // A limit on either side: at least the lower ratio, under the higher. (Both are
                // finite: `ratio` takes at least 1e-12 under its root.)
                let first = limits.firstIndex(notBelow: min(own, drawn))
                if first < limits.count, limits[first] < max(own, drawn) {
                    let limit = limits[first]
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))>: a miter join of ratio \(SVGNumber.format(own)) in its own space and "
                                                   + "\(SVGNumber.format(drawn)) as drawn, on either side of the limit \(SVGNumber.format(limit)) under a stretch, which "
                                                   + "cairo judges as drawn and a browser in the shape's space; use round or bevel joins, or another limit")
                }
            }
        }
    }

    /// Whether a style sheet strokes something (it may match any element).
    private var sheetsDeclareStroke: Bool {
        sheetDeclarations.contains { $0.property == "stroke" && $0.value != "none" }
    }

    /// The linear part of what each element is drawn under, up to an even scale: the outermost
    /// viewport's stretch (a viewBox with `preserveAspectRatio="none"`, or a size without a
    /// viewBox, drawn into a square box), the transforms above and on it, and nested viewports
    /// stretched by `preserveAspectRatio="none"`.
    func linearMaps() -> [(Double, Double, Double, Double)] {
        func times(_ p: (Double, Double, Double, Double), _ o: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            (p.0 * o.0 + p.2 * o.1, p.1 * o.0 + p.3 * o.1, p.0 * o.2 + p.2 * o.3, p.1 * o.2 + p.3 * o.3)
        }
        func stretch(_ tag: SVGScanner.Tag, root: Bool) -> (Double, Double, Double, Double) {
            let box = Self.numbers(in: tag.exactAttribute("viewBox") ?? "")
            let none = Self.aspect(tag.exactAttribute("preserveAspectRatio"))?.hasPrefix("none") ?? false
            if box.count == 4, box[2] > 0, box[3] > 0, box.allSatisfy(\.isFinite) {
                guard none else { return (1, 0, 0, 1) }
                let width = root ? 1 : Self.plainNumber(tag.exactAttribute("width")) ?? box[2], height = root ? 1 : Self.plainNumber(tag.exactAttribute("height")) ?? box[3]
                return (width / box[2], 0, 0, height / box[3])
            }
            // (The outermost <svg> without a viewBox is stretched to the square box: SVGRootStretch.)
            guard root, let width = Self.plainNumber(tag.exactAttribute("width")), let height = Self.plainNumber(tag.exactAttribute("height")), width > 0, height > 0
            else { return (1, 0, 0, 1) }
            return (1 / width, 0, 0, 1 / height)
        }
        var maps = [(Double, Double, Double, Double)](repeating: (1, 0, 0, 1), count: elements.count)
        for (index, element) in elements.enumerated() {
            var map = element.parent.map { maps[$0] } ?? (1, 0, 0, 1)
            if element.tag.localName == "svg" { map = times(map, stretch(element.tag, root: index == 0)) }
            // (A CSS transform in the style attribute too, which librsvg applies: code review.)
            if let css = Self.styleDeclares("transform", in: element.tag), let own = SVGTransformList(css: css) {
                map = times(map, own.linearPart)
            } else if let transform = element.tag.exactAttribute("transform"), let own = Self.linearPart(transform) {
                map = times(map, own)
            }
            maps[index] = map
        }
        return maps
    }

    /// A stroked circle, ellipse or arc of a radius under a two-hundredth of the icon: cairo
    /// strokes it as a disc with a diamond hole, a solid diamond or a sheared shape, a browser as
    /// a faint ring or a stadium (hostile round 80: r="0.01" under a 12-unit stroke). Radii from
    /// a hundredth up were measured alike.
    private func checkTinyRadii(_ paths: [Int: SVGPathData], _ declarations: SVGDeclarations, _ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        guard let side = iconSide, declarations.all.contains(where: { $0.property == "stroke" && $0.value != "none" }) else { return }
        let least = drawingScales(largest: false)
        let sheetsStroke = sheetsDeclareStroke
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            let names: [String]
            switch element.tag.localName {
            // (A rounded rectangle's tiny corner radius differs by a shade only, measured; Tango's
            // rx="0.1" rectangles are drawn.)
            case "circle": names = ["r"]
            case "ellipse": names = ["rx", "ry"]
            default: names = []
            }
            // Only what is stroked (by itself or what it inherits; a sheet may stroke anything).
            guard sheetsStroke || inheritance.mayBeSet("stroke", at: index) else { continue }
            var radii = names.compactMap { Self.plainNumber(element.tag.exactAttribute($0)) }
            if let arc = paths[index]?.smallestArcRadius { radii.append(arc) }
            if let radius = radii.first(where: { $0 > 0 && $0 * least[index] < side / 200 }) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))>: a radius of \(radius), under a two-hundredth of the icon, "
                                               + "in a stroked icon, which cairo strokes otherwise than a browser; leave the radius out, or make it larger")
            }
        }
    }

    /// A gradient or pattern in bounding-box units on a shape whose box is next to flat (under
    /// a thousandth of the icon, not 0): librsvg takes the box as empty and paints the fallback
    /// or nothing, a browser the gradient (hostile round 79: a rect 0.001 high). An exactly flat
    /// box both leave unpainted. Refused when the icon has both, wherever the paint is set
    /// (it inherits).
    private func checkNearlyFlatPaint(_ paths: [Int: SVGPathData]) throws(SVGIconPreflight.Problem) {
        let tolerance = (iconSide ?? 1) / 1000
        let boxServers = Set(elements.indices.filter { index in
            let name = elements[index].tag.localName
            guard name == "linearGradient" || name == "radialGradient" || name == "pattern" else { return false }
            return inheritedUnits(name == "pattern" ? "patternUnits" : "gradientUnits", index) != "userSpaceOnUse"
        }.compactMap { elements[$0].tag.exactAttribute("id") })
        guard !boxServers.isEmpty else { return }
        let named = elements.contains { element in
            ["fill", "stroke"].contains { Self.declared($0, on: element.tag).map { Self.references(in: $0).contains(where: boxServers.contains) } ?? false }
        } || styleSheets.contains { Self.references(in: $0).contains(where: boxServers.contains) }
        guard named else { return }
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            let nearlyFlat: Bool
            if let data = paths[index] {
                nearlyFlat = data.isFlat(within: tolerance) && !data.isFlat(within: 0)
            } else {
                let sides: [String] = element.tag.localName == "rect" ? ["width", "height"] : element.tag.localName == "ellipse" ? ["rx", "ry"] : []
                let lengths = sides.compactMap { Self.plainNumber(element.tag.exactAttribute($0)) }
                nearlyFlat = lengths.count == 2 && lengths.contains { $0 > 0 && $0 <= tolerance }
            }
            if nearlyFlat {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))>: a box under a thousandth of the icon high or wide, in an icon "
                                               + "painted with a gradient or pattern in objectBoundingBox units, which librsvg takes as empty and a browser "
                                               + "paints; make the shape flat, or larger, or the paint userSpaceOnUse")
            }
        }
    }

    private func checkFlatBoxes(_ paths: [Int: SVGPathData]) throws(SVGIconPreflight.Problem) {
        var resources: [String: String] = [:]
        for element in elements {
            try clock.checkpoint()
            for kind in Self.boxContentUnits where element.tag.localName == kind.element
                && element.tag.exactAttribute(kind.units)?.trimmingCharacters(in: .whitespaces) == "objectBoundingBox" {
                if let id = element.tag.exactAttribute("id") { resources[id] = kind.property }
            }
        }
        guard !resources.isEmpty else { return }
        var flat: [Int: Bool] = [:]
        func problem(_ place: String) -> SVGIconPreflight.Problem {
            SVGIconPreflight.Problem(description: "\(place): a clip path, mask or filter in objectBoundingBox units on a shape whose box is flat (a line), "
                                     + "which a browser draws as nothing and librsvg unclipped; write the resource in userSpaceOnUse")
        }
        for (index, element) in elements.enumerated() {
            for property in Set(resources.values) {
                guard let value = Self.declared(property, on: element.tag),
                      Self.references(in: value).contains(where: { resources[$0] == property }) else { continue }
                var visiting = Set<Int>()
                if mayBeFlat(index, paths, &flat, &visiting) { throw problem("<\(Self.short(element.tag.name)) \(property)>") }
            }
        }
        let named = Set(styleSheets.flatMap { Self.references(in: $0) })
        if !named.isDisjoint(with: resources.keys), paths.values.contains(where: { $0.isFlat(within: (iconSide ?? 1) / 1000) }) { throw problem("a style sheet") }
    }

    /// Whether the element's bounding box may have no width or no height: a flat shape, or a
    /// group or `<use>` drawing only such shapes.
    private func mayBeFlat(_ index: Int, _ paths: [Int: SVGPathData], _ known: inout [Int: Bool], _ visiting: inout Set<Int>) -> Bool {
        if let answer = known[index] { return answer }
        guard visiting.insert(index).inserted else { return false }
        let tag = elements[index].tag
        let answer: Bool
        switch tag.localName {
        // A box of a thousandth of the icon is flat too: a browser's clip there is under a
        // pixel, and librsvg drew the shape (hostile round 76: y2="12.0000001").
        case "path", "polyline", "polygon", "line": answer = paths[index]?.isFlat(within: (iconSide ?? 1) / 1000) ?? true
        case "use":
            let target = tag.attributes.first { Self.isHref($0.name) }.flatMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
            answer = target.map { mayBeFlat($0, paths, &known, &visiting) } ?? false
        case "g", "svg", "symbol", "a", "switch":
            let drawn = elements[index].children.filter { !["defs", "title", "desc", "metadata", "style"].contains(elements[$0].tag.localName) }
            answer = !drawn.isEmpty && drawn.allSatisfy { mayBeFlat($0, paths, &known, &visiting) }
        default: answer = false
        }
        known[index] = answer
        return answer
    }

    /// The length attributes a resource's percentage would be measured against a viewport in.
    private static let viewportLengths: Set<String> = ["x", "y", "width", "height", "r", "cx", "cy", "rx", "ry", "x1", "y1", "x2", "y2", "fx", "fy", "fr",
                                                       "stroke-width", "stroke-dasharray", "stroke-dashoffset", "font-size", "dx", "dy"]

    /// Resources, and the attribute saying whether their own lengths are in user space.
    private static let resourceUnits: [Substring: String] = [
        "clipPath": "", "mask": "maskUnits", "linearGradient": "gradientUnits", "radialGradient": "gradientUnits", "pattern": "patternUnits", "filter": "filterUnits",
    ]

    private func checkPercentagesInResources() throws(SVGIconPreflight.Problem) {
        guard elements.dropFirst().contains(where: { ["svg", "symbol"].contains($0.tag.localName) }) else { return }
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            guard let resource = resourceAncestor(of: index) else { continue }
            // A resource's own x, y, width and height in bounding-box units are fractions of the
            // box, the same to both; its content's lengths are in user space.
            if resource == index, let units = Self.resourceUnits[element.tag.localName], units.isEmpty || inheritedUnits(units, index) != "userSpaceOnUse" {
                continue
            }
            for attribute in element.tag.attributes where Self.viewportLengths.contains(attribute.name) && attribute.value.contains("%") {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) \(attribute.name)=\"\(Self.short(attribute.value))\">: a percentage in a "
                                               + "<\(elements[resource].tag.localName)> of an icon with nested viewports, which librsvg measures against the "
                                               + "viewport using it and a browser against the one declaring it; write user units")
            }
        }
    }

    /// The clip path, mask, gradient, pattern or filter the element is or is inside, if any.
    private func resourceAncestor(of index: Int) -> Int? {
        var current: Int? = index
        while let at = current {
            if Self.resourceUnits[elements[at].tag.localName] != nil { return at }
            current = elements[at].parent
        }
        return nil
    }

    /// A units attribute as the element has it, or a gradient or pattern it names by `href`.
    private func inheritedUnits(_ name: String, _ index: Int) -> String? {
        var current: Int? = index, seen = Set<Int>()
        while let at = current, seen.insert(at).inserted {
            if let value = elements[at].tag.exactAttribute(name) { return value.trimmingCharacters(in: .whitespaces) }
            current = elements[at].tag.attributes.first { Self.isHref($0.name) }.flatMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
        }
        return nil
    }

    /// Attributes holding coordinates or lengths in user units that cairo draws through (a
    /// font size is the sandbox probe's to judge; a filter's region is cut to the surface).
    private static let geometricAttributes: Set<String> = viewportLengths.union(["refX", "refY", "markerWidth", "markerHeight", "startOffset", "viewBox"])
        .subtracting(["font-size"])

    /// How far past the icon a coordinate may reach, in icon sides.
    static let reachInIconSides = 1000.0

    private func checkMagnitudes(_ paths: [Int: SVGPathData], _ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) {
        guard let side = iconSide else { return }
        let limit = side * Self.reachInIconSides
        let own = ownTransforms()
        let scales = drawingScales(largest: true, own: own)
        let largest = scales.max() ?? 1
        // How far the transforms above an element have moved it, at their scales: each
        // element's own translation (at its parent's scale) added to its parent's.
        var moved = [Double](repeating: 0, count: elements.count)
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            let parent = element.parent.map { moved[$0] } ?? 0, scale = element.parent.map { scales[$0] } ?? 1
            moved[index] = parent + scale * own[index].translation
        }
        let reachedElsewhere = moved.max() ?? 0
        func check(_ magnitude: Double, _ scale: Double, _ offset: Double, _ place: String) throws(SVGIconPreflight.Problem) {
            guard magnitude * scale + offset > limit else { return }
            throw SVGIconPreflight.Problem(description: "\(place): a coordinate or length over \(Int(Self.reachInIconSides)) times the icon's size, past what cairo "
                                           + "draws (librsvg drops or moves the shape; a browser draws it); keep the drawing near the icon")
        }
        for (index, element) in elements.enumerated() where index > 0 {
            try clock.checkpoint()
            // (The outermost element's size and viewBox are the icon's.)
            let name = element.tag.localName
            guard name != "filter", !name.hasPrefix("fe") else { continue }
            let place = "<\(Self.short(element.tag.name))>"
            try check(0, 1, moved[index], "<\(Self.short(element.tag.name)) transform>")
            if let data = paths[index] { try check(data.reach, scales[index], moved[index], place) }
            for attribute in element.tag.attributes where Self.geometricAttributes.contains(attribute.name) {
                try check(Self.largestMagnitude(in: attribute.value), scales[index], moved[index], "<\(Self.short(element.tag.name)) \(attribute.name)>")
            }
        }
        // A declaration in CSS may be read on any element: at the largest scale and offset.
        for declaration in declarations.all where declaration.isCSS && Self.geometricAttributes.contains(declaration.property) {
            try check(Self.largestMagnitude(in: declaration.value), largest, reachedElsewhere, declaration.place)
        }
    }

    /// The largest magnitude of the numbers written in a value, in pixels: absolute units
    /// converted as CSS converts them, a font-relative one at 16 px an em; read in one pass (a
    /// search from each match copied the rest of the text: quadratic).
    static func largestMagnitude(in value: String) -> Double {
        let bytes = Array(value.utf8)
        let units: [String: Double] = ["in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4, "q": 96 / 101.6, "pt": 96 / 72, "pc": 16, "em": 16, "ex": 16, "px": 1]
        var largest = 0.0, index = 0
        func digit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
        while index < bytes.count {
            let start = index
            if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while digit(index) { index += 1; digits += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") { index += 1; while digit(index) { index += 1; digits += 1 } }
            guard digits > 0 else { index = start + 1; continue }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                var at = index + 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                if digit(at) { while digit(at) { at += 1 }; index = at }
            }
            let number = abs(Double(String(decoding: bytes[start..<index], as: UTF8.self)) ?? .infinity)
            var unit = ""
            while index < bytes.count, unit.count < 2, (0x61...0x7A).contains(bytes[index] | 0x20) { unit.append(Character(Unicode.Scalar(bytes[index] | 0x20))); index += 1 }
            largest = max(largest, number * (units[unit] ?? (unit.hasPrefix("q") ? 96 / 101.6 : 1)))
        }
        return largest
    }

    /// The largest (or smallest) scale each element may be drawn at relative to the icon: the
    /// product of the transforms above and on it and of nested viewports' (their size against
    /// their viewBox). What may be drawn again elsewhere — inside `defs`, a symbol, marker,
    /// pattern, clip path or mask, or what a `<use>` draws — takes the largest (smallest) scale
    /// of the whole icon, or, drawn through uses, the product along each line it is drawn on if
    /// that is larger (smaller): chains of uses multiply (hostile round 126: scale 2 in a use of
    /// a use of scale 5 was read as 5; the dash rules let a stroke drawn 10 units wide be,
    /// robust 840). A resource's content multiplies the extreme by its own factors (round 130).
    /// `own`: the elements' own transforms, when the caller has them (`ownTransforms`).
    func drawingScales(largest: Bool, own given: [OwnTransform]? = nil) -> [Double] {
        var scales = [Double](repeating: 1, count: elements.count)
        // Each element's own factor: its transforms and viewport.
        var factors = scales
        let own = given ?? ownTransforms()
        for (index, element) in elements.enumerated() {
            var scale = largest ? own[index].largestScale : own[index].smallestScale
            // The outermost <svg>'s own stretch into the square box (a viewBox with
            // preserveAspectRatio none, or a size without a viewBox): its larger scale against
            // its even one, the icon's side (hostile round 127: a 19-unit stroke in a 192 × 64
            // box drawn 57 units thick passed the corner rule, robust 1 040).
            if index == 0, largest { scale *= rootStretchRatio }
            for name in ["patternTransform", "gradientTransform"] {
                if let transform = element.tag.exactAttribute(name) { scale *= largest ? Self.largestScale(transform) : Self.smallestScale(transform) }
            }
            if index > 0, ["svg", "marker", "pattern"].contains(element.tag.localName) {
                let box = Self.numbers(in: element.tag.exactAttribute("viewBox") ?? "")
                let (w, h) = element.tag.localName == "marker" ? ("markerWidth", "markerHeight") : ("width", "height")
                if box.count == 4, box[2] > 0, box[3] > 0, let width = Self.plainNumber(element.tag.exactAttribute(w)), let height = Self.plainNumber(element.tag.exactAttribute(h)) {
                    scale *= largest ? max(width / box[2], height / box[3]) : min(width / box[2], height / box[3])
                }
            }
            factors[index] = scale
            scales[index] = (element.parent.map { scales[$0] } ?? 1) * scale
        }
        func pick(_ values: [Double]) -> Double { (largest ? values.max() : values.min()) ?? 1 }
        let extreme = pick(scales)
        let inheritance = SVGInheritance(self, uses: SVGUseReach(self))
        let used = Set(elements.filter { $0.tag.localName == "use" }.flatMap { use in
            use.tag.attributes.filter { Self.isHref($0.name) }.compactMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
        })
        var drawnElsewhere = [Bool](repeating: false, count: elements.count)
        for (index, element) in elements.enumerated() {
            drawnElsewhere[index] = (element.parent.map { drawnElsewhere[$0] } ?? false) || used.contains(index)
                || ["defs", "symbol", "marker", "pattern", "clipPath", "mask"].contains(element.tag.localName)
        }
        // What a use draws: the product along its lines too (chains of uses multiply: round 126).
        let alongUses = elements.indices.map { index -> Double? in
            guard drawnElsewhere[index], inheritance.drawnUnder(index, "drawn through a use", { elements[$0].tag.localName == "use" }) else { return nil }
            return inheritance.product(index, "along", largest: largest, byReference: extreme) { factors[$0] }
        }
        let first = elements.indices.map { index in
            guard drawnElsewhere[index] else { return scales[index] }
            return alongUses[index].map { pick([extreme, $0]) } ?? extreme
        }
        // A pattern's, mask's, clip path's or marker's content is drawn at the scale of what
        // it paints (at most the icon's extreme) times its own factors from the resource down
        // (`patternTransform`, a marker's viewBox, its transforms): hostile round 130, a
        // `scale(2)` pattern filling a `scale(2)` rect was read at 2, drawn at 4 (robust 240).
        // One resource drawn inside another's content: the extreme counts that too.
        var inResource = [Double?](repeating: nil, count: elements.count)
        for (index, element) in elements.enumerated() {
            let above = element.parent.flatMap { inResource[$0] }
            if above != nil || ["pattern", "mask", "clipPath", "marker"].contains(element.tag.localName) { inResource[index] = (above ?? 1) * factors[index] }
        }
        // (What paints: the elements outside every resource — drawn where written, or through
        // uses —, whose scales hold no resource's factor; multiplied once: review of stop 67,
        // twice over read a `scale(3)` pattern's content at 27.)
        let painting = pick(elements.indices.filter { inResource[$0] == nil }.compactMap { drawnElsewhere[$0] ? alongUses[$0] : scales[$0] })
        return elements.indices.map { index in inResource[index].map { pick([first[index], painting * $0]) } ?? first[index] }
    }
}
