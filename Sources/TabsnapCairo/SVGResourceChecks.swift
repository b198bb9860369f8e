/// Paint servers, clip paths and masks that librsvg 2.54 draws otherwise than a browser (hostile
/// round 72), judged over the icon's tree: what a gradient or pattern inherits through `href`,
/// and what is inside a clip path.
extension SVGIconPreflight.Document {
    func checkResources() throws(SVGIconPreflight.Problem) {
        try checkTemplates()
        for (index, element) in elements.enumerated() {
            switch element.tag.localName {
            case "linearGradient": try checkLinearGradient(index)
            case "radialGradient": try checkRadialGradient(index)
            case "pattern": try checkPatternAlignment(index)
            default: break
            }
        }
        try checkClipsInsideClipPaths()
        if sheetsMayApply("mask", where: { $0 != "none" }, to: elements(named: ["mask"])) {
            throw SVGIconPreflight.Problem(description: "a style sheet may give a <mask> a mask, which librsvg applies and a browser does not; leave it out")
        }
    }

    /// A gradient's `href` must name a gradient, a pattern's a pattern: a browser ignores one
    /// naming something else (or nothing) and paints with what the element has; librsvg paints
    /// nothing.
    private func checkTemplates() throws(SVGIconPreflight.Problem) {
        for element in elements {
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

    /// A length as a number to compare with another of the same gradient, nil when it is not a
    /// plain number or percentage. In bounding-box units a percentage is a fraction (50% is 0.5);
    /// in user space it is of the viewport, equal only to the same percentage, so it is kept
    /// apart from numbers (offset far past any icon's).
    private static func comparable(_ value: String, boundingBox: Bool) -> Double? {
        if value.hasSuffix("%") { return Double(value.dropLast()).map { boundingBox ? $0 / 100 : 1e12 + $0 } }
        return Double(value.replacingOccurrences(of: "px", with: ""))
    }

    /// A linear gradient whose start and end are one point: a browser paints its last stop,
    /// librsvg a blend.
    private func checkLinearGradient(_ index: Int) throws(SVGIconPreflight.Problem) {
        let boundingBox = inherited("gradientUnits", from: index, kinds: ["linearGradient", "radialGradient"]) != "userSpaceOnUse"
        func point(_ name: String, _ otherwise: String) -> Double? {
            Self.comparable(inherited(name, from: index, kinds: ["linearGradient"]) ?? otherwise, boundingBox: boundingBox)
        }
        guard let x1 = point("x1", "0%"), let x2 = point("x2", "100%"), let y1 = point("y1", "0%"), let y2 = point("y2", "0%"), x1 == x2, y1 == y2 else { return }
        throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name))> starts and ends at one point, where a browser paints its last stop "
                                       + "and librsvg a blend; fill with that colour")
    }

    /// A radial gradient of radius 0: a browser paints its last stop, librsvg nothing.
    private func checkRadialGradient(_ index: Int) throws(SVGIconPreflight.Problem) {
        guard let r = inherited("r", from: index, kinds: ["radialGradient"]), Self.comparable(r, boundingBox: true) == 0 else { return }
        throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name)) r=\"\(Self.short(r))\">: a radius of 0, where a browser paints the last stop "
                                       + "and librsvg nothing; fill with that colour")
    }

    /// A pattern's `viewBox` of another shape than its tile: a browser aligns it as
    /// `preserveAspectRatio` says (centred by default), librsvg at the tile's top left.
    private func checkPatternAlignment(_ index: Int) throws(SVGIconPreflight.Problem) {
        let kinds: Set<Substring> = ["pattern"]
        guard let viewBox = inherited("viewBox", from: index, kinds: kinds) else { return }
        let box = Self.numbers(in: viewBox)
        let align = (inherited("preserveAspectRatio", from: index, kinds: kinds) ?? "xMidYMid").lowercased()
        guard box.count == 4, box[3] > 0, !align.hasPrefix("none"), !align.hasPrefix("xminymin") else { return }
        let userSpace = inherited("patternUnits", from: index, kinds: kinds) == "userSpaceOnUse"
        let width = inherited("width", from: index, kinds: kinds).flatMap { Double($0.replacingOccurrences(of: "px", with: "")) }
        let height = inherited("height", from: index, kinds: kinds).flatMap { Double($0.replacingOccurrences(of: "px", with: "")) }
        if userSpace, let width, let height, height > 0, abs(width / height - box[2] / box[3]) <= 1e-6 * box[2] / box[3] { return }
        throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name))> has a viewBox of another shape than its tile (or a tile "
                                       + "in bounding-box units), which a browser aligns as preserveAspectRatio says and librsvg at the top left; "
                                       + "write preserveAspectRatio=\"xMinYMin\", or a tile of the viewBox's shape in user space")
    }

    /// A clip path on a `<clipPath>` or on what it holds: a browser clips by it, librsvg not.
    private func checkClipsInsideClipPaths() throws(SVGIconPreflight.Problem) {
        var inside: [Element] = []
        for (index, element) in elements.enumerated() {
            var ancestor: Int? = index
            while let at = ancestor, elements[at].tag.localName != "clipPath" { ancestor = elements[at].parent }
            guard ancestor != nil else { continue }
            inside.append(element)
            let tag = element.tag
            if let value = Self.styleDeclares("clip-path", in: tag) ?? tag.exactAttribute("clip-path"), value.trimmingCharacters(in: .whitespaces).lowercased() != "none" {
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
