import Foundation

/// Paint servers, clip paths and masks that librsvg 2.54 draws otherwise than a browser (hostile
/// round 72), judged over the icon's tree: what a gradient or pattern inherits through `href`,
/// and what is inside a clip path.
extension SVGIconPreflight.Document {
    func checkResources() throws(SVGIconPreflight.Problem) {
        try checkTemplates()
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            switch element.tag.localName {
            case "linearGradient": try checkLinearGradient(index)
            case "radialGradient": try checkRadialGradient(index)
            case "pattern": try checkPatternAlignment(index)
            default: break
            }
        }
        let reach = SVGUseReach(self)
        try checkClipsInsideClipPaths(reach)
        try checkClipPathContent(reach)
        try checkNestedViewportEffects(reach)
        try checkResourceHolders()
        let inheritance = SVGInheritance(self, uses: reach)
        try checkMarkers(inheritance)
        try checkDashCorners(inheritance)
        if sheetsMayApply("mask", where: { $0 != "none" }, to: elements(named: ["mask"])) {
            throw SVGIconPreflight.Problem(description: "a style sheet may give a <mask> a mask, which librsvg applies and a browser does not; leave it out")
        }
    }

    /// Where a browser finds a clip path, mask, gradient, pattern or marker: inside the elements
    /// that hold drawing (groups, `<defs>`, other resources, a `<switch>`'s chosen branch, an
    /// `<svg>` that is displayed). Inside a text, a shape, an image, `<title>`, `<desc>`,
    /// `<metadata>`, an unknown element, a branch not chosen or a hidden `<svg>` a browser has
    /// nothing to refer to and paints the fallback, librsvg the resource (hostile round 79).
    private func checkResourceHolders() throws(SVGIconPreflight.Problem) {
        let resources: Set<Substring> = ["clipPath", "mask", "linearGradient", "radialGradient", "pattern", "marker"]
        let holders: Set<Substring> = ["svg", "g", "defs", "symbol", "a", "switch", "clipPath", "mask", "pattern", "marker"]
        let hiddenSVGs = Set(elements.indices.filter { index in
            let tag = elements[index].tag
            guard index > 0, tag.localName == "svg" else { return false }
            return Self.declared("display", on: tag)?.lowercased() == "none" || sheetsMayApply("display", where: { $0.hasPrefix("none") }, to: [elements[index]])
        })
        for (index, element) in elements.enumerated() where resources.contains(element.tag.localName) {
            try clock.checkpoint()
            var child = index
            while let parent = elements[child].parent {
                let holder = elements[parent].tag.localName
                let chosen = holder != "switch" || elements[parent].children.first(where: { !isIllustratorBranch(elements[$0]) }) == child
                if !holders.contains(holder) || hiddenSVGs.contains(parent) || !chosen {
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))> inside <\(Self.short(elements[parent].tag.name))>\(chosen ? "" : " (a branch not chosen)")"
                                                   + "\(hiddenSVGs.contains(parent) ? " (not displayed)" : ""), where a browser does not find it (it paints the "
                                                   + "fallback) and librsvg does; move it into <defs>")
                }
                child = parent
            }
        }
    }

    /// A gradient's `href` must name a gradient, a pattern's a pattern: a browser ignores one
    /// naming something else (or nothing) and paints with what the element has; librsvg paints
    /// nothing.
    private func checkTemplates() throws(SVGIconPreflight.Problem) {
        for element in elements {
            try clock.checkpoint()
            let name = element.tag.localName
            let kinds: Set<Substring> = name == "pattern" ? ["pattern"] : ["linearGradient", "radialGradient"]
            guard name == "pattern" || kinds.contains(name) else { continue }
            for attribute in element.tag.attributes where Self.isHref(attribute.name) {
                let target = ids[String(attribute.value.trimmingCharacters(in: .whitespaces).dropFirst())]
                guard let target, kinds.contains(elements[target].tag.localName) else {
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) \(attribute.name)=\"\(Self.short(attribute.value))\">: names "
                                                   + (target == nil ? "no element" : "a <\(elements[target!].tag.localName)>")
                                                   + ", which a browser ignores and librsvg then paints nothing; name a \(name == "pattern" ? "pattern" : "gradient") or leave it out")
                }
            }
        }
    }

    /// `name` as the element has it or inherits it from the gradients or patterns its `href`
    /// names (`kinds`: the elements it may inherit attributes from), nil when none writes it.
    private func inherited(_ name: String, from index: Int, kinds: Set<Substring>) -> String? {
        var current: Int? = index, seen = Set<Int>()
        while let at = current, seen.insert(at).inserted {
            let tag = elements[at].tag
            if kinds.contains(tag.localName), let value = tag.exactAttribute(name) { return value.trimmingCharacters(in: .whitespacesAndNewlines) }
            current = tag.attributes.first { Self.isHref($0.name) }.flatMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
        }
        return nil
    }

    /// A length in user units to compare with another of the same gradient, nil when it cannot
    /// be told: 0 in any unit is 0; absolute units as CSS's; a percentage is a fraction in
    /// bounding-box units, and of the outermost viewport (`side`, along the axis) in user space
    /// (hostile round 75: "0" against "0%", "50%" against 12, "0mm" slipped past).
    private func comparable(_ value: String, boundingBox: Bool, side: Double?) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let match = trimmed.range(of: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([e][+-]?[0-9]+)?"#, options: .regularExpression),
              let number = Double(trimmed[match]) else { return nil }
        if number == 0 { return 0 }
        let unit = trimmed[match.upperBound...]
        let perInch = 96.0
        switch unit {
        case "", "px": return number
        case "pt": return number * perInch / 72
        case "pc": return number * perInch / 6
        case "in": return number * perInch
        case "cm": return number * perInch / 2.54
        case "mm": return number * perInch / 25.4
        case "%": return boundingBox ? number / 100 : side.map { number / 100 * $0 }
        default: return nil
        }
    }

    /// The outermost viewport's width, height and normalized diagonal (CSS's length of a
    /// percentage that is neither across nor down), from its viewBox.
    private var viewportSides: (width: Double, height: Double, diagonal: Double)? {
        let box = Self.numbers(in: elements[0].tag.exactAttribute("viewBox") ?? "")
        guard box.count == 4, box[2] > 0, box[3] > 0 else { return nil }
        return (box[2], box[3], ((box[2] * box[2] + box[3] * box[3]) / 2).squareRoot())
    }

    /// A linear gradient whose start and end are one point: a browser paints its last stop,
    /// librsvg a blend.
    private func checkLinearGradient(_ index: Int) throws(SVGIconPreflight.Problem) {
        let boundingBox = inherited("gradientUnits", from: index, kinds: ["linearGradient", "radialGradient"]) != "userSpaceOnUse"
        func point(_ name: String, _ otherwise: String) -> Double? {
            comparable(inherited(name, from: index, kinds: ["linearGradient"]) ?? otherwise, boundingBox: boundingBox,
                       side: name.hasPrefix("x") ? viewportSides?.width : viewportSides?.height)
        }
        guard let x1 = point("x1", "0%"), let x2 = point("x2", "100%"), let y1 = point("y1", "0%"), let y2 = point("y2", "0%"), x1 == x2, y1 == y2 else { return }
        throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name))> starts and ends at one point, where a browser paints its last stop "
                                       + "and librsvg a blend; fill with that colour")
    }

    /// A radial gradient of radius 0: a browser paints its last stop, librsvg nothing.
    private func checkRadialGradient(_ index: Int) throws(SVGIconPreflight.Problem) {
        guard let r = inherited("r", from: index, kinds: ["radialGradient"]), comparable(r, boundingBox: true, side: nil) == 0 else { return }
        throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name)) r=\"\(Self.short(r))\">: a radius of 0, where a browser paints the last stop "
                                       + "and librsvg nothing; fill with that colour")
    }

    /// A pattern's `viewBox` of another shape than its tile: a browser aligns it as
    /// `preserveAspectRatio` says (centred by default), librsvg at the tile's top left. And one
    /// not at 0, 0 that scales to its tile: librsvg moves the content by the viewBox's origin
    /// in the wrong units, so each tile showed a corner of the circle a browser drew whole
    /// (hostile round 107: `viewBox="2 2 4 4"` on a tile of 8, robust 1 485, whatever the
    /// alignment).
    private func checkPatternAlignment(_ index: Int) throws(SVGIconPreflight.Problem) {
        let kinds: Set<Substring> = ["pattern"]
        guard let viewBox = inherited("viewBox", from: index, kinds: kinds) else { return }
        let box = Self.numbers(in: viewBox)
        let userSpace = inherited("patternUnits", from: index, kinds: kinds) == "userSpaceOnUse"
        let width = Self.plainNumber(inherited("width", from: index, kinds: kinds))
        let height = Self.plainNumber(inherited("height", from: index, kinds: kinds))
        if box.count == 4, box[0] != 0 || box[1] != 0 {
            let scales = userSpace && box[2] > 0 && box[3] > 0 ? [width.map { $0 / box[2] }, height.map { $0 / box[3] }] : [nil]
            if scales.contains(where: { $0.map { abs($0 - 1) > 1e-9 } ?? true }) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name))> has a viewBox not at 0, 0 that is scaled to its tile, whose "
                                               + "content librsvg moves by the viewBox's origin otherwise than a browser; start the viewBox at 0 0 "
                                               + "(move the content), or make the tile the viewBox's size in user space")
            }
        }
        let align = (Self.aspect(inherited("preserveAspectRatio", from: index, kinds: kinds)) ?? "xMidYMid").lowercased()
        guard box.count == 4, box[3] > 0, !align.hasPrefix("none"), !align.hasPrefix("xminymin") else { return }
        if userSpace, let width, let height, height > 0, abs(width / height - box[2] / box[3]) <= 1e-6 * box[2] / box[3] { return }
        throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name))> has a viewBox of another shape than its tile (or a tile "
                                       + "in bounding-box units), which a browser aligns as preserveAspectRatio says and librsvg at the top left; "
                                       + "write preserveAspectRatio=\"xMinYMin\", or a tile of the viewBox's shape in user space")
    }

    /// The shortest side of the icon's pattern tiles as a fraction of the icon's side, after
    /// `patternTransform` and the smallest scale anything in the icon is drawn at (transforms,
    /// nested viewports); nil without patterns. librsvg 2.54 draws no pattern whose tile is under
    /// about a device pixel (a browser draws its fill): Inkscape's "Stripes 1:1" scaled to 0.6
    /// drew at 2× and not at 1× or in SVG and PDF output (hostile rounds 74, 75). The renderer,
    /// which knows the smallest size an icon is drawn at, refuses it there (`IconCache`). A tile
    /// in bounding-box units is measured against the whole icon.
    func smallestPatternTile() -> Double? {
        let kinds: Set<Substring> = ["pattern"]
        let root = elements[0].tag
        let box = Self.numbers(in: root.exactAttribute("viewBox") ?? "")
        let iconSide: Double
        if box.count == 4 { iconSide = min(box[2], box[3]) } else if let width = Self.plainNumber(root.exactAttribute("width")), let height = Self.plainNumber(root.exactAttribute("height")) {
            iconSide = min(width, height)
        } else { return nil }
        guard iconSide > 0 else { return nil }
        var smallest: Double?
        let scales = drawingScaleList(), least = scales.reduce(1.0, min)
        for index in elements.indices where elements[index].tag.localName == "pattern" {
            if clock.isSpent() { break }  // (The answer is not given out past the time.)
            let boundingBox = inherited("patternUnits", from: index, kinds: kinds) != "userSpaceOnUse"
            func side(_ name: String) -> Double? {
                guard let written = inherited(name, from: index, kinds: kinds) else { return nil }  // no tile: nothing drawn by either
                if written.hasSuffix("%") { return Double(written.dropLast()).map { $0 / 100 * iconSide } }
                return Self.plainNumber(written).map { boundingBox ? $0 * iconSide : $0 }
            }
            guard let width = side("width"), let height = side("height"), width > 0, height > 0 else { continue }
            let scale = inherited("patternTransform", from: index, kinds: kinds).map(Self.smallestScale) ?? 1
            // Drawn at the scale of what it fills or strokes, where that is written on the
            // elements themselves (hostile round 85: a 2-unit tile on a rect under scale(10),
            // 12 px across, was judged at the icon's least scale, 1.2 px, and refused).
            let tile = min(width, height) * scale / iconSide * (userScale(ofPaint: index, scales: scales) ?? least)
            smallest = min(smallest ?? tile, tile)
        }
        return smallest
    }

    /// The least scale of the elements painting with the paint server at `index` and what is
    /// inside them, when every use of it is written on elements (attributes or style); nil when a
    /// style sheet may paint with it, a `<use>` may carry it, or nothing does.
    private func userScale(ofPaint index: Int, scales: [Double]) -> Double? {
        guard let id = elements[index].tag.exactAttribute("id"),
              !sheetDeclarations.contains(where: { ["fill", "stroke"].contains($0.property) && Self.references(in: $0.value).contains(id) }) else { return nil }
        var least: Double?
        for (at, element) in elements.enumerated() {
            guard ["fill", "stroke"].contains(where: { Self.declared($0, on: element.tag).map { Self.references(in: $0).contains(id) } ?? false }) else { continue }
            guard element.tag.localName != "use" else { return nil }
            var stack = [at]
            while let inside = stack.popLast() {
                least = min(least ?? scales[inside], scales[inside])
                stack += elements[inside].children
            }
        }
        return least
    }

    /// The smallest scale an element of the icon is drawn at relative to the icon: the product
    /// of the transforms above and on it, and of nested viewports' (their size against their
    /// viewBox), the least over every element.
    func smallestDrawingScale() -> Double {
        drawingScaleList().reduce(1.0, min)
    }

    /// The smallest scale each element is drawn at relative to the icon (`smallestDrawingScale`).
    func drawingScaleList() -> [Double] {
        var scales = [Double](repeating: 1, count: elements.count)
        let own = ownTransforms()
        for (index, element) in elements.enumerated() {
            var scale = (element.parent.map { scales[$0] } ?? 1) * own[index].smallestScale
            if index > 0, element.tag.localName == "svg" {
                let box = Self.numbers(in: element.tag.exactAttribute("viewBox") ?? "")
                if box.count == 4, box[2] > 0, box[3] > 0 {
                    let width = Self.plainNumber(element.tag.exactAttribute("width")) ?? box[2], height = Self.plainNumber(element.tag.exactAttribute("height")) ?? box[3]
                    scale *= min(width / box[2], height / box[3])
                }
            }
            scales[index] = scale
        }
        return scales
    }

    /// The smallest factor a transform list scales a length by (the smaller singular value of
    /// its linear part); 0 for a list that cannot be read.
    static func smallestScale(_ list: String) -> Double { SVGTransformList(attribute: list)?.scaleFactors.smallest ?? 0 }

    /// The largest factor a transform list scales a length by (the larger singular value); 1 for
    /// a list that cannot be read (which the preflight refuses before).
    static func largestScale(_ list: String) -> Double { SVGTransformList(attribute: list)?.scaleFactors.largest ?? 1 }

    /// The linear part (a, b, c, d of a matrix) of a transform list, nil when it cannot be read.
    static func linearPart(_ list: String) -> (Double, Double, Double, Double)? { SVGTransformList(attribute: list)?.linearPart }

    /// A clip path on a `<clipPath>` or on what it holds or draws through a `<use>`: a browser
    /// clips by it, librsvg not (hostile round 105: a clip path on the circle a clip path's
    /// `<use>` draws).
    private func checkClipsInsideClipPaths(_ reach: SVGUseReach) throws(SVGIconPreflight.Problem) {
        var inside: [Element] = []
        var seen = Set<Int>()
        for clip in elements.indices where elements[clip].tag.localName == "clipPath" {
            try clock.checkpoint()
            for index in try drawn(from: clip, reach) where seen.insert(index).inserted { inside.append(elements[index]) }
        }
        for element in inside {
            let tag = element.tag
            if Self.sets("clip-path", on: tag) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(tag.name)) clip-path> on or inside a <clipPath>, which a browser clips by and librsvg "
                                               + "does not; intersect the shapes, or clip what uses it")
            }
        }
        if sheetsMayApply("clip-path", where: { $0 != "none" }, to: inside) {
            throw SVGIconPreflight.Problem(description: "a style sheet may give a <clipPath> or what it holds a clip-path, which a browser clips by and librsvg "
                                           + "does not; intersect the shapes, or clip what uses it")
        }
    }
}

/// Markers librsvg 2.54 places or clips otherwise than a browser (hostile round 73).
extension SVGIconPreflight.Document {
    /// The length attributes a percentage in a marker's content would be resolved against.
    static let lengthAttributes: Set<String> = ["x", "y", "width", "height", "r", "cx", "cy", "rx", "ry", "x1", "y1", "x2", "y2",
                                                        "stroke-width", "stroke-dasharray", "stroke-dashoffset", "font-size", "dx", "dy"]

    /// The properties that set markers (they inherit).
    static let markerProperties = ["marker", "marker-start", "marker-mid", "marker-end"]
    /// What markers are drawn on.
    static let drawsMarkers: Set<Substring> = ["path", "line", "polyline", "polygon"]

    func checkMarkers(_ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        let markers = elements.indices.filter { elements[$0].tag.localName == "marker" }
        guard !markers.isEmpty else { return }
        for index in markers {
            let tag = elements[index].tag
            let place = "<\(Self.short(tag.name))\(tag.exactAttribute("id").map { " id=\"\(Self.short($0))\"" } ?? "")>"
            // librsvg resolves percentages against another viewport than a browser.
            if ["refX", "refY", "markerWidth", "markerHeight"].contains(where: { tag.exactAttribute($0)?.contains("%") ?? false }) {
                throw SVGIconPreflight.Problem(description: "\(place): a percentage in refX, refY or the marker's size, which librsvg and a browser measure against "
                                               + "other viewports; write user units")
            }
            try checkMarkerViewBox(index, place: place)
        }
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            guard index > 0, isInside(index, "marker") else { continue }
            for attribute in element.tag.attributes where Self.lengthAttributes.contains(attribute.name) && attribute.value.contains("%") {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) \(attribute.name)=\"\(Self.short(attribute.value))\"> in a <marker>: "
                                               + "a percentage, which librsvg and a browser measure against other viewports; write user units")
            }
        }
        // Where librsvg puts markers otherwise: at the vertices of a path of several subpaths or
        // a closed one (a mid marker missing at a subpath's end, start and end facing other ways).
        // Markers as written on the shape, inherited where it is drawn (a group above, a <use>
        // drawing it), or from a style sheet.
        for (index, element) in elements.enumerated() where ["path", "polygon", "polyline"].contains(element.tag.localName)
            && Self.markerProperties.contains(where: { inheritance.mayBeSet($0, at: index) }) {
            guard let data = Self.pathData(of: element.tag) else { continue }
            // A one-point polyline: a browser draws its markers, librsvg none (hostile round 76).
            if data.hasLoneMove, data.subpathCount == 1 {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))> of one point with markers, which a browser draws and librsvg does not; "
                                               + "draw the mark as a shape")
            }
            if element.tag.localName == "polygon" || data.subpathCount > 1 || data.hasCloseOrArc || data.hasSegmentOfNoLength {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))> with markers and a closed path, several subpaths, an arc or a segment of no length, where librsvg "
                                               + "places and turns markers otherwise than a browser; draw the marks as shapes, or split the path")
            }
        }
    }

    /// Whether an ancestor of the element is a `name` element.
    func isInside(_ index: Int, _ name: Substring) -> Bool {
        !clock.isSpent() && ancestors(of: index).contains { elements[$0].tag.localName == name }
    }

    /// The element's ancestors, its parent first: what it inherits from, and what a sheet's
    /// rule may select to give it an inherited property.
    func ancestors(of index: Int) -> [Int] {
        var found: [Int] = []
        var ancestor = elements[index].parent
        while let at = ancestor {
            found.append(at)
            ancestor = elements[at].parent
        }
        return found
    }

    /// A marker's viewBox: librsvg clips to it, a browser to the marker's viewport (its width
    /// and height): the same only when the two have one shape or the marker stretches.
    private func checkMarkerViewBox(_ index: Int, place: String) throws(SVGIconPreflight.Problem) {
        let tag = elements[index].tag
        let box = Self.numbers(in: tag.exactAttribute("viewBox") ?? "")
        guard box.count == 4, box[2] > 0, box[3] > 0 else { return }
        let overflow = Self.declared("overflow", on: tag)?.lowercased()
        if overflow == "visible" || overflow == "auto" { return }
        if Self.aspect(tag.exactAttribute("preserveAspectRatio"))?.hasPrefix("none") == true { return }
        let width = Self.plainNumber(tag.exactAttribute("markerWidth") ?? "3"), height = Self.plainNumber(tag.exactAttribute("markerHeight") ?? "3")
        if let width, let height, width > 0, height > 0, abs(width / height - box[2] / box[3]) <= 1e-6 * box[2] / box[3] { return }
        if let width, let height, width <= 0 || height <= 0 { return }
        throw SVGIconPreflight.Problem(description: "\(place): a viewBox of another shape than markerWidth and markerHeight, which librsvg clips to the viewBox "
                                       + "and a browser to the marker's size; give the marker the viewBox's proportions, or overflow=\"visible\"")
    }
}

extension SVGIconPreflight.Document {
    /// A clip path in bounding-box units on something drawn as a pattern's or mask's content
    /// (inside either, or drawn there by a `<use>`): librsvg 2.54 draws nothing of it, a browser
    /// clips it (hostile round 86: a clipped rect in a pattern, a mask's clipped white rect — the
    /// icon came out empty; inside a marker it is drawn alike).
    func checkBoxClipsInContent() throws(SVGIconPreflight.Problem) {
        var content = Set<Int>()
        var pending = elements.indices.filter { ["pattern", "mask"].contains(elements[$0].tag.localName) }
        while let at = pending.popLast() {
            guard content.insert(at).inserted else { continue }
            pending += elements[at].children
            let tag = elements[at].tag
            if tag.localName == "use", let href = tag.attributes.first(where: { Self.isHref($0.name) }),
               let target = ids[String(href.value.trimmingCharacters(in: .whitespaces).dropFirst())] { pending.append(target) }
        }
        for index in content.sorted() {
            guard let value = Self.declared("clip-path", on: elements[index].tag) else { continue }
            for id in Self.references(in: value) {
                guard let clip = ids[id], elements[clip].tag.localName == "clipPath",
                      elements[clip].tag.exactAttribute("clipPathUnits")?.trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox" else { continue }
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name)) clip-path>: a clip path in bounding-box units on a "
                                               + "pattern's or mask's content, which librsvg draws nothing of (a browser clips it); write "
                                               + "clipPathUnits=\"userSpaceOnUse\"")
            }
        }
    }
}
